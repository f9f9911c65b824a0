package tiled_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/cutec/cutec/layout"
	"github.com/cutec/cutec/tiled"
)

// TestMakeCopyValueModeOfOne: make_tiled_copy shapes the right inverse of
// its raked product by make_layout(make_shape(size(thr), size(val))), whose
// mode of one has the stride 0, so a copy of one value a thread has a TV
// layout whose value mode is 1:0. Expected values are what CuTe C++ printed
// for TiledLayout_TV (NVIDIA/cutlass 7107b05, compiled on the host):
// make_tiled_copy(Copy_Atom<UniversalCopy<float>, float>{}, Layout<Shape<_32,_1>>{},
// Layout<Shape<_1,_1>>{}) gives (_32,_1):(_1,_0), and with the threads
// Layout<Shape<_32,_4>, Stride<_4,_1>> ((_4,_32),_1):((_32,_1),_0).
func TestMakeCopyValueModeOfOne(t *testing.T) {
	op, err := tiled.LookupCopy("UniversalCopy<float>", func(string) (int, error) { return 32, nil })
	require.NoError(t, err)
	atom, err := tiled.NewCopyAtom(op, "float", 32)
	require.NoError(t, err)
	one := layout.MustNew(layout.Ints(1, 1), layout.Ints(1, 1))
	for _, c := range []struct {
		thr  layout.Layout
		want string
	}{
		{layout.MustNew(layout.Ints(32, 1), layout.Ints(1, 32)), "(32,1):(1,0)"},
		{layout.MustNew(layout.Ints(32, 4), layout.Ints(4, 1)), "((4,32),1):((32,1),0)"},
	} {
		cp, err := tiled.MakeCopy(atom, c.thr, one)
		require.NoError(t, err)
		require.Equal(t, c.want, cp.TV.String(), "make_tiled_copy(UniversalCopy<float>, %s, (1,1))", c.thr)
	}
}
