package syntax

import (
	"sync"

	"github.com/alecthomas/participle/v2"
)

// Parsers holds one participle parser per text form. All of them are built
// from the same grammar structs; they differ only in their root production.
// Each is safe for concurrent use.
type Parsers struct {
	Expr       *participle.Parser[Expr]        // any expression or value form
	Operand    *participle.Parser[Operand]     // one value, layout or tile (ParseLayout, ParseTuple, ParseTile)
	Swizzle    *participle.Parser[SwizzleForm] // `S<B,M,S>`
	Descriptor *participle.Parser[Descriptor]  // the descriptor EBNF (docs/semantics.md)
	Stmt       *participle.Parser[Stmt]        // one `.cute` line
}

// Fast returns the parsers used in production: the tagged grammar with the
// hand-written FastTerm and FastDescriptor productions. They are built once.
var Fast = sync.OnceValue(func() *Parsers { return build(true) })

// Reference returns the parsers of the tagged grammar alone (FastTerm and
// FastDescriptor never match). Tests check that Fast and Reference agree, and
// the golden grammar is printed from it.
var Reference = sync.OnceValue(func() *Parsers { return build(false) })

func build(fast bool) *Parsers {
	opts := []participle.Option{
		participle.Lexer(Definition{}),
		// Lookahead 0: a production that consumed a token and then fails is an
		// error, as in hand-written recursive descent. The grammar is LL(1),
		// so no alternative is ever cut off, and errors are reported at the
		// token where the input went wrong.
		participle.UseLookahead(0),
		participle.Elide("Whitespace", "Comment"),
		participle.Union[Leaf](&Fraction{}, &Number{}, &Dynamic{}, &Underscore{}),
	}
	if fast {
		opts = append(opts,
			participle.ParseTypeWith(parseFastTerm),
			participle.ParseTypeWith(parseFastDescriptor))
	} else {
		opts = append(opts,
			participle.ParseTypeWith(declineTerm),
			participle.ParseTypeWith(declineDescriptor))
	}
	return &Parsers{
		Expr:       participle.MustBuild[Expr](opts...),
		Operand:    participle.MustBuild[Operand](opts...),
		Swizzle:    participle.MustBuild[SwizzleForm](opts...),
		Descriptor: participle.MustBuild[Descriptor](opts...),
		Stmt:       participle.MustBuild[Stmt](opts...),
	}
}
