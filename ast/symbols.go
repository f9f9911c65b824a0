package ast

import "github.com/cutec/cutec/diag"

// Symbol is a named value known only at run time in a leaf position:
// `M`, `lda`, or `M{div=128}` with the fact that 128 divides it. A name in
// a tuple element or on either side of a layout's colon is a symbol; a name
// anywhere else is a variable or an operation (Ident).
type Symbol struct {
	Span diag.Span
	Name string
	Div  *Int // the fact `div=N`; nil when not written
}

// Product is a symbolic term: factors (integers and symbols) joined by
// `*`, divided by an integer: `32*lda`, `4*M*N`, `M/128`.
type Product struct {
	Span    diag.Span
	Factors []Expr // *Int or *Symbol; anything else is reported by normalization
	Div     *Int   // the divisor after `/`; nil when not written
}

func (n *Symbol) Pos() int  { return n.Span.Start }
func (n *Symbol) End() int  { return n.Span.End }
func (n *Product) Pos() int { return n.Span.Start }
func (n *Product) End() int { return n.Span.End }

func (*Symbol) exprNode()  {}
func (*Product) exprNode() {}
