package printer

import (
	"bytes"
	"strings"
	"testing"

	"github.com/cutec/cutec/ast"
	"github.com/cutec/cutec/diag"
	"github.com/cutec/cutec/parser"
)

func TestPrintExpr(t *testing.T) {
	for _, c := range exprCases {
		if got := String(mustParse(t, c.in)); got != c.want {
			t.Errorf("print(parse(%q)) = %q, want %q", c.in, got, c.want)
		}
	}
}

func TestPrintStmt(t *testing.T) {
	for _, c := range stmtCases {
		s, diags := parser.ParseStmt(diag.NewFile("<input>", []byte(c.in)))
		if diags.HasErrors() {
			t.Fatalf("parse %q: %v", c.in, diags.Err())
		}
		if got := String(s); got != c.want {
			t.Errorf("print(parse(%q)) = %q, want %q", c.in, got, c.want)
		}
	}
}

// TestPrintForms parses with each form's own entry point.
func TestPrintForms(t *testing.T) {
	desc, d1 := parser.ParseDescriptor(diag.NewFile("<input>", []byte(" ((1@0, 8@1), 1/2@2)\t")))
	lay, d2 := parser.ParseLayout(diag.NewFile("<input>", []byte("(_4, _2):(_1, _4)")))
	tile, d3 := parser.ParseTile(diag.NewFile("<input>", []byte("[ (2,3):(1,2) ; _ ]")))
	sw, d4 := parser.ParseSwizzle(diag.NewFile("<input>", []byte("Sw<3, 4, 3>")))
	comp, d5 := parser.ParseComposed(diag.NewFile("<input>", []byte("Sw<3,4,3> o (8, 64):(64, 1)")))
	tup, d6 := parser.ParseTuple(diag.NewFile("<input>", []byte("(4, )")))
	for _, d := range []diag.List{d1, d2, d3, d4, d5, d6} {
		if d.HasErrors() {
			t.Fatal(d.Err())
		}
	}
	cases := []struct {
		n    ast.Node
		want string
	}{
		{desc, "((1@0,8@1),1/2@2)"}, {lay, "(4,2):(1,4)"}, {tile, "[(2,3):(1,2);_]"},
		{sw, "S<3,4,3>"}, {comp, "S<3,4,3> o 0 o (8,64):(64,1)"}, {tup, "(4)"},
		{&desc.Elems[1].(*ast.Basis).Count, "1/2"}, {&desc.Elems[1].(*ast.Basis).Dims[0], "2"},
	}
	for _, c := range cases {
		if got := String(c.n); got != c.want {
			t.Errorf("String(%T) = %q, want %q", c.n, got, c.want)
		}
	}
}

func TestPrintFile(t *testing.T) {
	src := "\ufeff# layouts\r\nA = (4, 2):(1, 4)   # A\r\n\r\nB=(2,2):(1,2)\r\nassert composition(A,B) ~ (2,2):(1,2)\r\n"
	f, diags := parser.ParseCuteFile(diag.NewFile("a.cute", []byte(src)))
	if diags.HasErrors() {
		t.Fatal(diags.Err())
	}
	want := "A = (4,2):(1,4)\nB = (2,2):(1,2)\nassert composition(A, B) ~ (2,2):(1,2)\n"
	if got := String(f); got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	var buf bytes.Buffer
	if err := Fprint(&buf, f); err != nil || buf.String() != want {
		t.Errorf("Fprint: %q, %v", buf.String(), err)
	}
	if got := string(Append([]byte("x: "), f.Stmts[0])); got != "x: A = (4,2):(1,4)" {
		t.Errorf("Append = %q", got)
	}
}

// TestPrintHandBuilt prints trees that the parser does not build, such as a
// static marker on a basis count or a negative zero written by a caller.
func TestPrintHandBuilt(t *testing.T) {
	four := &ast.Int{Value: 4, Static: true}
	cases := []struct {
		n    ast.Node
		want string
	}{
		{&ast.Tuple{Elems: []ast.Expr{four}, Trailing: true}, "(4)"},
		{&ast.Basis{Count: ast.Count{Num: 1, Den: 1, Static: true}, Dims: []ast.Dim{{Value: 1}, {Value: 0}}}, "1@1@0"},
		{&ast.Swizzle{Name: "Sw", B: &ast.Int{Value: 3}, M: four, S: &ast.Int{Value: 3}}, "S<3,4,3>"},
		{&ast.Dynamic{Width: 64, Div: four}, "?{i64 div=4}"},
		{&ast.Composed{Outer: &ast.Ident{Name: "A"}, Inner: &ast.Ident{Name: "B"}}, "A o 0 o B"},
		{&ast.ExprStmt{X: &ast.Tile{Modes: []ast.Expr{&ast.Underscore{}}}}, "[_]"},
		{&ast.File{}, ""},
	}
	for _, c := range cases {
		if got := String(c.n); got != c.want {
			t.Errorf("String(%T) = %q, want %q", c.n, got, c.want)
		}
	}
}

type alien struct{}

func (alien) Pos() int { return 0 }
func (alien) End() int { return 0 }

func TestPrintUnknownNodePanics(t *testing.T) {
	for _, n := range []ast.Node{alien{}, nil} {
		func() {
			defer func() {
				if r := recover(); r == nil || !strings.Contains(r.(string), "printer: unknown") {
					t.Errorf("String(%T): recovered %v, want a printer panic", n, r)
				}
			}()
			String(n)
		}()
	}
}
