// Package printer owns the canonical text of every cutec form and the `show`
// renderings of a layout.
//
// Canonical text is the CuTe dialect's payload spelling (docs/semantics.md
// §Authorities, rule 3): no spaces inside a value, integers without CuTe C++'s static
// marker, `S<B,M,S>` for swizzles, pycute's trailing comma dropped, composed
// layouts as `outer o offset o inner` with an omitted offset written `0`.
// Expressions and statements, which the dialect never prints, are spelled as
// CuTe C++ source writes them:
//
//	name(arg, arg)          a call: ", " between arguments
//	(X)(arg, arg)           an evaluation (Apply) of any other expression
//	(X)                     a parenthesized expression, kept
//	{offset} o layout       an accessor
//	A = X                   an assignment
//	assert X == Y           assert X ~ Y
//	expect E0400 X
//
// A file printed from its tree has one statement a line, each ended by "\n";
// comments and blank lines are not in the tree. To keep them, use
// [FormatCute], which rewrites only the value subtrees of a parsed file and
// keeps every other byte, and [FormatPayloads], which does the same for the
// payloads found inside MLIR wrappers or any other text.
//
// The printer prints what was written, in canonical spelling: it does not
// reduce ratios, fold groups, drop size-1 modes or judge congruence
// (normalize and verify do), and it never parses. The values of the algebra
// (package layout) spell themselves in the same canonical text: their
// String methods.
//
// [LayoutGrid] and [ComposedGrid] evaluate a layout into a [Grid] of offsets,
// which [Grid.Write] draws as CuTe's print_layout table, as SVG or as HTML.
// printer depends on ast, layout and diag only.
package printer
