package lsp

import (
	"strings"
	"testing"
)

// TestMLIROpsInContext checks that the server reports E0605 on the ops the
// op checker reads with the lines around them, as lint does, and updates
// it when one of those other lines changes.
func TestMLIROpsInContext(t *testing.T) {
	c := startClient(t)
	c.initialize()
	uri := "file:///ctx.mlir"
	// make_layout of the shape (4,8) and the stride (8,1) is (4,8):(8,1):
	// clean as written.
	text := "func.func @f() {\n" +
		"  %s = cute.static : !cute.shape<\"(4,8)\">\n" +
		"  %d = cute.static : !cute.stride<\"(8,1)\">\n" +
		"  %l = cute.make_layout(%s, %d) : !cute.layout<\"(4,8):(8,1)\">\n" +
		"  %r = cute.coalesce(%l)\n" +
		"        : (!cute.layout<\"(2,4):(1,2)\">)\n" +
		"       -> !cute.layout<\"8:1\">\n" +
		"}\n"
	codes := func(ds []Diagnostic) string {
		var out []string
		for _, d := range ds {
			out = append(out, d.Code+"@"+itoa(d.Range.Start.Line))
		}
		return strings.Join(out, " ")
	}
	if ds := c.open(uri, "mlir", text); len(ds) != 0 {
		t.Fatalf("open: %v, want none", codes(ds))
	}
	// The stride on line 2 becomes (1,4): make_layout now gives
	// (4,8):(1,4), not the (4,8):(8,1) line 3 states.
	ds := c.change(uri, 2, rng(2, 35, 2, 40), "(1,4)")
	if got := codes(ds); got != "E0605@3" {
		t.Errorf("after changing the stride above: %s, want E0605@3", got)
	}
	// Back to (8,1): clean again.
	if ds := c.change(uri, 3, rng(2, 35, 2, 40), "(8,1)"); len(ds) != 0 {
		t.Errorf("after restoring the stride: %v, want none", codes(ds))
	}
	// The stated result of coalesce, on line 6, becomes (2,4):(1,2): the
	// two modes of (2,4):(1,2) merge (2*1 = 2) into 8:1, so it differs,
	// and E0605 is on line 6, where the result is written.
	ds = c.change(uri, 4, rng(6, 24, 6, 27), "(2,4):(1,2)")
	if got := codes(ds); got != "E0605@6" {
		t.Errorf("after changing the result below: %s, want E0605@6", got)
	}
	if len(ds) == 1 && ds[0].Range != rng(6, 10, 6, 37) {
		t.Errorf("E0605 at %+v, want the result type 6:10-6:37", ds[0].Range)
	}
	// The operand's type on line 5 becomes 8:1, whose coalesce is 8:1
	// itself: still differs from the stated (2,4):(1,2).
	ds = c.change(uri, 5, rng(5, 25, 5, 36), "8:1")
	if got := codes(ds); got != "E0605@6" {
		t.Errorf("after changing the operand type: %s, want E0605@6", got)
	}
	// A function line between the definitions and make_layout: the
	// operands are no longer in its function, so it is skipped.
	ds = c.change(uri, 6, rng(2, 35, 2, 40), "(1,4)")
	if got := codes(ds); got != "E0605@3 E0605@6" {
		t.Errorf("before the split: %s, want E0605@3 E0605@6", got)
	}
	ds = c.change(uri, 7, rng(3, 0, 3, 0), "}\nfunc.func @g() {\n")
	if got := codes(ds); got != "E0605@8" {
		t.Errorf("after the split: %s, want only E0605@8", got)
	}
}
