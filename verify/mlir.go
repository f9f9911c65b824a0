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

// cached is the result of verifying one payload text, with spans relative
// to the payload and no File; occurrences get their own copy.
type cached struct {
	diags diag.List
}

type cacheKey struct {
	kind    parser.WrapperKind
	payload string
}

func (p *Pass) payload(f *diag.File, w parser.Wrapper) diag.List {
	pos := f.Position(w.PayloadStart)
	win := diag.NewWindow(f.Name, w.Payload, pos.Offset, pos.Line, pos.Col)
	key := cacheKey{w.Kind, string(w.Payload)}
	if c, ok := p.cache.Load(key); ok {
		return rehome(c.(*cached).diags, win)
	}
	node, diags := p.parser.ParseWrapper(f, w)
	if !diags.HasErrors() {
		if e, ok := node.(ast.Expr); ok {
			_, more := p.eval(win, e, nil)
			diags = append(diags, more...)
		}
	}
	p.cache.Store(key, &cached{diags: rehome(diags, nil)})
	return diags
}

// rehome copies diagnostics onto file f (nil detaches them).
func rehome(l diag.List, f *diag.File) diag.List {
	out := make(diag.List, len(l))
	for i, d := range l {
		c := *d
		c.File = f
		if len(d.Notes) > 0 {
			c.Notes = make([]diag.Note, len(d.Notes))
			for k, n := range d.Notes {
				n.File = f
				c.Notes[k] = n
			}
		}
		out[i] = &c
	}
	return out
}
