package layout

import "testing"

// Regressions found by the property tests (rapid), each a named test. A
// failure rapid saves under testdata/rapid/ is not replayed by go test:
// turn it into a test here and delete the file (docs/testing.md).

// TestRegressionDivideFastPathShapeDivisibility: rapid's
// TestPropertyDivideFastPath found that the integer fast path of
// logical_divide returned a layout where the definition fails. By hand:
// logical_divide((2,1):(0,1), 3:1) = A ∘ (3:1, complement(3:1, 2)), and
// complement(3:1, 2) is 1:0 (3 already covers 2), so A is composed with
// (3,1):(1,0). A coalesces to the single mode 2:0 (its extent-1 mode drops
// out), and a tile of 3 over a mode of 2 breaks shape divisibility (the
// paper's eq. 21: neither 2 nor 3 divides the other): E0401.
func TestRegressionDivideFastPathShapeDivisibility(t *testing.T) {
	a, tile := L(t, "(2,1):(0,1)"), L(t, "3:1")
	_, err := LogicalDivide(a, TileLayout(tile))
	wantCode(t, "logical_divide((2,1):(0,1), 3:1)", err, CodeShapeDivisibility)
	rest, err := ComplementTo(tile, Coalesce(a).shape)
	wantLayout(t, "complement(3:1, 2)", rest, err, "1:0")
	_, err = Compose(a, Concat(tile, rest))
	wantCode(t, "the definition", err, CodeShapeDivisibility)
}

// TestRegressionSymbolicDivideUnderscoreTile: the replay test of the
// derivations found that the symbolic tiled_divide and flat_divide went on
// to unpack the result of a tile_unzip that had failed, and panicked (index
// out of range). CuTe's zip2_by (cute/algorithm/tuple_algorithms.hpp) takes
// a guide mode only as a tuple of rank 2 or a terminal over a rank-2 mode,
// so a `_` mode of the tiler over an undivided mode cannot be gathered: the
// static divide reports E0302, and the symbolic one must do the same.
func TestRegressionSymbolicDivideUnderscoreTile(t *testing.T) {
	a := MustNew(Tuple(symbol("M", 0), symbol("N", 0), Int(2)), Tuple(Int(32), symbol("M", 0), Int(1)))
	tile := TileTuple(TileUnderscore(), TileInt(3))
	for name, f := range map[string]func(Layout, Tiler) (symResult, error){
		"tiled_divide": symTiledDivide, "flat_divide": symFlatDivide, "zipped_divide": symZippedDivide,
	} {
		_, err := f(a, tile)
		wantCode(t, name, err, CodeTilerMismatch)
	}
	_, err := FlatDivide(MustNew(Ints(4, 6, 2), Ints(32, 4, 1)), tile)
	wantCode(t, "static flat_divide", err, CodeTilerMismatch)
}
