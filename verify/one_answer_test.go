package verify

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cutec/cutec/diag"
)

// findCode returns the diagnostics of src with the code.
func findCode(t *testing.T, src string, code diag.Code) []*diag.Diagnostic {
	t.Helper()
	_, l := Default().Expr(diag.NewFile("<expr>", []byte(src)))
	var out []*diag.Diagnostic
	for _, d := range l {
		if d.Code == code {
			out = append(out, d)
		}
	}
	return out
}

// TestEvaluationSpellingsOneCheck: every spelling of "the offset of c
// under L" gets the same W0904, on the coordinate. (4,8):(1,4) has 32
// elements (its domain is [0, 32), the CuTe paper's definition), so 40 is
// outside it, and so is the natural coordinate (3,9) (9 >= 8).
func TestEvaluationSpellingsOneCheck(t *testing.T) {
	for _, c := range []struct{ src, crd string }{
		{"((4,8):(1,4))(40)", "40"},
		{"eval((4,8):(1,4), 40)", "40"},
		{"crd2idx(40, (4,8):(1,4))", "40"},
		{"((4,8):(1,4))(3,9)", "3,9"},
		{"eval((4,8):(1,4), (3,9))", "(3,9)"},
		{"composed_eval(S<1,0,1> o 0 o (4,8):(1,4), 40)", "40"},
		{"(S<1,0,1> o 0 o (4,8):(1,4))(40)", "40"},
		{"(S<3,4,3> o smem_ptr[16b](unset) o (4,8):(1,4))(40)", "40"},
	} {
		ds := findCode(t, c.src, diag.OutOfBoundsEval)
		require.Len(t, ds, 1, c.src)
		at := strings.LastIndex(c.src, c.crd)
		assert.Equal(t, diag.Span{Start: at, End: at + len(c.crd)}, ds[0].Span, c.src)
	}
	for _, src := range []string{"((4,8):(1,4))(31)", "crd2idx((3,7), (4,8):(1,4))", "composed_eval(S<1,0,1> o 0 o (4,8):(1,4), 31)"} {
		assert.Empty(t, findCode(t, src, diag.OutOfBoundsEval), src)
	}
}

// TestEvaluationSpellingsOneAnswer: on a symbolic layout, every spelling
// computes the same offset: (M,K):(1,lda) at (0,2) is 2*lda, and at (1,2)
// it is 1 + 2*lda, a sum that one value cannot hold yet: every spelling
// reports the same E0715 naming it.
func TestEvaluationSpellingsOneAnswer(t *testing.T) {
	for _, src := range []string{"((M,K):(1,lda))((0,2))", "eval((M,K):(1,lda), (0,2))", "crd2idx((0,2), (M,K):(1,lda))"} {
		v, l := Default().Expr(diag.NewFile("<expr>", []byte(src)))
		require.False(t, l.HasErrors(), "%s: %v", src, l)
		assert.Equal(t, "2*lda", v.String(), src)
	}
	for _, src := range []string{"((M,K):(1,lda))((1,2))", "eval((M,K):(1,lda), (1,2))", "crd2idx((1,2), (M,K):(1,lda))"} {
		ds := findCode(t, src, diag.SymbolUndecided)
		require.Len(t, ds, 1, src)
		assert.Contains(t, ds[0].Message, "1 + 2*lda", src)
	}
}

// TestCompositionFormsOneCheck: W0500 (the inner layout reads past the
// outer one) is the same check for every form of the right operand: the
// layout 128:1 against 8:128 (cosize 128 > size 8), and mode 0 of the
// shape (128,8), of the tile [128:1;8:1] and of the integer 128 against the
// 8 elements of mode 0 of (8,128):(128,1).
func TestCompositionFormsOneCheck(t *testing.T) {
	for _, c := range []struct{ src, at string }{
		{"composition(8:128, 128:1)", "128:1"},
		{"composition(8:128, 128)", "128"},
		{"composition((8,128):(128,1), (128,8))", "(128,8)"},
		{"composition((8,128):(128,1), [128:1;8:1])", "128:1"},
		{"composition((8,128):(128,1), [128;8])", "128"},
		{"composition((8,128):(128,1), [_;(2,256):(1,2)])", "(2,256):(1,2)"},
	} {
		ds := findCode(t, c.src, diag.FoldOutsideDomain)
		require.Len(t, ds, 1, c.src)
		at := strings.Index(c.src, ", ") + 2
		at += strings.Index(c.src[at:], c.at)
		assert.Equal(t, diag.Span{Start: at, End: at + len(c.at)}, ds[0].Span, c.src)
	}
	for _, src := range []string{"composition((8,128):(128,1), (8,128))", "composition((8,128):(128,1), [8:1;128:1])", "composition(8:128, 8)"} {
		assert.Empty(t, findCode(t, src, diag.FoldOutsideDomain), src)
	}
}
