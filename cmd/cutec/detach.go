package main

import (
	"bytes"
	"unicode/utf8"

	"github.com/cutec/cutec/diag"
)

// detach returns copies of the diagnostics of l whose files (and those of
// their notes) are fresh windows holding only the source line each span
// starts on. A streaming reader calls it before reusing the buffer its
// windows point into: the copies stay valid, and keep one line each alive
// rather than a whole chunk.
//
// A diagnostic whose file is a window inside outer (the verifier parses each
// MLIR payload in a window of its own) is first moved onto outer, so that
// the text output shows the whole source line, not just the payload; outer
// may be nil.
//
// Of a source line longer than maxSnippetLine bytes only an excerpt is kept:
// the span and snippetContext bytes on each side. A line of a megabyte with
// thousands of findings on it is then neither held nor printed once per
// finding (the text rendering quotes the source line of each).
//
// This belongs in package diag (say Diagnostic.Detach); the command keeps it
// until diag has it. The diagnostics of l are not modified: they may be
// shared with the parser's and verifier's caches.
func detach(l diag.List, outer *diag.File) diag.List {
	if len(l) == 0 {
		return nil
	}
	d := detacher{outer: outer}
	out := make(diag.List, len(l))
	for i, x := range l {
		out[i] = d.diagnostic(x)
	}
	return out
}

// detacher shares one detached window between the spans on the same line
// (or the same excerpt of a long line).
type detacher struct {
	outer   *diag.File
	windows map[lineKey]*diag.File
}

// lineKey names the excerpt [lo, hi) of a file that a window copies.
type lineKey struct {
	f      *diag.File
	lo, hi int
}

func (dt *detacher) diagnostic(x *diag.Diagnostic) *diag.Diagnostic {
	c := *x
	var shift int
	c.File, shift = dt.window(x.File, fixSpan(x))
	c.Span = c.Span.Shift(-shift)
	if len(x.Notes) > 0 {
		c.Notes = make([]diag.Note, len(x.Notes))
		for i, n := range x.Notes {
			var s int
			n.File, s = dt.window(n.File, n.Span)
			n.Span = n.Span.Shift(-s)
			c.Notes[i] = n
		}
	}
	if x.Fix != nil {
		fix := *x.Fix
		fix.Edits = make([]diag.Edit, len(x.Fix.Edits))
		for i, e := range x.Fix.Edits {
			e.Span = e.Span.Shift(-shift)
			fix.Edits[i] = e
		}
		c.Fix = &fix
	}
	return &c
}

// fixSpan returns the span of a diagnostic widened to cover its fix's
// edits, which share its window.
func fixSpan(x *diag.Diagnostic) diag.Span {
	s := x.Span
	if x.Fix != nil {
		for _, e := range x.Fix.Edits {
			s.Start, s.End = min(s.Start, e.Span.Start), max(s.End, e.Span.End)
		}
	}
	return s
}

// Limits of the source text a detached diagnostic keeps (see detach).
const (
	maxSnippetLine = 1024 // a longer line is cut down to an excerpt
	snippetContext = 256  // bytes of the line kept on each side of the span
)

// window returns a window holding a copy of the line of f on which span s
// starts (an excerpt around s when the line is long), and the offset in
// f.Src at which the window starts.
func (dt *detacher) window(f *diag.File, s diag.Span) (*diag.File, int) {
	if f == nil {
		return nil, 0
	}
	delta := 0
	if inside(f, dt.outer) {
		delta = f.Base - dt.outer.Base
		f, s = dt.outer, s.Shift(delta)
	}
	text, start := f.LineText(s.Start)
	lo, hi := excerpt(text, s.Shift(-start))
	key := lineKey{f, start + lo, start + hi}
	if w, ok := dt.windows[key]; ok {
		return w, start + lo - delta
	}
	pos := f.Position(start + lo)
	w := diag.NewWindow(f.Name, bytes.Clone(text[lo:hi]), pos.Offset, pos.Line, pos.Col)
	if dt.windows == nil {
		dt.windows = map[lineKey]*diag.File{}
	}
	dt.windows[key] = w
	return w, start + lo - delta
}

// excerpt returns the part [lo, hi) of a source line to keep for span s
// (relative to the line): the whole line when it is at most maxSnippetLine
// bytes, else s and snippetContext bytes on each side, cut at UTF-8
// character boundaries.
func excerpt(line []byte, s diag.Span) (lo, hi int) {
	if len(line) <= maxSnippetLine {
		return 0, len(line)
	}
	start := min(max(s.Start, 0), len(line))
	end := min(max(s.End, start), len(line))
	lo, hi = max(start-snippetContext, 0), min(end+snippetContext, len(line))
	for lo > 0 && lo < start && !utf8.RuneStart(line[lo]) {
		lo++
	}
	for hi < len(line) && hi > end && !utf8.RuneStart(line[hi]) {
		hi--
	}
	return lo, hi
}

// inside reports whether window f lies within window outer of the same file.
func inside(f, outer *diag.File) bool {
	return outer != nil && f != outer && f.Name == outer.Name &&
		f.Base >= outer.Base && f.Base+len(f.Src) <= outer.Base+len(outer.Src)
}
