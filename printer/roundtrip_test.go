package printer

import (
	"reflect"
	"testing"

	"github.com/cutec/cutec/ast"
	"github.com/cutec/cutec/diag"
	"github.com/cutec/cutec/parser"
	"github.com/google/go-cmp/cmp"
)

// spelling makes go-cmp compare trees by structure only: spans and the
// details of how a value was spelled (static markers, trailing commas, the
// swizzle's name, the offsets of punctuation) are ignored.
var spelling = cmp.FilterPath(func(p cmp.Path) bool {
	sf, ok := p.Last().(cmp.StructField)
	if !ok {
		return false
	}
	switch sf.Name() {
	case "Span", "Static", "DenSpan", "Trailing", "Colon", "WidthSpan", "Lparen", "Rparen", "OpSpan", "CodeSpan":
		return true
	case "Name":
		return p.Index(-2).Type() == reflect.TypeFor[ast.Swizzle]()
	}
	return false
}, cmp.Ignore())

// composedView is a composed layout with its omitted offset made explicit,
// as the printer writes it.
type composedView struct{ Outer, Offset, Inner ast.Expr }

var explicitOffset = cmp.Transformer("explicitOffset", func(c *ast.Composed) composedView {
	if c == nil {
		return composedView{}
	}
	off := c.Offset
	if off == nil {
		off = &ast.Int{Value: 0}
	}
	return composedView{c.Outer, off, c.Inner}
})

// sameTree reports the differences between two trees' structures.
func sameTree(a, b ast.Node) string { return cmp.Diff(a, b, spelling, explicitOffset) }

// roundTrip checks, for one input, that print(parse(x)) parses again to a
// tree of the same structure and that printing that again changes nothing.
func roundTrip(t *testing.T, parse func(string) (ast.Node, error), in string) {
	t.Helper()
	n1, err := parse(in)
	if err != nil {
		t.Fatalf("parse %q: %v", in, err)
	}
	p1 := String(n1)
	n2, err := parse(p1)
	if err != nil {
		t.Fatalf("printed %q (from %q) does not parse: %v", p1, in, err)
	}
	if p2 := String(n2); p2 != p1 {
		t.Errorf("not idempotent: %q prints %q, then %q", in, p1, p2)
	}
	if d := sameTree(n1, n2); d != "" {
		t.Errorf("%q and its print %q differ in structure (-input +printed):\n%s", in, p1, d)
	}
}

func parseExpr(s string) (ast.Node, error) {
	e, diags := parser.ParseExpr(diag.NewFile("<input>", []byte(s)))
	return e, diags.Err()
}

func parseStmt(s string) (ast.Node, error) {
	st, diags := parser.ParseStmt(diag.NewFile("<input>", []byte(s)))
	return st, diags.Err()
}

func TestRoundTripExpr(t *testing.T) {
	for _, c := range exprCases {
		roundTrip(t, parseExpr, c.in)
	}
}

func TestRoundTripStmt(t *testing.T) {
	for _, c := range stmtCases {
		roundTrip(t, parseStmt, c.in)
	}
}

// TestSameTreeCanFail keeps the structural comparison honest: trees that
// differ in a value, in grouping or in a name must not compare equal.
func TestSameTreeCanFail(t *testing.T) {
	pairs := [][2]string{
		{"(4,8):(1,4)", "(4,8):(1,5)"}, {"(8)", "8"}, {"((4,8))", "(4,8)"}, {"1/2@0", "1@0"},
		{"S<3,4,3> o 1 o 8:1", "S<3,4,3> o 8:1"}, {"f(A)", "g(A)"}, {"?{i64}", "?{i32}"}, {"1@1@0", "1@0@1"},
	}
	for _, p := range pairs {
		a, _ := parseExpr(p[0])
		b, _ := parseExpr(p[1])
		if sameTree(a, b) == "" {
			t.Errorf("%q and %q compare equal", p[0], p[1])
		}
	}
	x, _ := parseExpr("(_4,) o Sw<1,2,3> o 8:1")
	y, _ := parseExpr("(4) o S<1,2,3> o 8:1")
	if d := sameTree(x, y); d != "" {
		t.Errorf("spellings of one tree differ:\n%s", d)
	}
}
