// Package parser turns text into a typed syntax tree (package ast) or into
// precise, coded syntax diagnostics (E0100–E0108). It owns the Parse* entry
// points for every text form, the conversion from the participle grammar
// structs of package grammar into ast (one function per production), a
// bounded, concurrency-safe cache of parsed payloads, `.cute` file parsing
// (a statement a line, every bad line reported) and the scanner that finds
// the CuTe dialect's MLIR wrappers such as `!cute.layout<"…">` in other text.
//
// Every entry point takes a *diag.File (a whole text or a window of one) and
// returns (node, diag.List). Spans in nodes and diagnostics are byte offsets
// into that File's Src; lines and columns come from diag.File alone (never
// from participle, which counts runes). On any error the node is nil: a
// partial or default value is never handed on.
//
// # One grammar, two ways to run it
//
// The language is the participle grammar of package grammar: participle is
// its definition and finds every syntax error past the lexer; this package
// words them. Each input is lexed once
// into a pooled token buffer; then the hand-written fast path of
// internal/syntax runs on the whole input (run.go, tryFastRoot). For valid input it builds
// the structs participle would build, and participle does not run; for
// anything else it declines, and participle parses the same tokens and
// fails. One converter per production (convert*.go) turns the structs into
// ast, whichever built them; the compact structs of the FastTerm production
// (FastInt, FastTuple, FastLayout) have a small converter of their own
// (convert_leaf.go), which allocates a value tree at once.
//
// A syntax error is made from participle's error values, never from their
// message text: the token an UnexpectedTokenError carries, and what the
// grammar expected there, found by walking the EBNF participle prints of the
// grammar over the tokens, as participle runs it (expected.go). Errors of the
// lexer (characters, UTF-8, brackets, depth) come from the lexer's error
// values (internal/syntax). docs/grammar.md tells the whole design.
//
// The tests hold the fast path to the definition: a differential fuzz
// target for each of the eleven forms compares the production parser with the
// Reference one (participle alone), trees and first diagnostics, and the
// fast path's structs with participle's; the walk of the grammar is checked
// against participle's own expectation; TestValidInputTakesTheFastPath
// fails when any valid input of the repository's corpora falls back to
// participle; and TestGrammarSentencesTakeTheFastPath does the same for
// sentences generated from the grammar's EBNF.
//
// Parsers keep a cache of results keyed by form and text, admitting a
// payload on its second occurrence.
//
// The parser does not judge meaning: congruence of shape and stride, zero
// denominators (`1/0@0` parses), basis depths, swizzle parameters and the
// kinds of a composed layout's parts are left to normalize and verify.
// Grammar types never leave this package.
package parser
