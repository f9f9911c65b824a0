package printer

import (
	"fmt"
	"testing"

	"github.com/cutec/cutec/ast"
	"github.com/cutec/cutec/layout"
)

// TestAlgebraText: the String methods of the algebra's values spell the
// canonical text (docs/semantics.md).
func TestAlgebraText(t *testing.T) {
	l := layout.MustNew(layout.Tuple(layout.Int(4), layout.Ints(2, 2)), layout.Tuple(layout.Int(1), layout.Ints(4, 8)))
	sw, err := layout.NewSwizzle(3, 4, 3)
	if err != nil {
		t.Fatal(err)
	}
	inner := layout.MustNew(layout.Ints(8, 64), layout.Ints(64, 1))
	c, err := layout.NewComposed(sw, layout.Int(0), inner)
	if err != nil {
		t.Fatal(err)
	}
	four := layout.MustNew(layout.Int(4), layout.Int(1))
	cases := []struct{ got, want string }{
		{layout.Basis(1, 0, 1).String(), "1@1@0"}, // path outermost first, printed innermost first
		{layout.Tuple(layout.Int(4)).String(), "(4)"},
		{layout.Dynamic(64, 128).String(), "?{i64 div=128}"},
		{layout.Tuple(layout.Int(1), layout.Underscore()).String(), "(1,_)"},
		{l.String(), "(4,(2,2)):(1,(4,8))"},
		{four.String(), "4:1"},
		{sw.String(), "S<3,4,3>"},
		{c.String(), "S<3,4,3> o 0 o (8,64):(64,1)"},
		{layout.TileTuple(layout.TileLayout(four), layout.TileUnderscore()).String(), "[4:1;_]"},
		{layout.TileTuple(layout.TileUnderscore()).String(), "[_]"},
	}
	for _, c := range cases {
		if c.got != c.want {
			t.Errorf("got %q, want %q", c.got, c.want)
		}
	}
}

// TestAlgebraAgreesWithAST: a value written in any spelling prints, as a
// tree, the same text as the algebra's value it stands for.
func TestAlgebraAgreesWithAST(t *testing.T) {
	checked := 0
	for _, c := range exprCases {
		e := mustParse(t, c.in)
		if !IsValueTree(e) {
			continue
		}
		v, err := valueOf(e)
		if err != nil {
			continue // not a value the algebra holds as written (ratios, `?{div=1}`, ...)
		}
		s, ok := v.(fmt.Stringer)
		if !ok {
			t.Fatalf("%q: %T has no String method", c.in, v)
		}
		text := s.String()
		if want := String(e); text != want {
			t.Errorf("%q: the algebra prints %q, the tree %q", c.in, text, want)
		}
		checked++
	}
	if checked < 50 {
		t.Errorf("only %d values checked", checked)
	}
}

func TestIsValueTree(t *testing.T) {
	yes := []string{"8", "(4,8):(1,4)", "S<3,4,3> o (8,64):(64,1)", "{8} o 4:1", "[4:1;_]", "S<1,2,3>", "1@0", "?"}
	no := []string{"A", "f(4)", "((4,8):(1,4))", "A o 0 o 8:1", "{8} o A", "(4,8)(1)", "S<1,2,3> o N o 8:1"}
	for _, s := range yes {
		if !IsValueTree(mustParse(t, s)) {
			t.Errorf("%q is not a value tree", s)
		}
	}
	for _, s := range no {
		if IsValueTree(mustParse(t, s)) {
			t.Errorf("%q is a value tree", s)
		}
	}
	var nilExpr ast.Expr
	if IsValueTree(nilExpr) {
		t.Error("nil is a value tree")
	}
}
