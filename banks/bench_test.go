package banks

import (
	"testing"

	"github.com/cutec/cutec/layout"
)

// BenchmarkTiledCopy: the bank analysis of a tiled copy, as lint runs it on
// the IR of CuTe DSL's Ampere GEMM: the 4-warp ldmatrix.x4 copy of the
// K-major f16 operand, layout_copy_tv ((4,8,2,2),((2,2,2),(1,1))):
// ((64,1,16,0),((32,8,256),(0,0))) with tiler [32:1;16:1], over the 3-stage
// buffer S<3,3,3> o 0 o ((8,16),(64,1),(1,3)):((64,512),(1,0),(0,8192)),
// every warp (48 instructions a warp: the tiler cuts 4 x 4 x 3 tiles).
func BenchmarkTiledCopy(b *testing.B) {
	copyTV := layout.MustNew(
		layout.Tuple(layout.Ints(4, 8, 2, 2), layout.Tuple(layout.Ints(2, 2, 2), layout.Ints(1, 1))),
		layout.Tuple(layout.Ints(64, 1, 16, 0), layout.Tuple(layout.Ints(32, 8, 256), layout.Ints(0, 0))))
	tiler := layout.TileTuple(layout.TileLayout(layout.MustNew(layout.Int(32), layout.Int(1))),
		layout.TileLayout(layout.MustNew(layout.Int(16), layout.Int(1))))
	buf := layout.MustNew(
		layout.Tuple(layout.Ints(8, 16), layout.Ints(64, 1), layout.Ints(1, 3)),
		layout.Tuple(layout.Ints(64, 512), layout.Ints(1, 0), layout.Ints(0, 8192)))
	sw, _ := layout.NewSwizzle(3, 3, 3)
	tile := Tile{Swizzle: sw, L: buf}
	a, _ := LookupAtom("ldmatrix.x4")
	f16, _ := LookupElem("f16")
	b.ReportAllocs()
	for b.Loop() {
		for w := 0; w < 4; w++ {
			acc, err := TiledCopyAccess(a, copyTV, tiler, w)
			if err != nil {
				b.Fatal(err)
			}
			r, err := Analyze(tile, f16, acc)
			if err != nil || r.Degree != 1 || len(r.Instructions) != 48 {
				b.Fatalf("warp %d: %v", w, err)
			}
		}
	}
}
