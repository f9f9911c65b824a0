package grammar

import "github.com/alecthomas/participle/v2/lexer"

// Expr is an expression: an accessor `parser:"{8} o L"`, or one to three operands
// joined by `parser:"o"` (a composed layout when there are two or three).
type Expr struct {
	Pos      lexer.Position
	EndPos   lexer.Position
	Accessor *Accessor `parser:"  @@"`
	Composed *Composed `parser:"| @@"`
}

// Accessor is the offset-and-layout form printed by slice: `parser:"{8} o (3,2):(15,100)"`.
type Accessor struct {
	Pos    lexer.Position
	EndPos lexer.Position
	Offset *Operand      `parser:"\"{\" @@ \"}\""`
	Op     []lexer.Token `parser:"@\"o\""`
	Inner  *Operand      `parser:"@@"`
}

// Composed is an operand followed by any number of `parser:"o"` operands; the parser
// accepts at most three operands in all.
type Composed struct {
	Pos    lexer.Position
	EndPos lexer.Position
	Head   *Operand       `parser:"@@"`
	Rest   []*ComposePart `parser:"@@*"`
}

// ComposePart is one `parser:"o operand"` of a composed layout.
type ComposePart struct {
	Pos    lexer.Position
	EndPos lexer.Position
	Op     []lexer.Token `parser:"@\"o\""`
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

// Term is a primary, or a layout `parser:"shape:stride"` when a colon follows.
// Each side may be a symbolic term, a product of primaries divided by an
// integer: `parser:"32*lda"`, `parser:"M/128"`.
type Term struct {
	Pos       lexer.Position
	EndPos    lexer.Position
	Shape     *Primary      `parser:"@@"`
	ShapeOps  []*MulOp      `parser:"@@*"`
	Colon     []lexer.Token `parser:"( @\":\""`
	Stride    *Primary      `parser:"  @@"`
	StrideOps []*MulOp      `parser:"  @@* )?"`
}

// MulOp is one factor `parser:"*M"` or the divisor `parser:"/128"` of a symbolic term.
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

// Tile is a tiler: modes separated by `parser:";"` in brackets, `parser:"[4:1;_]"`.
type Tile struct {
	Pos    lexer.Position
	EndPos lexer.Position
	Modes  []*Operand `parser:"\"[\" @@ ( \";\" @@ )* \"]\""`
}

// Group is a parenthesized, comma-separated list: a tuple `parser:"(4,8)"`, `parser:"(4,)"`,
// `parser:"()"`, or a parenthesized expression `parser:"((4,8):(1,4))"`, evaluated when
// arguments follow: `parser:"((4,8):(1,4))(13)"`. An item without an expression
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

// Name is an identifier: a variable `parser:"A"`, a call `parser:"size(L)"` (a variable
// followed by arguments too), a swizzle `parser:"S<3,4,3>"` / `parser:"Sw<3,4,3>"`, or a
// pointer as CuTe C++ prints one, `parser:"smem_ptr[16b](unset)"`, or a symbol with its
// facts `parser:"M{div=128}"`.
type Name struct {
	Pos     lexer.Position
	EndPos  lexer.Position
	Tok     []lexer.Token  `parser:"@Ident"`
	Swizzle *SwizzleParams `parser:"( @@"`
	Pointer *Pointer       `parser:"| @@"`
	Args    []*Args        `parser:"| @@+"`
	Facts   *DynamicAttrs  `parser:"| \"{\" @@ \"}\" )?"`
}

// Pointer is the element width and the address CuTe C++ prints after a
// pointer's name: `parser:"[16b](unset)"` in `parser:"smem_ptr[16b](unset)"`,
// `parser:"[16b](0x7f00)"` (lexed as 0 and x7f00) in `parser:"gmem_ptr[16b](0x7f00)"`.
type Pointer struct {
	Pos    lexer.Position
	EndPos lexer.Position
	Width  []lexer.Token `parser:"\"[\" @Nat"`
	Unit   []lexer.Token `parser:"@Ident \"]\""`
	Addr   []lexer.Token `parser:"\"(\" ( @Ident | @Nat @Ident? ) \")\""`
}

// SwizzleParams is the `parser:"<B,M,S>"` of a swizzle.
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
// writes one, `parser:"stride=(8,1)"` (X is then the keyword's name).
type Arg struct {
	Pos    lexer.Position
	EndPos lexer.Position
	X      *Expr `parser:"@@"`
	Value  *Expr `parser:"( \"=\" @@ )?"`
}
