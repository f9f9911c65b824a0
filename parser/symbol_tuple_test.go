package parser

import (
	"testing"

	"github.com/cutec/cutec/ast"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestOneSymbolTuple checks that (M) where a value stands (either side of
// a layout's colon, a tuple element) is the tuple of one symbol, as (4) is
// the tuple of one integer: CuTe prints a layout of one mode of extent M
// as (M):(1), and the DSL's IR prints (?):(N)-like payloads. Before, it
// was read as a parenthesized expression and refused.
func TestOneSymbolTuple(t *testing.T) {
	parse := func(src string) ast.Node {
		n, l, _ := parseAs(uncached, FormExpr, src)
		require.Empty(t, l, "%q: %s", src, describeDiags(l))
		return n
	}
	for _, src := range []string{"(M):(1)", "(4):(M)", "((M)):((1))", "((M),4):((1),M)", "(?):(N)"} {
		l, ok := parse(src).(*ast.Layout)
		require.True(t, ok, src)
		for _, side := range []ast.Expr{l.Shape, l.Stride} {
			assert.IsType(t, &ast.Tuple{}, side, src)
		}
	}
	one := parse("(M):(1)").(*ast.Layout).Shape.(*ast.Tuple)
	require.Len(t, one.Elems, 1)
	assert.IsType(t, &ast.Symbol{}, one.Elems[0])
	// Where an expression stands, (A) is still the parenthesized name (a
	// variable of a .cute file, which may be applied: (A)(3)).
	assert.IsType(t, &ast.Paren{}, parse("(A)"))
}
