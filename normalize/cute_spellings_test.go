package normalize_test

import (
	"os"
	"strings"
	"testing"

	"github.com/cutec/cutec/diag"
	"github.com/cutec/cutec/normalize"
	"github.com/cutec/cutec/parser"
	"github.com/stretchr/testify/require"
)

// TestCuteSpellingsMeanWhatCutePrints: every spelling of
// testdata/cute_spellings/cases.tsv (CuTe C++ types and calls, CuTe DSL
// calls with keywords and the cute. prefix) evaluates to the value whose
// print CuTe gives for it (printed by CuTe C++ on the host, or named from
// CuTe DSL's source; see the README there).
func TestCuteSpellingsMeanWhatCutePrints(t *testing.T) {
	data, err := os.ReadFile("../testdata/cute_spellings/cases.tsv")
	require.NoError(t, err)
	lines := strings.Split(strings.TrimSpace(string(data)), "\n")
	require.Greater(t, len(lines), 30)
	for _, line := range lines {
		f := strings.Split(line, "\t")
		require.Len(t, f, 3, line)
		spelling, print, source := f[0], f[1], f[2]
		want := evalText(t, print)
		require.NotEqual(t, "error", want, "CuTe's print %s (%s)", print, source)
		require.Equal(t, want, evalText(t, spelling), "%s (%s prints %s)", spelling, source, print)
	}
}

// TestCppSpellingsNotSupported: a spelling cutec does not read is refused
// with a message that quotes the user's own text, not a fixed example.
func TestCppSpellingsNotSupported(t *testing.T) {
	for src, quoted := range map[string]string{
		"S<3,4>":                                 "S<3,4>",
		"make_swizzle(3,x,3)":                    "make_swizzle(3,x,3)",
		"Layout<_4,_1,_2>{}":                     "Layout<_4,_1,_2>{}",
		"make_composed_layout(A)":                "make_composed_layout(A)",
		"Copy_Atom<SM75_U32x4_LDSM_N, half_t>{}": "Copy_Atom<SM75_U32x4_LDSM_N,half_t>",
	} {
		_, diags := evalDiags(src)
		require.True(t, diags.HasErrors(), src)
		require.Contains(t, diags[0].Message, quoted, src)
	}
}

// evalDiags parses and evaluates src and returns the value and every
// diagnostic, of the parser or of the evaluation.
func evalDiags(src string) (normalize.Value, diag.List) {
	f := diag.NewFile("<expr>", []byte(src))
	e, diags := parser.ParseExpr(f)
	if diags.HasErrors() {
		return nil, diags
	}
	ev := normalize.Evaluator{File: f}
	return ev.Eval(e)
}

// TestCuteOperationsGetNoSpellingSuggestion: an operation of CuTe DSL or
// C++ that cutec lacks is not a misspelling of a nearby name (CuTe DSL's
// make_layout_tv builds a thread-value layout, not make_layout's; its
// prepend_ones is not prepend_to), so no "did you mean" and no fix replace
// it; make_composed_layout, once suggested as make_ordered_layout, is a
// value.
func TestCuteOperationsGetNoSpellingSuggestion(t *testing.T) {
	for _, src := range []string{"cute.make_layout_tv((4,8),(2,2))", "cute.prepend_ones((4,8):(1,4))", "make_fragment_like((4,8):(1,4))"} {
		_, diags := evalDiags(src)
		require.NotEmpty(t, diags, src)
		d := diags[0]
		require.Equal(t, diag.UnknownName, d.Code, src)
		require.NotContains(t, d.Message, "did you mean", src)
		require.Contains(t, d.Message, "an operation of CuTe that cutec does not have", src)
		require.Nil(t, d.Fix, src)
	}
	v, diags := evalDiags("make_composed_layout(S<3,3,3>, 0, (8,64):(64,1))")
	require.False(t, diags.HasErrors(), "%v", diags)
	require.Equal(t, normalize.KindComposed, v.Kind())
}
