package main

import (
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
	var c evalfast.SymCall
	if !evalfast.ReadSymbolic(expr, &c) {
		return dst, false
	}
	var vals [3]normalize.Value
	for i, a := range c.Args {
		switch a.Kind {
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
	r, ok := driver.EvalCall(c.Name, vals[:len(c.Args)])
	if !ok || r.Value == nil {
		return dst, false
	}
	return ev.appendValue(dst, expr, r.Value, r.Obligations), true
}
