// This file holds every capture struct of the grammar, and nothing else:
// participle fills exported fields of exported types, so these stay exported
// for package parser (which converts them into package ast) while the
// machinery that runs them (the lexer, the participle parsers, the fast path)
// lives in internal/syntax. The struct tags are the language; docs/grammar.md
// shows them printed as EBNF.

package grammar

import (
	"github.com/alecthomas/participle/v2/lexer"
	"github.com/cutec/cutec/diag"
)

// Stmt is one line of a `.cute` file.
type Stmt struct {
	Pos    lexer.Position
	EndPos lexer.Position
	Assert *Assert `parser:"  @@"`
	Expect *Expect `parser:"| @@"`
	Let    *Let    `parser:"| @@"`
	Simple *Simple `parser:"| @@"`
}

// Let is `let M{div=128}, K{div=32}`: facts of symbols for the rest of the file.
type Let struct {
	Pos    lexer.Position
	EndPos lexer.Position
	Kw     []lexer.Token `parser:"@\"let\""`
	Names  []*Name       `parser:"@@ ( \",\" @@ )*"`
}

// Assert is `assert X == Y` (equal layouts) or `assert X ~ Y` (same function).
type Assert struct {
	Pos    lexer.Position
	EndPos lexer.Position
	Kw     []lexer.Token `parser:"@\"assert\""`
	X      *Expr         `parser:"@@"`
	Op     []lexer.Token `parser:"@( \"==\" | \"~\" )"`
	Y      *Expr         `parser:"@@"`
}

// Expect is `expect CODE EXPR`.
type Expect struct {
	Pos    lexer.Position
	EndPos lexer.Position
	Kw     []lexer.Token `parser:"@\"expect\""`
	Code   []lexer.Token `parser:"@Ident"`
	X      *Expr         `parser:"@@"`
}

// Simple is an expression statement, or an assignment `name = expr` when `=`
// follows (the parser checks that the left side is a name).
type Simple struct {
	Pos    lexer.Position
	EndPos lexer.Position
	X      *Expr         `parser:"@@"`
	Assign []lexer.Token `parser:"( @\"=\""`
	Value  *Expr         `parser:"  @@ )?"`
}

// Expr is an expression: an accessor `{8} o L`, or one to three operands
// joined by `o` (a composed layout when there are two or three).
type Expr struct {
	Pos      lexer.Position
	EndPos   lexer.Position
	Accessor *Accessor `parser:"  @@"`
	Composed *Composed `parser:"| @@"`
}

// Accessor is the offset-and-layout form printed by slice: `{8} o (3,2):(15,100)`.
type Accessor struct {
	Pos    lexer.Position
	EndPos lexer.Position
	Offset *Operand      `parser:"\"{\" @@ \"}\""`
	Op     []lexer.Token `parser:"@( \"o\" | \"∘\" )"`
	Inner  *Operand      `parser:"@@"`
}

// Composed is an operand followed by any number of `o` operands; the parser
// accepts at most three operands in all.
type Composed struct {
	Pos    lexer.Position
	EndPos lexer.Position
	Head   *Operand       `parser:"@@"`
	Rest   []*ComposePart `parser:"@@*"`
}

// ComposePart is one `o operand` of a composed layout (`∘`, the paper's
// operator, is `o`).
type ComposePart struct {
	Pos    lexer.Position
	EndPos lexer.Position
	Op     []lexer.Token `parser:"@( \"o\" | \"∘\" )"`
	X      *Operand      `parser:"@@"`
}

// Operand is a term, parsed by the hand-written FastTerm when it is a plain
// value or layout and by the Term production otherwise.
type Operand struct {
	Pos    lexer.Position
	EndPos lexer.Position
	Fast   FastTerm `parser:"  @@"`
	Term   *Term    `parser:"| @@"`
}

// Term is a primary, or a layout `shape:stride` when a colon follows.
// Each side may be a symbolic term, a product of primaries divided by an
// integer: `32*lda`, `M/128`.
type Term struct {
	Pos       lexer.Position
	EndPos    lexer.Position
	Shape     *Primary      `parser:"@@"`
	ShapeOps  []*MulOp      `parser:"@@*"`
	Colon     []lexer.Token `parser:"( @\":\""`
	Stride    *Primary      `parser:"  @@"`
	StrideOps []*MulOp      `parser:"  @@* )?"`
}

