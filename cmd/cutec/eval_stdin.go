package main

import (
	"github.com/cutec/cutec/internal/evalfast"
	"io"
	"runtime"
	"sync"

	"github.com/cutec/cutec/parser"
)

// stdin evaluates each expression line of r. A large input is evaluated in
// chunks on several goroutines, its lines still written in order; output is
// flushed whenever eval waits for input, so an interactive session gets each
// answer at once.
func (ev *evaluator) stdin(r io.Reader) error {
	cr := newChunkReader(r, maxLineLen)
	var ballast []byte
	defer runtime.KeepAlive(&ballast)
	if ev.workers <= 1 {
		cr.beforeRead = func() { ev.w.Flush() }
		return forEachChunk(cr, func(ch chunk) {
			o := ev.evalChunk(ev.line[:0], ch)
			if !o.cheap && ballast == nil {
				ballast = make([]byte, gcBallast)
			}
			ev.emit(o)
		})
	}
	p := newPipeline(ev.workers,
		func(ch chunk) evalOut { return ev.evalChunk(outBufs.Get().([]byte), ch) },
		func(o evalOut, idle bool) {
			ev.emit(o)
			ev.line = nil
			outBufs.Put(o.text[:0]) // a slice header: one small allocation a chunk
			if idle {
				ev.w.Flush()
			}
		})
	// A chunk whose lines nearly all take the fast path costs about what
	// reading it costs, less than handing it to a helper: while the last
	// chunk worked was such, the reader works the next one itself, whole
	// (pipeline.feed).
	p.cheap = func(o evalOut) bool { return o.cheap }
	err := forEachChunk(cr, func(ch chunk) {
		if p.feed(ch) && ballast == nil {
			ballast = make([]byte, gcBallast)
		}
	})
	p.close()
	return err
}

// evalChunk evaluates the expression lines of a chunk and appends their
// output lines to dst. It uses no state of ev but the -json flag, so chunks
// may be evaluated concurrently.
func (ev *evaluator) evalChunk(dst []byte, ch chunk) evalOut {
	out := evalOut{text: dst}
	if ch.long != nil {
		out.text = ev.appendError(out.text, ch.long.prefix, longLineDiag("<stdin>", ch.long))
		out.failed = true
		return out
	}
	lines, full := 0, 0
	var fail evalfast.Failure // one for the chunk: a line does not clear it
	ch.lines(func(text []byte, off int64, line int) {
		lines++
		if o, ok, failed, costly := ev.appendFastCost(out.text, text, line, &fail); ok {
			out.text, out.failed = o, out.failed || failed
			if failed && fail.Err != nil || costly {
				full++ // the general function found the error, or a line with symbols: costly, as the full path
			}
			return
		}
		w := lineWindow("<stdin>", text, off, line)
		if isBlankOrComment(w.Src) {
			return
		}
		full++
		o := ev.appendResult(out.text, w)
		out.text, out.failed = o.text, out.failed || o.failed
	})
	out.cheap = cheapWork(full, lines)
	return out
}

// gcBallast is the size of a block, without pointers and never written,
// that eval holds once it meets lines of the full path or lines with
// symbols (a chunk that is not cheap). Such a line allocates much more
// than a static line and keeps little, so the heap stays near the
// runtime's smallest goal (4 MiB) and the collector runs hundreds of
// times a second; each cycle stops and restarts every worker, and with two
// workers the collections cost more CPU time than the second worker saves
// (40 % more than one worker on lines with symbols); with one worker they
// are still about a tenth of the time of lines with symbols. The block
// raises the goal to about 20 MiB, so the collector runs about five times
// less often; its pages are never touched.
const gcBallast = 8 << 20

// outBufs holds the output buffers of the chunks evaluated by the
// pipeline, back from the sink once written.
var outBufs = sync.Pool{New: func() any { return []byte(nil) }}

// isBlankOrComment reports whether a line holds only spaces, tabs and a
// comment, by the lexer's rule (syntax.BlankOrComment): a comment ends at a
// lone "\r" too, so "# c\r8:1" is the value 8:1, as lint reads it.
func isBlankOrComment(text []byte) bool { return parser.BlankOrComment(text) }
