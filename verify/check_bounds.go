package verify

import (
	"fmt"

	"github.com/cutec/cutec/diag"
	"github.com/cutec/cutec/layout"
	"github.com/cutec/cutec/normalize"
)

// boundsCheck is the check bounds (see checks in check.go).
var boundsCheck = &Check{
	Name:  "bounds",
	Doc:   "A coordinate evaluated against a layout or a composed layout lies inside its domain (W0904), in every spelling: L(c), eval(L, c), composed_eval(C, c), crd2idx(c, L).",
	Codes: []diag.Code{diag.OutOfBoundsEval},
	Call:  checkBounds,
}

func checkBounds(s *Subject) {
	if s.Op != "eval" {
		return
	}
	var l layout.Layout
	switch f := s.Args[0].(type) {
	case normalize.Layout:
		l = f.L
	case normalize.Composed:
		l = f.C.Inner // the coordinate is B's (A o off o B)
	default:
		return
	}
	var crd layout.IntTuple
	switch c := s.Args[1].(type) {
	case normalize.Int:
		crd = layout.Int(int64(c))
	case normalize.Tuple:
		crd = c.T
	default:
		return
	}
	if !inBounds(crd, l.Shape()) {
		s.Report(diag.OutOfBoundsEval, s.ArgSpan(1), fmt.Sprintf(
			"the coordinate %s lies outside the domain of %s (shape %s); it is evaluated on the extended domain",
			crd, s.Args[0], l.Shape()))
	}
}

// inBounds reports whether crd is a coordinate inside shape: an integer
// below the size of its part, or a tuple whose leaves are.
func inBounds(crd, shape layout.IntTuple) bool {
	if crd.Kind() == layout.KindInt {
		n, err := layout.Size(shape)
		return err != nil || (crd.Value() >= 0 && crd.Value() < n)
	}
	if crd.Kind() != layout.KindTuple || shape.Kind() != layout.KindTuple || crd.Len() != shape.Len() {
		return true // not a coordinate of this shape: evaluation reports it
	}
	for i := 0; i < crd.Len(); i++ {
		if !inBounds(crd.At(i), shape.At(i)) {
			return false
		}
	}
	return true
}
