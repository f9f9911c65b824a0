package grammar

import "github.com/alecthomas/participle/v2/lexer"

// Leaf is a leaf of an integer tuple, stride or coordinate:
// Fraction | Number | Dynamic | Underscore.
type Leaf interface{ leaf() }

// Number is an integer `parser:"8"`, `parser:"-3"` or static `parser:"_4"`, and when dimensions follow,
// the count of a basis entry `parser:"16@0"`, `parser:"_1@0"`, `parser:"1@1@0"`.
type Number struct {
	Pos    lexer.Position
	EndPos lexer.Position
	Tok    []lexer.Token `parser:"@(Nat | Neg | Static)"`
	Dims   []*Dim        `parser:"( \"@\" @@ )*"`
}

// Fraction is a basis entry with a fractional count: `parser:"1/2@0"`.
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

// Dynamic is a leaf known only at run time: `parser:"?"`, `parser:"?{i64}"`, `parser:"?{div=64}"`,
// `parser:"?{i64 div=128}"`; and when dimensions follow, the dynamic count of a basis
// entry `parser:"?@0"`, `parser:"?@1@0"` (the dialect's stride `(?@0,?@1)`).
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

// Underscore is `parser:"_"`: a mode left whole in a slice coordinate or a tile.
type Underscore struct {
	Pos    lexer.Position
	EndPos lexer.Position
	Tok    []lexer.Token `parser:"@Underscore"`
}

func (*Number) leaf()     {}
func (*Fraction) leaf()   {}
func (*Dynamic) leaf()    {}
func (*Underscore) leaf() {}
