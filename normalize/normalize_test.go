package normalize_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cutec/cutec/diag"
	"github.com/cutec/cutec/normalize"
	"github.com/cutec/cutec/parser"
)

func eval(t *testing.T, src string, env *normalize.Env) (normalize.Value, diag.List) {
	t.Helper()
	f := diag.NewFile("<expr>", []byte(src))
	e, diags := parser.ParseExpr(f)
	if diags.HasErrors() {
		t.Fatalf("%s: %v", src, diags)
	}
	ev := normalize.Evaluator{File: f, Env: env}
	return ev.Eval(e)
}

// TestDiagnosticSpans pins the code and the exact column (1-based bytes)
// and width of the diagnostic of each failing input: the node it is about.
func TestDiagnosticSpans(t *testing.T) {
	tests := []struct {
		src        string
		code       diag.Code
		col, width int
	}{
		{"(1/0@0,1@1)", diag.ZeroDenominator, 4, 1},
		{"(4,2):(1/2@0,1@1)", diag.NonIntegralCount, 8, 3},
		{"(1@70000,1@1)", diag.DimensionTooLarge, 4, 5},
		{"(4,0):(1,4)", diag.NonPositiveShape, 4, 1},
		{"(4,-1):(1,4)", diag.NonPositiveShape, 4, 2},
		{"(4,_):(1,4)", diag.NonPositiveShape, 4, 1},
		{"(4,8):(1,(4,2))", diag.ShapeStrideMismatch, 10, 5},
		{"((4,2),8):((1,4),8,2)", diag.ShapeStrideMismatch, 11, 11},
		{"(4,8):(1,_)", diag.ShapeStrideMismatch, 10, 1},
		{"compositon(8:2,4:1)", diag.UnknownName, 1, 10},
		{"composition(8:2)", diag.BadArguments, 1, 16},
		{"size(S<3,4,3>)", diag.WrongKind, 6, 8},
		{"composition((4,6,8):(2,3,5),6:3)", diag.StrideDivisibility, 29, 3},
		{"complement((3,8):(1,1))", diag.ComplementInjective, 12, 11},
		{"S<3,4,2>", diag.SwizzleNotBijective, 1, 8},
		{"S<3,4,3> o 1@0 o (8,64):(64,1)", diag.OffsetNotAddable, 12, 3},
		{"((4,8):(1,4))((1,2,3))", diag.CoordMismatch, 1, 22},
		{"A(3)", diag.UnknownName, 1, 1},
	}
	for _, tc := range tests {
		v, diags := eval(t, tc.src, nil)
		if v != nil || len(diags) == 0 {
			t.Errorf("%s: got %v and %v, want %s", tc.src, v, diags, tc.code)
			continue
		}
		d := diags[0]
		if d.Code != tc.code || d.Start().Col != tc.col || d.Span.Len() != tc.width {
			t.Errorf("%s: got %s at column %d width %d (%s), want %s at %d width %d",
				tc.src, d.Code, d.Start().Col, d.Span.Len(), d.Message, tc.code, tc.col, tc.width)
		}
	}
}

