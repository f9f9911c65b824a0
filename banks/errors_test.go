package banks

import (
	"errors"
	"strings"
	"testing"

	"github.com/cutec/cutec/diag"
	"github.com/cutec/cutec/layout"
)

func TestAccessErrors(t *testing.T) {
	tile := TileOf(layout.MustNew(layout.Ints(8, 64), layout.Ints(64, 1)))
	f16 := Elem{"f16", 16}
	cases := []struct {
		name string
		tv   layout.Layout
		w    int
		want string
	}{
		// Thread t reads index 8t..8t+7: down mode 0, stride 64 in memory.
		{"not contiguous", layout.MustNew(layout.Ints(32, 8), layout.Ints(8, 1)), 128, "not contiguous"},
		// Index 1 is the offset 64... values along mode 1 start at odd offsets.
		{"misaligned", layout.MustNew(layout.Ints(32, 2), layout.Ints(8, 8)), 32, "not aligned"},
		{"outside", layout.MustNew(layout.Ints(32, 1), layout.Ints(100, 1)), 16, "outside the tile"},
		{"too many threads", layout.MustNew(layout.Ints(2048, 1), layout.Ints(1, 1)), 16, "more than 1024"},
		{"odd values", layout.MustNew(layout.Ints(32, 3), layout.Ints(1, 8)), 32, "not a multiple"},
	}
	for _, c := range cases {
		acc, err := NewAccess(c.tv, c.w)
		if err == nil {
			_, err = Analyze(tile, f16, acc)
		}
		var be *Error
		if !errors.As(err, &be) || be.Code != diag.BankAccessInvalid || !strings.Contains(be.Msg, c.want) {
			t.Errorf("%s: got %v, want E0908 containing %q", c.name, err, c.want)
		}
	}
	if _, err := NewAccess(layout.MustNew(layout.Ints(32, 1), layout.Ints(1, 1)), 48); err == nil {
		t.Error("a 48-bit access was accepted")
	}
	if _, err := (Atom{Name: "x", WidthBits: 32, Threads: 32}).Access(tile, Elem{"f64", 64}); err == nil {
		t.Error("a 32-bit access of f64 elements was accepted")
	}
}

func TestLookups(t *testing.T) {
	for name, bits := range map[string]int{"f16": 16, "BF16": 16, "f8E4M3FN": 8, "f64": 64, "half_t": 16, "i8": 8, "e5m2": 8} {
		e, err := LookupElem(name)
		if err != nil || e.Bits != bits {
			t.Errorf("%s: %v, %v; want %d bits", name, e, err, bits)
		}
	}
	for name, want := range map[string]string{
		"ldmatrix.x4": "ldmatrix.x4", "ldmatrix_x4_trans": "ldmatrix.x4.trans", "SM75_U32x4_LDSM_N": "ldmatrix.x4",
		"SM75_U16x8_LDSM_T": "ldmatrix.x4.trans", "SM90_U32x4_STSM_N": "stmatrix.x4", "cp_async_16": "cp.async.16",
		"lds128": "ld.shared.b128", "UniversalCopy<uint128_t>": "ld.shared.b128",
		// CuTe C++'s Copy_Atom<OP, T> (the element type is given apart)
		// and the SASS names LDSM/STSM that profiles print.
		"Copy_Atom<SM75_U32x4_LDSM_N, half_t>": "ldmatrix.x4", "cute::Copy_Atom<cute::SM75_U16x8_LDSM_T,half_t>{}": "ldmatrix.x4.trans",
		"ldsm.x4": "ldmatrix.x4", "LDSM.x2.T": "ldmatrix.x2.trans", "stsm.x4": "stmatrix.x4",
		"SM80_CP_ASYNC_CACHEGLOBAL<cute::uint128_t>":                    "cp.async.cg.16",
		"Copy_Atom<SM80_CP_ASYNC_CACHEGLOBAL<cute::uint128_t>, half_t>": "cp.async.cg.16",
	} {
		a, err := LookupAtom(name)
		if err != nil || a.Name != want {
			t.Errorf("%s: %v, %v; want %s", name, a.Name, err, want)
		}
	}
	_, err := LookupAtom("ldmatrix.x8")
	var be *Error
	if !errors.As(err, &be) || be.Code != diag.BankUnknownName || !strings.Contains(be.Msg, "did you mean") {
		t.Errorf("ldmatrix.x8: %v, want E0909 with a suggestion", err)
	}
	_, err = LookupAtom("SM90_TMA_LOAD")
	if !errors.As(err, &be) || be.Code != diag.BankUnknownName || !strings.Contains(be.Msg, "box") {
		t.Errorf("SM90_TMA_LOAD: %v, want E0909 saying a TMA copy has no bank phases", err)
	}
	_, err = LookupElem("f17")
	if !errors.As(err, &be) || be.Code != diag.BankUnknownName || !strings.Contains(be.Msg, "f16") {
		t.Errorf("f17: %v, want E0909 suggesting f16", err)
	}
}

// TestPhases pins the model's phase sizes (CUDA C++ Programming Guide:
// 64-bit accesses in two half-warp phases, 128-bit in four quarter-warp
// phases).
func TestPhases(t *testing.T) {
	for w, want := range map[int]int{8: 32, 16: 32, 32: 32, 64: 16, 128: 8} {
		if got := PhaseThreads(w); got != want {
			t.Errorf("PhaseThreads(%d) = %d, want %d", w, got, want)
		}
	}
}

// TestBroadcast: 32 threads reading the same word take one wavefront
// (broadcast), and 32 threads reading the two halves of 16 words take one
// too.
func TestBroadcast(t *testing.T) {
	tile := TileOf(layout.MustNew(layout.Ints(64), layout.Ints(1)))
	same, _ := NewAccess(layout.MustNew(layout.Ints(32, 1), layout.Ints(0, 1)), 32)
	r, err := Analyze(tile, Elem{"f32", 32}, same)
	if err != nil || r.Degree != 1 || r.Wavefronts != 1 {
		t.Fatalf("broadcast: %+v, %v", r, err)
	}
	halves, _ := NewAccess(layout.MustNew(layout.Ints(32, 1), layout.Ints(1, 1)), 16)
	r, err = Analyze(tile, Elem{"f16", 16}, halves)
	if err != nil || r.Degree != 1 || r.Instructions[0].Phases[0].Words != 16 {
		t.Fatalf("halves: %+v, %v", r, err)
	}
}
