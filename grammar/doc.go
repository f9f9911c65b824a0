// Package grammar is the definition of every cutec text form: the grammar
// structs (one per production, with participle's Pos and EndPos) whose tags
// are the grammar, the hand-written lexer, the participle parsers built from
// them once (Fast and Reference), and a hand-written fast path that builds
// the same structs for valid input. Only package parser uses these types; it
// converts them into package ast.
//
// grammar owns syntax only: it knows nothing of what a layout means, and it
// words no diagnostics (its errors carry codes and data; package parser
// words them).
//
// # One definition: participle
//
// The struct tags are the language. participle builds the parsers from them
// and prints them as the EBNF below (testdata/grammar.golden; a test keeps
// the two equal, and another keeps this comment quoting it). Whatever
// participle accepts is valid (but for the three rules package parser checks
// after parsing, listed below), whatever it rejects is a syntax error, and
// its error values locate every syntax error the lexer does not find.
// Nothing else defines syntax.
//
// The fast path (fast.go, fast_whole.go, fast_swizzle.go, arena.go) is an
// optimization of that definition, not a second one. It is a recursive
// descent over the same tokens that, for the input participle accepts,
// builds exactly the structs participle builds (positions and captured
// tokens included) and, for anything else, declines without an error: the
// parser then runs participle on the same tokens, and participle reports the
// error. Package parser holds it to that by tests, which a change of the
// grammar makes fail until the fast path follows:
//
//   - differential fuzzing of every text form (eleven): the production parser and
//     the Reference parsers (participle alone) give the same tree or the same
//     first diagnostic, and where the fast path matches a whole input its
//     structs equal participle's;
//   - a fallback test: every input of the repository's corpora (the test
//     tables, every golden input, every line and payload of the examples, the
//     dialect and reference cases) that a form accepts must be accepted by
//     the fast path without falling back to participle;
//   - sentences generated from the printed grammar itself, so that a new
//     production is exercised before any table holds it: for each, participle
//     accepts it exactly when the fast path matches it, with equal structs.
//
// Two productions are custom participle nodes (ParseTypeWith), FastTerm in
// Operand and FastDescriptor in Descriptor: inside participle's own parse
// they match plain value trees and layouts with compact structs (FastInt,
// FastTuple, FastLayout), and the Reference parsers replace them by nodes
// that never match, so that Reference is the tagged grammar alone. At the
// root of an input the parser calls MatchWhole, MatchWholeExpr,
// MatchWholeOperand, MatchWholeStmt, MatchWholeSwizzle or
// MatchWholeDescriptor on a reusable token buffer (Tokens); participle's
// token slice and reflective dispatch then cost nothing for valid input.
//
// One difference is known and kept: participle stops any repetition after
// participle.MaxIterations (a million) items with an error of its own, and
// the fast path has no such limit, so a tuple of more than a million
// elements parses (in milliseconds, where participle takes a minute to
// reject it). The limit is participle's, not the language's.
//
// To add a production: write its struct and tags; regenerate
// testdata/grammar.golden (CUTEC_UPDATE=1 go test ./grammar) and copy its new
// lines into the quote below; add inputs of it to the parser's test tables;
// extend the fast path until the fallback and differential tests pass;
// convert it in package parser and word it there (termWords; a test wants
// every production worded).
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
//	Args = "(" (Arg ("," Arg)*)? ")" .
//	Arg = Expr ("=" Expr)? .
//	Name = <ident> (SwizzleParams | Pointer | Args+ | ("{" DynamicAttrs "}"))? .
//	SwizzleParams = "<" (<nat> | <neg>) "," (<nat> | <neg>) "," (<nat> | <neg>) ">" .
//	Pointer = "[" <nat> <ident> "]" "(" (<ident> | (<nat> <ident>?)) ")" .
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
// FastTerm declines a value followed by `*` or `/`, so Term parses it (in
// the hand-written Term of fast_whole.go as in participle's).
//
// # The descriptor grammar
//
// The design note's descriptor EBNF (docs/semantics.md §Descriptors), kept in
// descriptor.ebnf, with one addition: a count may be `?`, a coefficient known only at run time, as the dialect
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
// descriptor are accepted, as the EBNF's ws says.
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
