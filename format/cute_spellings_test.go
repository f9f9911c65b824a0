package format

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// TestSourceKeepsCuteSpellings: fmt keeps the user's text but for the values
// it canonicalizes, and what it writes reads back: a C++ type is a value
// (rewritten whole), a call of the algebra is kept with its values
// canonical, and a mode given as a template argument (size<0>(L), read as
// size(get(L, 0)), a tree whose nodes are not in the order of the text)
// keeps its text.
func TestSourceKeepsCuteSpellings(t *testing.T) {
	src := "A = Layout<Shape<_8,_64>,Stride<_64,_1>>{}  # C++\n" +
		"B = cute.make_layout((8, 64), stride=(64, 1))\n" +
		"C = size<0>((4, 8):(1, 4))\n" +
		"D = make_layout(make_shape(Int<4>{}, Int<8>{}), LayoutRight{})\n" +
		"E = S<3,3,3> \u2218 0 \u2218 A\n"
	want := "A = (8,64):(64,1)  # C++\n" +
		"B = cute.make_layout((8,64), stride=(64,1))\n" +
		"C = size<0>((4,8):(1,4))\n" +
		"D = make_layout((4,8), LayoutRight{})\n" +
		"E = S<3,3,3> \u2218 0 \u2218 A\n"
	out, diags, err := Source("c.cute", []byte(src), false)
	require.NoError(t, err)
	require.Empty(t, diags)
	require.Equal(t, want, string(out))
	again, diags, err := Source("c.cute", out, false)
	require.NoError(t, err)
	require.Empty(t, diags)
	require.Equal(t, want, string(again), "fmt is idempotent")
}
