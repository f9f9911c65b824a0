package parser

import (
	"testing"

	"github.com/cutec/cutec/ast"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestCuteSpellingTrees checks what the C++ templates and calls and the
// CuTe DSL calls are read as: the values they build (the values themselves
// are checked in normalize against what CuTe prints, testdata/cute_spellings),
// and near misses are refused.
func TestCuteSpellingTrees(t *testing.T) {
	kind := func(src string) ast.Node {
		n, l, _ := parseAs(uncached, FormExpr, src)
		require.Empty(t, l, "%q: %s", src, describeDiags(l))
		return n
	}
	// C++ and DSL spellings read as values (what CuTe prints for them is
	// checked in normalize against testdata/cute_spellings).
	for src, want := range map[string]ast.Node{
		"Int<4>{}": &ast.Int{}, "_4{}": &ast.Int{}, "Shape<_4,_8>{}": &ast.Tuple{}, "make_shape(4,8)": &ast.Tuple{},
		"Layout<Shape<_8,_64>,Stride<_64,_1>>{}": &ast.Layout{}, "Tile<_8,_16>{}": &ast.Tile{}, "make_tile(4:1, 8:2)": &ast.Tile{},
		"Swizzle<3,3,3>{}": &ast.Swizzle{}, "cute.make_swizzle(3,3,3)": &ast.Swizzle{}, "E<1>{}": &ast.Basis{},
		"cute.E(1)": &ast.Basis{}, "make_composed_layout(S<3,3,3>, 0, 8:1)": &ast.Composed{},
		"ArithTuple(_0,_0) o (_128,_64):(_1@0,_1@1)": &ast.Accessor{}, "LayoutRight{}": &ast.Ident{},
		"E(1)":                     &ast.Call{}, // E alone is any name: a variable applied
		"cute::make_layout((4,8))": &ast.Call{}, "Underscore{}": &ast.Underscore{},
		"Swizzle<3,4,3>{}(200)": &ast.Apply{}, "Foo<3>(2)": &ast.Call{},
	} {
		assert.IsType(t, want, kind(src), src)
	}
	assert.Equal(t, "make_layout", kind("cute.make_layout((4,8))").(*ast.Call).Fun.Name, "cute. is read off the name")

	// A mode given as a template argument is an argument: size<1>(L) is
	// size(get(L, 1)), get<1,0>(t) is get(t, 1, 0), take<0,2>(L) take(L, 0, 2).
	size := kind("size<1>(L)").(*ast.Call)
	require.Len(t, size.Args, 1)
	get := size.Args[0].(*ast.Call)
	assert.Equal(t, "get", get.Fun.Name)
	require.Len(t, get.Args, 2)
	assert.Equal(t, int64(1), get.Args[1].(*ast.Int).Value)
	take := kind("take<0,2>(L)").(*ast.Call)
	assert.Equal(t, "take", take.Fun.Name)
	assert.Len(t, take.Args, 3)
	assert.Equal(t, "group_modes", kind("group<0,2>(L)").(*ast.Call).Fun.Name)

	// Layout<Shape> is column-major (CuTe's LayoutLeft): a run-time extent
	// makes the strides after it run-time values, and a stride past 64 bits
	// is an error, as the literal would be.
	l := kind("Layout<Shape<_4,int,_2>>{}").(*ast.Layout)
	st := l.Stride.(*ast.Tuple).Elems
	assert.Equal(t, int64(1), st[0].(*ast.Int).Value)
	assert.Equal(t, int64(4), st[1].(*ast.Int).Value)
	assert.IsType(t, &ast.Dynamic{}, st[2])

	for _, bad := range []string{"4{}", "make_tile()", "cute.E()", "cute.E(x)", "E<x>", "E<-1>", "Layout<Shape<_4000000000,_4000000000,_4>>{}", "Layout<Shape<_4000000000,_4000000000,int>>{}", "Layout<Shape<_4,_8>>{}(3)", "size<x>(L)", "size<0>()", "S<_3,3,3>", "Swizzle<3,3>", "make_swizzle(3,3)", "make_composed_layout(A, B)", "Int<4,5>{}"} {
		n, l, _ := parseAs(uncached, FormExpr, bad)
		assert.True(t, n == nil && len(l) > 0, "%q is accepted", bad)
	}
}
