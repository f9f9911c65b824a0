package printer

import "github.com/cutec/cutec/ast"

// IsValueTree reports whether e is a value form throughout, the unit that
// [FormatCute] and [FormatPayloads] rewrite: an integer, dynamic leaf, `_`,
// basis entry, tuple, layout, swizzle or tile, or a composed layout or
// accessor whose parts are all value trees. Names, calls, evaluations and
// parenthesized expressions are not.
func IsValueTree(e ast.Expr) bool {
	switch e := e.(type) {
	case *ast.Int, *ast.Dynamic, *ast.Underscore, *ast.Basis, *ast.Tuple,
		*ast.Layout, *ast.Swizzle, *ast.Tile, *ast.Symbol, *ast.Product:
		return true
	case *ast.Composed:
		return IsValueTree(e.Outer) && (e.Offset == nil || IsValueTree(e.Offset)) && IsValueTree(e.Inner)
	case *ast.Accessor:
		return IsValueTree(e.Offset) && IsValueTree(e.Layout)
	}
	return false
}

// edit replaces the bytes [start, end) of a text.
type edit struct {
	start, end int
	text       []byte
}

// valueEdits appends to edits one edit for each maximal value subtree of n,
// in source order, with its spans shifted by base.
func valueEdits(edits []edit, n ast.Node, base int) []edit {
	ast.Inspect(n, func(c ast.Node) bool {
		e, ok := c.(ast.Expr)
		if !ok || !IsValueTree(e) {
			return c != nil
		}
		edits = append(edits, edit{start: base + e.Pos(), end: base + e.End(), text: Append(nil, e)})
		return false
	})
	return edits
}
