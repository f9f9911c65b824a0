package normalize

import (
	"fmt"
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
		{"local_tile((?,4):(1,?), 2:3, 1)", []string{"6 | ?1"},
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

// A tuple coordinate of local_tile names modes of the rest of the divide,
// and where the tiler is one layout the values decide those modes, so the
// dynamic call is refused (E0700) rather than given one of the answers.
// pycute (CUTLASS python/pycute, snapshot 7107b05) on the two instances:
// zipped_divide((6,4):(1,5), 2:3) is (2,(3,4)):(3,(1,5)), where the rest's
// coordinate (1,1) is the offset 6; zipped_divide((12,4):(1,5), 2:3) is
// (2,(3,(2,4))):(3,(1,(6,5))), where it is 7: 1 + ?2 in one, 1 + 6 in the
// other. An integer coordinate (the tile counted in the rest as one
// range) and a tiler by mode keep their meaning and are answered.
func TestDynamicLocalTileTupleCoordinate(t *testing.T) {
	for _, c := range []struct{ src, want string }{
		{"local_tile((6,4):(1,5), 2:3, (1,1))", "{6} o (2):(3)"},
		{"local_tile((12,4):(1,5), 2:3, (1,1))", "{7} o (2):(3)"},
	} {
		v, _, diags := evalText(c.src)
		require.Nil(t, diags, c.src)
		assert.Equal(t, c.want, v.String(), c.src)
	}
	_, _, diags := evalText("local_tile((?,4):(1,?), 2:3, (1,1))")
	require.Len(t, diags, 1)
	assert.Equal(t, "E0700", string(diags[0].Code))
	assert.Contains(t, diags[0].Message, "tile by mode")
	// A tuple component indexes a mode of the rest the values factor.
	_, _, diags = evalText("local_tile((M,N):(1,M), (128,64), ((2,1),0))")
	require.Len(t, diags, 1)
	assert.Equal(t, "E0700", string(diags[0].Code))

	v, obl, diags := evalText("local_tile((M,N):(1,M), (128,64), (3,?))")
	require.Nil(t, diags)
	assert.Equal(t, "{?{div=64}} o (128,64):(1,M)", v.String())
	// Past the tiles of the rest the offset is the rest's function
	// extended beyond its domain, which the factoring decides: each
	// coordinate is stated to lie inside its mode (0 always does), a
	// partial last tile counted: the tile 3 of 128 rows needs M > 384.
	assert.Equal(t, []string{"128 | M", "64 | N", "M >= 385", "N >= 64*?1", "N != 64*?1"}, conditionTexts(obl, false))

	// The same where the symbolic form does not compute (basis strides):
	// the GEMM's local_tile of the dialect's tests at the block (5,3). CuTe
	// C++ (snapshot 7107b05, compiled on the host: local_tile of a counting
	// tensor (M,8192):(1@1,1@0) by (256,256,64) at (5,3,_) with
	// Step<_1,X,_1>) prints ArithTuple(0,0) o (_256,_64,_128):(_1@1,_1@0,_64@0)
	// for M = 256, where the rest has one tile, and ArithTuple(0,1280) o
	// ... for M = 512.
	const gemm = "local_tile(%s, [256:1;256:1;64:1], (5,3,_), (1,_,1))"
	for m, want := range map[string]string{"256": "{(0,0)} o (256,64,128):(1@1,1@0,64@0)", "512": "{(0,1280)} o (256,64,128):(1@1,1@0,64@0)"} {
		v, _, diags := evalText(fmt.Sprintf(gemm, "("+m+",8192):(1@1,1@0)"))
		require.Nil(t, diags)
		assert.Equal(t, want, v.String(), m)
	}
	v, obl, diags = evalText(fmt.Sprintf(gemm, "(?,?{div=8192}):(1@1,1@0)"))
	require.Nil(t, diags)
	assert.Equal(t, "{(0,1280)} o (256,64,?{div=128}):(1@1,1@0,64@0)", v.String())
	assert.Contains(t, conditionTexts(obl, false), "?1 >= 1281")
}
