package banks

import (
	"testing"

	"github.com/cutec/cutec/layout"
)

func mustTiler(t *testing.T, modes ...layout.Layout) layout.Tiler {
	t.Helper()
	ts := make([]layout.Tiler, len(modes))
	for i, m := range modes {
		ts[i] = layout.TileLayout(m)
	}
	return layout.TileTuple(ts...)
}

// TestTiledCopySM80: the tiled copy CuTe DSL prints for the A operand of its
// Ampere GEMM with ldmatrix.x4 (bf16, K-major, 4 warps), as in the IR of
// NVIDIA's CuTe DSL examples:
//
//	layout_copy_tv = ((4,8,4),((2,2,2),(1,1))):((128,1,16),((64,8,512),(0,0)))
//	tiler_mn = [64:1;16:1]
//
// read from CuTe's K-major 16-bit atom tiled to 64x64. Each ldmatrix matrix
// is 8 consecutive rows of M at one 16-byte column of K (hand derivation in
// TestSM80KMajorAtom): with S<3,3,3> conflict-free, without it 8-way.
func TestTiledCopySM80(t *testing.T) {
	copyTV := layout.MustNew(
		layout.Tuple(layout.Ints(4, 8, 4), layout.Tuple(layout.Ints(2, 2, 2), layout.Ints(1, 1))),
		layout.Tuple(layout.Ints(128, 1, 16), layout.Tuple(layout.Ints(64, 8, 512), layout.Ints(0, 0))))
	tiler := mustTiler(t, layout.MustNew(layout.Int(64), layout.Int(1)), layout.MustNew(layout.Int(16), layout.Int(1)))
	// tile_to_shape(S<3,3,3> o 0 o (8,64):(64,1), (64,64)): 8 atoms down M.
	inner := layout.MustNew(layout.Tuple(layout.Ints(8, 8), layout.Int(64)), layout.Tuple(layout.Ints(64, 512), layout.Int(1)))
	sw, _ := layout.NewSwizzle(3, 3, 3)
	a, _ := LookupAtom("ldmatrix.x4")
	bf16 := mustElem(t, "bf16")
	for w := 0; w < 4; w++ {
		acc, err := TiledCopyAccess(a, copyTV, tiler, w)
		if err != nil {
			t.Fatal(err)
		}
		r, err := Analyze(Tile{Swizzle: sw, L: inner}, bf16, acc)
		if err != nil {
			t.Fatalf("warp %d: %v", w, err)
		}
		// 64x16 tile = 1024 halves = 128 rows of 16 bytes: 4 warps x 32
		// threads, one call each; the 64x64 buffer is 4 such tiles.
		if r.Degree != 1 || len(r.Instructions) != 4 || r.Wavefronts != 16 {
			t.Errorf("warp %d swizzled: degree %d, %d instructions, %d wavefronts; want 1, 4, 16", w, r.Degree, len(r.Instructions), r.Wavefronts)
		}
		r, err = Analyze(TileOf(inner), bf16, acc)
		if err != nil {
			t.Fatal(err)
		}
		if r.Degree != 8 || r.Wavefronts != 128 {
			t.Errorf("warp %d plain: degree %d, %d wavefronts; want 8 and 128", w, r.Degree, r.Wavefronts)
		}
	}
}

