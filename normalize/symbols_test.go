package normalize_test

import (
	"testing"

	"github.com/cutec/cutec/ast"
	"github.com/cutec/cutec/diag"
	"github.com/cutec/cutec/layout"
	"github.com/cutec/cutec/normalize"
	"github.com/cutec/cutec/parser"
)

// The values below are worked by hand from the rules of docs/symbols.md.
func TestSymbolValues(t *testing.T) {
	env := normalize.NewEnv()
	env.Define("P", normalize.Int(256), normalize.Site{})
	env.DeclareFact("K", 32)
	for _, c := range []struct{ src, want string }{
		{"(M,K):(1,lda)", "(M,K):(1,lda)"},
		{"(lda*32,M/128)", "(32*lda,M/128)"},
		{"(4*M/2)", "(2*M)"},               // lowest terms
		{"(P,K):(1,P)", "(256,K):(1,256)"}, // P is a variable holding 256
		{"size((M{div=8},4))", "4*M"},      // known divisor 32, below
		{"size((K,4))", "4*K"},             // K{div=32} from the environment
		{"coalesce((192,N):(1,192))", "192*N:1"},
		{"make_layout((M,N))", "(M,N):(1,M)"}, // compact column-major: the second stride is M
		{"cosize((M,N):(1,M))", "M*N"},        // 1 + (M-1) + (N-1)*M
		{"crd2idx((0,3), (M,K):(1,lda))", "3*lda"},
	} {
		v, diags := eval(t, c.src, env)
		if diags.HasErrors() || v == nil || v.String() != c.want {
			t.Errorf("%s: got %v %v, want %s", c.src, v, diags, c.want)
		}
	}
	// The fact of M holds for both occurrences in the last: 8·8 divides M*M.
	for src, div := range map[string]int64{"size((M{div=8},4))": 32, "size((K,4))": 128, "size((M{div=8},M))": 64} {
		v, _ := eval(t, src, env)
		if tv, ok := v.(normalize.Tuple); !ok || tv.T.Value() != div {
			t.Errorf("%s: got %v, want a known divisor %d", src, v, div)
		}
	}
}

// A fact written on one occurrence of a symbol holds for every occurrence.
func TestFactOnAnyOccurrence(t *testing.T) {
	v, _ := eval(t, "size((M,M{div=4}))", nil) // M*M, each a multiple of 4
	if tv, ok := v.(normalize.Tuple); !ok || tv.String() != "M*M" || tv.T.Value() != 16 {
		t.Errorf("got %v", v)
	}
}

// A bare name is still a variable or an operation: a typo gets E0203.
func TestBareNameIsNotASymbol(t *testing.T) {
	for _, src := range []string{"M", "size(M)", "logical_divide((M,K):(1,lda), T)", "coalsce((M,K):(1,lda))"} {
		_, diags := eval(t, src, nil)
		if len(diags) == 0 || diags[0].Code != diag.UnknownName {
			t.Errorf("%s: got %v, want E0203", src, diags)
		}
	}
}

// Obligations reach OnObligation with their verdicts; a refuted one is an
// error of the evaluation (E0716).
func TestObligationsReported(t *testing.T) {
	f := diag.NewFile("<expr>", []byte("logical_divide((M{div=256},K):(1,lda), (128,32))"))
	e, _ := parser.ParseExpr(f)
	got := map[string]layout.Verdict{}
	ev := normalize.Evaluator{File: f, OnObligation: func(_ *ast.Call, o layout.Obligation, v layout.Verdict, _ string) {
		got[o.String()] = v
	}}
	if _, diags := ev.Eval(e); diags.HasErrors() {
		t.Fatal(diags)
	}
	if len(got) != 2 || got["128 | M"] != layout.Proved || got["32 | K"] != layout.Open {
		t.Errorf("got %v", got)
	}
	_, diags := eval(t, "zipped_divide((12,(4,8)):(7,(1,30)), T{div=256}:1)", nil)
	if len(diags) == 0 || diags[0].Code != diag.ObligationFalse {
		t.Errorf("T{div=256}: got %v, want E0716", diags)
	}
}
