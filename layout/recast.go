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
// l must have a stride-1 mode, or a dynamic stride that may be one (which
// is then scaled as the other strides, as in CuTe: recast_layout(32, 8, ?:?)
// is ?:?).
func Downcast(l Layout, n int64) (Layout, error) {
	if n <= 0 {
		return Layout{}, errBadValue("downcast", "the factor %d is not positive", n)
	}
	hasUnit := false
	for _, d := range leaves(l.stride) {
		hasUnit = hasUnit || (d.Kind() == KindInt && abs(d.val) == 1) || d.Kind() == KindDynamic
	}
	if !hasUnit {
		return Layout{}, newError(CodeRecastDivisibility, "downcast", 0,
			"layout %s has no stride-1 mode, so its elements are not adjacent", l)
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
		if d.Kind() == KindInt && abs(d.val) == 1 {
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
