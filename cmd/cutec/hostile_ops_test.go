package main

import (
	"fmt"
	"io"
	"strings"
	"testing"

	"github.com/cutec/cutec/verify"
)

// undefinedOperands returns n make_layout ops whose operands are never
// defined, the worst case of the op checker's search above an op: each
// search runs over the whole 8 KiB reach and finds nothing.
func undefinedOperands(n int, salt string) string {
	var b strings.Builder
	for i := range n {
		fmt.Fprintf(&b, "  %%l%d = cute.make_layout(%%s%s%d, %%d%d) : !cute.layout<\"(4,8):(1,8)\">\n", i, salt, i, i)
	}
	return b.String()
}

// TestHostileUndefinedOperands: ops whose operands are never defined are
// skipped, nothing is reported, and the search for their definitions,
// bounded by the reach above each op, takes time linear in the file (timed
// with CUTEC_HEAVY=1).
func TestHostileUndefinedOperands(t *testing.T) {
	const n = 4000
	c := newChecker(nil, 1, verify.Default(), lowerablePass(t))
	var col collector
	if err := c.checkMLIR("undefined.mlir", strings.NewReader(undefinedOperands(n, "")), &col); err != nil {
		t.Fatal(err)
	}
	if got := describe(col.result().diags); got != "" || c.ops.Skipped != n || c.ops.Checked != 0 {
		t.Errorf("%d ops with undefined operands: %q, %+v; want nothing reported and all skipped", n, got, c.ops)
	}
	salt := 0
	checkLinear(t, "the search for undefined operands", func(scale int) linearCase {
		salt++
		src := undefinedOperands(n*scale, fmt.Sprint(salt))
		return linearCase{
			work: func() { checkMLIRReader(t, strings.NewReader(src), 1) },
			scan: func() { io.Copy(io.Discard, strings.NewReader(src)) },
		}
	})
}
