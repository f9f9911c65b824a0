package layout

import (
	"cmp"
	"slices"
)

// basisOrder is the order make_layout_like gives the strides of a layout
// with basis strides: the compact layout it builds lays its modes out as the
// coordinate codomain is laid out colexicographically, mode 0 of the
// codomain fastest. So a basis leaf c@p ranks by its path p (outermost mode
// first, a mode before the modes nested in a later one), then by c, and a
// dynamic c after every static one of the same path, in left-to-right
// order. Equal leaves get equal ranks, as equal integer strides do. A zero
// leaf (0 or 0@p) keeps rank 0, and the caller gives it stride 0. A nonzero
// integer stride beside basis strides has no place in that order (E0702),
// and a negative coefficient is a bad value.
func basisOrder(stride IntTuple) (IntTuple, error) {
	type key struct {
		path []int
		dyn  bool
		val  int64
		pos  int // left-to-right position, which orders dynamic leaves
	}
	var keys []key
	pos := 0
	var bad error
	visitLeaves(stride, func(d IntTuple) {
		pos++
		switch {
		case bad != nil:
		case d.Kind() == KindInt && d.val == 0:
		case d.Kind() != KindBasis:
			bad = newError(CodeBasisNotDefined, "make_layout_like", -1,
				"the stride %s stands beside basis strides: a layout like one with basis strides orders its modes by the directions of their strides, and an integer stride other than 0 has none", d)
		case !d.IsDynamic() && d.val < 0:
			bad = errBadValue("make_layout_like", "the negative stride %s is not supported", d)
		case !d.IsDynamic() && d.val == 0:
		default:
			keys = append(keys, key{d.bpath(), d.IsDynamic(), d.val, pos})
		}
	})
	if bad != nil {
		return IntTuple{}, bad
	}
	compare := func(a, b key) int {
		if c := slices.Compare(a.path, b.path); c != 0 {
			return c
		}
		switch {
		case a.dyn != b.dyn:
			if a.dyn {
				return 1
			}
			return -1
		case a.dyn:
			return cmp.Compare(a.pos, b.pos)
		}
		return cmp.Compare(a.val, b.val)
	}
	sorted := slices.Clone(keys)
	slices.SortStableFunc(sorted, compare)
	pos = 0
	r := mapLeaves(stride, func(d IntTuple) IntTuple {
		pos++
		if d.Kind() != KindBasis || (!d.IsDynamic() && d.val == 0) {
			return Int(0)
		}
		k := key{d.bpath(), d.IsDynamic(), d.val, pos}
		rank := int64(1)
		for i := range sorted {
			if compare(sorted[i], k) < 0 && (i == 0 || compare(sorted[i-1], sorted[i]) != 0) {
				rank++
			}
		}
		return Int(rank)
	})
	return r, nil
}
