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

// TestMLIROpHover checks the hover on an op of the MLIR: the result type
// cutec derives from the operand types, and whether it agrees with the
// stated one or why the op is not checked.
func TestMLIROpHover(t *testing.T) {
	c := startClient(t)
	c.initialize()
	uri := "file:///hover.mlir"
	text := "!L = !cute.layout<\"(2,4):(1,2)\">\n" +
		"func.func @f(%a: !L) {\n" +
		"  %s = cute.static : !cute.shape<\"(4,8)\">\n" +
		"  %d = cute.static : !cute.stride<\"(8,1)\">\n" +
		"  %l = cute.make_layout(%s, %d) : !cute.layout<\"(4,8):(8,1)\">\n" +
		"  %r = cute.coalesce(%a) : (!L) -> !cute.layout<\"(2,4):(1,2)\">\n" +
		"  %q = cute.coalesce(%l)\n" +
		"        : (!cute.layout<\"(4,8):(8,1)\">)\n" +
		"       -> !cute.layout<\"(4,8):(8,1)\">\n" +
		"  %c = cute.make_coord(%i) : (i32) -> !cute.coord<\"?\">\n" +
		"}\n"
	c.open(uri, "mlir", text)
	for _, tc := range []struct {
		line, char int
		want       []string
		r          Range
	}{
		// make_layout of the shape (4,8) and the stride (8,1), defined on
		// the lines above: (4,8):(8,1), as stated.
		{4, 12, []string{"**cute.make_layout**", "```mlir\n!cute.layout<\"(4,8):(8,1)\">\n```", "agrees with the stated result type `!cute.layout<\"(4,8):(8,1)\">`"}, rng(4, 7, 4, 23)},
		// coalesce of the alias !L = (2,4):(1,2): the modes merge (2*1 =
		// 2) into 8:1, which differs from the stated (2,4):(1,2). On the
		// result name %r, before the op's name.
		{5, 3, []string{"**cute.coalesce**", "!cute.layout<\"8:1\">", "differs from the stated result type `!cute.layout<\"(2,4):(1,2)\">` (E0605)"}, rng(5, 7, 5, 20)},
		// The coalesce of (4,8):(8,1): 8 ≠ 4*8, so nothing merges; its
		// types are on the two lines below; hovered on the arrow's line.
		{8, 8, []string{"**cute.coalesce**", "!cute.layout<\"(4,8):(8,1)\">", "agrees"}, rng(6, 7, 6, 20)},
		// make_coord of an i32: cutec has no rule for it.
		{9, 10, []string{"**cute.make_coord**", "not checked: cutec has no rule for cute.make_coord"}, rng(9, 7, 9, 22)},
	} {
		var h Hover
		c.result("textDocument/hover", at(uri, tc.line, tc.char), &h)
		for _, s := range tc.want {
			if !strings.Contains(h.Contents.Value, s) {
				t.Errorf("hover at %d:%d = %q, want %q in it", tc.line, tc.char, h.Contents.Value, s)
			}
		}
		if h.Range == nil || *h.Range != tc.r {
			t.Errorf("hover at %d:%d: range %+v, want %+v", tc.line, tc.char, h.Range, tc.r)
		}
	}
	// On a payload, the payload's own description, not the op's.
	var h Hover
	c.result("textDocument/hover", at(uri, 5, 50), &h)
	if strings.Contains(h.Contents.Value, "cute.coalesce") || !strings.Contains(h.Contents.Value, "size 8") {
		t.Errorf("hover on the result payload = %q, want the layout (2,4):(1,2) of size 8", h.Contents.Value)
	}
}
