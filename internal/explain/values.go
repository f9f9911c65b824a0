package explain

import (
	"strings"

	"github.com/cutec/cutec/layout"
	"github.com/cutec/cutec/normalize"
)

// The helpers below read the values the evaluator returned, to decide which
// step comes next; they compute nothing of the algebra.

// intOf returns a static integer value.
func intOf(v normalize.Value) (int64, bool) {
	switch v := v.(type) {
	case normalize.Int:
		return int64(v), true
	case normalize.Tuple:
		if v.T.IsInt() && v.T.IsStatic() && !v.T.IsSymbolic() {
			return v.T.Value(), true
		}
	}
	return 0, false
}

// layoutOf returns a layout value.
func layoutOf(v normalize.Value) (layout.Layout, bool) {
	l, ok := v.(normalize.Layout)
	return l.L, ok
}

// mode is one mode s:d of a flat layout with static integer leaves.
type mode struct{ s, d int64 }

// flatModes returns the modes of a layout of depth <= 1 whose leaves are
// static integers; ok is false otherwise.
func flatModes(l layout.Layout) ([]mode, bool) {
	sh, st := l.Shape(), l.Stride()
	if !sh.IsStatic() || !st.IsStatic() || sh.HasBasis() || st.HasBasis() || sh.IsSymbolic() || st.IsSymbolic() || sh.Depth() > 1 {
		return nil, false
	}
	if !sh.IsTuple() {
		if !sh.IsInt() || !st.IsInt() {
			return nil, false
		}
		return []mode{{sh.Value(), st.Value()}}, true
	}
	ms := make([]mode, sh.Len())
	for i := range ms {
		a, b := sh.At(i), st.At(i)
		if !a.IsInt() || !b.IsInt() {
			return nil, false
		}
		ms[i] = mode{a.Value(), b.Value()}
	}
	return ms, true
}

// staticInts reports whether a layout has static integer leaves only.
func staticInts(l layout.Layout) bool {
	sh, st := l.Shape(), l.Stride()
	return sh.IsStatic() && st.IsStatic() && !sh.HasBasis() && !st.HasBasis() && !sh.IsSymbolic() && !st.IsSymbolic()
}

// literal writes a flat layout of static modes, (s0,s1):(d0,d1), or s:d for
// one mode.
func literal(ms []mode) string {
	if len(ms) == 1 {
		return itoa(ms[0].s) + ":" + itoa(ms[0].d)
	}
	var a, b strings.Builder
	for i, m := range ms {
		if i > 0 {
			a.WriteByte(',')
			b.WriteByte(',')
		}
		a.WriteString(itoa(m.s))
		b.WriteString(itoa(m.d))
	}
	return "(" + a.String() + "):(" + b.String() + ")"
}

// modeText writes one mode s:d.
func modeText(m mode) string { return itoa(m.s) + ":" + itoa(m.d) }

// ints writes integers as a tuple, or one integer bare.
func ints(xs []int64) string {
	if len(xs) == 1 {
		return itoa(xs[0])
	}
	s := make([]string, len(xs))
	for i, x := range xs {
		s[i] = itoa(x)
	}
	return "(" + strings.Join(s, ",") + ")"
}

// rankOf returns the number of top-level modes of a layout, tuple or tiler
// value, and whether it is one of those.
func rankOf(v normalize.Value) (int, bool) {
	switch v := v.(type) {
	case normalize.Layout:
		return v.L.Rank(), true
	case normalize.Tuple:
		return v.T.Rank(), true
	case normalize.Tiler:
		return v.T.Rank(), true
	}
	return 0, false
}

// isByMode reports whether a tiler value applies by mode: a tuple of tiles
// [T0;T1] or a shape (4,8); a layout or an integer is one tile.
func isByMode(v normalize.Value) bool {
	switch v := v.(type) {
	case normalize.Tiler:
		return v.T.IsTuple()
	case normalize.Tuple:
		return v.T.IsTuple()
	}
	return false
}
