package verify

import (
	"testing"

	"github.com/cutec/cutec/diag"
	"github.com/stretchr/testify/assert"
)

// TestCanonicalIgnoresNames: a composed layout or tile that names a
// variable is not a misspelling of the variable's value.
func TestCanonicalIgnoresNames(t *testing.T) {
	src := "B = (8,64):(64,1)\nA = Sw<3,4,3> o 0 o B\nT = [ B ; _ ]\nC = S<3,4,3> o 0 o (8, 64):(64,1)\n"
	l := Default().CuteFile(diag.NewFile("n.cute", []byte(src)))
	if len(l) != 1 || l[0].Code != diag.NonCanonical || l[0].Start().Line != 4 {
		t.Errorf("want one W0903, on line 4 (a literal), got %v", l)
	}
}

// TestCanonicalLeavesCuteSpellingsAlone: values pasted as CuTe C++ prints
// them (the prints below are what cute::print gives at the CUTLASS snapshot
// 7107b055: a static layout, a swizzled layout, a tiler, an identity
// tensor) or written as CuTe C++ and CuTe DSL code writes them draw no
// W0903 by default; cutec's own notation with spaces still does.
func TestCanonicalLeavesCuteSpellingsAlone(t *testing.T) {
	for _, src := range []string{
		"(_4,_8):(_8,_1)", "Sw<3,3,3> o _0 o (_8,_64):(_64,_1)", "(_4:_1,_8:_2)", "(4:1,8:2)",
		"ArithTuple(_0,_0) o (_128,_64):(_1@0,_1@1)", "Layout<Shape<_8,_64>,Stride<_64,_1>>{}",
		"make_layout(make_shape(Int<4>{},Int<8>{}), LayoutRight{})", "cute.make_layout((4,8), stride=(8,1))",
		"S<3,3,3> \u2218 0 \u2218 (8,64):(64,1)", "make_shape(4,8)", "Swizzle<3,3,3>{}",
	} {
		l := Default().CuteFile(diag.NewFile("p.cute", []byte("A = "+src+"\n")))
		assert.Empty(t, l, src)
	}
	for _, src := range []string{"(4, 8):(1, 4)", "S<3, 3, 3>", "[4:1; 8:2]", "(4,8) : (1,4)"} {
		l := Default().CuteFile(diag.NewFile("p.cute", []byte("A = "+src+"\n")))
		if assert.Len(t, l, 1, src) {
			assert.Equal(t, diag.NonCanonical, l[0].Code, src)
		}
	}
}
