package verify

import (
	"fmt"

	"github.com/cutec/cutec/diag"
	"github.com/cutec/cutec/layout"
	"github.com/cutec/cutec/normalize"
)

func init() {
	Register(&Check{
		Name: "dialect-strides",
		Doc: "The dialect's rules on strides: all integers or all basis elements, zero integers may mix " +
			"(E0600); the basis paths of one stride agree on the depth of the codomain (E0601); in lowerable mode, no " +
			"ratio-valued basis (E0602).",
		Codes: []diag.Code{diag.MixedStrideKinds, diag.BasisDepthMismatch, diag.RatioNotLowerable},
		Value: checkStrides,
	})
}

func checkStrides(s *Subject) {
	if d, ok := s.Value.(normalize.Descriptor); ok {
		if s.lowerable {
			s.Report(diag.RatioNotLowerable, s.Span(),
				fmt.Sprintf("the basis descriptor %s has a ratio-valued count, which a lowerable layout cannot hold", d))
		}
		return
	}
	var stride layout.IntTuple
	switch v := s.Value.(type) {
	case normalize.Layout:
		stride = v.L.Stride()
	case normalize.Composed:
		stride = v.C.Inner.Stride()
	case normalize.Tuple:
		stride = v.T
	default:
		return
	}
	var ints, bases []layout.IntTuple
	walkLeaves(stride, func(t layout.IntTuple) {
		switch {
		case t.Kind() == layout.KindBasis:
			bases = append(bases, t)
		case t.Kind() == layout.KindInt && t.Value() != 0:
			ints = append(ints, t)
		}
	})
	mismatch := !agreeOnDepth(bases)
	if len(bases) > 0 && len(ints) > 0 {
		s.Report(diag.MixedStrideKinds, s.Span(), fmt.Sprintf(
			"the stride %s mixes the integer %s with basis elements such as %s", stride, ints[0], bases[0]))
	}
	if mismatch {
		s.Report(diag.BasisDepthMismatch, s.Span(), fmt.Sprintf(
			"the basis paths of %s disagree on the depth of the codomain: one ends where another goes deeper", stride))
	}
}

// agreeOnDepth reports whether no basis path ends where another goes
// deeper: the paths then describe one codomain profile, such as
// ((*,*),*) for 1@0@0, 1@1@0 and 1@1.
func agreeOnDepth(bases []layout.IntTuple) bool {
	type node struct {
		leaf bool
		kids map[int]*node
	}
	root := &node{}
	for _, b := range bases {
		n := root
		for _, i := range b.Path() {
			if n.leaf {
				return false
			}
			if n.kids == nil {
				n.kids = map[int]*node{}
			}
			if n.kids[i] == nil {
				n.kids[i] = &node{}
			}
			n = n.kids[i]
		}
		if len(n.kids) > 0 {
			return false
		}
		n.leaf = true
	}
	return true
}

func walkLeaves(t layout.IntTuple, f func(layout.IntTuple)) {
	if t.Kind() != layout.KindTuple {
		f(t)
		return
	}
	for i := 0; i < t.Len(); i++ {
		walkLeaves(t.At(i), f)
	}
}