// MulOp is one factor `*M` or the divisor `/128` of a symbolic term.
type MulOp struct {
	Pos    lexer.Position
	EndPos lexer.Position
	Star   []lexer.Token `parser:"(  @\"*\""`
	Factor *Primary      `parser:"   @@"`
	Slash  []lexer.Token `parser:"| @\"/\""`
	Div    []lexer.Token `parser:"  @Nat )"`
}

// Primary is a tile, a parenthesized group, a name (variable, call or
// swizzle) or a leaf.
type Primary struct {
	Pos    lexer.Position
	EndPos lexer.Position
	Tile   *Tile  `parser:"  @@"`
	Group  *Group `parser:"| @@"`
	Name   *Name  `parser:"| @@"`
	Leaf   Leaf   `parser:"| @@"`
}

// Tile is a tiler: modes separated by `;` in brackets, `[4:1;_]`.
type Tile struct {
	Pos    lexer.Position
	EndPos lexer.Position
	Modes  []*Operand `parser:"\"[\" @@ ( \";\" @@ )* \"]\""`
}

// Group is a parenthesized, comma-separated list: a tuple `(4,8)`, `(4,)`,
// `()`, or a parenthesized expression `((4,8):(1,4))`, evaluated when
// arguments follow: `((4,8):(1,4))(13)`. An item without an expression
// after its comma is allowed only last (a trailing comma); the parser
// reports any other.
type Group struct {
	Pos    lexer.Position
	EndPos lexer.Position
	Open   []lexer.Token `parser:"@\"(\""`
	First  *Expr         `parser:"( @@"`
	Rest   []*GroupItem  `parser:"  @@* )?"`
	Close  []lexer.Token `parser:"@\")\""`
	Args   []*Args       `parser:"@@*"`
}

// GroupItem is a comma and the expression after it, if any.
type GroupItem struct {
	Pos    lexer.Position
	EndPos lexer.Position
	Comma  []lexer.Token `parser:"@\",\""`
	X      *Expr         `parser:"@@?"`
}

// Name is an identifier: a variable `A`, a call `size(L)` (a variable
// followed by arguments too), a template as CuTe C++ writes its types and
// swizzles (`S<3,4,3>`, `Int<4>{}`, `Shape<_4,_8>`, `Layout<Shape<_8,_64>,
// Stride<_64,_1>>{}`), a pointer as CuTe C++ prints one,
// `smem_ptr[16b](unset)`, a C++ tag value `LayoutRight{}`, or a symbol with
// its facts `M{div=128}`. A template may be called, as CuTe C++ calls
// `size<0>(L)` and `get<1>(t)`.
type Name struct {
	Pos      lexer.Position
	EndPos   lexer.Position
	Tok      []lexer.Token `parser:"@Ident"`
	Template *TemplateArgs `parser:"( @@"`
	Applied  []*Args       `parser:"  @@*"`
	Pointer  *Pointer      `parser:"| @@"`
	Args     []*Args       `parser:"| @@+"`
	Brace    []lexer.Token `parser:"| @\"{\""`
	Facts    *DynamicAttrs `parser:"  @@? \"}\" )?"`
}

// TemplateArgs is the `<...>` of a C++ template and the `{}` of its value,
// if written: `<3,4,3>`, `<_4,_8>{}`, `<Shape<_8,_64>,Stride<_64,_1>>{}`.
type TemplateArgs struct {
	Pos    lexer.Position
	EndPos lexer.Position
	List   []*TemplateArg `parser:"\"<\" @@ ( \",\" @@ )* \">\""`
	Init   []lexer.Token  `parser:"( @\"{\" \"}\" )?"`
}

// TemplateArg is one argument of a template: an integer `3`, `_4`, or a
// type, itself a name (`Shape<_8,_64>`, `int`).
type TemplateArg struct {
	Pos    lexer.Position
	EndPos lexer.Position
	Int    []lexer.Token `parser:"  @( Nat | Neg | Static )"`
	Name   *Name         `parser:"| @@"`
}

