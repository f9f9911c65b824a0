package normalize

import "github.com/cutec/cutec/layout"

// Equivalent reports whether two values are the same layout up to the
// representation: layouts compare after coalesce ∘ filter_zeros (so
// grouping, extent-1 modes and zero-stride modes do not matter), composed
// layouts compare their outer function (swizzles are part of the identity),
// offset and inner layouts, and other values compare as Equal does.
func Equivalent(a, b Value) bool {
	switch a := a.(type) {
	case Layout:
		bl, ok := b.(Layout)
		return ok && layout.Filter(a.L).Equal(layout.Filter(bl.L))
	case Composed:
		bc, ok := b.(Composed)
		if !ok || a.C.Outer.String() != bc.C.Outer.String() || !a.C.Offset.Equal(bc.C.Offset) || a.C.ElemBits != bc.C.ElemBits {
			return false
		}
		return layout.Filter(a.C.Inner).Equal(layout.Filter(bc.C.Inner))
	}
	return Equal(a, b)
}

// SameFunction reports whether two layouts have the same size and the same
// offset at every index: equal after coalescing.
func SameFunction(a, b layout.Layout) bool {
	na, errA := a.Size()
	nb, errB := b.Size()
	return errA == nil && errB == nil && na == nb && layout.Coalesce(a).Equal(layout.Coalesce(b))
}
