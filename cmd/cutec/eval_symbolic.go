//go:build !js

package main

import (
	"sync"

	"github.com/cutec/cutec/internal/driver"
	"github.com/cutec/cutec/internal/evalfast"
	"github.com/cutec/cutec/normalize"
)

// appendSymbolic appends the output line of expr when it is a call with
// symbols that the fast reader reads (evalfast.ReadSymbolic): its values go
// to the one evaluation of a call (driver.EvalCall, normalize's), without
// the parser and the conversion of the AST, and the result is printed as
// appendResult prints it (appendValue). ok is false, and dst unchanged,
// where the reader declines the line or the evaluation fails: the full
// path then words the error. eval_symbolic_test.go holds it to the full
// path.
func (ev *evaluator) appendSymbolic(dst, expr []byte) ([]byte, bool) {
	sc := symScratches.Get().(*symScratch)
	defer symScratches.Put(sc)
	c := &sc.call
	if !evalfast.ReadSymbolic(expr, c) {
		return dst, false
	}
	vals := sc.vals[:c.N]
	for i := range vals {
		switch a := &c.Args[i]; a.Kind {
		case evalfast.ArgInt:
			vals[i] = normalize.Int(a.Int)
		case evalfast.ArgTuple:
			vals[i] = normalize.Tuple{T: a.Tuple}
		case evalfast.ArgLayout:
			vals[i] = normalize.Layout{L: a.Layout}
		case evalfast.ArgTiler:
			vals[i] = normalize.Tiler{T: a.Tiler}
		}
	}
	r, ok := driver.EvalCall(c.Name, vals, sc.obl[:0])
	if ok && r.Value != nil {
		dst = ev.appendValue(dst, expr, r.Value, r.Obligations)
	}
	return dst, ok && r.Value != nil
}

// symScratch is where appendSymbolic reads a line and its values, reused
// from line to line (the pipeline evaluates chunks concurrently). It is
// not emptied after a line: nothing keeps the line's values once it is
// printed, and the next line read into it overwrites them.
type symScratch struct {
	call evalfast.SymCall
	vals [4]normalize.Value
	obl  [4]driver.Obligation
}

var symScratches = sync.Pool{New: func() any { return new(symScratch) }}
