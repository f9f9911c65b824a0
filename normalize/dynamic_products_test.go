package normalize

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The products with ? in their tiler, each derived from its static
// definition (A, complement(A, size(A)·cosize(B)) ∘ B), with the
// conditions it states. The expected results of the static instances are
// pycute's (python/pycute at CUTLASS 7107b05: logical_product,
// tiled_product), and for blocked_product CuTe C++'s definition at the same
// commit (cute/layout.hpp: zip of the two modes of the logical product of
// the operands padded to one rank) applied to pycute's logical_product;
// an instance that is an error breaks the paper's divisibility (eq. 21),
// which pycute does not check (it gives logical_product(4:2, 3:1) as
// (4,2):(2,1), whose second mode is no copy of the block).
func TestDynamicProducts(t *testing.T) {
	cases := []struct {
		dyn, want string   // the dynamic call and its result
		conds     []string // the conditions stated on it
		instances []string // static instances: call = result, or = error
	}{
		// An integer tile ? is the layout ?:1 (CuTe's make_layout(N)):
		// pycute logical_product(Layout(4,2), Layout(6,1)) is
		// (4,(2,3)):(2,(1,8)); 2 | 3 fails eq. 21 at the gap 2:1.
		{"logical_product(4:2, ?)", "(4,(2,?)):(2,(1,8))", []string{"2 | ?1"},
			[]string{"logical_product(4:2, 6) = (4,(2,3)):(2,(1,8))", "logical_product(4:2, 3) = error"}},
		// pycute: logical_product(Layout(4,1), Layout(6,1)) is (4,6):(1,4),
		// logical_product(Layout(8,4), Layout(12,1)) is (8,(4,3)):(4,(1,32)).
		{"logical_product((4,8):(1,4), (?,?))", "((4,?),(8,(4,?))):((1,4),(4,(1,32)))", []string{"4 | ?2"},
			[]string{"logical_product((4,8):(1,4), (6,12)) = ((4,6),(8,(4,3))):((1,4),(4,(1,32)))",
				"logical_product((4,8):(1,4), (6,6)) = error"}},
		// The tiled_product(8:1, (32,16):(1,lda)) gave the strides
		// (1,0,0); pycute tiled_product(Layout(8,1), Layout((32,16),(1,40)))
		// is (8,32,16):(1,8,320).
		{"tiled_product(8:1, (32,16):(1,?))", "(8,32,16):(1,8,?{div=8})", nil,
			[]string{"tiled_product(8:1, (32,16):(1,40)) = (8,32,16):(1,8,320)"}},
		// pycute: logical_product(Layout((3,),(12,)), Layout((16,),(12,))) is
		// ((3,),(16,)):((12,),(36,)), zipped by blocked_product. At ? = 1 the
		// 16 elements of stride 1 cross the gap 12:1 of the complement.
		{"blocked_product(((3)):((12)), (16):(?))", "(((3),16)):(((12),?{div=3}))", []string{"12 | ?1"},
			[]string{"blocked_product(((3)):((12)), (16):(12)) = (((3),16)):(((12),36))",
				"blocked_product(((3)):((12)), (16):(24)) = (((3),16)):(((12),72))",
				"blocked_product(((3)):((12)), (16):(1)) = error"}},
		// A negative stride of B: CuTe's composition_impl (cute/layout.hpp)
		// carries its sign (next stride ceil_div(|d|, e)·signum(d), result
		// stride d times the outer stride), so (2,3):(1,8), the complement of
		// 4:2 in 24, composed with 6:-1 is (2,3):(-1,-8).
		{"logical_product(4:2, (?):(-1))", "(4,((2,?))):(2,((-1,-8)))", []string{"2 | ?1"},
			[]string{"logical_product(4:2, (6):(-1)) = (4,((2,3))):(2,((-1,-8)))"}},
		// A compact block leaves no gap: its complement is one mode of
		// stride 4, and the product scales B for every value (pycute:
		// logical_product(Layout((2,2),(1,2)), Layout((3,5),(2,7))) is
		// ((2,2),(3,5)):((1,2),(8,28)), raked by mode).
		{"raked_product((2,2):(1,2), (?,?):(?,?))", "((?,2),(?,2)):((?{div=4},1),(?{div=4},2))", nil,
			[]string{"raked_product((2,2):(1,2), (3,5):(2,7)) = ((3,2),(5,2)):((8,1),(28,2))"}},
	}
	for _, c := range cases {
		v, obl, diags := evalText(c.dyn)
		require.Nil(t, diags, c.dyn)
		conds := conditionTexts(obl, true)
		assert.Equal(t, c.want, v.String(), c.dyn)
		assert.Equal(t, c.conds, conds, c.dyn)
		for _, inst := range c.instances {
			call, want, _ := strings.Cut(inst, " = ")
			sv, _, d := evalText(call)
			if want == "error" {
				assert.NotNil(t, d, call)
				continue
			}
			if assert.Nil(t, d, call) {
				assert.Equal(t, want, sv.String(), call)
			}
		}
	}
}

// A product that cannot be written for every value of its ?s is refused
// with a coded diagnostic that says why: a dynamic block (E0700, as in
// the dialect, whose type inference asks for a static block), and a step
// of the composition that no condition on the ?s decides (E0715: the
// stride 3 reaches ceil(16/3) = 6 elements of the gap 16:1, so B's extent
// must fit in them, which the symbolic algebra does not state), or a
// block whose complement leaves a gap that is no whole number of strides
// (E0401: 3 does not divide 16; the static product by 4 holds, by 6 it
// fails eq. 21).
func TestDynamicProductsRefused(t *testing.T) {
	for call, code := range map[string]string{
		"logical_product((4,?):(1,4), 2)":  "E0700",
		"blocked_product(4:16, ?:3)":       "E0715",
		"logical_product((3,8):(1,16), ?)": "E0401",
	} {
		_, _, d := evalText(call)
		if assert.NotNil(t, d, call) {
			assert.Equal(t, code, string(d[0].Code), call)
			if code != "E0700" {
				assert.Contains(t, d[0].Message, "no condition on the ?s says which", call)
			}
		}
	}
}
