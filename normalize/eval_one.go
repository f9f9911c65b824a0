package normalize

import (
	"github.com/cutec/cutec/ast"
	"github.com/cutec/cutec/diag"
	"github.com/cutec/cutec/layout"
)

// One question, one check: every spelling of "the offset of coordinate c under L"
// (the application L(c), eval(L, c), composed_eval(C, c) and
// crd2idx(c, L)) computes with evalAt and is reported to OnCall as the
// one operation eval(L, c), so the checks of an evaluation (W0904, a
// coordinate outside the domain) see every spelling alike.

// evalAt returns the offset of crd under a layout or a composed layout. On
// a layout with symbols and a coordinate congruent with its shape it is the
// symbolic crd2idx (((M,K):(1,lda))((1,2)) is the offset 1 + 2*lda, or the
// E0715 error that names it where one value cannot hold a sum); elsewhere
// the layout's evaluation, with ? for what is known only at run time.
func evalAt(f Value, crd layout.IntTuple) (Value, error) {
	switch f := f.(type) {
	case Layout:
		if (f.L.HasSymbols() || crd.HasSymbols()) && layout.Congruent(crd, f.L.Shape()) {
			r, err := new(layout.Symbolic).Crd2Idx(crd, f.L)
			if err != nil {
				return nil, err
			}
			return tupleValue(r), nil
		}
		return evalLayout(f.L, crd)
	case Composed:
		r, err := f.C.Eval(crd)
		if err != nil {
			return nil, err
		}
		return tupleValue(r), nil
	}
	return nil, layoutArgError("eval", 0, f)
}

// evalName is the operation every evaluation is reported as.
const evalName = "eval"

// reportCall tells OnCall about a call: an evaluation in any spelling as
// eval(L, c), the call of every other operation as it is written.
func (x *evaluation) reportCall(n *ast.Call, op string, vals []Value, r Value) {
	if x.onCall == nil {
		return
	}
	switch {
	case op == "composed_eval" && len(vals) == 2:
		c := newEvalCall(n.Span, n.Args[0], n.Args[1], vals[0], vals[1])
		x.onCall(&c.call, evalName, c.vals[:], r)
		return
	case op == "crd2idx" && len(vals) == 2 && vals[1].Kind() == KindLayout:
		c := newEvalCall(n.Span, n.Args[1], n.Args[0], vals[1], vals[0])
		x.onCall(&c.call, evalName, c.vals[:], r)
		return
	case op == "composition" && len(vals) == 2 && vals[1].Kind() != KindLayout && vals[1].Kind() != KindComposed:
		// A shape or an integer is the tiler it stands for, as the
		// composition read it: composition(A, (128,8)) is composition(A,
		// [128:1;8:1]), and its checks see that tiler.
		if t, ok := x.args.tilerAt(1); ok {
			x.onCall(n, op, []Value{vals[0], Tiler{t}}, r)
			return
		}
	}
	x.onCall(n, op, vals, r)
}

// reportApply tells OnCall about the application fun(args) of a layout or
// a composed layout to a coordinate, as eval(fun, crd).
func (x *evaluation) reportApply(span diag.Span, fun ast.Expr, args []ast.Expr, f Value, crd layout.IntTuple, r Value) {
	if x.onCall == nil || len(args) == 0 {
		return
	}
	c := args[0]
	if len(args) > 1 {
		c = &ast.Tuple{Span: diag.Span{Start: args[0].Pos(), End: args[len(args)-1].End()}, Elems: args}
	}
	call := newEvalCall(span, fun, c, f, tupleValue(crd))
	x.onCall(&call.call, evalName, call.vals[:], r)
}

// evalCallNode is the call eval(l, c) standing for another spelling of it,
// with the spans of the written parts, and its arguments' values: one
// allocation for an evaluation reported.
type evalCallNode struct {
	call ast.Call
	fun  ast.Ident
	args [2]ast.Expr
	vals [2]Value
}

func newEvalCall(span diag.Span, l, c ast.Expr, lv, cv Value) *evalCallNode {
	n := &evalCallNode{fun: ast.Ident{Span: span, Name: evalName}, args: [2]ast.Expr{l, c}, vals: [2]Value{lv, cv}}
	n.call = ast.Call{Span: span, Fun: &n.fun, Args: n.args[:], Lparen: -1, Rparen: -1}
	return n
}
