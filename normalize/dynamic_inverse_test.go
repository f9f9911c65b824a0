package normalize

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Named examples of the dynamic right_inverse, max_common_layout,
// max_common_vector and local_partition (docs/dialect.md, "The rule for
// dynamic values"): the dynamic result, the conditions it states, and
// static instances whose expected values are the static algebra's on
// those values as CuTe C++ computes it: printed by a host program
// against the CuTe headers of the CUTLASS snapshot
// 7107b05535f8977f5ecb9d01ee203205b1fd9bc4 (2026-08-20), every extent and
// stride static (_8{}), static markers removed. An instance whose values
// violate a stated condition may differ from the dynamic result; one that
// violates none must be what the dynamic result is for those values.
func TestDynamicInverseCases(t *testing.T) {
	type instance struct {
		values map[string]int64 // the ? of the call, ?1, ?2, ... in order, and named symbols
		call   string
		want   string // CuTe C++'s print
	}
	cases := []struct {
		dyn, want string
		conds     []string
		instances []instance
	}{
		// The static coalesce merges 3:1 into 8:3 (3·1 = 3), and the chain
		// follows the run 24:1. CuTe C++ with the 8 a run-time integer
		// keeps it apart (its bw_coalesce merges a static next extent
		// only) and prints (_3,_4):(_4,_1), a smaller right inverse of this
		// layout, whose modes 4:3 and 8:3 overlap.
		{"right_inverse((4,3,?):(3,1,3))", "?{div=3}:4", []string{"?1 != 1"}, []instance{
			{map[string]int64{"?1": 8}, "right_inverse((4,3,8):(3,1,3))", "24:4"},
		}},
		// For ?1 = 2 the modes ?:1 and 16:2 are one run 32:1, which the
		// chain does not reach after the mode 2:1 it takes first.
		{"right_inverse((2,(?,16,1),(8)):(1,(1,2,?{div=2}),(12)))", "(2,16):(1,?{div=2})", []string{"?1 != 2", "?1 != 1", "?2 >= 1"}, []instance{
			{map[string]int64{"?1": 2, "?2": 6}, "right_inverse((2,(2,16,1),(8)):(1,(1,2,6),(12)))", "2:1"},
			{map[string]int64{"?1": 3, "?2": 6}, "right_inverse((2,(3,16,1),(8)):(1,(1,2,6),(12)))", "(2,16):(1,6)"},
		}},
		{"right_inverse((16,8,2):(1,16,?{div=8}))", "128:1", []string{"?1 != 128", "?1 >= 1"}, []instance{
			{map[string]int64{"?1": 128}, "right_inverse((16,8,2):(1,16,128))", "256:1"},
			{map[string]int64{"?1": 256}, "right_inverse((16,8,2):(1,16,256))", "128:1"},
		}},
		// The first mode 2:1 of the common layout takes the next mode N:2
		// in where N = 2; a's 4 elements need 2 | ?1 (eq. 21).
		{"max_common_layout((2,?,8):(1,N,-4), 4:1)", "2:1", []string{"2 | ?1", "N != 2", "?1 != 1", "N >= 1"}, []instance{
			{map[string]int64{"?1": 8, "N": 2}, "max_common_layout((2,8,8):(1,2,-4), 4:1)", "4:1"},
			{map[string]int64{"?1": 8, "N": 3}, "max_common_layout((2,8,8):(1,3,-4), 4:1)", "2:1"},
		}},
		{"max_common_vector((?,?):(1,?), (8,8):(1,8))", "64", []string{"64 | ?1", "?1 != 1", "?2 != 1", "?3 >= 1"}, []instance{
			{map[string]int64{"?1": 128, "?2": 3, "?3": 128}, "max_common_vector((128,3):(1,128), (8,8):(1,8))", "64"},
			{map[string]int64{"?1": 64, "?2": 5, "?3": 7}, "max_common_vector((64,5):(1,7), (8,8):(1,8))", "64"},
		}},
		{"max_common_vector((8,?):(1,?), (8,8):(1,8))", "8", []string{"?2 != 8", "?1 != 1", "?2 >= 1"}, []instance{
			{map[string]int64{"?1": 4, "?2": 8}, "max_common_vector((8,4):(1,8), (8,8):(1,8))", "64"},
			{map[string]int64{"?1": 4, "?2": 16}, "max_common_vector((8,4):(1,16), (8,8):(1,8))", "8"},
		}},
		{"max_common_vector((16,3):(1,?{div=2}), ?{div=64}:1)", "16", []string{"16 | ?2", "?1 != 16", "?2 != 1", "?1 >= 1"}, []instance{
			{map[string]int64{"?1": 16, "?2": 128}, "max_common_vector((16,3):(1,16), 128:1)", "128"},
			{map[string]int64{"?1": 32, "?2": 128}, "max_common_vector((16,3):(1,32), 128:1)", "16"},
		}},
		// local_partition assumes nothing of its ?: a rest extent of 1
		// keeps its mode (CuTe C++ gives it the stride 0), and the thread
		// index may be any value.
		{"local_partition((8,?):(1,8), (4,2):(2,1), 3)", "{9} o (2,?):(4,16)", []string{"2 | ?1"}, []instance{
			{map[string]int64{"?1": 16}, "local_partition((8,16):(1,8), (4,2):(2,1), 3)", "{9} o (2,8):(4,16)"},
			{map[string]int64{"?1": 2}, "local_partition((8,2):(1,8), (4,2):(2,1), 3)", "{9} o (2,1):(4,0)"},
		}},
		// With a projection, the thread layout diced first (CuTe's
		// Step<X,_1>): the threads 2:1 split the extent M.
		{"local_partition((M,16):(1,8), (4,2):(2,1), 3, (_,1))", "{1} o (M/2,16):(2,8)", []string{"2 | M"}, []instance{
			{map[string]int64{"M": 8}, "local_partition((8,16):(1,8), (4,2):(2,1), 3, (_,1))", "{1} o (4,16):(2,8)"},
			{map[string]int64{"M": 6}, "local_partition((6,16):(1,8), (4,2):(2,1), 3, (_,1))", "{1} o (3,16):(2,8)"},
		}},
		{"local_partition(((4,?),12):((32,1),128), (4,4):(4,1), ?)", "{?{div=32}} o (?,3):(1,512)", nil, []instance{
			{map[string]int64{"?1": 8, "?2": 6}, "local_partition(((4,8),12):((32,1),128), (4,4):(4,1), 6)", "{288} o (8,3):(1,512)"},
		}},
	}
	for _, c := range cases {
		v, obl, diags := evalText(c.dyn)
		require.Nil(t, diags, c.dyn)
		conds := conditionTexts(obl, true)
		assert.Equal(t, c.want, v.String(), c.dyn)
		assert.Equal(t, c.conds, conds, c.dyn)
		for _, in := range c.instances {
			sv, _, d := evalText(in.call)
			require.Nil(t, d, in.call)
			assert.Equal(t, in.want, sv.String(), in.call)
			if !violated(obl, in.values) {
				assert.True(t, holdsFor(substituted(v, in.values), sv), "%s holds for %v: %s is %s", c.dyn, in.values, in.call, sv)
			}
		}
	}
}
