package verify

import (
	"fmt"

	"github.com/cutec/cutec/diag"
	"github.com/cutec/cutec/layout"
	"github.com/cutec/cutec/normalize"
)

func init() {
	Register(&Check{
		Name: "bank-conflicts",
		Doc: "A swizzled layout S<B,M,S> o off o L, read as rows of mode 0, sends the first 2^B rows (at most 8) " +
			"of a column to distinct chunks of 2^M elements within a 2^(B+M)-element line: for the " +
			"Hopper modes (M = 4 units of 16 bytes, 128-byte lines) that is what keeps a warp's 128-bit accesses " +
			"free of bank conflicts (W0901).",
		Codes: []diag.Code{diag.BankConflicts},
		Value: checkBanks,
	})
}

func checkBanks(s *Subject) {
	c, ok := s.Value.(normalize.Composed)
	if !ok {
		return
	}
	sw, ok := c.C.Outer.(layout.Swizzle)
	if !ok || sw.IsIdentity() || c.C.Inner.Rank() < 2 {
		return
	}
	rowsMode, _ := c.C.Inner.Mode(0)
	rows, err := rowsMode.Size()
	if err != nil || rows < 2 {
		return
	}
	span := min(rows, 8)
	seen := map[int64]int64{}
	for r := int64(0); r < span; r++ {
		off, err := c.C.Eval(layout.Tuple(layout.Int(r), layout.Int(0)))
		if err != nil || off.Kind() != layout.KindInt {
			return
		}
		chunk := (off.Value() >> sw.M) & (1<<max(sw.B, 3) - 1)
		if first, dup := seen[chunk]; dup {
			s.Report(diag.BankConflicts, s.Span(), fmt.Sprintf(
				"rows %d and %d of %s land in the same %d-element chunk (%d) of a line, so their accesses conflict",
				first, r, c.C, int64(1)<<sw.M, chunk))
			return
		}
		seen[chunk] = r
	}
}
