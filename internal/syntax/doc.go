// Package syntax runs the grammar of package grammar for package parser: the
// hand-written lexer (lexer.go, tokens.go) and its errors (errors.go), the
// participle parsers built from grammar's structs, production and Reference
// (parsers.go), a reusable token buffer (stream.go) and the hand-written fast
// path (fast.go, fast_whole.go, fast_swizzle.go, arena.go), which builds the
// structs participle builds for valid input and declines on anything else.
//
// It is an implementation detail of package parser, the only package allowed
// to import it. docs/grammar.md explains the design and the tests that keep
// the fast path equal to participle; this package's own tests keep the
// grammar's golden EBNF, the descriptor EBNF and that page in step.
package syntax
