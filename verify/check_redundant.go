package verify

import (
	"fmt"

	"github.com/cutec/cutec/diag"
	"github.com/cutec/cutec/layout"
	"github.com/cutec/cutec/normalize"
)

// redundantModeCheck is the check redundant-mode (see checks in check.go).
var redundantModeCheck = &Check{
	Name: "redundant-mode",
	Doc: "A layout written with a top-level mode of extent 1 next to other modes gains nothing from it (W0902). " +
		"Optional: CuTe keeps such modes on purpose (for the rank a tiler or a partition expects), so it runs only when enabled.",
	Optional: true,
	Codes:    []diag.Code{diag.RedundantMode},
	Value:    checkRedundant,
}

func checkRedundant(s *Subject) {
	l, ok := s.Value.(normalize.Layout)
	if !ok || l.L.Rank() < 2 || !l.L.Shape().IsTuple() {
		return
	}
	for i := 0; i < l.L.Rank(); i++ {
		m, _ := l.L.Mode(i)
		if sh := m.Shape(); sh.Kind() == layout.KindInt && sh.Value() == 1 {
			s.Report(diag.RedundantMode, s.Span(), fmt.Sprintf(
				"mode %d of %s has extent 1 and adds nothing to the function", i, l.L))
			return
		}
	}
}
