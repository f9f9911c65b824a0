package layout

import "testing"

// The documented deviations from the dialect (deviations.go), with the
// dialect's results quoted in docs/dialect.md.
func TestDialectDeviation(t *testing.T) {
	for _, tc := range []struct {
		op, r, d string
		want     Deviation
		ok       bool
	}{
		// CuTe DSL's IR: raked_product((16,8):(1,16), (8,1):(1,0)) is
		// ((8,16),8):((128,1),16); CuTe C++ keeps the mode (1,8):(0,16).
		{"raked_product", "((8,16),(1,8)):((128,1),(0,16))", "((8,16),8):((128,1),16)", DeviationRakedCoalesce, true},
		{"coalesce", "1:2", "1:0", DeviationUnitStride, true},
		{"complement", "(10,1):(8,0)", "(10,1):(8,80)", DeviationUnitStride, true},
		{"coalesce", "1:0", "():()", DeviationEmptyCoalesce, true},
		{"complement", "2:4", "(2,1):(4,20)", DeviationUnitStride, true},
		{"complement", "2:4", "(2,2):(4,20)", "", false},
		// Not deviations: another extent, a stride of an extent-2 mode, a
		// coalesce of a mode that is not raked_product's.
		{"coalesce", "(2,1):(1,0)", "(2,1):(2,0)", "", false},
		{"logical_product", "((8,16),(1,8)):((128,1),(0,16))", "((8,16),8):((128,1),16)", "", false},
		{"coalesce", "4:1", "4:1", "", false},
	} {
		got, ok := DialectDeviation(tc.op, L(t, tc.r), L(t, tc.d))
		if got != tc.want || ok != tc.ok {
			t.Errorf("DialectDeviation(%s, %s, %s) = %q, %v; want %q, %v", tc.op, tc.r, tc.d, got, ok, tc.want, tc.ok)
		}
	}
}
