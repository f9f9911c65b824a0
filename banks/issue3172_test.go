package banks

import (
	"testing"

	"github.com/cutec/cutec/layout"
)

// TestCutlass3172 models NVIDIA/cutlass issue #3172 ("Swizzle could not
// eliminate bank conflicts of ldmatrix"): an M-major (128,8) f16 atom,
// S<3,3,4> o 0 o (128,8):(1,128), read with ldmatrix.x4.trans
// (SM75_U16x8_LDSM_T). The author reports that Nsight Compute still counts
// some bank conflicts; the issue as published, and the same question on
// NVIDIA's Chinese forum (forums.developer.nvidia.cn/t/29786), show no
// counts, no TiledMMA and no answer (docs/banks.md). TestTiledCopy3172
// models CuTe's own 4-warp tiled copy for this operand.
//
// By hand, under the model of this package: a row of the atom is one k,
// 128 halves = 256 bytes. Each matrix of the ldmatrix reads 8 rows k = 0..7
// at one 16-byte chunk c of M. Row k, chunk c sits at element 128k + 8c,
// and S<3,3,4> XORs bits 7-9 (k) into bits 3-5 (c mod 8): byte 256k +
// 16((c XOR k) mod 8) + 128(c div 8), bank 4((c XOR k) mod 8) mod 32 plus
// 0..3, distinct for the 8 rows. So the ldmatrix reads of this atom are
// conflict-free: the conflicts the author measured come from elsewhere than
// the atom's banks (docs/banks.md discusses it). The test pins the model's
// answer, and the near miss S<3,3,3> (which reads bits 6-8, one of them a
// bit of M, so k and k+4 collide) is 2-way.
func TestCutlass3172(t *testing.T) {
	inner := layout.MustNew(layout.Ints(128, 8), layout.Ints(1, 128))
	sw334, _ := layout.NewSwizzle(3, 3, 4)
	r := analyzeAtom(t, Tile{Swizzle: sw334, L: inner}, "f16", "SM75_U16x8_LDSM_T")
	// 8 rows of 16 chunks: 128 vectors, 4 instructions of 4 phases.
	if len(r.Instructions) != 4 || r.Degree != 1 || r.Wavefronts != 16 {
		t.Errorf("S<3,3,4>: %d instructions, degree %d, %d wavefronts; want 4, 1, 16",
			len(r.Instructions), r.Degree, r.Wavefronts)
	}
	sw333, _ := layout.NewSwizzle(3, 3, 3)
	r = analyzeAtom(t, Tile{Swizzle: sw333, L: inner}, "f16", "ldmatrix.x4.trans")
	if r.Degree != 2 || r.Wavefronts != 32 {
		t.Errorf("S<3,3,3>: degree %d, %d wavefronts; want 2 and 32", r.Degree, r.Wavefronts)
	}
	// Without a swizzle all 8 rows of a matrix share their 4 banks: 8-way.
	r = analyzeAtom(t, TileOf(inner), "f16", "ldmatrix.x4.trans")
	if r.Degree != 8 || r.Wavefronts != 128 {
		t.Errorf("no swizzle: degree %d, %d wavefronts; want 8 and 128", r.Degree, r.Wavefronts)
	}
}
