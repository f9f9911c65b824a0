package banks

import (
	"testing"

	"github.com/cutec/cutec/layout"
)

func mustLayout(t *testing.T, shape, stride layout.IntTuple) layout.Layout {
	t.Helper()
	l, err := layout.New(shape, stride)
	if err != nil {
		t.Fatal(err)
	}
	return l
}

func mustElem(t *testing.T, name string) Elem {
	t.Helper()
	e, err := LookupElem(name)
	if err != nil {
		t.Fatal(err)
	}
	return e
}

func analyzeAtom(t *testing.T, tile Tile, elem, atom string) *Report {
	t.Helper()
	a, err := LookupAtom(atom)
	if err != nil {
		t.Fatal(err)
	}
	e := mustElem(t, elem)
	acc, err := a.Access(tile, e)
	if err != nil {
		t.Fatal(err)
	}
	r, err := Analyze(tile, e, acc)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// byColumn is the access of a 32x32 tile read one column per instruction:
// thread t reads row t, value v is column v. The tile's index is
// row + 32*column, so TV = (32,32):(1,32).
var byColumn = layout.MustNew(layout.Ints(32, 32), layout.Ints(1, 32))

// TestColumnReadFacts reproduces the public facts about reading a column of
// a 32x32 f32 tile with 32-bit loads (the CUDA C++ Programming Guide's
// shared-memory examples; the padding and swizzle table of NVlabs/cuda-oxide
// PR #544). By hand, thread t's word is at t*stride + c, in bank
// (t*stride + c) mod 32: stride 32 and 64 put every thread in one bank
// (32-way), 16 puts them in 2 banks (16-way), 33 in 32 banks (1-way).
// S<B,0,5> XORs the B low bits of the row into the column: B = 5 spreads the
// 32 rows over 32 banks, B = 3 over 8 (4-way), B = 2 over 4 (8-way).
func TestColumnReadFacts(t *testing.T) {
	f32 := mustElem(t, "f32")
	acc, err := NewAccess(byColumn, 32)
	if err != nil {
		t.Fatal(err)
	}
	rowMajor := func(stride int64) layout.Layout {
		return mustLayout(t, layout.Ints(32, 32), layout.Ints(stride, 1))
	}
	sw := func(b, m, s int) layout.Swizzle {
		x, err := layout.NewSwizzle(b, m, s)
		if err != nil {
			t.Fatal(err)
		}
		return x
	}
	cases := []struct {
		name string
		tile Tile
		want int
	}{
		{"row stride 32", TileOf(rowMajor(32)), 32},
		{"padded to 33", TileOf(rowMajor(33)), 1},
		{"row stride 16", TileOf(rowMajor(16)), 16},
		{"row stride 64", TileOf(rowMajor(64)), 32},
		{"S<5,0,5>", Tile{Swizzle: sw(5, 0, 5), L: rowMajor(32)}, 1},
		{"S<3,0,5>", Tile{Swizzle: sw(3, 0, 5), L: rowMajor(32)}, 4},
		{"S<2,0,5>", Tile{Swizzle: sw(2, 0, 5), L: rowMajor(32)}, 8},
	}
	for _, c := range cases {
		r, err := Analyze(c.tile, f32, acc)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if r.Degree != c.want {
			t.Errorf("%s: degree %d, want %d", c.name, r.Degree, c.want)
		}
		// Every column is read the same way: 32 instructions of one phase,
		// each taking `want` wavefronts.
		if len(r.Instructions) != 32 || r.Ideal != 32 || r.Wavefronts != 32*c.want {
			t.Errorf("%s: %d instructions, %d wavefronts (ideal %d), want 32, %d (32)",
				c.name, len(r.Instructions), r.Wavefronts, r.Ideal, 32*c.want)
		}
	}
}

// TestSM80KMajorAtom: CuTe's SM80 K-major 16-bit shared-memory atom
// S<3,3,3> o 0 o (8,64):(64,1) (sm80 GEMM examples of CUTLASS) is built so
// that ldmatrix reads it without conflicts. By hand: row r (0..7), 16-byte
// chunk c of a row is at byte 128r + 16(c XOR r), in banks 4(c XOR r) ..
// +3 mod 32, distinct for the 8 rows of a matrix. Without the swizzle the 8
// rows of a matrix sit 128 bytes apart, all in banks 4c..4c+3: 8-way, and an
// x4 instruction takes 4*8 = 32 wavefronts instead of 4.
func TestSM80KMajorAtom(t *testing.T) {
	inner := mustLayout(t, layout.Ints(8, 64), layout.Ints(64, 1))
	sw, _ := layout.NewSwizzle(3, 3, 3)
	r := analyzeAtom(t, Tile{Swizzle: sw, L: inner}, "f16", "ldmatrix.x4")
	if r.Degree != 1 || r.Wavefronts != r.Ideal {
		t.Errorf("swizzled: degree %d, %d wavefronts (ideal %d), want conflict-free", r.Degree, r.Wavefronts, r.Ideal)
	}
	// 8 rows of 64 halves are 64 vectors of 8; x4 takes 32 a time.
	if len(r.Instructions) != 2 || r.Ideal != 8 {
		t.Errorf("swizzled: %d instructions, ideal %d, want 2 and 8", len(r.Instructions), r.Ideal)
	}
	r = analyzeAtom(t, TileOf(inner), "f16", "ldmatrix.x4")
	if r.Degree != 8 || r.Wavefronts != 64 {
		t.Errorf("plain: degree %d, %d wavefronts, want 8 and 64", r.Degree, r.Wavefronts)
	}
	// The .trans form reads the same rows.
	rt := analyzeAtom(t, TileOf(inner), "f16", "SM75_U16x8_LDSM_T")
	if rt.Degree != 8 || rt.Wavefronts != 64 {
		t.Errorf("plain, trans: degree %d, %d wavefronts, want 8 and 64", rt.Degree, rt.Wavefronts)
	}
}

// TestElementSwizzle: Hopper's 128-byte swizzle S<3,4,3> on byte addresses
// (CuTe's Layout_K_SW128_Atom) is S<3,3,3> on f16 offsets (XOR bits 7-9 of
// the byte address into bits 4-6 = bits 6-8 of the element offset into bits
// 3-5), S<3,2,3> on f32, S<3,4,3> on i8; on f64 (8 bytes) M = 4 becomes 1.
func TestElementSwizzle(t *testing.T) {
	sw, _ := layout.NewSwizzle(3, 4, 3)
	for elem, m := range map[string]int{"f16": 3, "f32": 2, "i8": 4, "f64": 1} {
		got, err := ElementSwizzle(sw, mustElem(t, elem))
		if err != nil || got.B != 3 || got.M != m || got.S != 3 {
			t.Errorf("%s: %v, %v; want S<3,%d,3>", elem, got, err, m)
		}
	}
	small, _ := layout.NewSwizzle(2, 0, 3)
	if _, err := ElementSwizzle(small, mustElem(t, "f16")); err == nil {
		t.Error("S<2,0,3> on bytes was recast to f16 elements")
	}
	if _, err := ElementSwizzle(sw, mustElem(t, "f4")); err == nil {
		t.Error("a byte swizzle was recast to 4-bit elements")
	}
}
