package parser

import (
	"reflect"
	"testing"

	"github.com/cutec/cutec/grammar"
	"github.com/cutec/cutec/internal/syntax"
	"github.com/google/go-cmp/cmp"
)

// The differential fuzz targets of the ten forms. Each runs fuzzForm, which
// parses the input with the production parser (the hand-written fast path,
// participle when it declines) and with the reference parser (participle
// alone, syntax.Reference) and wants the same tree or the same first
// diagnostic, and checkRootStructs, which wants the fast path's grammar
// structs to be exactly participle's. FuzzParseExpr, FuzzParseLayout,
// FuzzParseDescriptor and FuzzParseStmt are in fuzz_test.go.

func FuzzParseTuple(f *testing.F) {
	seedAll(f)
	f.Fuzz(func(t *testing.T, src string) { fuzzForm(t, FormTuple, src) })
}

func FuzzParseIntTuple(f *testing.F) {
	seedAll(f)
	f.Fuzz(func(t *testing.T, src string) { fuzzForm(t, FormIntTuple, src) })
}

func FuzzParseTile(f *testing.F) {
	seedAll(f)
	f.Fuzz(func(t *testing.T, src string) { fuzzForm(t, FormTile, src) })
}

func FuzzParseSwizzle(f *testing.F) {
	seedAll(f)
	for _, s := range []string{"S<3,4,3>", "Sw<2,4,-3>", "S <3, 4, 3>", "Swizzle<3,4,3>", "S<3,4>", "S<3,4,3> o 8:1"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) { fuzzForm(t, FormSwizzle, src) })
}

func FuzzParseComposed(f *testing.F) {
	seedAll(f)
	f.Fuzz(func(t *testing.T, src string) { fuzzForm(t, FormComposed, src) })
}

func FuzzParseComposedLayout(f *testing.F) {
	seedAll(f)
	f.Fuzz(func(t *testing.T, src string) { fuzzForm(t, FormComposedLayout, src) })
}

func FuzzParseValue(f *testing.F) {
	seedAll(f)
	f.Fuzz(func(t *testing.T, src string) { fuzzForm(t, FormValue, src) })
}

// checkRootStructs runs the fast path of form on the whole of src and, when
// it matches, participle's production parser on the same tokens, and wants
// the same grammar structs, positions and captured tokens included. (At the
// root of the forms that start at Operand, the fast path returns the
// Operand alone where participle wraps it in Expr and Composed.)
func checkRootStructs(t *testing.T, form Form, src string) {
	t.Helper()
	mode := syntax.Lenient
	if form == FormDescriptor {
		mode = syntax.Strict
	}
	var lx syntax.Lexer
	var toks syntax.Tokens
	lx.Reset("in", src, 0, mode, DefaultMaxDepth)
	if toks.Lex(&lx) != nil || lx.Significant() == 0 {
		return
	}
	fast := uncached.tryFastRoot(form, &toks)
	if fast == nil {
		return
	}
	toks.Rewind()
	slow, err := uncached.runGrammar(form, &toks)
	if err != nil {
		t.Errorf("form %d %q: the fast path matches, participle fails: %v", form, src, err)
		return
	}
	if _, ok := fast.(*grammar.Operand); ok {
		if e, ok := slow.(*grammar.Expr); ok && e.Composed != nil && len(e.Composed.Rest) == 0 {
			slow = e.Composed.Head
		}
	}
	if reflect.DeepEqual(slow, fast) {
		return
	}
	if diff := cmp.Diff(slow, fast); diff != "" {
		t.Errorf("form %d %q: the fast path's structs differ from participle's (-participle +fast):\n%s", form, src, diff)
	}
}

func TestFastRootStructsAreParticiples(t *testing.T) {
	inputs := sampled(validCorpus(t), 16)
	for _, c := range invalidCases {
		inputs = append(inputs, c.src)
	}
	for _, src := range inputs {
		for _, form := range allForms {
			checkRootStructs(t, form, src)
		}
	}
}