// TestTiledCopyOneAtom: a one-warp tiled copy whose layout_copy_tv is the
// atom's own reference layout in f16 elements, (32,(2,4)):(2,(1,64)) (the
// DstLayout (32,(32,4)):(32,(1,1024)) of SM75_U32x4_LDSM_N in 16-bit
// units), sends source thread t's row (bits 128t..128t+127, elements
// 8t..8t+7) back to the tile indices 8t..8t+7: thread t reads vector t. On
// the tile (8,32):(1,64), vector t is at offset 64t, so the 8 threads of a
// phase are 128 bytes apart, all in banks 0-3: 8-way, 32 wavefronts. On
// 256:1 the vectors are contiguous: conflict-free.
func TestTiledCopyOneAtom(t *testing.T) {
	copyTV := layout.MustNew(layout.Tuple(layout.Int(32), layout.Ints(2, 4)), layout.Tuple(layout.Int(2), layout.Ints(1, 64)))
	whole := layout.TileLayout(layout.MustNew(layout.Int(256), layout.Int(1)))
	a, _ := LookupAtom("ldmatrix.x4")
	acc, err := TiledCopyAccess(a, copyTV, whole, 0)
	if err != nil {
		t.Fatal(err)
	}
	f16 := mustElem(t, "f16")
	r, err := Analyze(TileOf(layout.MustNew(layout.Ints(8, 32), layout.Ints(1, 64))), f16, acc)
	if err != nil {
		t.Fatal(err)
	}
	if r.Degree != 8 || r.Wavefronts != 32 || len(r.Instructions) != 1 {
		t.Errorf("strided: degree %d, %d wavefronts, %d instructions; want 8, 32, 1", r.Degree, r.Wavefronts, len(r.Instructions))
	}
	r, err = Analyze(TileOf(layout.MustNew(layout.Int(256), layout.Int(1))), f16, acc)
	if err != nil {
		t.Fatal(err)
	}
	if r.Degree != 1 || r.Wavefronts != 4 {
		t.Errorf("contiguous: degree %d, %d wavefronts; want 1 and 4", r.Degree, r.Wavefronts)
	}
	// No warp 1 in a tiled copy of 32 threads.
	acc1, _ := TiledCopyAccess(a, copyTV, whole, 1)
	if _, err := Analyze(TileOf(layout.MustNew(layout.Int(256), layout.Int(1))), f16, acc1); err == nil {
		t.Error("warp 1 of a 32-thread tiled copy was analyzed")
	}
}

// TestTiledCopy3172: the ldmatrix.x4.trans tiled copy of CuTe DSL's Ampere
// GEMM for an M-major f16 A operand (4 warps, as printed in the IR of
// NVIDIA's examples), layout_copy_tv
// ((4,8,2,2),((2,2,2),(1,1))):((64,1,16,0),((32,8,256),(0,0))), tiler
// [32:1;16:1], on the M-major atom of cutlass #3172 tiled to (128,32).
// Every matrix is 8 consecutive k at one 16-byte column of M, so the hand
// derivation of TestCutlass3172 holds: S<3,3,4> conflict-free, S<3,3,3>
// 2-way.
func TestTiledCopy3172(t *testing.T) {
	copyTV := layout.MustNew(
		layout.Tuple(layout.Ints(4, 8, 2, 2), layout.Tuple(layout.Ints(2, 2, 2), layout.Ints(1, 1))),
		layout.Tuple(layout.Ints(64, 1, 16, 0), layout.Tuple(layout.Ints(32, 8, 256), layout.Ints(0, 0))))
	tiler := mustTiler(t, layout.MustNew(layout.Int(32), layout.Int(1)), layout.MustNew(layout.Int(16), layout.Int(1)))
	// tile_to_shape(S<.> o 0 o (128,8):(1,128), (128,32)): 4 atoms along K.
	inner := layout.MustNew(layout.Tuple(layout.Int(128), layout.Ints(8, 4)), layout.Tuple(layout.Int(1), layout.Ints(128, 1024)))
	a, _ := LookupAtom("SM75_U16x8_LDSM_T")
	f16 := mustElem(t, "f16")
	for _, c := range []struct {
		s      int
		degree int
	}{{4, 1}, {3, 2}} {
		sw, _ := layout.NewSwizzle(3, 3, c.s)
		for w := 0; w < 4; w++ {
			acc, err := TiledCopyAccess(a, copyTV, tiler, w)
			if err != nil {
				t.Fatal(err)
			}
			r, err := Analyze(Tile{Swizzle: sw, L: inner}, f16, acc)
			if err != nil {
				t.Fatalf("S<3,3,%d> warp %d: %v", c.s, w, err)
			}
			if r.Degree != c.degree {
				t.Errorf("S<3,3,%d> warp %d: degree %d, want %d", c.s, w, r.Degree, c.degree)
			}
		}
	}
}
