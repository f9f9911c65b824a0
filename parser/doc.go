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
// Speed: most payloads are plain values or layouts. Each input is lexed once
// into a pooled token buffer; the grammar's hand-written FastTerm production
// is tried on the whole input and, when it declines, the same tokens are
// replayed into participle, which produces every error message. Parsers keep
// a cache of results keyed by form and text, admitting a payload on its
// second occurrence.
//
// The parser does not judge meaning: congruence of shape and stride, zero
// denominators (`1/0@0` parses), basis depths, swizzle parameters and the
// kinds of a composed layout's parts are left to normalize and verify.
// Grammar types never leave this package.
package parser