func TestValues(t *testing.T) {
	tests := []struct{ src, want string }{
		{"8", "8"},
		{"(4,)", "(4)"},
		{"(_4,_2):(_1,_4)", "(4,2):(1,4)"},
		{"(4, 2) : (1, 4)", "(4,2):(1,4)"},
		{"(2/4@0,1@1)", "(1/2@0,1@1)"},
		{"(4/2@0,1@1)", "(2@0,1@1)"},
		{"(1,2):(1/2@0,1@1)", "(1,2):(0,1@1)"},
		{"(1@0@1)", "(1@0@1)"},
		{"()", "()"},
		{"?{i64 div=128}", "?{i64 div=128}"},
		{"Sw<3,4,3> o _0 o (8,64):(64,1)", "S<3,4,3> o 0 o (8,64):(64,1)"},
		{"S<3,4,3> o (8,64):(64,1)", "S<3,4,3> o 0 o (8,64):(64,1)"},
		{"(4,5):(1,4) o 2 o (2,3):(1,2)", "(4,5):(1,4) o 2 o (2,3):(1,2)"},
		// A shape in a tile slot is the tile [2;2], written with brackets: the
		// dialect reads a parenthesized shape in a tile as a layout
		// (Arithmetic/equal_errors.mlir prints !cute.tile<"(2,2)"> as (2,2):(1,2)).
		{"[(2,3):(1,2);_;4;(2,2)]", "[(2,3):(1,2);_;4;[2;2]]"},
		// ?{i32} is ?: a dynamic value is 32 bits wide unless written
		// otherwise (cutegen's dynamic_t: "(3,(?,?{i64}),5)" and
		// "(3,(?{i32},?{i64}),5)" parse to the same shape).
		{"(?{i32},?{i64},?{i32 div=8})", "(?,?{i64},?{div=8})"},
		{"{8} o (3,2):(15,100)", "{8} o (3,2):(15,100)"},
		{"((4,8):(1,4))(13)", "13"},
		{"((4,8):(1,4))(1,3)", "13"},
		{"((4,8):(1,4))(_,3)", "(4):(1)"},
		{"((4,8):(1@0,1@1))(13)", "(1,3)"},
		{"(S<3,4,3>)(128)", "144"},
		{"make_layout(4:1, (2,3):(4,8))", "(4,(2,3)):(1,(4,8))"},
		{"make_layout((4,8))", "(4,8):(1,4)"},
		{"make_identity_layout((2,3))", "(2,3):(1@0,1@1)"},
	}
	for _, tc := range tests {
		v, diags := eval(t, tc.src, nil)
		if diags.HasErrors() || v == nil || v.String() != tc.want {
			t.Errorf("%s = %v (%v), want %s", tc.src, v, diags, tc.want)
		}
	}
}

func TestEnvironment(t *testing.T) {
	env := normalize.NewEnv()
	a, _ := eval(t, "(4,2):(1,4)", env)
	env.Define("A", a, normalize.Site{})
	b, _ := eval(t, "(2,2):(1,2)", env)
	env.Define("B", b, normalize.Site{})
	for _, tc := range []struct{ src, want string }{
		{"composition(A, B)", "(2,2):(1,2)"},
		{"A(5)", "5"},
		{"A(1,1)", "5"},
		{"size(A)", "8"},
	} {
		v, diags := eval(t, tc.src, env)
		if diags.HasErrors() || v == nil || v.String() != tc.want {
			t.Errorf("%s = %v (%v), want %s", tc.src, v, diags, tc.want)
		}
	}
	if _, ok := env.Define("A", a, normalize.Site{Span: diag.Span{Start: 3}}); ok {
		t.Error("redefining A succeeded")
	}
	_, diags := eval(t, "compositon(A, B)", env)
	if len(diags) != 1 || !strings.Contains(diags[0].Message, "did you mean composition?") || diags[0].Fix == nil {
		t.Errorf("no suggestion: %v", diags)
	}
}

func TestNormalizeRejectsExpressions(t *testing.T) {
	f := diag.NewFile("p", []byte("size(8:1)"))
	e, _ := parser.ParseExpr(f)
	if v, diags := normalize.Normalize(f, e, normalize.Options{}); v != nil || !diags.HasCode(diag.WrongKind) {
		t.Errorf("Normalize evaluated a call: %v %v", v, diags)
	}
	f = diag.NewFile("p", []byte("(1/2@0,4@1)"))
	e, _ = parser.ParseExpr(f)
	if v, diags := normalize.Normalize(f, e, normalize.Options{Lowerable: true}); v != nil || !diags.HasCode(diag.RatioNotLowerable) {
		t.Errorf("a ratio descriptor was lowered: %v %v", v, diags)
	}
}

// TestDescriptorKeepsRationalCounts: the normalized value of a descriptor
// is the data's route to verification: its basis tree keeps each count as
// an exact rational in lowest terms (2/4 is 1/2), with its mode path.
func TestDescriptorKeepsRationalCounts(t *testing.T) {
	d, _ := eval(t, "(2/4@0,4@1)", nil)
	desc, ok := d.(normalize.Descriptor)
	require.True(t, ok, "a descriptor normalizes to a Descriptor, not %T", d)
	require.Len(t, desc.Tree.Elems, 2)
	assert.Equal(t, normalize.Rational{Num: 1, Den: 2}, desc.Tree.Elems[0].Count)
	assert.Equal(t, []int{0}, desc.Tree.Elems[0].Path)
	assert.Equal(t, normalize.Rational{Num: 4, Den: 1}, desc.Tree.Elems[1].Count)
}