// Pointer is the element width and the address CuTe C++ prints after a
// pointer's name: `[16b](unset)` in `smem_ptr[16b](unset)`,
// `[16b](0x7f00)` (lexed as 0 and x7f00) in `gmem_ptr[16b](0x7f00)`.
type Pointer struct {
	Pos    lexer.Position
	EndPos lexer.Position
	Width  []lexer.Token `parser:"\"[\" @Nat"`
	Unit   []lexer.Token `parser:"@Ident \"]\""`
	Addr   []lexer.Token `parser:"\"(\" ( @Ident | @Nat @Ident? ) \")\""`
}

// SwizzleParams is the `<B,M,S>` of a swizzle on its own (SwizzleForm).
type SwizzleParams struct {
	Pos    lexer.Position
	EndPos lexer.Position
	B      []lexer.Token `parser:"\"<\" @( Nat | Neg ) \",\""`
	M      []lexer.Token `parser:"@( Nat | Neg ) \",\""`
	S      []lexer.Token `parser:"@( Nat | Neg ) \">\""`
}

// Args is a parenthesized argument list.
type Args struct {
	Pos    lexer.Position
	EndPos lexer.Position
	Open   []lexer.Token `parser:"@\"(\""`
	List   []*Arg        `parser:"( @@ ( \",\" @@ )* )?"`
	Close  []lexer.Token `parser:"@\")\""`
}

// Arg is one argument: an expression, or a keyword argument as CuTe DSL
// writes one, `stride=(8,1)` (X is then the keyword's name).
type Arg struct {
	Pos    lexer.Position
	EndPos lexer.Position
	X      *Expr `parser:"@@"`
	Value  *Expr `parser:"( \"=\" @@ )?"`
}

// Leaf is a leaf of an integer tuple, stride or coordinate:
// Fraction | Number | Dynamic | Underscore.
type Leaf interface{ leaf() }

// Number is an integer `8`, `-3` or static `_4`, with the `{}` of a C++
// value if written (`_4{}`), and when dimensions follow, the count of a
// basis entry `16@0`, `_1@0`, `1@1@0`.
type Number struct {
	Pos    lexer.Position
	EndPos lexer.Position
	Tok    []lexer.Token `parser:"@(Nat | Neg | Static)"`
	Init   []lexer.Token `parser:"( @\"{\" \"}\" )?"`
	Dims   []*Dim        `parser:"( \"@\" @@ )*"`
}

// Fraction is a basis entry with a fractional count: `1/2@0`.
type Fraction struct {
	Pos    lexer.Position
	EndPos lexer.Position
	Tok    []lexer.Token `parser:"@Ratio"`
	Dims   []*Dim        `parser:"( \"@\" @@ )+"`
}

// Dim is one dimension index of a basis entry, an unsigned integer.
type Dim struct {
	Pos    lexer.Position
	EndPos lexer.Position
	Tok    []lexer.Token `parser:"@Nat"`
}

// Dynamic is a leaf known only at run time: `?`, `?{i64}`, `?{div=64}`,
// `?{i64 div=128}`; and when dimensions follow, the dynamic count of a basis
// entry `?@0`, `?@1@0` (the dialect's stride `(?@0,?@1)`).
type Dynamic struct {
	Pos    lexer.Position
	EndPos lexer.Position
	Mark   []lexer.Token `parser:"@\"?\""`
	Attrs  *DynamicAttrs `parser:"( \"{\" @@ \"}\""`
	Dims   []*Dim        `parser:"| ( \"@\" @@ )+ )?"`
}

// DynamicAttrs is the braced part of a dynamic leaf: an integer type, a
// divisor, or both.
type DynamicAttrs struct {
	Pos    lexer.Position
	EndPos lexer.Position
	Width  []lexer.Token `parser:"( @( \"i32\" | \"i64\" ) ( \"div\" \"=\""`
	Div    []lexer.Token `parser:"  @( Nat | Neg ) )? | \"div\" \"=\" @( Nat | Neg ) )"`
}

