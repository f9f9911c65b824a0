package verify

import (
	"cmp"
	"fmt"
	"math"
	"slices"

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

// maxAliasCheck bounds the size of the layouts checked offset by offset.
const maxAliasCheck = 1 << 16

func checkAliasing(s *Subject) {
	l, ok := s.Value.(normalize.Layout)
	if !ok {
		return
	}
	f := layout.Flatten(l.L)
	var modes []mode
	for i := 0; i < f.Rank(); i++ {
		m, _ := f.Mode(i)
		sh, d := m.Shape(), m.Stride()
		if sh.Kind() != layout.KindInt || d.Kind() != layout.KindInt || d.Value() == 0 {
			return // broadcasts on purpose, or not an integer layout
		}
		if sh.Value() > 1 {
			modes = append(modes, mode{sh.Value(), d.Value()})
		}
	}
	if nested(modes) {
		return
	}
	n, err := l.L.Size()
	if err != nil || n > maxAliasCheck || !bounded(modes) {
		return
	}
	if i, j, off, ok := collision(modes, n); ok {
		a, _ := layout.Idx2Crd(i, l.L.Shape())
		b, _ := layout.Idx2Crd(j, l.L.Shape())
		s.Report(diag.Aliasing, s.Span(), fmt.Sprintf(
			"%s is not injective: the coordinates %s and %s share the offset %d", l.L, a, b, off))
	}
}

// mode is a flat mode of extent above 1 with a non-zero integer stride.
type mode struct{ shape, stride int64 }

// nested reports the sufficient condition for injectivity that almost every
// real layout meets, without visiting its domain: with the modes sorted by
// |stride|, each |stride| exceeds the largest offset the modes before it
// reach, sum of (shape-1)*|stride| (a mixed-radix number system, whatever
// the signs). Overflow answers false, leaving the layout to collision.
func nested(modes []mode) bool {
	sorted := append([]mode(nil), modes...)
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
// share an offset.
func collision(modes []mode, n int64) (i, j, off int64, found bool) {
	coord := make([]int64, len(modes))
	seen := make(map[int64]int64, n)
	for k := int64(0); k < n; k++ {
		if first, dup := seen[off]; dup {
			return first, k, off, true
		}
		seen[off] = k
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
