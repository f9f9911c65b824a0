// Package grammar is the participle grammar of every cutec text form: the
// grammar structs (one per production, with participle's Pos and EndPos), a
// hand-written lexer, the hand-written fast path for the hottest production
// (plain value trees and layouts), and the participle parsers built from
// them once. Only package parser uses these types; it converts them into
// package ast.
//
// grammar owns syntax only: it knows nothing of what a layout means, and it
// words no diagnostics (its errors carry codes and data; package parser
// words them).
//
// # The grammar
//
// participle prints the grammar (testdata/grammar.golden holds it, and a test
// keeps the two equal):
//
//	Stmt = Assert | Expect | Let | Simple .
//	Assert = "assert" Expr ("==" | "~") Expr .
//	Expect = "expect" <ident> Expr .
//	Let = "let" Name ("," Name)* .
//	Simple = Expr ("=" Expr)? .
//	Expr = Accessor | Composed .
//	Accessor = "{" Operand "}" "o" Operand .
//	Composed = Operand ComposePart* .
//	ComposePart = "o" Operand .
//	Operand = FastTerm | Term .
//	Term = Primary MulOp* (":" Primary MulOp*)? .
//	Primary = Tile | Group | Name | Leaf .
//	Tile = "[" Operand (";" Operand)* "]" .
//	Group = "(" (Expr GroupItem*)? ")" Args* .
//	GroupItem = "," Expr? .
//	Args = "(" (Expr ("," Expr)*)? ")" .
//	Name = <ident> (SwizzleParams | Args+ | ("{" DynamicAttrs "}"))? .
//	SwizzleParams = "<" (<nat> | <neg>) "," (<nat> | <neg>) "," (<nat> | <neg>) ">" .
//	Leaf = Fraction | Number | Dynamic | Underscore .
//	Fraction = <ratio> ("@" Dim)+ .
//	Number = (<nat> | <neg> | <static>) ("@" Dim)* .
//	Dim = <nat> .
//	Dynamic = "?" (("{" DynamicAttrs "}") | ("@" Dim)+)? .
//	DynamicAttrs = ((("i32" | "i64") ("div" "=" (<nat> | <neg>))?) | ("div" "=" (<nat> | <neg>))) .
//	Underscore = <underscore> .
//	MulOp = (("*" Primary) | ("/" <nat>)) .
//	SwizzleForm = ("S" | "Sw") SwizzleParams .
//
// (SwizzleForm is the root of a swizzle on its own.) The grammar is LL(1) and participle runs it with lookahead 0: a production
// that has consumed a token and then fails is an error, so errors are
// reported at the token where the input went wrong. Three rules that LL(1)
// cannot express are checked by package parser after parsing: the
// parenthesized Group is a tuple whose elements must be values (integers,
// dynamic leaves, `_`, basis entries, tuples) unless it holds one
// non-value expression (then it is a parenthesized expression); only the last
// GroupItem may lack its expression (a trailing comma, as pycute's `(4,)`);
// a composed layout has at most three operands.
//
// Symbolic leaves (docs/symbols.md) need two small additions: MulOp after a
// primary makes a symbolic term (`32*lda`, `M/128`; package parser takes a
// name in a leaf position as a symbol), and a Name may carry facts
// (`M{div=128}`). Let is the `.cute` statement `let M{div=128}, K{div=32}`.
// FastTerm declines a value followed by `*` or `/`, so Term parses it.
//
// FastTerm is hand-written (fast.go), registered with participle's
// ParseTypeWith: it matches exactly what Term would match when that is a
// plain value tree or a layout of two, and declines anything else without
// consuming input, so that every error message comes from the tagged
// productions. The Reference parsers replace it by a production that never
// matches, and tests check that both give the same trees.
//
// Most payloads in real IR are exactly such a value or layout. For them the
// parser runs the same production at the root, on a reusable token buffer
// (Tokens, MatchWhole): when it matches the whole input, the participle
// parsers are not needed; when it declines, the buffered tokens are replayed
// into participle. This halves the cost of the common case, which is
// dominated by participle's token slice and reflection, not by parsing.
//
// # The descriptor grammar
//
// The seed's descriptor EBNF, kept in descriptor.ebnf, with one addition: a
// count may be `?`, a coefficient known only at run time, as the dialect
// writes dynamic basis strides (`(?@0,?@1)`):
//
//	layout ::= group ;
//	group ::= "(" ws [ entry { ws "," ws entry } ] ws ")" ;
//	entry ::= group | basis ;
//	basis ::= count ws "@" ws dim { ws "@" ws dim } ;
//	count ::= int | int "/" int | "?" ;
//	dim ::= uint ;
//	int ::= [ "-" ] digit { digit } ;
//	uint ::= digit { digit } ;
//	digit ::= "0" | "1" | "2" | "3" | "4" | "5" | "6" | "7" | "8" | "9" ;
//	ws ::= { " " | "\t" } ;
//
// is the Descriptor production, run with the Strict lexer mode (only spaces
// and tabs between tokens, no comments):
//
//	Descriptor = FastDescriptor | DescGroup .
//	DescGroup = "(" (DescEntry ("," DescEntry)*)? ")" .
//	DescEntry = DescGroup | Fraction | DescBasis .
//	DescBasis = (<nat> | <neg> | "?") ("@" Dim)+ .
//
// An int, a fraction `int/int` and a uint are single tokens, so no space may
// fall inside them, as the EBNF says. Spaces and tabs around the whole
// descriptor are accepted, as the seed says the grammar ignores whitespace.
// A test runs the EBNF itself, as an independent matcher, over a table of
// inputs and checks that the parser agrees.
//
// # Tokens
//
// The lexer (lexer.go) produces integers `8` `-3` (sign included), static
// integers `_4`, fractions `1/2`, `_`, identifiers `[A-Za-z][A-Za-z0-9_]*`,
// the keywords `o`, `assert` and `expect` (never identifiers), punctuation
// (`*` among it, for symbolic terms),
// and whitespace and `#` comments, which are elided before parsing but keep
// participle's EndPos exact. In the same pass it rejects invalid UTF-8,
// characters outside the grammar, mismatched or unclosed brackets and
// nesting beyond a limit, so the parsers never recurse on hostile input.
// Offsets are bytes; participle's line and column (counted in runes) are
// never used.
package grammar
