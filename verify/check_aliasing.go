package verify

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"sync"

	"github.com/cutec/cutec/diag"
	"github.com/cutec/cutec/layout"
	"github.com/cutec/cutec/normalize"
)

// aliasingCheck is the check aliasing (see checks in check.go).
var aliasingCheck = &Check{
	Name:  "aliasing",
	Doc:   "A layout without zero strides is injective: no two coordinates share an offset (W0900, or W0906 when it cannot be decided).",
	Codes: []diag.Code{diag.Aliasing, diag.AliasingUndecided},
	Value: checkAliasing,
}

// maxAliasCheck bounds the size of the layouts checked offset by offset.
const maxAliasCheck = 1 << 16

func checkAliasing(s *Subject) {
	l, ok := s.Value.(normalize.Layout)
	if !ok {
		return
	}
	var buf [16]mode
	modes, ok := flatModes(l.L.Shape(), l.L.Stride(), buf[:0])
	if !ok {
		return // broadcasts on purpose, or not an integer layout
	}
	if nested(modes) {
		return
	}
	report := func(i, j, off int64) {
		a, _ := layout.Idx2Crd(layout.Int(i), l.L.Shape())
		b, _ := layout.Idx2Crd(layout.Int(j), l.L.Shape())
		s.Report(diag.Aliasing, s.Span(), fmt.Sprintf(
			"%s is not injective: the coordinates %s and %s share the offset %d", l.L, a, b, off))
	}
	n, err := l.L.Size()
	if err != nil || !bounded(modes) {
		return // an offset overflows: E0701 is reported elsewhere
	}
	if n <= maxAliasCheck {
		if i, j, off, ok := collision(modes, n); ok {
			report(i, j, off)
		}
		return
	}
	if i, j, off, ok := pairCollision(modes); ok {
		report(i, j, off)
		return
	}
	s.Report(diag.AliasingUndecided, s.Span(), fmt.Sprintf(
		"whether %s is injective was not decided: its strides do not nest, no two of its modes collide, and its %d elements are more than the %d the check visits one by one",
		l.L, n, int64(maxAliasCheck)))
}

// flatModes appends to out the flat modes of extent above 1 of the layout
// shape:stride, in order; ok is false when a stride is 0 or a leaf is not
// an integer.
func flatModes(shape, stride layout.IntTuple, out []mode) (modes []mode, ok bool) {
	if shape.Kind() == layout.KindTuple {
		if stride.Kind() != layout.KindTuple || stride.Len() != shape.Len() {
			return out, false
		}
		for i := 0; i < shape.Len(); i++ {
			if out, ok = flatModes(shape.At(i), stride.At(i), out); !ok {
				return out, false
			}
		}
		return out, true
	}
	if shape.Kind() != layout.KindInt || stride.Kind() != layout.KindInt || stride.Value() == 0 {
		return out, false
	}
	if shape.Value() > 1 {
		out = append(out, mode{shape.Value(), stride.Value()})
	}
	return out, true
}

// pairCollision decides, for every pair of modes a and b, whether two
// coordinates that differ only in those modes share an offset: x*d_a +
// y*d_b = 0 with |x| < s_a and |y| < s_b, not both zero, has a solution
// exactly when the smallest one, x = |d_b|/g and y = |d_a|/g with g =
// gcd(d_a, d_b), fits. It returns the colexicographic indices of the two
// coordinates and their offset. It decides no layout injective: a
// collision may need three modes.
func pairCollision(modes []mode) (i, j, off int64, found bool) {
	prefix := make([]int64, len(modes)) // the index step of each mode
	p := int64(1)
	for k, m := range modes {
		prefix[k] = p
		var ok bool
		if p, ok = mulInt64(p, m.shape); !ok {
			p = math.MaxInt64 // later modes get no witness index
		}
	}
	for a := range modes {
		for b := a + 1; b < len(modes); b++ {
			da, db := absInt64(modes[a].stride), absInt64(modes[b].stride)
			g := gcd(da, db)
			x, y := db/g, da/g
			if x >= modes[a].shape || y >= modes[b].shape {
				continue
			}
			ia, ok1 := mulInt64(x, prefix[a])
			ib, ok2 := mulInt64(y, prefix[b])
			offset, ok3 := mulInt64(x, da)
			if !ok1 || !ok2 || !ok3 || ia > math.MaxInt64-ib {
				continue
			}
			if (modes[a].stride < 0) == (modes[b].stride < 0) {
				// x*d_a = y*d_b: the coordinate x in mode a meets y in mode b.
				if modes[a].stride < 0 {
					offset = -offset
				}
				return min(ia, ib), max(ia, ib), offset, true
			}
			// x*d_a + y*d_b = 0: both steps at once come back to the origin.
			return 0, ia + ib, 0, true
		}
	}
	return 0, 0, 0, false
}

