package normalize_test

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cutec/cutec/ast"
	"github.com/cutec/cutec/diag"
	"github.com/cutec/cutec/layout"
	"github.com/cutec/cutec/normalize"
	"github.com/cutec/cutec/parser"
)

// PlainObligations changes only the text OnObligation gets (none): the
// same obligations with the same verdicts, and a refuted one is still an
// E0716 worded in full. The cases are those of docs/symbols.md: 128 | M
// proved by M{div=256}, 32 | K open, and T{div=256} refuting 48 | T.
func TestPlainObligationsSameVerdicts(t *testing.T) {
	type seen struct {
		cond string
		v    layout.Verdict
		text string
	}
	run := func(src string, plain bool) ([]seen, diag.List) {
		f := diag.NewFile("<expr>", []byte(src))
		e, diags := parser.ParseExpr(f)
		require.False(t, diags.HasErrors(), "%v", diags)
		var got []seen
		ev := normalize.Evaluator{File: f, PlainObligations: plain, OnObligation: func(_ *ast.Call, o layout.Obligation, v layout.Verdict, text string) {
			got = append(got, seen{o.String(), v, text})
		}}
		_, diags = ev.Eval(e)
		return got, diags
	}
	for _, src := range []string{
		"logical_divide((M{div=256},K):(1,lda), (128,32))",
		"zipped_divide((12,(4,8)):(7,(1,30)), T{div=256}:1)",
		"logical_divide((M,9):(1,M), 4:1)",
	} {
		full, fullDiags := run(src, false)
		plain, plainDiags := run(src, true)
		require.Len(t, plain, len(full), src)
		for i := range full {
			assert.Equal(t, full[i].cond, plain[i].cond, src)
			assert.Equal(t, full[i].v, plain[i].v, src)
			assert.NotEmpty(t, full[i].text, src)
			assert.Empty(t, plain[i].text, src)
		}
		assert.Equal(t, fmt.Sprint(fullDiags), fmt.Sprint(plainDiags), src)
	}
	_, diags := run("zipped_divide((12,(4,8)):(7,(1,30)), T{div=256}:1)", true)
	require.NotEmpty(t, diags)
	assert.Equal(t, diag.ObligationFalse, diags[0].Code)
	assert.Contains(t, diags[0].Message, "which no value allowed by the facts satisfies")
}

// A symbol written several times in an expression is made into a leaf once
// (symbolScope.leaf), which must not change what each occurrence means: a
// fact on one occurrence is a fact of all (docs/symbols.md), a different
// fact written on the same name is a different key, and an occurrence that
// is an error is reported (E0717 at the first, where evaluation stops).
// The divisors are worked by hand: M{div=8} cubed is a multiple of 8^3 =
// 512; M·M·N·N with N{div=2} of 2^2 = 4.
func TestRepeatedSymbolsOneLeaf(t *testing.T) {
	for _, c := range []struct {
		src  string
		want string
		div  int64
	}{
		{"size((M,M{div=8},M))", "M*M*M", 512},
		{"size((M{div=8},M,M))", "M*M*M", 512},
		{"size((M,N{div=2},M,N))", "M*M*N*N", 4},
		{"size((M{div=2},M{div=4},M))", "M*M*M", 64},
	} {
		v, diags := eval(t, c.src, nil)
		require.False(t, diags.HasErrors(), "%s: %v", c.src, diags)
		tv, ok := v.(normalize.Tuple)
		require.True(t, ok, c.src)
		assert.Equal(t, c.want, tv.T.String(), c.src)
		assert.Equal(t, c.div, tv.T.Value(), c.src)
	}
	_, diags := eval(t, "(M{div=0},M{div=0})", nil)
	require.NotEmpty(t, diags)
	assert.Equal(t, diag.SymbolTerm, diags[0].Code)
}
