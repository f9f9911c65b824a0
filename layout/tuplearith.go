package layout

// Product returns the product of the leaves of t (1 for the empty tuple).
func Product(t IntTuple) (int64, error) { return Size(t) }

// ProductEach returns the tuple of the products of each mode of t.
func ProductEach(t IntTuple) (IntTuple, error) {
	c := calc{op: "product_each"}
	if t.Kind() != KindTuple {
		return Tuple(Int(c.size(t))), c.err
	}
	elems := make([]IntTuple, len(t.elems))
	for i, e := range t.elems {
		elems[i] = Int(c.size(e))
	}
	return Tuple(elems...), c.err
}

// Sum returns the sum of the integer leaves of t.
func Sum(t IntTuple) (int64, error) {
	c := calc{op: "sum"}
	var walk func(IntTuple) int64
	walk = func(t IntTuple) int64 {
		if t.Kind() != KindTuple {
			return c.value(t)
		}
		s := int64(0)
		for _, e := range t.elems {
			s = c.add(s, walk(e))
		}
		return s
	}
	s := walk(t)
	return s, c.err
}

// InnerProduct returns the sum of the products of corresponding leaves of
// two congruent tuples (paper eq. 6).
func InnerProduct(a, b IntTuple) (IntTuple, error) {
	if !Congruent(a, b) {
		return IntTuple{}, errCoord("inner_product", a, b)
	}
	return Crd2Idx(a, mapLeaves(a, func(IntTuple) IntTuple { return Int(1) }), b)
}

// TupleAdd, TupleSub and TupleMul combine two congruent integer tuples leaf
// by leaf.
func TupleAdd(a, b IntTuple) (IntTuple, error) { return elementwise("add", a, b, (*calc).add) }

// TupleSub subtracts b from a leaf by leaf.
func TupleSub(a, b IntTuple) (IntTuple, error) { return elementwise("sub", a, b, (*calc).sub) }

// TupleMul multiplies a and b leaf by leaf.
func TupleMul(a, b IntTuple) (IntTuple, error) { return elementwise("mul", a, b, (*calc).mul) }

func elementwise(op string, a, b IntTuple, f func(*calc, int64, int64) int64) (IntTuple, error) {
	if !Congruent(a, b) {
		return IntTuple{}, errCoord(op, a, b)
	}
	c := calc{op: op}
	var walk func(a, b IntTuple) IntTuple
	walk = func(a, b IntTuple) IntTuple {
		if a.Kind() != KindTuple {
			return Int(f(&c, c.value(a), c.value(b)))
		}
		elems := make([]IntTuple, len(a.elems))
		for i := range elems {
			elems[i] = walk(a.elems[i], b.elems[i])
		}
		return Tuple(elems...)
	}
	r := walk(a, b)
	return r, c.err
}

// ShapeDiv divides shape a by b as CuTe's shape_div does: element by element
// for two tuples, folded across a's modes for a tuple and an integer
// (shape_div((4,5,6), 40) is (1,1,3)), and for two integers a/b rounded away
// from zero, where one must divide the other (E0403).
func ShapeDiv(a, b IntTuple) (IntTuple, error) {
	c := calc{op: "shape_div"}
	r := c.shapeDivTuple(a, b)
	return r, c.err
}

func (c *calc) shapeDivTuple(a, b IntTuple) IntTuple {
	switch {
	case a.Kind() == KindTuple && b.Kind() == KindTuple:
		if len(a.elems) != len(b.elems) {
			c.fail(errCoord(c.op, b, a))
			return a
		}
		elems := make([]IntTuple, len(a.elems))
		for i := range elems {
			elems[i] = c.shapeDivTuple(a.elems[i], b.elems[i])
		}
		return Tuple(elems...)
	case a.Kind() == KindTuple:
		rest := c.value(b)
		elems := make([]IntTuple, len(a.elems))
		for i, e := range a.elems {
			elems[i] = c.shapeDivTuple(e, Int(rest))
			rest = c.shapeDiv(rest, c.size(e))
		}
		return Tuple(elems...)
	case b.Kind() == KindTuple:
		return Int(c.shapeDiv(c.value(a), c.size(b)))
	}
	return Int(c.shapeDiv(c.value(a), c.value(b)))
}

// shapeDiv is shape_div for integers.
func (c *calc) shapeDiv(a, b int64) int64 {
	if b == 0 {
		c.fail(errDivZero(c.op))
		return 0
	}
	if a%b != 0 && (a == 0 || b%a != 0) {
		c.fail(errShapeDivInexact(a, b))
		return 0
	}
	if q := a / b; q != 0 {
		return q
	}
	return signum(a) * signum(b)
}

// CeilDiv is CuTe's ceil_div: element by element for two tuples (missing
// modes of b count as 1), folded across a's modes for a tuple and an
// integer, and (a + b - 1) / b for integers.
func CeilDiv(a, b IntTuple) (IntTuple, error) {
	c := calc{op: "ceil_div"}
	var walk func(a, b IntTuple) IntTuple
	walk = func(a, b IntTuple) IntTuple {
		switch {
		case a.Kind() == KindTuple && b.Kind() == KindTuple:
			if len(b.elems) > len(a.elems) {
				c.fail(errCoord(c.op, b, a))
				return a
			}
			elems := make([]IntTuple, len(a.elems))
			for i := range elems {
				bi := Int(1)
				if i < len(b.elems) {
					bi = b.elems[i]
				}
				elems[i] = walk(a.elems[i], bi)
			}
			return Tuple(elems...)
		case a.Kind() == KindTuple:
			return ceilDivTuple(&c, a, c.value(b))
		case b.Kind() == KindTuple:
			return Int(c.ceilDiv(c.value(a), c.size(b)))
		}
		return Int(c.ceilDiv(c.value(a), c.value(b)))
	}
	r := walk(a, b)
	return r, c.err
}
