package tiled_test

import (
	"testing"

	"github.com/cutec/cutec/diag"
	"github.com/cutec/cutec/layout"
	"github.com/cutec/cutec/tiled"
	"github.com/stretchr/testify/require"
)

func code(t *testing.T, err error) diag.Code {
	t.Helper()
	require.Error(t, err)
	e, ok := err.(*tiled.Error)
	require.True(t, ok, "%T: %v", err, err)
	return e.Code
}

// An ldmatrix.x4 moves 8 halves a thread; a 16x8x8 atom gives each thread
// 4 of A: CuTe's static assertion "TiledCopy uses too few vals for
// selected CopyAtom" (copy_atom.hpp) is E0921 with the numbers.
func TestCopyDoesNotFitMMA(t *testing.T) {
	atom, err := tiled.LookupMMA("SM80_16x8x8_F32F16F16F32_TN")
	require.NoError(t, err)
	m, err := tiled.MakeMMA(atom, layout.Layout{}, layout.Tiler{})
	require.NoError(t, err)
	op, err := tiled.LookupCopy("SM75_U32x4_LDSM_N", elemBits)
	require.NoError(t, err)
	ca, err := tiled.NewCopyAtom(op, "half_t", 16)
	require.NoError(t, err)
	_, err = tiled.MakeCopyMMA(ca, m, 'A')
	require.Equal(t, diag.TiledMismatch, code(t, err))
	require.ErrorContains(t, err, "moves 8 values a thread")
	require.ErrorContains(t, err, "gives each thread 4")
	// The x1 fits: 2 values a thread.
	op1, _ := tiled.LookupCopy("SM75_U32x1_LDSM_N", elemBits)
	ca1, err := tiled.NewCopyAtom(op1, "half_t", 16)
	require.NoError(t, err)
	_, err = tiled.MakeCopyMMA(ca1, m, 'A')
	require.NoError(t, err)
}

func TestUnknownAndMisfitAtoms(t *testing.T) {
	_, err := tiled.LookupMMA("SM80_16x8x16_F32F16F16F32")
	require.Equal(t, diag.TiledUnknownAtom, code(t, err))
	require.ErrorContains(t, err, "did you mean SM80_16x8x16_F32F16F16F32_TN")
	_, err = tiled.LookupMMA("SM90_64x12x16_F32F16F16_SS<GMMA::Major::K,GMMA::Major::K>") // N not a multiple of 8
	require.Equal(t, diag.TiledUnknownAtom, code(t, err))
	_, err = tiled.LookupCopy("SM80_CP_ASYNC_CACHEGLOBAL<uint32_t>", elemBits) // .cg moves 16 bytes only
	require.Equal(t, diag.TiledMismatch, code(t, err))
	op, _ := tiled.LookupCopy("SM75_U32x4_LDSM_N", elemBits)
	_, err = tiled.NewCopyAtom(op, "double", 64) // 32 bits a thread on the register side: not whole doubles
	require.Equal(t, diag.TiledMismatch, code(t, err))
	atom, _ := tiled.LookupMMA("SM80_16x8x16_F32F16F16F32_TN")
	_, err = tiled.MakeMMA(atom, layout.MustNew(layout.Ints(2, 2, 1), layout.Ints(1, 2, 0)), layout.TileTuple(layout.TileInt(24), layout.TileInt(16), layout.TileInt(16)))
	require.Equal(t, diag.TiledMismatch, code(t, err))
	require.ErrorContains(t, err, "covers 24, not a multiple of the atom's M = 16")
	m, _ := tiled.MakeMMA(atom, layout.Layout{}, layout.Tiler{})
	_, _, err = m.Partition('A', 32, layout.MustNew(layout.Ints(16, 16), layout.Ints(16, 1)))
	require.Equal(t, diag.TiledMismatch, code(t, err))
}

// A tensor that does not hold whole tiles is refused where CuTe would
// partition elements that are not there.
func TestPartitionOfRaggedTensor(t *testing.T) {
	atom, _ := tiled.LookupMMA("SM80_16x8x16_F32F16F16F32_TN")
	m, _ := tiled.MakeMMA(atom, layout.Layout{}, layout.Tiler{})
	_, _, err := m.Partition('A', 0, layout.MustNew(layout.Ints(15, 16), layout.Ints(1, 15)))
	require.Equal(t, diag.TiledMismatch, code(t, err))
	require.ErrorContains(t, err, "mode 0 of (15,16):(1,15) has 15 elements, not a multiple of the tiled MMA's M = 16")
}
