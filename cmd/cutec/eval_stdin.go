package main

import (
	"io"
)

// stdin evaluates each expression line of r. A large input is evaluated in
// chunks on several goroutines, its lines still written in order; output is
// flushed whenever eval waits for input, so an interactive session gets each
// answer at once.
func (ev *evaluator) stdin(r io.Reader) error {
	cr := newChunkReader(r, maxLineLen)
	if ev.workers <= 1 {
		cr.beforeRead = func() { ev.w.Flush() }
		return forEachChunk(cr, func(ch chunk) { ev.emit(ev.evalChunk(ev.line[:0], ch)) })
	}
	p := newPipeline(ev.workers,
		func(ch chunk) evalOut { return ev.evalChunk(nil, ch) },
		func(o evalOut, idle bool) {
			ev.emit(o)
			ev.line = nil // the buffer belongs to the chunk
			if idle {
				ev.w.Flush()
			}
		})
	err := forEachChunk(cr, p.send)
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
	ch.lines(func(text []byte, off int64, line int) {
		if o, ok := ev.appendFast(out.text, text); ok {
			out.text = o
			return
		}
		w := lineWindow("<stdin>", text, off, line)
		if isBlankOrComment(w.Src) {
			return
		}
		o := ev.appendResult(out.text, w)
		out.text, out.failed = o.text, out.failed || o.failed
	})
	return out
}

// isBlankOrComment reports whether a line holds only spaces and tabs, or a
// comment starting with #.
func isBlankOrComment(text []byte) bool {
	for _, c := range text {
		switch c {
		case ' ', '\t', '\r':
			continue
		case '#':
			return true
		}
		return false
	}
	return true
}