func gcd(a, b int64) int64 {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}

// mode is a flat mode of extent above 1 with a non-zero integer stride.
type mode struct{ shape, stride int64 }

// nested reports the sufficient condition for injectivity that almost every
// real layout meets, without visiting its domain: with the modes sorted by
// |stride|, each |stride| exceeds the largest offset the modes before it
// reach, sum of (shape-1)*|stride| (a mixed-radix number system, whatever
// the signs). Overflow answers false, leaving the layout to collision.
func nested(modes []mode) bool {
	var buf [16]mode
	sorted := append(buf[:0], modes...)
	slices.SortFunc(sorted, func(a, b mode) int { return cmp.Compare(absInt64(a.stride), absInt64(b.stride)) })
	var reach int64 // the largest |offset| of the modes so far
	for _, m := range sorted {
		d := absInt64(m.stride)
		if d <= reach {
			return false
		}
		step, ok := mulInt64(m.shape-1, d)
		if !ok || reach > math.MaxInt64-step {
			return false
		}
		reach += step
	}
	return true
}

// bounded reports whether every offset of the modes fits in an int64, so
// that collision's sums cannot wrap around.
func bounded(modes []mode) bool {
	var reach int64
	for _, m := range modes {
		step, ok := mulInt64(m.shape, absInt64(m.stride))
		if !ok || reach > math.MaxInt64-step {
			return false
		}
		reach += step
	}
	return true
}

// collision visits the n coordinates of the flat modes in colexicographic
// order, keeping offsets in a set, and returns the first two indices that
// share an offset. The set is an array over the range of the offsets when
// that range is not much larger than n (always so when two coordinates
// share an offset in a range smaller than n), else a map.
func collision(modes []mode, n int64) (i, j, off int64, found bool) {
	var lo, hi int64 // the range of the offsets (bounded: no overflow)
	for _, m := range modes {
		if m.stride < 0 {
			lo += (m.shape - 1) * m.stride
		} else {
			hi += (m.shape - 1) * m.stride
		}
	}
	if hi-lo < 4*maxAliasCheck {
		buf := offsetSets.Get().(*[]int32)
		defer offsetSets.Put(buf)
		seen := slices.Grow((*buf)[:0], int(hi-lo+1))[:hi-lo+1]
		clear(seen)
		*buf = seen
		return walkOffsets(modes, n, func(off, k int64) (int64, bool) {
			at := &seen[off-lo]
			if *at != 0 {
				return int64(*at - 1), true
			}
			*at = int32(k + 1)
			return 0, false
		})
	}
	seen := make(map[int64]int64, n)
	return walkOffsets(modes, n, func(off, k int64) (int64, bool) {
		if first, dup := seen[off]; dup {
			return first, true
		}
		seen[off] = k
		return 0, false
	})
}

// offsetSets are the arrays collision reuses (at most 4*maxAliasCheck
// entries each).
var offsetSets = sync.Pool{New: func() any { return new([]int32) }}

// walkOffsets visits the n coordinates of the modes in colexicographic
// order with their offsets; visit returns the index of an earlier
// coordinate with the same offset, and true, to stop the walk there.
func walkOffsets(modes []mode, n int64, visit func(off, k int64) (int64, bool)) (i, j, off int64, found bool) {
	var coords [16]int64
	coord := coords[:0]
	if len(modes) > len(coords) {
		coord = make([]int64, len(modes))
	} else {
		coord = coords[:len(modes)]
	}
	for k := int64(0); k < n; k++ {
		if first, dup := visit(off, k); dup {
			return first, k, off, true
		}
		for m := range modes { // the odometer: step the coordinate and its offset
			coord[m]++
			off += modes[m].stride
			if coord[m] < modes[m].shape {
				break
			}
			off -= modes[m].stride * modes[m].shape
			coord[m] = 0
		}
	}
	return 0, 0, 0, false
}

func absInt64(x int64) int64 {
	if x == math.MinInt64 {
		return math.MaxInt64 // saturated: no shape above 1 fits with it
	}
	if x < 0 {
		return -x
	}
	return x
}

// mulInt64 returns a*b for non-negative a and b, and whether it fits.
func mulInt64(a, b int64) (int64, bool) {
	if a != 0 && b > math.MaxInt64/a {
		return 0, false
	}
	return a * b, true
}
