package main

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/cutec/cutec/diag"
	"github.com/cutec/cutec/verify"
)

// TestCheckMLIRParallel checks that verifying the chunks of one file on
// several workers gives the diagnostics of one worker, in the same order.
func TestCheckMLIRParallel(t *testing.T) {
	var b strings.Builder
	for i := range 20000 { // about 1 MB: many 64 KiB chunks
		switch {
		case i%997 == 0:
			fmt.Fprintf(&b, "%%%d = cute.static : !cute.layout<\"(4,8):(1,(4,%d))\">\n", i, i)
		case i%1999 == 0:
			fmt.Fprintf(&b, "%%%d = cute.static : !cute.layout<\"(4,8):(1,%d)\n", i, i) // unterminated
		default:
			fmt.Fprintf(&b, "%%%d = cute.static : !cute.layout<\"(4,8):(1,4)\"> // line %d\n", i, i)
		}
	}
	in := b.String()
	render := func(workers int) string {
		c := newChecker(nil, workers, verify.Default(), lowerablePass(t))
		var col collector
		if err := c.checkMLIR("big.mlir", strings.NewReader(in), &col); err != nil {
			t.Fatal(err)
		}
		var out bytes.Buffer
		diag.RenderAll(&out, diag.Text{}, col.result().diags)
		return out.String()
	}
	one := render(1)
	if n := strings.Count(one, "error[E0300]"); n != 21 {
		t.Errorf("%d E0300 errors, want 21", n)
	}
	if n := strings.Count(one, "error[E0108]"); n != 10 {
		t.Errorf("%d E0108 errors, want 10", n)
	}
	for _, w := range []int{2, 4, 16} {
		if got := render(w); got != one {
			t.Errorf("%d workers: output differs from one worker's", w)
		}
	}
}

// lowerablePass is the pass lint uses for MLIR payloads.
func lowerablePass(t *testing.T) *verify.Pass {
	t.Helper()
	p, err := (&checkFlags{}).pass(true)
	if err != nil {
		t.Fatal(err)
	}
	return p
}
