package explain

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// step returns the first step of rule, or fails.
func stepOf(t *testing.T, d Derivation, rule string) Step {
	t.Helper()
	for _, s := range d.Steps {
		if s.Rule == rule {
			return s
		}
	}
	require.Failf(t, "no step", "%s has no step %q:\n%s", d.Expr, rule, rules(d))
	return Step{}
}

// CUTLASS issue 2545: a layout tiler divides the layout as one range of
// offsets, a shape tiler divides mode by mode. pycute (CUTLASS 7107b05,
// python/pycute) prints logical_divide(Layout((12,32)), Layout((4,8))) as
// ((4, 8), 12):((1, 4), 32) and logical_divide(Layout((12,32)),
// (Layout(4), Layout(8))) as ((4, 3), (8, 4)):((1, 4), (12, 96)): 12 tiles
// either way, of different elements.
func TestTilerKind(t *testing.T) {
	byLayout, _ := replay(t, "logical_divide((12,32):(1,12), (4,8):(1,4))")
	assert.Equal(t, "((4,8),12):((1,4),32)", byLayout.Value)
	assert.Contains(t, stepOf(t, byLayout, "tiler").Note, "is a layout, one tile")
	assert.Equal(t, "384", stepOf(t, byLayout, "cotarget").Value, "the tile is complemented in the size of the coalesced layout")
	assert.Equal(t, "12", stepOf(t, byLayout, "rest").Value)

	byMode, _ := replay(t, "logical_divide((12,32):(1,12), (4,8))")
	assert.Equal(t, "((4,3),(8,4)):((1,4),(12,96))", byMode.Value)
	assert.Contains(t, stepOf(t, byMode, "tiler").Note, "by-mode")
}

// CUTLASS issue 2545's 11 tiles: the user printed ((_4,_8),_11):((_1,_4),_32)
// for a 12x32 layout divided by the layout (4,8) and ((_4,_8),_8):((_1,_4),_32)
// for 8x32. CUTLASS 3.5.0 (commit 7d49e6c7e, cute/layout.hpp) computed
// logical_divide as composition(layout, make_layout(tiler, complement(tiler,
// shape(layout)))), the complement's rest as coalesce(ceil_div(cotarget,
// block)); v3.9 (commit 62750a2b7) changed shape(layout) to
// shape(coalesce(layout)), and before 3.5 it was size(layout). The complement in the shape (12,32) is what
// gives 11: ceil_div((12,32), 32) = (1, ceil(32/ceil(32/12))) = (1,11).
func TestElevenTiles(t *testing.T) {
	d, _ := replay(t, "complement((4,8):(1,4), (12,32))")
	assert.Equal(t, "11:32", d.Value)
	assert.Equal(t, "(1,11)", stepOf(t, d, "rest").Value)
	assert.Contains(t, stepOf(t, d, "rest").Note, "mode by mode")
	d8, _ := replay(t, "complement((4,8):(1,4), (8,32))")
	assert.Equal(t, "8:32", d8.Value)
	assert.Equal(t, "((4,8),11):((1,4),32)", evalText("composition((12,32):(1,12), make_layout((4,8):(1,4), complement((4,8):(1,4), (12,32))))"))
	assert.Equal(t, "((4,8),8):((1,4),32)", evalText("composition((8,32):(1,8), make_layout((4,8):(1,4), complement((4,8):(1,4), (8,32))))"))
}

// CUTLASS issue 3058: complement(4:2, 8). pycute's complement builds
// (2,1):(1,8) (the gap below stride 2, and 8/8 = 1 repetition) and returns
// it coalesced, 2:1 (pycute prints 2:1).
func TestComplementGaps(t *testing.T) {
	d, _ := replay(t, "complement(4:2, 8)")
	assert.Equal(t, "2:1", d.Value)
	assert.Equal(t, "2", stepOf(t, d, "gap").Value)
	assert.Equal(t, "1", stepOf(t, d, "rest").Value)
	assert.Equal(t, "(2,1):(1,8)", stepOf(t, d, "gaps").Value)
}

// A failing composition ends with the condition that fails, with its
// numbers, then the evaluator's coded error (the paper's counterexample
// (4,6,8):(2,3,5) o 6:3, stride divisibility, eq. 20).
func TestFailingDerivation(t *testing.T) {
	d, _ := replay(t, "composition((4,6,8):(2,3,5), 6:3)")
	require.True(t, d.Failed)
	assert.Contains(t, d.Value, "error[E0400]")
	assert.Contains(t, stepOf(t, d, "divide").Note, "the stride left 3 does not divide 4")
	assert.Contains(t, stepOf(t, d, "check").Note, "eq. 20")
}

