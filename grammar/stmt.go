package grammar

import "github.com/alecthomas/participle/v2/lexer"

// Stmt is one line of a `parser:".cute"` file.
type Stmt struct {
	Pos    lexer.Position
	EndPos lexer.Position
	Assert *Assert `parser:"  @@"`
	Expect *Expect `parser:"| @@"`
	Let    *Let    `parser:"| @@"`
	Simple *Simple `parser:"| @@"`
}

// Let is `parser:"let M{div=128}, K{div=32}"`: facts of symbols for the rest of the file.
type Let struct {
	Pos    lexer.Position
	EndPos lexer.Position
	Kw     []lexer.Token `parser:"@\"let\""`
	Names  []*Name       `parser:"@@ ( \",\" @@ )*"`
}

// Assert is `parser:"assert X == Y"` (equal layouts) or `parser:"assert X ~ Y"` (same function).
type Assert struct {
	Pos    lexer.Position
	EndPos lexer.Position
	Kw     []lexer.Token `parser:"@\"assert\""`
	X      *Expr         `parser:"@@"`
	Op     []lexer.Token `parser:"@( \"==\" | \"~\" )"`
	Y      *Expr         `parser:"@@"`
}

// Expect is `parser:"expect CODE EXPR"`.
type Expect struct {
	Pos    lexer.Position
	EndPos lexer.Position
	Kw     []lexer.Token `parser:"@\"expect\""`
	Code   []lexer.Token `parser:"@Ident"`
	X      *Expr         `parser:"@@"`
}

// Simple is an expression statement, or an assignment `parser:"name = expr"` when `parser:"="`
// follows (the parser checks that the left side is a name).
type Simple struct {
	Pos    lexer.Position
	EndPos lexer.Position
	X      *Expr         `parser:"@@"`
	Assign []lexer.Token `parser:"( @\"=\""`
	Value  *Expr         `parser:"  @@ )?"`
}
