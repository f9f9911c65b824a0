package main

import (
	"bytes"

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

// detacher shares one detached window between the spans on the same line.
type detacher struct {
	outer   *diag.File
	windows map[lineKey]*diag.File
}

type lineKey struct {
	f     *diag.File
	start int
}

func (dt *detacher) diagnostic(x *diag.Diagnostic) *diag.Diagnostic {
	c := *x
	var shift int
	c.File, shift = dt.window(x.File, x.Span.Start)
	c.Span = c.Span.Shift(-shift)
	if len(x.Notes) > 0 {
		c.Notes = make([]diag.Note, len(x.Notes))
		for i, n := range x.Notes {
			var s int
			n.File, s = dt.window(n.File, n.Span.Start)
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

// window returns a window holding a copy of the line of f that contains
// offset off, and the offset in f.Src at which that line starts.
func (dt *detacher) window(f *diag.File, off int) (*diag.File, int) {
	if f == nil {
		return nil, 0
	}
	delta := 0
	if inside(f, dt.outer) {
		delta = f.Base - dt.outer.Base
		f, off = dt.outer, off+delta
	}
	text, start := f.LineText(off)
	key := lineKey{f, start}
	if w, ok := dt.windows[key]; ok {
		return w, start - delta
	}
	pos := f.Position(start)
	w := diag.NewWindow(f.Name, bytes.Clone(text), pos.Offset, pos.Line, pos.Col)
	if dt.windows == nil {
		dt.windows = map[lineKey]*diag.File{}
	}
	dt.windows[key] = w
	return w, start - delta
}

// inside reports whether window f lies within window outer of the same file.
func inside(f, outer *diag.File) bool {
	return outer != nil && f != outer && f.Name == outer.Name &&
		f.Base >= outer.Base && f.Base+len(f.Src) <= outer.Base+len(outer.Src)
}
