package verify

import (
	"strings"

	"github.com/cutec/cutec/layout"
	"github.com/cutec/cutec/normalize"
)

// sameInDialect reports whether the result cutec derives for the dialect op
// name (derived) and the result type the IR states (stated) are the same
// value in the dialect's form. Besides plain equality it knows each
// documented difference between the dialect and CuTe C++ (docs/dialect.md)
// by name:
//
//   - "facts": divisibility facts and widths of dynamic leaves (`?{div=8}`,
//     `?{i64}`) are compared; a result that differs from the stated one only
//     in them is neither agreement nor a mismatch (undecided: the op is
//     skipped, not reported, so that a fact rule of the compiler's that
//     cutec lacks does not become a mismatch);
//   - "identity swizzle": the dialect prints S<0,4,3> o 0 o L as L;
//   - "size-1 strides": a mode of extent 1 may have any stride (CuTe C++
//     gives it 0, the dialect keeps the stride it would have had);
//   - "final coalesce": the results of raked_product (the DSL coalesces each
//     mode at the end) and the coalesce of the empty layout `():()` (which
//     the dialect keeps, where cutec gives 1:0) are compared as functions:
//     the same size and the same offset at every index.
func sameInDialect(name string, derived, stated normalize.Value) bool {
	a, b := dialectText(derived, true), dialectText(stated, true)
	if a == b {
		return true
	}
	la, oka := asLayout(derived)
	lb, okb := asLayout(stated)
	empty := oka && okb && (la.Shape().IsTuple() && la.Shape().Len() == 0 || lb.Shape().IsTuple() && lb.Shape().Len() == 0)
	if oka && okb && (name == "raked_product" || name == "coalesce" && empty) {
		return normalize.SameFunction(la, lb)
	}
	if oka && okb && (name == "complement" || name == "right_inverse") {
		// cutec's dynamic rest is one mode, as the static complement
		// coalesces it; the dialect may keep it split (docs/dialect.md).
		s, err := new(layout.Symbolic).Coalesce(lb)
		return err == nil && s.Equal(la)
	}
	return false
}

// undecided reports whether derived and stated differ only in the facts of
// dynamic leaves, or only where one of them has a dynamic leaf and the
// other a static one: where cutec's algebra knows less than the compiler's,
// or more, the op is skipped rather than reported.
func undecided(derived, stated normalize.Value) bool {
	a, b := dialectText(derived, false), dialectText(stated, false)
	return a == b || instanceOf(a, b) || instanceOf(b, a)
}

// instanceOf reports whether the text b is a with some `?` leaves replaced
// by integers.
func instanceOf(a, b string) bool {
	i, j := 0, 0
	for i < len(a) && j < len(b) {
		if a[i] == '?' && (i+1 == len(a) || a[i+1] != '@') && (b[j] == '-' || '0' <= b[j] && b[j] <= '9') {
			i++
			if b[j] == '-' {
				j++
			}
			for j < len(b) && '0' <= b[j] && b[j] <= '9' {
				j++
			}
			continue
		}
		if a[i] != b[j] {
			return false
		}
		i, j = i+1, j+1
	}
	return i == len(a) && j == len(b)
}

// dialectText is the canonical text of v with the differences the
// comparison ignores taken out: an identity composition folded and the
// strides of extent-1 modes set to 0; without facts, the facts of dynamic
// leaves dropped too.
func dialectText(v normalize.Value, facts bool) string {
	noFacts := noFacts
	if facts {
		noFacts = func(s string) string { return s }
	}
	switch x := v.(type) {
	case normalize.Layout:
		return noFacts(unitStrides(x.L).String())
	case normalize.Composed:
		if l, ok := foldIdentity(x.C); ok {
			return noFacts(unitStrides(l).String())
		}
		c := x.C
		if n, err := layout.NewComposed(c.Outer, c.Offset, unitStrides(c.Inner)); err == nil {
			c = n
		}
		return noFacts(c.String())
	case normalize.Tiler:
		return noFacts(unitStridesTile(x.T).String())
	}
	return noFacts(v.String())
}

// asLayout returns the layout of a layout value, or of a composed layout
// whose swizzle is the identity.
func asLayout(v normalize.Value) (layout.Layout, bool) {
	switch x := v.(type) {
	case normalize.Layout:
		return x.L, true
	case normalize.Composed:
		return foldIdentity(x.C)
	}
	return layout.Layout{}, false
}

// foldIdentity returns L for S<0,M,S> o 0 o L.
func foldIdentity(c layout.ComposedLayout) (layout.Layout, bool) {
	sw, ok := c.Outer.(layout.Swizzle)
	if !ok || !sw.IsIdentity() || !c.Offset.IsInt() || c.Offset.Value() != 0 {
		return layout.Layout{}, false
	}
	return c.Inner, true
}

// unitStrides returns l with the stride of every extent-1 mode set to 0.
func unitStrides(l layout.Layout) layout.Layout {
	m, err := layout.New(l.Shape(), zeroUnit(l.Shape(), l.Stride()))
	if err != nil {
		return l
	}
	return m
}

func zeroUnit(shape, stride layout.IntTuple) layout.IntTuple {
	if shape.IsTuple() {
		if !stride.IsTuple() || stride.Len() != shape.Len() {
			return stride
		}
		elems := make([]layout.IntTuple, shape.Len())
		for i := range elems {
			elems[i] = zeroUnit(shape.At(i), stride.At(i))
		}
		return layout.Tuple(elems...)
	}
	if shape.IsInt() && shape.Value() == 1 {
		return layout.Int(0)
	}
	return stride
}

// unitStridesTile applies unitStrides to every layout of a tile.
func unitStridesTile(t layout.Tiler) layout.Tiler {
	if t.IsTuple() {
		modes := make([]layout.Tiler, t.Rank())
		for i := range modes {
			modes[i] = unitStridesTile(t.Mode(i))
		}
		return layout.TileTuple(modes...)
	}
	if l, ok := t.Layout(); ok {
		return layout.TileLayout(unitStrides(l))
	}
	return t
}

// noFacts drops the braces of dynamic leaves: `?{i64 div=16}` becomes `?`.
func noFacts(s string) string {
	if !strings.Contains(s, "?{") {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		b.WriteByte(s[i])
		if s[i] == '?' && i+1 < len(s) && s[i+1] == '{' {
			if j := strings.IndexByte(s[i:], '}'); j > 0 {
				i += j
			}
		}
	}
	return b.String()
}
