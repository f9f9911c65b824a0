package ast

import "github.com/cutec/cutec/diag"

// Int is an integer literal: `8`, `-3`, or CuTe C++'s static `_4` (Static
// set, Value 4). `-0` is 0.
type Int struct {
	Span   diag.Span
	Value  int64
	Static bool // written with the static marker `_`
}

// Dynamic is a leaf known only at run time: `?`, `?{i64}`, `?{div=64}`,
// `?{i64 div=128}`.
type Dynamic struct {
	Span      diag.Span
	Width     int       // integer width in bits, 32 or 64; 0 when not written
	WidthSpan diag.Span // span of `i32`/`i64`; empty when not written
	Div       *Int      // the known divisor `div=N`; nil when not written
}

// Underscore is `_`: a mode left whole in a slice coordinate or a tile.
type Underscore struct {
	Span diag.Span
}

// Count is the count of a basis entry: an integer `16`, `_1`, a fraction
// `1/2`, or `?`, a coefficient known only at run time (Num 0). Den is 1 for
// an integer or dynamic count. A zero denominator is accepted here and
// rejected by normalization at DenSpan.
type Count struct {
	Span     diag.Span
	Num, Den int64
	Fraction bool      // written as num/den
	Static   bool      // written with the static marker, `_1`
	Dynamic  bool      // written `?`, as in the dialect's stride `?@0`
	DenSpan  diag.Span // span of the denominator; empty unless Fraction
}

// Dim is one dimension index of a basis entry.
type Dim struct {
	Span  diag.Span
	Value int64 // >= 0
}

// Basis is a basis entry `count@dim{@dim}`: `1@0`, `16@0`, `1/2@0`, `1@1@0`,
// `?@0`.
// Dims are kept in written order, which is innermost first: `1@1@0` is the
// unit stride of mode 1 inside mode 0 (CuTe's E<0,1>), so Dims[0] is 1 and
// Dims[1] is 0.
type Basis struct {
	Span  diag.Span
	Count Count
	Dims  []Dim // at least one
}

// Tuple is a parenthesized tuple of values: a shape, stride, coordinate or
// basis descriptor, `()`, `(4,8)`, `(4,(2,2))`, `(1@0,1@1)`, pycute's `(4,)`.
// Elements are *Int, *Dynamic, *Underscore, *Basis or *Tuple.
type Tuple struct {
	Span     diag.Span
	Elems    []Expr
	Trailing bool // a comma follows the last element, as pycute's `(4,)`
}

// Layout is `shape:stride`. Shape and Stride are value nodes (*Int, *Dynamic,
// *Underscore, *Basis or *Tuple); later stages check their congruence.
type Layout struct {
	Span   diag.Span
	Shape  Expr
	Colon  int // offset of the `:`; -1 when none is written (CuTe C++'s Layout<Shape, Stride>)
	Stride Expr
}

// Swizzle is CuTe's Swizzle<B,M,S>, written `S<3,4,3>` or `Sw<3,4,3>`.
type Swizzle struct {
	Span    diag.Span
	Name    string // "S" or "Sw", as written
	B, M, S *Int
}

func (n *Int) Pos() int        { return n.Span.Start }
func (n *Int) End() int        { return n.Span.End }
func (n *Dynamic) Pos() int    { return n.Span.Start }
func (n *Dynamic) End() int    { return n.Span.End }
func (n *Underscore) Pos() int { return n.Span.Start }
func (n *Underscore) End() int { return n.Span.End }
func (n *Count) Pos() int      { return n.Span.Start }
func (n *Count) End() int      { return n.Span.End }
func (n *Dim) Pos() int        { return n.Span.Start }
func (n *Dim) End() int        { return n.Span.End }
func (n *Basis) Pos() int      { return n.Span.Start }
func (n *Basis) End() int      { return n.Span.End }
func (n *Tuple) Pos() int      { return n.Span.Start }
func (n *Tuple) End() int      { return n.Span.End }
func (n *Layout) Pos() int     { return n.Span.Start }
func (n *Layout) End() int     { return n.Span.End }
func (n *Swizzle) Pos() int    { return n.Span.Start }
func (n *Swizzle) End() int    { return n.Span.End }

func (*Int) exprNode()        {}
func (*Dynamic) exprNode()    {}
func (*Underscore) exprNode() {}
func (*Basis) exprNode()      {}
func (*Tuple) exprNode()      {}
func (*Layout) exprNode()     {}
func (*Swizzle) exprNode()    {}

// IsValue reports whether e is a value node: *Int, *Dynamic, *Underscore,
// *Basis or *Tuple (whose elements are values by construction).
func IsValue(e Expr) bool {
	switch e.(type) {
	case *Int, *Dynamic, *Underscore, *Basis, *Tuple, *Symbol, *Product:
		return true
	}
	return false
}
