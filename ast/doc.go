// Package ast is the clean syntax tree of cutec's text forms that every later
// stage reads: integers, dynamic leaves, `_`, basis entries, tuples, layouts,
// swizzles, composed layouts, accessors, tiles, names, calls, evaluations,
// and the statements of `.cute` files.
//
// Every node has a half-open byte span [Pos, End) into the Src of the
// diag.File that was parsed. For an MLIR payload the caller parses a diag
// window holding just the payload, so spans are relative to the payload and a
// tree parsed once can be shared wherever the same payload text appears. Trees
// handed out by the parser may be shared in this way: treat them as read-only.
//
// The node set is closed: Expr and Stmt are sealed by unexported methods. The
// names follow the grammar's productions (see package grammar).
//
// ast owns the node types, [Walk]/[Inspect] and the deterministic dump
// [Fprint] used as the assertion format in tests. It does not parse (package
// parser), print canonical text (package printer), or give nodes meaning
// (normalize, layout); it never imports participle.
package ast
