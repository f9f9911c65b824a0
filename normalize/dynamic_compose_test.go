package normalize

import (
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The conditions composition and the operations built on it state on
// their ? (docs/dialect.md, "The rule for dynamic values"): the stride and
// shape divisibility conditions of the CuTe paper (§3.3.2, eq. 20 and 21)
// that the static fold checks on every instance. Each case names static
// instances of its call, an assignment of its ?1, ?2, ...: the expected
// verdict of each is the static algebra's on that instance (an error with
// the paper's code, E0400 for eq. 20, E0401 for eq. 21, E0402 for a tile
// whose modes do not nest, or a result), and a stated condition must fail
// exactly where the instance is an error.
func TestDynamicCompositionConditions(t *testing.T) {
	type instance struct {
		values []int64 // ?1, ?2, ...
		code   string  // the static instance's error code, "" for a result
	}
	cases := []struct {
		dyn       string
		conds     []string // the derived conditions (the assumed ones aside)
		instances []instance
	}{
		// A = (8,2):(1,128) with B = 64:6: 6 and the prefix product 8 do
		// not divide one another (eq. 20); with B = 64:8 the result is
		// 64:128. The fold over ? states nothing of its own (it keeps ?
		// wherever a step depends on one).
		{"composition(((?,?)):((1,?{div=64})), ((?{div=64})):((?{div=2})))",
			[]string{"?1 | ?5 or ?5 | ?1", "?1 | ?4*?5 or ?4*?5 | ?1"},
			[]instance{{[]int64{8, 2, 128, 64, 6}, "E0400"}, {[]int64{8, 2, 128, 64, 8}, ""}, {[]int64{16, 4, 64, 64, 2}, ""}}},
		// A static stride 6 below the prefix product 8 that it does not
		// divide: right only while B stays below 8 (0 and 6 for two
		// elements, the paper's (s-1)·d < 8); three elements reach 12.
		{"composition((8,?):(1,?), ?:6)", []string{"8 >= 6*?3"},
			[]instance{{[]int64{2, 100, 1}, ""}, {[]int64{2, 100, 3}, "E0400"}}},
		// The tile's complement sorts its modes by stride: 8:1 covers 8
		// offsets, past the stride 4 of the next mode (not injective).
		{"logical_divide(16:1, (?,2):(1,4))", []string{"4 >= ?1"},
			[]instance{{[]int64{8}, "E0402"}, {[]int64{4}, ""}, {[]int64{2}, ""}}},
		// Eq. 20 between the divide's tile and the prefix product 16.
		{"zipped_divide((16,?):(1,?), (?,2):(1,4))", []string{"4 >= ?3", "16 | ?3 or ?3 | 16"},
			[]instance{{[]int64{4, 256, 4}, ""}, {[]int64{4, 256, 8}, "E0402"}}},
		// tile_to_shape((4):(3), (64)) composes the complement (3,?):(1,12)
		// of the block with the 16 repetitions: 3 does not divide 16
		// (eq. 21); with 8·6 = 48 elements, 12 repetitions.
		{"tile_to_shape((?{div=4}):(3), ((8,?)))", []string{"3*?1 | 8*?2 or 8*?2 | 3*?1", "?1 | 8*?2"},
			[]instance{{[]int64{4, 8}, "E0401"}, {[]int64{4, 6}, ""}}},
		// A compact block has no gap: no condition.
		{"tile_to_shape((8,64):(64,1), (?,?))", nil,
			[]instance{{[]int64{16, 128}, ""}, {[]int64{24, 192}, ""}}},
		// local_tile states the divide's conditions too; here its
		// symbolic form decides every step under 6 | ?1 (sufficient: the
		// tile 2:3 and its complement's stride 6 inside the first mode).
		{"local_tile((?,4):(1,?), 2:3, (1,0))", []string{"6 | ?1"},
			[]instance{{[]int64{6, 64}, ""}, {[]int64{4, 64}, "E0400"}}},
	}
	for _, c := range cases {
		v, obl, diags := evalText(c.dyn)
		require.Nil(t, diags, c.dyn)
		conds := conditionTexts(obl, false)
		assert.Equal(t, c.conds, conds, "%s = %s", c.dyn, v)
		tmpl, _ := holes(c.dyn)
		for _, in := range c.instances {
			values := map[string]int64{}
			var b strings.Builder
			k := 0
			for _, part := range strings.SplitAfter(tmpl, hole) {
				p, ok := strings.CutSuffix(part, hole)
				b.WriteString(p)
				if ok {
					values["?"+strconv.Itoa(k+1)] = in.values[k]
					b.WriteString(strconv.FormatInt(in.values[k], 10))
					k++
				}
			}
			_, _, serr := evalText(b.String())
			code := ""
			if serr != nil {
				code = string(serr[0].Code)
			}
			assert.Equal(t, in.code, code, "%s: %v", b.String(), serr)
			broken := false
			for _, o := range obl {
				if holds, ok := o.Holds(values); ok && !holds && !o.Assumed {
					broken = true
				}
			}
			assert.Equal(t, in.code != "", broken, "%s: the conditions %q on %v", c.dyn, conds, values)
		}
	}
}

// local_tile pads a tuple coordinate to the rank of the rest mode of
// zipped_divide, whose complement the static algebra coalesces into one
// mode: the instance local_tile((16,(2,8,3)):(4,(2,8,5)), (8,1):(2,4),
// (2)) is {8} o (8,1,(2,8,3)):(8,5,(2,8,5)), three top-level modes (the
// static algebra's; CuTe's inner_partition appends _ to the coordinate).
// The dynamic call had six, one for each mode of the cotarget.
func TestDynamicLocalTileRank(t *testing.T) {
	dyn := "local_tile((?{div=16},(?,?{div=8},?)):(4,(2,?{div=4},?)), (8,1):(?,?), (2))"
	v, _, diags := evalText(dyn)
	require.Nil(t, diags)
	sv, _, sdiags := evalText("local_tile((16,(2,8,3)):(4,(2,8,5)), (8,1):(2,4), (2))")
	require.Nil(t, sdiags)
	require.Equal(t, "{8} o (8,1,(2,8,3)):(8,5,(2,8,5))", sv.String())
	d, s := v.(Accessor), sv.(Accessor)
	assert.Equal(t, s.L.Rank(), d.L.Rank(), "%s = %s", dyn, v)
}
