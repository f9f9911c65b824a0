package main

import (
	"fmt"
	"io"
	"sync"
	"sync/atomic"

	"github.com/cutec/cutec/diag"
	"github.com/cutec/cutec/internal/driver"
	"github.com/cutec/cutec/verify"
)

// fileResult is what checking one source gives.
type fileResult struct {
	diags   diag.List // sorted, de-duplicated, at most maxDiagsPerFile
	dropped int       // diagnostics left out beyond the cap
	err     error     // an I/O error: the file could not be opened or read to its end
}

// checker checks sources; one is shared by all workers.
type checker struct {
	cute, mlir *verify.Pass
	stdin      io.Reader
	workers    int          // chunks of one MLIR file verified at once
	bytesRead  atomic.Int64 // for the progress line

	opsMu sync.Mutex
	ops   verify.OpStats // what the op checker did, over every MLIR file (-stats)
}

// newChecker returns a checker: .cute files get the pass cute, MLIR
// payloads the pass mlir, which should reject what the dialect cannot lower.
func newChecker(stdin io.Reader, workers int, cute, mlir *verify.Pass) *checker {
	return &checker{cute: cute, mlir: mlir, stdin: stdin, workers: max(workers, 1)}
}

// check reads and checks one source.
func (c *checker) check(src source) fileResult {
	r := c.stdin
	if src.path != "" {
		f, err := openSource(src)
		if err != nil {
			return fileResult{err: err}
		}
		defer f.Close()
		r = f
	}
	var col collector
	var err error
	if isSourceFile(src.name) {
		err = c.checkSource(src, r, &col)
	} else if src.isMLIR {
		err = c.checkMLIR(src.name, r, &col)
	} else {
		err = c.checkCute(src.name, r, &col)
	}
	res := col.result()
	res.err = err
	return res
}

// checkCute streams a .cute file line by line through one verify.Cute
// session, which keeps the names the file defines.
func (c *checker) checkCute(name string, r io.Reader, col *collector) error {
	session := c.cute.NewCute()
	return c.stream(r, func(ch chunk) {
		if ch.long != nil {
			col.keep(diag.List{longLineDiag(name, ch.long)})
			return
		}
		ch.lines(func(text []byte, off int64, line int) {
			w := lineWindow(name, text, off, line)
			col.add(session.Line(w), w)
		})
	})
}

// lineWindow returns the window of one line of a stream read line by line
// (a .cute file, or the standard input of eval and verify), skipping a
// byte-order mark at the very start of the stream, as every front end does
// (driver.LineWindow).
func lineWindow(name string, text []byte, off int64, line int) *diag.File {
	return driver.LineWindow(name, text, off, line)
}

// stream reads r in chunks of whole lines and hands each to fn, counting
// the bytes read for the progress line.
func (c *checker) stream(r io.Reader, fn func(chunk)) error {
	return c.streamFrom(newChunkReader(r, maxLineLen), fn)
}

// streamFrom is stream from a chunkReader made by the caller.
func (c *checker) streamFrom(cr *chunkReader, fn func(chunk)) error {
	return forEachChunk(cr, func(ch chunk) {
		c.bytesRead.Add(cr.bytesRead)
		cr.bytesRead = 0
		fn(ch)
	})
}

// collector gathers the diagnostics of one file, detached from the read
// buffer and capped: at most maxDiagsPerFile of them and maxDiagBytesPerFile
// bytes of their text. The first left out becomes, in result, an E0705 at
// its place that says how many were left out, so that a crossing is a coded
// diagnostic, never a silent cut.
type collector struct {
	diags   diag.List
	bytes   int
	dropped int
	first   *diag.Diagnostic // the first left out, detached
}

// add detaches diagnostics from the window w they were found in and keeps
// them, up to the cap.
func (col *collector) add(l diag.List, w *diag.File) {
	kept := col.room(l)
	col.noteFirst(l[len(kept):], w)
	col.diags = append(col.diags, detach(kept, w)...)
}

// keep keeps diagnostics that need no detaching, up to the cap.
func (col *collector) keep(l diag.List) {
	kept := col.room(l)
	col.noteFirst(l[len(kept):], nil)
	col.diags = append(col.diags, kept...)
}

// noteFirst records the first diagnostic left out, detached from w.
func (col *collector) noteFirst(left diag.List, w *diag.File) {
	if col.first == nil && len(left) > 0 {
		col.first = detach(left[:1], w)[0]
	}
}

// room returns as much of l as the caps leave room for, counting the rest
// as dropped.
func (col *collector) room(l diag.List) diag.List {
	n := 0
	for n < len(l) && len(col.diags)+n < maxDiagsPerFile {
		b := diagBytes(l[n])
		if col.bytes+b > diagByteBudget {
			break
		}
		col.bytes += b
		n++
	}
	col.dropped += len(l) - n
	return l[:n]
}

// diagBytes is about what a diagnostic holds once detached: its texts and
// the excerpt of its source line that detach keeps (the line when it is
// short, else the span and snippetContext bytes on each side), for it and
// each note.
func diagBytes(d *diag.Diagnostic) int {
	n := len(d.Message) + len(d.Detail) + excerptBytes(d.File, d.Span) + 64
	for _, nt := range d.Notes {
		n += len(nt.Message) + excerptBytes(nt.File, nt.Span) + 32
	}
	if d.Fix != nil {
		n += len(d.Fix.Message)
		for _, e := range d.Fix.Edits {
			n += len(e.NewText) + 16
		}
	}
	return n
}

// excerptBytes bounds what detach keeps of the source of a span.
func excerptBytes(f *diag.File, s diag.Span) int {
	if f != nil && len(f.Src) <= maxSnippetLine {
		return len(f.Src)
	}
	return max(s.End-s.Start, 0) + 2*snippetContext
}

// result returns the sorted, de-duplicated diagnostics.
func (col *collector) result() fileResult {
	if col.first != nil {
		col.diags = append(col.diags, &diag.Diagnostic{Code: diag.ValueTooLarge, Severity: diag.Error, File: col.first.File, Span: col.first.Span,
			Message: fmt.Sprintf("lint keeps at most %d diagnostics and %d bytes of their text for a file: this one (%s) and the %d after it are left out", maxDiagsPerFile, diagByteBudget, col.first.Code, col.dropped-1)})
	}
	return fileResult{diags: col.diags.Dedup(), dropped: col.dropped}
}