// Symbolic results say where each obligation comes from: the step whose
// value holds only if 128 | M is the complement of the tile 128:1 in M:1.
func TestObligationSource(t *testing.T) {
	d, _ := replay(t, "logical_divide((M,K):(1,lda), (128,32))")
	assert.Equal(t, "((128,M/128),(32,K/32)):((1,128),(lda,32*lda))", d.Value)
	var from []string
	for _, s := range d.Steps {
		if strings.Contains(s.Note, "holds if 128 | M") {
			from = append(from, s.Expr)
		}
	}
	require.NotEmpty(t, from)
	assert.Equal(t, "complement(128:1, M:1)", from[0])
}

// The facts of a symbol travel with the steps, so that each replays alone.
func TestFactsTravel(t *testing.T) {
	d, _ := replay(t, "logical_divide((M{div=128},K):(1,lda), (128,32))")
	assert.Contains(t, d.Steps[1].Expr+d.Steps[2].Expr+d.Steps[3].Expr, "M{div=128}")
}

// The swizzle's bits at an offset: S<3,4,3> at 200 = 0b11001000 XORs bits
// 7-9 (001) into bits 4-6 (100), giving 0b11011000 = 216 (CuTe's
// Swizzle<3,4,3>: x ^ ((x & (7 << 7)) >> 3)).
func TestSwizzleBits(t *testing.T) {
	d, _ := replay(t, "swizzle(S<3,4,3>, 200)")
	assert.Equal(t, "216", d.Value)
	assert.Equal(t, "1", stepOf(t, d, "yyy").Value)
	assert.Equal(t, "4", stepOf(t, d, "zzz").Value)
}

// A huge derivation is cut to MaxSteps, and its last step is still the
// result.
func TestBounded(t *testing.T) {
	var sh, st, tl []string
	for i := 0; i < 30; i++ {
		sh, st, tl = append(sh, "8"), append(st, "1"), append(tl, "2:1")
	}
	src := "logical_divide((" + strings.Join(sh, ",") + "):(" + strings.Join(st, ",") + "), [" + strings.Join(tl, ";") + "])"
	d, _ := replay(t, src)
	assert.LessOrEqual(t, len(d.Steps), MaxSteps)
	assert.Positive(t, d.Elided)
	assert.Equal(t, "result", d.Steps[len(d.Steps)-1].Rule)

	// A layout of many modes is walked as a whole.
	var big []string
	for i := 0; i < 100; i++ {
		big = append(big, "2")
	}
	c, _ := replay(t, "coalesce(("+strings.Join(big, ",")+"):("+strings.Join(big, ",")+"))")
	assert.Contains(t, c.Steps[len(c.Steps)-1].Note, "merged as a whole")
}

// slice keeps the modes a _ leaves, one level flat: pycute (CUTLASS 7107b05)
// evaluates Layout((4,(5,6)),(1,(4,20)))((None,(1,None))) to (4, 6):(1, 20).
func TestSliceModes(t *testing.T) {
	d, _ := replay(t, "slice((_,(1,_)), (4,(5,6)):(1,(4,20)))")
	assert.Equal(t, "(4,6):(1,20)", d.Value)
	assert.Equal(t, "make_layout(4:1, 6:20)", d.Steps[len(d.Steps)-1].Expr)
}

// A layout with basis strides maps a coordinate to a coordinate: CuTe's
// make_identity_layout((4,8)) is (4,8):(E<0>,E<1>), and its value at index
// 13 is the coordinate (1,3) (cute/layout.hpp: make_identity_layout is
// make_layout(shape, make_basis_like(shape)); the inner product with
// E<i> places c_i at i). The derivation shows each mode's term.
func TestBasisStrides(t *testing.T) {
	d, _ := replay(t, "eval(make_identity_layout((4,8)), 13)")
	assert.Equal(t, "(1,3)", d.Value)
	terms := 0
	for _, s := range d.Steps {
		if s.Rule == "term" {
			terms++
		}
	}
	assert.Equal(t, 2, terms, "one term c_i·E@i a mode:\n%s", rules(d))
	assert.Equal(t, "(0,3)", evalText("inner_product(3, 1@1)"))
}
