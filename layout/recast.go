package layout

// Upcast views l in units n times wider, CuTe's upcast<N>: the stride-1
// mode's extent is divided by n and every other stride is divided by n
// (stride-0 modes are kept). Shapes and strides must divide evenly (E0405).
// Dynamic values stay dynamic: a dynamic stride is taken to be a multiple
// of n, as in CuTe, so recast_layout(8, 32, (?,4):(1,?)) is (?,4):(1,?).
func Upcast(l Layout, n int64) (Layout, error) {
	if n <= 0 {
		return Layout{}, errBadValue("upcast", "the factor %d is not positive", n)
	}
	c := calc{op: "upcast"}
	shape, stride := c.upcast(l.shape, l.stride, n)
	if c.err != nil {
		return Layout{}, c.err
	}
	return Layout{shape, stride}, nil
}

func (c *calc) upcast(s, d IntTuple, n int64) (IntTuple, IntTuple) {
	if s.Kind() == KindTuple {
		ss, ds := make([]IntTuple, len(s.elems)), make([]IntTuple, len(s.elems))
		for i := range ss {
			ss[i], ds[i] = c.upcast(s.elems[i], d.elems[i], n)
		}
		return Tuple(ss...), Tuple(ds...)
	}
	if d.IsDynamic() {
		// As CuTe, a dynamic stride is taken to be a multiple of n: the
		// extent stays, the stride becomes ?/n, which keeps the width and
		// the divisor's quotient by n (dynamic.go).
		return s, derived(factQuo, d, Int(n))
	}
	dv := c.value(d)
	if dv == 0 {
		return s, d
	}
	ad := c.abs(dv)
	if c.err != nil {
		return s, d
	}
	if ad%n != 0 && n%ad != 0 {
		c.fail(newError(CodeRecastDivisibility, "upcast", 0,
			"the stride %d and the factor %d do not divide one another", dv, n))
		return s, d
	}
	return c.shapeDivLeaf(s, Int(c.shapeDiv(n, ad))), Int(c.shapeDiv(dv, n))
}

// Downcast views l in units n times narrower, CuTe's downcast<N>: the
// stride-1 mode's extent is multiplied by n and every other stride by n.
// l must have a stride-1 mode. A dynamic stride is scaled as the other
// strides where l has a static stride ±1 (it must not be ±1 itself:
// downcastConditions); where l has none, its one dynamic stride must be ±1
// and its mode widens (recast_layout(32, 8, ?:?) is ?{div=4}:?), and two
// dynamic strides or more are an error, since which mode widens depends on
// their values.
func Downcast(l Layout, n int64) (Layout, error) {
	if n <= 0 {
		return Layout{}, errBadValue("downcast", "the factor %d is not positive", n)
	}
	hasUnit, dynamic := false, 0
	for _, d := range leaves(l.stride) {
		hasUnit = hasUnit || (d.Kind() == KindInt && abs(d.val) == 1)
		if d.Kind() == KindDynamic {
			dynamic++
		}
	}
	switch {
	case !hasUnit && dynamic == 0:
		return Layout{}, newError(CodeRecastDivisibility, "downcast", 0,
			"layout %s has no stride-1 mode, so its elements are not adjacent", l)
	case !hasUnit && dynamic > 1:
		return Layout{}, newError(CodeRecastDivisibility, "downcast", 0,
			"layout %s has no static stride-1 mode: which of its dynamic strides is 1, the mode that widens, is known only at run time (write the stride 1)", l)
	}
	widens := func(d IntTuple) bool {
		return d.Kind() == KindInt && abs(d.val) == 1 || !hasUnit && d.Kind() == KindDynamic
	}
	c := calc{op: "downcast"}
	var walk func(s, d IntTuple) (IntTuple, IntTuple)
	walk = func(s, d IntTuple) (IntTuple, IntTuple) {
		if s.Kind() == KindTuple {
			ss, ds := make([]IntTuple, len(s.elems)), make([]IntTuple, len(s.elems))
			for i := range ss {
				ss[i], ds[i] = walk(s.elems[i], d.elems[i])
			}
			return Tuple(ss...), Tuple(ds...)
		}
		if widens(d) {
			return c.mulLeaf(s, Int(n)), d
		}
		return s, c.mulLeaf(d, Int(n))
	}
	shape, stride := walk(l.shape, l.stride)
	if c.err != nil {
		return Layout{}, c.err
	}
	return Layout{shape, stride}, nil
}

