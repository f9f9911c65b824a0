package normalize

import (
	"strconv"
	"strings"
	"testing"

	"github.com/cutec/cutec/ast"
	"github.com/cutec/cutec/diag"
	"github.com/cutec/cutec/parser"
	"pgregory.net/rapid"
)

// TestStaticLayoutEqualsTree checks the fast conversion of layouts through a
// layout.Static against the general tree, on random layout texts of nested
// tuples whose leaves are integers (positive or not, so that it must also
// decline where the tree reports an error), dynamic leaves and basis
// entries: wherever staticLayout accepts, the tree gives the same layout
// without diagnostics; and it accepts every layout of positive integer
// extents and integer strides in one profile of at most 16 leaves.
func TestStaticLayoutEqualsTree(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		var shape, stride strings.Builder
		leaves, plain := 0, true
		var gen func(depth int)
		gen = func(depth int) {
			if depth < 3 && rapid.IntRange(0, 2).Draw(t, "tuple") == 0 {
				n := rapid.IntRange(1, 3).Draw(t, "n")
				shape.WriteByte('(')
				stride.WriteByte('(')
				for i := range n {
					if i > 0 {
						shape.WriteByte(',')
						stride.WriteByte(',')
					}
					gen(depth + 1)
				}
				shape.WriteByte(')')
				stride.WriteByte(')')
				return
			}
			leaves++
			switch rapid.IntRange(0, 9).Draw(t, "leaf") {
			case 0:
				shape.WriteString("?")
				plain = false
			case 1:
				shape.WriteString("0")
				plain = false
			default:
				shape.WriteString(strconv.Itoa(rapid.IntRange(1, 64).Draw(t, "extent")))
			}
			switch rapid.IntRange(0, 9).Draw(t, "stride") {
			case 0:
				stride.WriteString("1@1")
				plain = false
			default:
				stride.WriteString(strconv.Itoa(rapid.IntRange(-8, 512).Draw(t, "d")))
			}
		}
		gen(0)
		if rapid.IntRange(0, 9).Draw(t, "mismatch") == 0 {
			stride.Reset()
			stride.WriteString("(1,2,3,4,5)") // the top tuple has at most 3 elements
			plain = false
		}
		src := shape.String() + ":" + stride.String()
		f := diag.NewFile("t", []byte(src))
		e, diags := parser.ParseExpr(f)
		if diags.HasErrors() {
			t.Fatalf("%s: %v", src, diags)
		}
		n, ok := e.(*ast.Layout)
		if !ok {
			t.Fatalf("%s: parsed as %T", src, e)
		}
		fast, fastOK := staticLayout(n)
		rep := &report{file: f}
		c := converter{report: rep}
		tree, treeOK := c.treeLayout(n)
		if want := plain && leaves <= 16; fastOK != want {
			t.Fatalf("%s: staticLayout accepted %v, want %v", src, fastOK, want)
		}
		if !fastOK {
			return
		}
		if !treeOK || len(rep.diags) > 0 {
			t.Fatalf("%s: the static path accepts what the tree rejects: %v", src, rep.diags)
		}
		if fast.(Layout).L.String() != tree.(Layout).L.String() || !fast.(Layout).L.Equal(tree.(Layout).L) {
			t.Fatalf("%s: static %v, tree %v", src, fast, tree)
		}
	})
}
