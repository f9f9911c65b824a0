package verify

import (
	"fmt"

	"github.com/cutec/cutec/ast"
	"github.com/cutec/cutec/diag"
	"github.com/cutec/cutec/layout"
	"github.com/cutec/cutec/normalize"
)

// composedOffsetCheck is the check composed-offset (see checks in check.go).
var composedOffsetCheck = &Check{
	Name: "composed-offset",
	Doc: "A composed layout inner o offset o outer (the dialect's words: B, the outer layout, is applied " +
		"first) feeds offset + outer(0) to its inner function (E0505): the offset is addable to outer(0) " +
		"(scalars with scalars, tuples elementwise, a literal 0 with anything); an inner swizzle takes a " +
		"scalar, so its offset is a scalar and its outer layout has no basis strides; an inner layout takes " +
		"a scalar or a coordinate weakly congruent to its shape. A dynamic offset ? is a scalar.",
	Codes: []diag.Code{diag.OffsetNotAddable},
	Value: checkComposed,
}

func checkComposed(s *Subject) {
	v, ok := s.Value.(normalize.Composed)
	if !ok {
		return
	}
	at := s.Span()
	if c, ok := payload(s.Node).(*ast.Composed); ok && c.Offset != nil {
		at = spanOf(c.Offset)
	}
	c := v.C
	zero := codomainZero(c.Inner.Stride())
	if _, isSwizzle := c.Outer.(layout.Swizzle); isSwizzle {
		if !isScalar(c.Offset) || !isScalar(zero) {
			s.Report(diag.OffsetNotAddable, at, fmt.Sprintf(
				"the swizzle %s takes a scalar: the offset %s must be a scalar and the outer layout %s must have no basis strides",
				c.Outer, c.Offset, c.Inner))
		}
		return
	}
	sum, ok := addOffsets(c.Offset, zero)
	if !ok {
		s.Report(diag.OffsetNotAddable, at, fmt.Sprintf(
			"the offset %s cannot be added to the outer layout's value at 0, %s", c.Offset, zero))
		return
	}
	if outer, ok := c.Outer.(layout.Layout); ok && !isScalar(sum) && !layout.WeaklyCongruent(sum, outer.Shape()) {
		s.Report(diag.OffsetNotAddable, at, fmt.Sprintf(
			"offset + outer(0) = %s is neither a scalar nor weakly congruent to the inner layout's shape %s",
			sum, outer.Shape()))
	}
}

// isScalar reports whether t is an integer or a dynamic integer.
func isScalar(t layout.IntTuple) bool {
	return t.Kind() == layout.KindInt || t.Kind() == layout.KindDynamic
}

// isZero reports whether t is the literal integer 0.
func isZero(t layout.IntTuple) bool { return t.Kind() == layout.KindInt && t.Value() == 0 }

// codomainZero returns the value at 0 of a layout with this stride: the
// integer 0 when no stride is a basis element, and otherwise the zero of the
// codomain the basis paths describe, a tuple with one element per mode up
// to the largest index used (1@1 and 2@0 give (0,0); 1@0@0, 1@1@0 and 1@1
// give ((0,0),0)).
func codomainZero(stride layout.IntTuple) layout.IntTuple {
	if !stride.HasBasis() {
		return layout.Int(0) // integer strides: the codomain is the integers
	}
	type node struct{ kids map[int]*node }
	root := &node{}
	walkLeaves(stride, func(t layout.IntTuple) {
		if t.Kind() != layout.KindBasis {
			return
		}
		n := root
		for _, i := range t.Path() {
			if n.kids == nil {
				n.kids = map[int]*node{}
			}
			if n.kids[i] == nil {
				n.kids[i] = &node{}
			}
			n = n.kids[i]
		}
	})
	var build func(n *node) layout.IntTuple
	build = func(n *node) layout.IntTuple {
		if len(n.kids) == 0 {
			return layout.Int(0)
		}
		rank := 0
		for i := range n.kids {
			rank = max(rank, i+1)
		}
		elems := make([]layout.IntTuple, rank)
		for i := range elems {
			elems[i] = layout.Int(0)
			if k := n.kids[i]; k != nil {
				elems[i] = build(k)
			}
		}
		return layout.Tuple(elems...)
	}
	return build(root)
}

// addOffsets adds two offsets as the dialect's tuple_add does
// (Arithmetic/tuple_add.mlir and tuple_add_errors.mlir): a literal 0 is the
// identity on either side, two scalars add to a scalar (dynamic when either
// is), two tuples add elementwise with the extra elements of the longer one
// kept, and a non-zero scalar does not add to a tuple.
func addOffsets(a, b layout.IntTuple) (layout.IntTuple, bool) {
	switch {
	case isZero(a):
		return b, true
	case isZero(b):
		return a, true
	case isScalar(a) && isScalar(b):
		sum := a.Value() + b.Value()
		if a.Kind() == layout.KindDynamic || b.Kind() == layout.KindDynamic || (sum > a.Value()) != (b.Value() > 0) {
			return layout.Dynamic(0, 0), true // only the structure of the sum matters here
		}
		return layout.Int(sum), true
	case !a.IsTuple() || !b.IsTuple():
		return layout.IntTuple{}, false
	}
	n := max(a.Len(), b.Len())
	elems := make([]layout.IntTuple, n)
	for i := range elems {
		switch {
		case i >= a.Len():
			elems[i] = b.At(i)
		case i >= b.Len():
			elems[i] = a.At(i)
		default:
			e, ok := addOffsets(a.At(i), b.At(i))
			if !ok {
				return layout.IntTuple{}, false
			}
			elems[i] = e
		}
	}
	return layout.Tuple(elems...), true
}
