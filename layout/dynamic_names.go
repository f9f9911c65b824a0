package layout

import "strconv"

// DynamicNamer names the anonymous ? leaves of an operation's arguments
// ?1, ?2, ... in the order it meets them (for a layout: its shape, then
// its stride), each a symbol with the divisor the ? carries, so that the
// conditions an operation states about its dynamic arguments
// (docs/dialect.md, "The rule for dynamic values") can say which ? they
// are about. Extents lists the names that stand for extents (leaves of a
// shape), Strides those of strides.
type DynamicNamer struct {
	N                int
	Extents, Strides []Term
}

// anonymous reports whether t is a ? leaf: dynamic, not a symbol, not a
// basis.
func isAnonLeaf(t IntTuple) bool { return t.Kind() == KindDynamic && t.leaf.sym == nil }

func (d *DynamicNamer) name(t IntTuple, extents *[]Term) IntTuple {
	return mapLeaves(t, func(l IntTuple) IntTuple {
		if t, ok := l.Term(); ok && !t.IsInt() {
			*extents = append(*extents, t) // a named symbol, taken as ? by the operation
			return l
		}
		if !isAnonLeaf(l) {
			return l
		}
		d.N++
		term := SymbolTerm("?"+strconv.Itoa(d.N), max(l.val, 1))
		*extents = append(*extents, term)
		return Sym(term)
	})
}

// Tuple names the ? of an integer tuple, taken as extents.
func (d *DynamicNamer) Tuple(t IntTuple) IntTuple { return d.name(t, &d.Extents) }

// Layout names the ? of a layout.
func (d *DynamicNamer) Layout(l Layout) Layout {
	shape := d.name(l.shape, &d.Extents)
	stride := d.name(l.stride, &d.Strides)
	if r, err := New(shape, stride); err == nil {
		return r
	}
	return l
}

// Tiler names the ? of a tiler.
func (d *DynamicNamer) Tiler(t Tiler) Tiler {
	switch t.form {
	case tileLayout:
		return TileLayout(d.Layout(t.layout))
	case tileTuple:
		modes := make([]Tiler, len(t.modes))
		for i, m := range t.modes {
			modes[i] = d.Tiler(m)
		}
		return TileTuple(modes...)
	}
	return t
}

// HasAnonymous reports whether a leaf of t is ?.
func (t IntTuple) HasAnonymous() bool { return hasAnonymous(&t) }

func hasAnonymous(t *IntTuple) bool {
	if t.elems == nil {
		return t.leaf != nil && t.leaf.kind == KindDynamic && t.leaf.sym == nil // isAnonLeaf
	}
	for i := range t.elems {
		if hasAnonymous(&t.elems[i]) {
			return true
		}
	}
	return false
}

// Substitute is the tuple with the values of env for its symbols; ok is
// false where a value is missing or a leaf is no integer.
func (t IntTuple) Substitute(env map[string]int64) (IntTuple, bool) { return substitute(t, env) }