// Underscore is `_`: a mode left whole in a slice coordinate or a tile.
type Underscore struct {
	Pos    lexer.Position
	EndPos lexer.Position
	Tok    []lexer.Token `parser:"@Underscore"`
}

func (*Number) leaf()     {}
func (*Fraction) leaf()   {}
func (*Dynamic) leaf()    {}
func (*Underscore) leaf() {}

// Descriptor is the descriptor EBNF (docs/semantics.md §Descriptors), `layout ::= group`.
type Descriptor struct {
	Pos    lexer.Position
	EndPos lexer.Position
	Fast   FastDescriptor `parser:"  @@"`
	Group  *DescGroup     `parser:"| @@"`
}

// DescGroup is the EBNF's `group`: a parenthesized list of entries.
type DescGroup struct {
	Pos     lexer.Position
	EndPos  lexer.Position
	Entries []*DescEntry `parser:"\"(\" ( @@ ( \",\" @@ )* )? \")\""`
}

// DescEntry is the EBNF's `entry`: a group or a basis.
type DescEntry struct {
	Pos      lexer.Position
	EndPos   lexer.Position
	Group    *DescGroup `parser:"  @@"`
	Fraction *Fraction  `parser:"| @@"`
	Basis    *DescBasis `parser:"| @@"`
}

// DescBasis is the EBNF's `basis` with an integer or dynamic (`?`) count.
type DescBasis struct {
	Pos    lexer.Position
	EndPos lexer.Position
	Tok    []lexer.Token `parser:"@( Nat | Neg | \"?\" )"`
	Dims   []*Dim        `parser:"( \"@\" @@ )+"`
}

// SwizzleForm is a swizzle on its own, `S<3,4,3>` or `Sw<3,4,3>`.
type SwizzleForm struct {
	Pos    lexer.Position
	EndPos lexer.Position
	Name   []lexer.Token  `parser:"@( \"S\" | \"Sw\" )"`
	Params *SwizzleParams `parser:"@@"`
}

// FastTerm is the hand-written fast path of Operand: a value tree (integers,
// dynamic leaves, `_`, basis entries and tuples of them) or a layout of two
// value trees. It either matches exactly what Term would match, producing the
// compact structs below, or declines without consuming anything, leaving the
// input (and every error message) to the Term production.
type FastTerm interface{ fastTerm() }

// FastValue is a value tree built by the fast path: *FastInt, *Number (a
// basis entry), *Fraction, *Dynamic, *Underscore or *FastTuple.
type FastValue interface {
	FastTerm
	fastValue()
}

// FastDescriptor is the hand-written fast path of a descriptor: a *FastTuple
// whose leaves are basis entries with integer or fractional counts.
type FastDescriptor interface{ fastDescriptor() }

// The fast path's own nodes are lean: they record byte spans rather than
// participle positions, since participle never builds them and the parser
// allocates them for every payload.

// FastInt is an integer leaf: the Number production without dimensions.
type FastInt struct {
	Tok []lexer.Token // as a participle capture would hold it (see Tok)
}

// FastTuple is a tuple of value trees.
type FastTuple struct {
	Span     diag.Span
	Elems    []FastValue
	Trailing bool // written with a comma after the last element: `(4,)`
}

// FastLayout is `shape:stride` of two value trees.
type FastLayout struct {
	Span   diag.Span
	Shape  FastValue
	Colon  int // offset of the colon
	Stride FastValue
}

func (*FastInt) fastTerm()         {}
func (*FastInt) fastValue()        {}
func (*FastTuple) fastTerm()       {}
func (*FastLayout) fastTerm()      {}
func (*Number) fastTerm()          {}
func (*Fraction) fastTerm()        {}
func (*Dynamic) fastTerm()         {}
func (*Underscore) fastTerm()      {}
func (*FastTuple) fastValue()      {}
func (*Number) fastValue()         {}
func (*Fraction) fastValue()       {}
func (*Dynamic) fastValue()        {}
func (*Underscore) fastValue()     {}
func (*FastTuple) fastDescriptor() {}
