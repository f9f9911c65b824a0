package verify

import (
	"fmt"

	"github.com/cutec/cutec/diag"
	"github.com/cutec/cutec/layout"
	"github.com/cutec/cutec/normalize"
)

func init() {
	Register(&Check{
		Name:  "aliasing",
		Doc:   "A layout without zero strides is injective: no two coordinates share an offset (W0900).",
		Codes: []diag.Code{diag.Aliasing},
		Value: checkAliasing,
	})
}

// maxAliasCheck bounds the cosize of the layouts checked offset by offset.
const maxAliasCheck = 1 << 16

func checkAliasing(s *Subject) {
	l, ok := s.Value.(normalize.Layout)
	if !ok {
		return
	}
	f := layout.Flatten(l.L)
	for i := 0; i < f.Rank(); i++ {
		m, _ := f.Mode(i)
		if d := m.Stride(); d.Kind() != layout.KindInt || d.Value() == 0 {
			return // broadcasts on purpose, or not an integer layout
		}
	}
	n, err := l.L.Size()
	co, err2 := l.L.Cosize()
	if err != nil || err2 != nil || co > maxAliasCheck || n > maxAliasCheck {
		return
	}
	seen := make(map[int64]int64, n)
	for i := int64(0); i < n; i++ {
		off, err := l.L.Eval(layout.Int(i))
		if err != nil {
			return
		}
		if j, dup := seen[off.Value()]; dup {
			a, _ := layout.Idx2Crd(j, l.L.Shape())
			b, _ := layout.Idx2Crd(i, l.L.Shape())
			s.Report(diag.Aliasing, s.Span(), fmt.Sprintf(
				"%s is not injective: the coordinates %s and %s share the offset %d", l.L, a, b, off.Value()))
			return
		}
		seen[off.Value()] = i
	}
}
