// Package grammar defines every cutec text form as participle capture
// structs, one per production; their struct tags are the language. The
// structs are exported because participle fills only exported fields; the
// only user is package parser, which converts them into package ast.
//
// Everything else lives elsewhere: participle's printing of the grammar as
// EBNF is testdata/grammar.golden, the descriptor EBNF of the design is
// descriptor.ebnf, and the lexer, the participle parsers and the hand-written
// fast path that run these structs are in internal/syntax. docs/grammar.md
// tells the whole story: participle as the one definition, the fast path and
// the tests that hold it equal, and how to add a production.
package grammar
