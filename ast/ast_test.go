package ast

import (
	"strings"
	"testing"

	"github.com/cutec/cutec/diag"
)

func sp(s, e int) diag.Span { return diag.Span{Start: s, End: e} }

// sample is composition((4,2):(1,4), 1@1@0), built by hand.
func sample() *Call {
	return &Call{
		Span: sp(0, 33), Fun: &Ident{Span: sp(0, 11), Name: "composition"}, Lparen: 11, Rparen: 32,
		Args: []Expr{
			&Layout{Span: sp(12, 23), Colon: 17,
				Shape:  &Tuple{Span: sp(12, 17), Elems: []Expr{&Int{Span: sp(13, 14), Value: 4}, &Int{Span: sp(15, 16), Value: 2}}},
				Stride: &Tuple{Span: sp(18, 23), Elems: []Expr{&Int{Span: sp(19, 20), Value: 1}, &Int{Span: sp(21, 22), Value: 4, Static: true}}},
			},
			&Basis{Span: sp(25, 32), Count: Count{Span: sp(25, 26), Num: 1, Den: 1},
				Dims: []Dim{{Span: sp(27, 28), Value: 1}, {Span: sp(29, 30), Value: 0}}},
		},
	}
}

func TestFprint(t *testing.T) {
	want := `Call composition args=2 parens=11,32 [0,33)
  Ident composition [0,11)
  Layout colon=17 [12,23)
    Tuple rank=2 [12,17)
      Int 4 [13,14)
      Int 2 [15,16)
    Tuple rank=2 [18,23)
      Int 1 [19,20)
      Int 4 static [21,22)
  Basis depth=2 [25,32)
    Count 1 [25,26)
    Dim 1 [27,28)
    Dim 0 [29,30)
`
	if got := Sprint(sample()); got != want {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
	}
}

func TestFprintStatements(t *testing.T) {
	x := &Ident{Span: sp(7, 8), Name: "A"}
	f := &File{File: diag.NewFile("a.cute", []byte("assert A ~ B\n")), Stmts: []Stmt{
		&AssertStmt{Span: sp(0, 12), X: x, Op: Same, OpSpan: sp(9, 10), Y: &Ident{Span: sp(11, 12), Name: "B"}},
	}}
	want := "File a.cute stmts=1 [0,13)\n  AssertStmt ~ op@[9,10) [0,12)\n    Ident A [7,8)\n    Ident B [11,12)\n"
	if got := Sprint(f); got != want {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
	}
}

func TestWalkOrderAndNil(t *testing.T) {
	var got []string
	Inspect(sample(), func(n Node) bool {
		if n == nil {
			got = append(got, "end")
			return false
		}
		got = append(got, strings.Fields(label(n))[0])
		return true
	})
	want := "Call Ident end Layout Tuple Int end Int end end Tuple Int end Int end end end Basis Count end Dim end Dim end end end"
	if strings.Join(got, " ") != want {
		t.Errorf("got  %s\nwant %s", strings.Join(got, " "), want)
	}
}

func TestInspectPrunes(t *testing.T) {
	var visited []string
	Inspect(sample(), func(node Node) bool {
		if node == nil {
			return false
		}
		visited = append(visited, strings.Fields(label(node))[0])
		_, isLayout := node.(*Layout)
		return !isLayout // skip the layout's children
	})
	if got, want := strings.Join(visited, " "), "Call Ident Layout Basis Count Dim Dim"; got != want {
		t.Errorf("visited %s, want %s", got, want)
	}
}

type foreign struct{}

func (foreign) Pos() int { return 0 }
func (foreign) End() int { return 0 }

func TestUnknownNodePanics(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Error("Walk of a foreign node type must panic")
		}
	}()
	Inspect(foreign{}, func(Node) bool { return true })
}

func TestIsValue(t *testing.T) {
	for _, c := range []struct {
		e    Expr
		want bool
	}{
		{&Int{}, true}, {&Dynamic{}, true}, {&Underscore{}, true}, {&Basis{}, true}, {&Tuple{}, true},
		{&Layout{}, false}, {&Ident{}, false}, {&Call{}, false}, {&Tile{}, false}, {&Swizzle{}, false},
	} {
		if got := IsValue(c.e); got != c.want {
			t.Errorf("IsValue(%T) = %v", c.e, got)
		}
	}
}
