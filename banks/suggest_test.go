package banks

import (
	"testing"

	"github.com/cutec/cutec/layout"
)

// TestSuggestSM80: for the unswizzled K-major (8,64):(64,1) f16 tile read by
// ldmatrix.x4, the smallest conflict-free swizzle must spread the 8 rows of
// a matrix (bits 6-8 of the offset) over the 8 16-byte chunks of a 128-byte
// line (bits 3-5): B = 3 bits are needed (8 rows, 8 chunks), and S<3,3,3>,
// CuTe's own choice, touches no bit above 8, the lowest top bit possible.
func TestSuggestSM80(t *testing.T) {
	tile := TileOf(layout.MustNew(layout.Ints(8, 64), layout.Ints(64, 1)))
	e := mustElem(t, "f16")
	a, _ := LookupAtom("ldmatrix.x4")
	acc, err := a.Access(tile, e)
	if err != nil {
		t.Fatal(err)
	}
	free, best, err := Suggest(tile, e, acc)
	if err != nil {
		t.Fatal(err)
	}
	if len(free) == 0 || best.Text != "S<3,3,3>" {
		t.Fatalf("best %v of %d free, want S<3,3,3>", best, len(free))
	}
	for _, c := range free {
		if c.Swizzle.B < 3 {
			t.Errorf("%s is conflict-free with fewer than 3 bits", c.Text)
		}
		if c.Swizzle.M < 3 {
			t.Errorf("%s breaks the 8-element vectors yet was kept", c.Text)
		}
	}
}

// TestSuggestColumn: the 32x32 f32 tile read by column needs all 5 bits of
// the row (32 rows over 32 banks) XORed into the 5 bits of the column:
// S<5,0,5>.
func TestSuggestColumn(t *testing.T) {
	tile := TileOf(layout.MustNew(layout.Ints(32, 32), layout.Ints(32, 1)))
	acc, _ := NewAccess(byColumn, 32)
	_, best, err := Suggest(tile, mustElem(t, "f32"), acc)
	if err != nil {
		t.Fatal(err)
	}
	if best.Text != "S<5,0,5>" || best.Degree != 1 {
		t.Fatalf("best %+v, want S<5,0,5> conflict-free", best)
	}
}

// TestSuggestBounded: a tile too large to search is an E0908 error at once,
// not a search of minutes.
func TestSuggestBounded(t *testing.T) {
	tile := TileOf(layout.MustNew(layout.Ints(1024, 1024), layout.Ints(1024, 1)))
	acc, _ := NewAccess(layout.MustNew(layout.Ints(32, 1), layout.Ints(1, 1)), 32)
	_, _, err := Suggest(tile, Elem{"f32", 32}, acc)
	if err == nil {
		t.Fatal("a search over a 2^20-element tile was accepted")
	}
}
