package verify

import (
	"fmt"

	"github.com/cutec/cutec/diag"
	"github.com/cutec/cutec/layout"
	"github.com/cutec/cutec/normalize"
)

// swizzleCheck is the check swizzle (see checks in check.go).
var swizzleCheck = &Check{
	Name: "swizzle",
	Doc: "Swizzles fit in 32 bits (|S| + B + M <= 32, E0603); a composed layout whose swizzle is the " +
		"identity and whose offset is 0 is just its outer layout (W0604). That a swizzle is a bijection " +
		"(|S| >= B, E0504) is checked when it is normalized.",
	Codes: []diag.Code{diag.SwizzleTooWide, diag.TrivialSwizzle},
	Value: checkSwizzle,
}

func checkSwizzle(s *Subject) {
	var sw layout.Swizzle
	switch v := s.Value.(type) {
	case normalize.Swizzle:
		sw = v.S
	case normalize.Composed:
		outer, ok := v.C.Outer.(layout.Swizzle)
		if !ok {
			return
		}
		sw = outer
		if sw.IsIdentity() && v.C.Offset.Kind() == layout.KindInt && v.C.Offset.Value() == 0 {
			d := s.Report(diag.TrivialSwizzle, s.Span(),
				fmt.Sprintf("%s is the identity, so %s is just %s", sw, v.C, v.C.Inner))
			d.Fix = &diag.Fix{Message: "write the outer layout alone",
				Edits: []diag.Edit{{Span: s.Span(), NewText: v.C.Inner.String()}}}
		}
	default:
		return
	}
	if width := abs(sw.S) + sw.B + sw.M; width > 32 {
		s.Report(diag.SwizzleTooWide, s.Span(),
			fmt.Sprintf("%s needs %d bits (|S| + B + M), more than the 32 of a shared-memory offset", sw, width))
	}
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