// RecastLayout views l, a layout of elements oldBits wide, as a layout of
// elements newBits wide, CuTe's recast_layout<Old,New>: an upcast when the
// new type is wider, a downcast when it is narrower. One width must divide
// the other.
func RecastLayout(oldBits, newBits int64, l Layout) (Layout, error) {
	if oldBits <= 0 || newBits <= 0 {
		return Layout{}, errBadValue("recast_layout", "widths %d and %d are not positive", oldBits, newBits)
	}
	g := gcd(oldBits, newBits)
	num, den := newBits/g, oldBits/g
	switch {
	case num == 1 && den == 1:
		return l, nil
	case num == 1:
		return Downcast(l, den)
	case den == 1:
		return Upcast(l, num)
	}
	return Layout{}, newError(CodeRecastDivisibility, "recast_layout", -1,
		"cannot recast from %d-bit to %d-bit elements: neither width divides the other", oldBits, newBits)
}

// RecastConditions are the conditions of Upcast(l, n) (up) or Downcast(l,
// n) on the ? of l, named (DynamicNamer): upcastConditions or
// downcastConditions.
func (*Symbolic) RecastConditions(l Layout, up bool, n int64) []Obligation {
	if up {
		return upcastConditions(l, n)
	}
	return downcastConditions(l, n)
}

// downcastConditions are the conditions of Downcast(l, n) on the ? of l,
// named (DynamicNamer): where l has a static stride ±1, no dynamic stride
// is ±1 (it would widen its mode too: ?k != 1, ?k != -1); where it has
// none, its one dynamic stride is ±1 (1 >= ?k, ?k >= -1, ?k != 0), since
// the static downcast of a layout without a stride-1 mode is an error.
func downcastConditions(l Layout, n int64) []Obligation {
	const op = "downcast"
	hasUnit := false
	var dyn []Term
	for _, d := range leaves(l.stride) {
		t, ok := d.Term()
		switch {
		case !ok:
			return nil
		case t.IsInt():
			hasUnit = hasUnit || abs(t.Coef) == 1
		default:
			dyn = append(dyn, t)
		}
	}
	one, minusOne := Term{Coef: 1, Div: 1}, Term{Coef: -1, Div: 1}
	var out []Obligation
	for _, t := range dyn {
		switch {
		case hasUnit && n > 1:
			out = append(out, Obligation{Op: op, D: one, T: t, Rel: RelNotEqual}, Obligation{Op: op, D: minusOne, T: t, Rel: RelNotEqual})
		case !hasUnit && len(dyn) == 1:
			out = append(out, Obligation{Op: op, D: t, T: one, Rel: RelAtLeast}, Obligation{Op: op, D: minusOne, T: t, Rel: RelAtLeast},
				Obligation{Op: op, D: Term{Div: 1}, T: t, Rel: RelNotEqual})
		}
	}
	return out
}

// upcastConditions are the conditions of Upcast(l, n) on the ? of l,
// named (DynamicNamer) that are derived, not assumed: a mode with a static
// stride d, |d| < n, has its extent divided by n/|d| (shape_div), which
// needs n/|d| | s of a dynamic extent s: upcast(?:1, 8) is ?:1 if 8 | ?1.
// CuTe's assumption on dynamic strides (a multiple of n) is stated by the
// caller.
func upcastConditions(l Layout, n int64) []Obligation {
	var out []Obligation
	sh, st := leaves(l.shape), leaves(l.stride)
	for i := range sh {
		s, ok1 := sh[i].Term()
		d, ok2 := st[i].Term()
		if !ok1 || !ok2 || s.IsInt() || !d.IsInt() || d.Coef == 0 || abs(d.Coef) >= n || n%abs(d.Coef) != 0 {
			continue
		}
		out = append(out, Obligation{Op: "upcast", D: Term{Coef: n / abs(d.Coef), Div: 1}, T: s})
	}
	return out
}
