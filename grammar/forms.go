package grammar

import "github.com/alecthomas/participle/v2/lexer"

// Descriptor is the descriptor EBNF (docs/semantics.md §Descriptors), `parser:"layout ::= group"`.
type Descriptor struct {
	Pos    lexer.Position
	EndPos lexer.Position
	Fast   FastDescriptor `parser:"  @@"`
	Group  *DescGroup     `parser:"| @@"`
}

// DescGroup is the EBNF's `parser:"group"`: a parenthesized list of entries.
type DescGroup struct {
	Pos     lexer.Position
	EndPos  lexer.Position
	Entries []*DescEntry `parser:"\"(\" ( @@ ( \",\" @@ )* )? \")\""`
}

// DescEntry is the EBNF's `parser:"entry"`: a group or a basis.
type DescEntry struct {
	Pos      lexer.Position
	EndPos   lexer.Position
	Group    *DescGroup `parser:"  @@"`
	Fraction *Fraction  `parser:"| @@"`
	Basis    *DescBasis `parser:"| @@"`
}

// DescBasis is the EBNF's `parser:"basis"` with an integer or dynamic (`parser:"?"`) count.
type DescBasis struct {
	Pos    lexer.Position
	EndPos lexer.Position
	Tok    []lexer.Token `parser:"@( Nat | Neg | \"?\" )"`
	Dims   []*Dim        `parser:"( \"@\" @@ )+"`
}

// SwizzleForm is a swizzle on its own, `parser:"S<3,4,3>"` or `parser:"Sw<3,4,3>"`.
type SwizzleForm struct {
	Pos    lexer.Position
	EndPos lexer.Position
	Name   []lexer.Token  `parser:"@( \"S\" | \"Sw\" )"`
	Params *SwizzleParams `parser:"@@"`
}
