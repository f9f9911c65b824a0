package ast

import "github.com/cutec/cutec/diag"

// Composed is a composed layout `outer o offset o inner`, or `outer o inner`
// with the offset left out (Offset nil): `S<3,4,3> o 0 o (8,64):(64,1)`.
// The parser does not judge the kinds of the parts; later stages do.
//
// A middle written `smem_ptr[16b](unset)`, as CuTe C++ prints its
// smem_ptr_flag_bits<16>, is no offset: Offset is nil and FlagBits is the
// element width (16), FlagSpan its span. The swizzle then acts on the byte
// addresses of FlagBits-bit elements.
type Composed struct {
	Span     diag.Span
	Outer    Expr
	Offset   Expr // nil when left out or written as a flag
	Inner    Expr
	FlagBits int       // the N of smem_ptr[Nb](unset); 0 when not written
	FlagSpan diag.Span // the span of smem_ptr[Nb](unset)
}

// Accessor is the offset-and-layout form printed by slice: `{8} o (3,2):(15,100)`.
type Accessor struct {
	Span   diag.Span
	Offset Expr
	Layout Expr
}

// Tile is a tiler `[(2,3):(1,2);(4,5):(1,4)]`, `[4:1;_]`: one mode per `;`,
// each a *Layout, *Int, *Dynamic, *Underscore, *Tuple or nested *Tile.
//
// A Bare tile is the payload of the dialect's `!cute.tile<"…">` written
// without brackets: one tile that is not a tuple of tiles, its only mode a
// *Layout (`(4,8):(1,4)`), *Underscore, or a shape (*Int, *Dynamic or
// *Tuple) standing for its compact layout (`(2,2)` is `(2,2):(1,2)`).
type Tile struct {
	Span  diag.Span
	Modes []Expr
	Bare  bool
}

// Wrapper is a type or attribute of the CuTe dialect around a payload:
// `!cute.layout<"(4,8):(1,4)">`, `#cute.tile<"[4:1;_]">`. Kind is the word
// after `cute.` (int_tuple, shape, stride, coord, layout, composed_layout,
// tile or swizzle), which says which form the payload takes.
type Wrapper struct {
	Span    diag.Span
	Attr    bool   // written `#cute.` (an attribute) rather than `!cute.` (a type)
	Kind    string // int_tuple, shape, stride, coord, layout, composed_layout, tile, swizzle
	Payload Expr   // the payload between the quotes
}

// Ident is a name: a variable or the operation of a call.
type Ident struct {
	Span diag.Span
	Name string
}

// Call is a name applied to arguments: `size((4,8):(1,4))`, and also `A(3)`
// on a variable (a later stage resolves which it is).
type Call struct {
	Span           diag.Span
	Fun            *Ident
	Args           []Expr
	Lparen, Rparen int // offsets of the parentheses around Args
}

// Paren is a parenthesized expression `((4,8):(1,4))`.
type Paren struct {
	Span diag.Span
	X    Expr
}

// Apply is an expression other than a name applied to arguments, which
// evaluates it: `((4,8):(1,4))(13)`, `((4,8):(1,4))((1,3))`, or a call's
// result applied again, `f(x)(y)`.
type Apply struct {
	Span           diag.Span
	Fun            Expr
	Args           []Expr
	Lparen, Rparen int
}

func (n *Composed) Pos() int { return n.Span.Start }
func (n *Composed) End() int { return n.Span.End }
func (n *Accessor) Pos() int { return n.Span.Start }
func (n *Accessor) End() int { return n.Span.End }
func (n *Tile) Pos() int     { return n.Span.Start }
func (n *Tile) End() int     { return n.Span.End }
func (n *Wrapper) Pos() int  { return n.Span.Start }
func (n *Wrapper) End() int  { return n.Span.End }
func (n *Ident) Pos() int    { return n.Span.Start }
func (n *Ident) End() int    { return n.Span.End }
func (n *Call) Pos() int     { return n.Span.Start }
func (n *Call) End() int     { return n.Span.End }
func (n *Paren) Pos() int    { return n.Span.Start }
func (n *Paren) End() int    { return n.Span.End }
func (n *Apply) Pos() int    { return n.Span.Start }
func (n *Apply) End() int    { return n.Span.End }

func (*Composed) exprNode() {}
func (*Accessor) exprNode() {}
func (*Tile) exprNode()     {}
func (*Wrapper) exprNode()  {}
func (*Ident) exprNode()    {}
func (*Call) exprNode()     {}
func (*Paren) exprNode()    {}
func (*Apply) exprNode()    {}
