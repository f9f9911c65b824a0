package printer

import (
	"testing"

	"github.com/cutec/cutec/ast"
	"github.com/cutec/cutec/layout"
)

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
		{IntTuple(layout.Basis(1, 0, 1)), "1@1@0"}, // path outermost first, printed innermost first
		{IntTuple(layout.Tuple(layout.Int(4))), "(4)"},
		{IntTuple(layout.Dynamic(64, 128)), "?{i64 div=128}"},
		{IntTuple(layout.Tuple(layout.Int(1), layout.Underscore())), "(1,_)"},
		{Layout(l), "(4,(2,2)):(1,(4,8))"},
		{Layout(four), "4:1"},
		{Swizzle(sw), "S<3,4,3>"},
		{Composed(c), "S<3,4,3> o 0 o (8,64):(64,1)"},
		{Tiler(layout.TileTuple(layout.TileLayout(four), layout.TileUnderscore())), "[4:1;_]"},
		{Tiler(layout.TileTuple(layout.TileUnderscore())), "[_]"},
		{Accessor(layout.Int(8), layout.MustNew(layout.Ints(3, 2), layout.Ints(15, 100))), "{8} o (3,2):(15,100)"},
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
		var text string
		switch v := v.(type) {
		case layout.IntTuple:
			text = IntTuple(v)
		case layout.Layout:
			text = Layout(v)
		case layout.Swizzle:
			text = Swizzle(v)
		case layout.ComposedLayout:
			text = Composed(v)
		}
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
