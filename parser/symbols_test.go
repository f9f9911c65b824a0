package parser

import (
	"strings"
	"testing"

	"github.com/cutec/cutec/diag"
)

// symbolicInputs are texts with symbolic leaves (docs/symbols.md): names in
// leaf positions, products, divisors and facts, valid and not.
var symbolicInputs = []string{
	"(M,K):(1,lda)", "(M{div=128},K):(1,lda)", "32*lda", "(4*M*N,2):(1,4*M*N)", "M/128:1",
	"((128,M/128),(32,K/32)):((1,128),(lda,32*lda))", "(128,M/128)", "M{div=8}", "M{i64 div=8}",
	"logical_divide((M,K):(1,lda), (128,32))", "size((M{div=8},4))", "(4,8)*2", "(4,8)/2", "M/0:1",
	"M/4/2:1", "4*:1", "M*", "M/", "M/K", "(M, 4)", "(4,M):(1,4)*2", "_4*M", "?*M", "2*?:1",
	"1 / 2@0", "M{div=}", "M{}", "M{div=8}(3)", "M{div=8}:1", "[M;4]", "[M:1;4]", "-1*lda", "(M,N)*(1,2)",
}

// The fast path declines every symbolic text, so both parsers give the same
// tree or the same first diagnostic.
func TestSymbolicFastMatchesReference(t *testing.T) {
	for _, src := range symbolicInputs {
		for _, form := range []Form{FormExpr, FormLayout} {
			fuzzForm(t, form, src)
		}
	}
}

func TestSymbolicTrees(t *testing.T) {
	for src, want := range map[string]string{
		"(M,K):(1,lda)":   "Symbol M",
		"32*lda":          "Product factors=2",
		"M{div=128}":      "Symbol M",
		"(M/128,4):(1,M)": "Product factors=1",
	} {
		n, l, _ := parseAs(uncached, FormExpr, src)
		if l.HasErrors() || !strings.Contains(dump(n), want) {
			t.Errorf("%q: %s %s, want a %s", src, dump(n), describeDiags(l), want)
		}
	}
	// A bare name is a variable or an operation, not a symbol.
	if n, _, _ := parseAs(uncached, FormExpr, "M"); !strings.Contains(dump(n), "Ident M") {
		t.Errorf("M: %s", dump(n))
	}
}

func FuzzParseSymbolic(f *testing.F) {
	for _, s := range symbolicInputs {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) { fuzzForm(t, FormExpr, src) })
}

// TestSymbolWidthRefused: a width is a fact of the anonymous `?` only; on a
// named symbol it is reported rather than dropped (dropping it made
// `A0{i32}` print as the name `A0`).
func TestSymbolWidthRefused(t *testing.T) {
	for _, src := range []string{"A0{i32}", "M{i64 div=8}", "(M{i32},4):(1,M)"} {
		_, diags := ParseExpr(diag.NewFile("<input>", []byte(src)))
		if !diags.HasErrors() || diags[0].Code != "E0101" || !strings.Contains(diags[0].Message, "div=N") {
			t.Errorf("%q: want E0101 naming div=N, got %v", src, diags)
		}
	}
	if _, diags := ParseExpr(diag.NewFile("<input>", []byte("M{div=8}"))); diags.HasErrors() {
		t.Errorf("M{div=8}: %v", diags)
	}
}
