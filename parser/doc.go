// Package parser turns text into a typed syntax tree (package ast) or into
// precise, coded syntax diagnostics (E0100–E0108). It owns the Parse*
// entry points for every text form (Form), the conversion of package
// grammar's structs into ast (one function per production, convert*.go),
// `.cute` file parsing (a statement a line, every bad line reported) and
// the scanner that finds the CuTe dialect's MLIR wrappers such as
// `!cute.layout<"…">` in other text.
//
// Every entry point takes a *diag.File (a whole text or a window of one) and
// returns (node, diag.List). Spans are byte offsets into that File's Src;
// lines and columns come from diag.File alone. On any error the node is nil:
// a partial or default value is never handed on. The package-level
// functions use a default Parser; a Parser of one's own sets the limits
// (Options) and keeps its own cache of parsed payloads, admitted on their
// second occurrence since real IR repeats the same layouts thousands of
// times.
//
// participle's grammar (package grammar) defines the language. Each input is
// lexed once, a hand-written fast path builds participle's structs for valid
// input, and participle parses what the fast path declines; syntax errors
// are made from participle's error values, never from their message text
// (expected.go). docs/grammar.md describes the design and the tests that
// hold the fast path equal to participle (differential fuzzing of every
// form, TestValidInputTakesTheFastPath).
//
// The parser does not judge meaning: congruence of shape and stride, zero
// denominators (`1/0@0` parses), basis depths, swizzle parameters and the
// kinds of a composed layout's parts are left to normalize and verify.
// Grammar types never leave this package.
package parser