func TestEquivalent(t *testing.T) {
	tests := []struct {
		a, b string
		want bool
	}{
		{"(4,8):(1,4)", "32:1", true},
		{"(4,(1,8)):(1,(0,4))", "32:1", true},
		{"(4,3):(1,0)", "4:1", true},
		{"(2,4):(4,1)", "8:1", false},
		{"S<3,4,3> o 0 o (8,64):(64,1)", "S<3,4,3> o 0 o (8,(8,8)):(64,(1,8))", true},
		{"S<3,4,3> o 0 o (8,64):(64,1)", "S<2,4,3> o 0 o (8,64):(64,1)", false},
	}
	for _, tc := range tests {
		a, _ := eval(t, tc.a, nil)
		b, _ := eval(t, tc.b, nil)
		if got := normalize.Equivalent(a, b); got != tc.want {
			t.Errorf("Equivalent(%s, %s) = %v, want %v", tc.a, tc.b, got, tc.want)
		}
	}
}

// FuzzEval: no input makes the evaluator panic; a nil value comes with an
// error, and every diagnostic has a catalogued code and a span inside the
// input.
func FuzzEval(f *testing.F) {
	for _, s := range []string{"composition((4,2):(1,4),(2,2):(1,2))", "(1/0@0,1@1)", "logical_divide((8,16):(20,1),[4:1;8:2])",
		"S<3,4,3> o 0 o (8,64):(64,1)", "((4,8):(1,4))(_,3)", "complement(4:32,256)", "left_inverse((2,5):(8,2))",
		"blocked_product((3,4):(4,1),(2,5):(1,2))", "size((?,8):(1,?))", "coalesce((2,(1,6)):(1,(6,2)),(1,1))",
		// the accessors and the operations on composed layouts
		"get([(4,8):(1,4);_],1)", "select((1,2,3),2,0)", "get((4,(2,3)),1,0)",
		"slice((?,_), S<3,2,4> o 0 o ((1,(16,1)),(1,(4,8))):((0,(4,0)),(0,(1,64))))",
		"slice((1,_), (4,5):(1,4) o 2 o (?,3):(?,4))", "dice((_,1,_), (?,4,?):(1,?,?))",
		"recast_layout(8, 32, S<3,5,4> o 0 o (32,4):(1,32))", "append_to(S<1,4,3> o 5 o (1,2):(3,4),4,(1,2):(1,0))",
		"get_leaves([[4:1;8:1];[3:1;_]])", "flatten([[(8):(1);(4):(1)];_;(2):(1)])", "cosize(S<3,4,6> o ? o (3,4):(4,1))"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		file := diag.NewFile("fuzz", []byte(src))
		e, diags := parser.ParseExpr(file)
		if diags.HasErrors() {
			return
		}
		ev := normalize.Evaluator{File: file}
		v, diags := ev.Eval(e)
		if v == nil && !diags.HasErrors() {
			t.Fatalf("%q: no value and no error", src)
		}
		for _, d := range diags {
			if _, ok := diag.Lookup(d.Code); !ok {
				t.Fatalf("%q: uncatalogued code %s", src, d.Code)
			}
			if d.Span.Start < 0 || d.Span.End > len(src) || d.Span.Start > d.Span.End {
				t.Fatalf("%q: span %v out of range", src, d.Span)
			}
		}
	})
}

func TestTileOfNames(t *testing.T) {
	env := normalize.NewEnv()
	a, _ := eval(t, "(4,2):(1,4)", env)
	env.Define("A", a, normalize.Site{})
	for _, tc := range []struct{ src, want string }{
		{"[A;_]", "[(4,2):(1,4);_]"},
		// complement((4,2):(1,4), 8) is 1:0, so mode 0 is 8:20 o ((4,2),1):((1,4),0).
		{"logical_divide((8,16):(20,1), [A;_])", "(((4,2),1),16):(((20,80),0),1)"},
	} {
		v, diags := eval(t, tc.src, env)
		if diags.HasErrors() || v == nil || v.String() != tc.want {
			t.Errorf("%s = %v (%v), want %s", tc.src, v, diags, tc.want)
		}
	}
}
