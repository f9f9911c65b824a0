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
