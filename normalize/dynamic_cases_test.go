package normalize

import (
	"slices"
	"strings"
	"testing"
)

// The cases that were wrong, each with its dynamic result and the static
// instances that judge it. The static values are pycute's (python/pycute
// at CUTLASS 7107b05) or follow CuTe C++'s source at the same commit,
// named per case; cutec's static algebra gives the same.
func TestDynamicCases(t *testing.T) {
	cases := []struct {
		dyn, want string   // the dynamic call and its result
		conds     []string // the conditions stated on it
		instances []string // static instances: call = result
	}{
		// pycute: logical_product(Layout((3,4),(4,1)), Layout((2,2),(1,2)))
		// is ((3,4),(2,2)):((4,1),(12,24)); the dynamic stride gave 0. The
		// product, derived as (A, complement(A) ∘ B), holds for 0 too.
		{"logical_product((3,4):(4,1),(2,2):(1,?))", "((3,4),(2,2)):((4,1),(12,?{div=12}))", nil,
			[]string{"logical_product((3,4):(4,1),(2,2):(1,2)) = ((3,4),(2,2)):((4,1),(12,24))",
				"logical_product((3,4):(4,1),(2,2):(1,0)) = ((3,4),(2,2)):((4,1),(12,0))"}},
		// CuTe's max_common_vector: the coalesced first mode of
		// composition(a, right_inverse(b)); 32 | 64 | ?1 makes it 32 for
		// every value (it gave 0).
		{"max_common_vector((?{div=64},4):(1,?), 32:1)", "32", []string{"32 | ?1", "?1 != 1", "?2 >= 1"},
			[]string{"max_common_vector((64,4):(1,64), 32:1) = 32", "max_common_vector((128,4):(1,1024), 32:1) = 32"}},
		// CuTe C++'s right_inverse (cute/layout.hpp) drops dynamic strides;
		// pycute gives 256:1 for the stride 128, where the chain goes on
		// (a multiple of 8 is never the stride 1 the chain also looks for).
		{"right_inverse((16,8,2):(1,16,?{div=8}))", "128:1", []string{"?1 != 128", "?1 >= 1"},
			[]string{"right_inverse((16,8,2):(1,16,128)) = 256:1", "right_inverse((16,8,2):(1,16,256)) = 128:1"}},
		// shape_div((240,32),(2,3)) fails: 3 does not divide 32. CuTe's
		// shape_div (cute/int_tuple.hpp) needs one of a pair to divide the
		// other, and a divisor that is a multiple of the dividend gives 1:
		// shape_div((1,3),(2,3)) is (1,1).
		{"shape_div((?,?),(2,3))", "(?,?)", []string{"2 | ?1 or ?1 | 2", "3 | ?2 or ?2 | 3"},
			[]string{"shape_div((1,3),(2,3)) = (1,1)", "shape_div((4,9),(2,3)) = (2,3)"}},
		// A tuple by an integer: the divisor left after each mode.
		{"shape_div((4,?), 8)", "(1,?)", []string{"2 | ?1 or ?1 | 2"}, []string{"shape_div((4,6), 8) = (1,3)"}},
		// CuTe's recast (cute/layout.hpp, upcast): "Assume dynamic strides
		// are larger than N and divisible"; downcast widens the stride-1
		// mode: a stride of 1 gives 4:1, and a layout with no stride 1 is
		// an error in cutec's static downcast, so the one dynamic stride of
		// ?:? must be ±1 and its mode widens (it gave ?:?{div=4}, right
		// for no value).
		{"recast_layout(32, 8, ?:?)", "?{div=4}:?", []string{"1 >= ?2", "?2 >= -1", "?2 != 0"},
			[]string{"recast_layout(32, 8, 1:1) = 4:1", "recast_layout(32, 8, 3:-1) = 12:-1"}},
		{"recast_layout(8, 32, (8,?):(1,?))", "(2,?):(1,?)", []string{"4 | ?2"}, nil},
		// downcast with a static stride 1 scales a dynamic stride, unless
		// it is ±1 too (CuTe's downcast, cute/layout.hpp).
		{"downcast((4,?):(1,?), 2)", "(8,?):(1,?{div=2})", []string{"?2 != 1", "?2 != -1"},
			[]string{"downcast((4,3):(1,8), 2) = (8,3):(1,16)", "downcast((4,3):(1,-1), 2) = (8,6):(1,-1)"}},
		// upcast of a dynamic extent with the stride 1 divides it by n
		// (shape_div; cute/layout.hpp upcast).
		{"upcast(?:1, 8)", "?:1", []string{"8 | ?1"}, []string{"upcast(16:1, 8) = 2:1"}},
		// CuTe's compact_order ranks dynamic strides above the static ones
		// and by position: with the strides (16,4) the result is (5,5):(5,1).
		{"make_layout_like((?,?):(?,?))", "(?,?):(1,?)", []string{"?3 >= 1", "?4 >= 1", "?4 >= ?3", "?4 != ?3", "?1 != 1", "?2 != 1"},
			[]string{"make_layout_like((5,5):(16,4)) = (5,5):(5,1)"}},
		// pycute: complement(Layout(1,3)) is 1:0, complement(Layout(4,3))
		// is 3:1: without a cotarget, the cosize 3M-2 is covered by 3M, so
		// no rest mode is left for any M (it gave (3,?):(1,?{div=3})).
		{"complement(?:3)", "3:1", []string{"?1 != 1"}, []string{"complement(1:3) = 1:0", "complement(4:3) = 3:1"}},
		// pycute: complement(Layout(3,1), 12) is 4:3; the stride 1 leaves
		// no gap, a stride below 2 no mode before the rest.
		{"complement((3):(?), 12)", "(?,?):(1,?{div=3})", []string{"?1 >= 2", "12 >= 3*?1", "12 != 3*?1"},
			[]string{"complement((3):(1), 12) = 4:3", "complement((3):(2), 12) = (2,2):(1,6)"}},
		// pycute: zipped_divide(100:1, 32) is (32,4):(1,32): a partial tile.
		{"zipped_divide(M:1, 32)", "(32,M/32):(1,32)", []string{"32 | M"}, []string{"zipped_divide(100:1, 32) = (32,4):(1,32)"}},
	}
	for _, c := range cases {
		v, obl, diags := evalText(c.dyn)
		if diags != nil {
			t.Errorf("%s: %v", c.dyn, diags)
			continue
		}
		conds := conditionTexts(obl, true)
		if v.String() != c.want || !slices.Equal(conds, c.conds) {
			t.Errorf("%s = %s %q, want %s %q", c.dyn, v, conds, c.want, c.conds)
		}
		for _, inst := range c.instances {
			call, want, _ := strings.Cut(inst, " = ")
			sv, _, d := evalText(call)
			if d != nil || sv.String() != want {
				t.Errorf("%s = %v (%v), want %s", call, sv, d, want)
			}
		}
	}
}
