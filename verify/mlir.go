package verify

import (
	"github.com/cutec/cutec/ast"
	"github.com/cutec/cutec/diag"
	"github.com/cutec/cutec/parser"
)

// MLIR verifies the payloads of the dialect's wrappers (`!cute.layout<"…">`
// and its kin) in f, which may be a whole file or a window of whole lines of
// a file being streamed. Everything that is not a payload is passed over.
// Each payload is parsed as its wrapper's form, normalized and checked; the
// result is cached by payload text, since real IR repeats the same layouts
// many times.
func (p *Pass) MLIR(f *diag.File) diag.List {
	var diags diag.List
	diags = append(diags, parser.ScanMLIR(f, func(w parser.Wrapper) bool {
		diags = append(diags, p.payload(f, w)...)
		return true
	})...)
	return p.finish(diags)
}

// payload verifies one payload, through the pass's cache: its result is
// kept with spans relative to the payload and no file, and each occurrence
// gets its own copy. The cache is keyed by the payload's form and text, and
// by the element type and memory space of the memref or ptr it is in,
// which checks may read.
func (p *Pass) payload(f *diag.File, w parser.Wrapper) diag.List {
	key := w.Payload
	var buf [256]byte
	if len(w.In.Elem)+len(w.In.Space) > 0 {
		key = append(append(append(append(append(buf[:0], w.Payload...), 0), w.In.Elem...), 0), w.In.Space...)
	}
	cached, ok, admit := p.cache.Get(int(w.Form()), key)
	if ok && len(cached) == 0 {
		return nil // the common case: a clean payload seen before
	}
	pos := f.Position(w.PayloadStart)
	win := diag.NewWindow(f.Name, w.Payload, pos.Offset, pos.Line, pos.Col)
	if ok {
		return cached.Retarget(win)
	}
	node, diags := p.parser.ParseWrapper(f, w)
	if !diags.HasErrors() {
		if e, ok := node.(ast.Expr); ok {
			var in *parser.TypeInfo
			if len(w.In.Name) > 0 {
				in = &w.In
			}
			_, more := p.eval(win, e, nil, in)
			diags = append(diags, more...)
		}
	}
	if admit {
		p.cache.Put(int(w.Form()), string(key), diags.Retarget(nil))
	}
	return diags
}
