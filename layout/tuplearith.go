package layout

// ProductEach returns the tuple of the products of each mode of t; a
// dynamic leaf makes only its own mode ?: product_each((?,(3,2))) is (?,6).
func ProductEach(t IntTuple) (IntTuple, error) {
	c := calc{op: "product_each"}
	if t.Kind() != KindTuple {
		r := Tuple(c.sizeLeaf(t))
		return r, c.errOrNil()
	}
	elems := make([]IntTuple, len(t.elems))
	for i, e := range t.elems {
		elems[i] = c.sizeLeaf(e)
	}
	return Tuple(elems...), c.errOrNil()
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

// TupleAdd adds two integer tuples as the dialect's tuple_add does: element
// by element at each level; where one side has more elements than the
// other, the extra elements are kept as they are (tuple_add((1,2),(4,5,6))
// is (5,7,6)); a static 0 on either side is the identity (tuple_add(0,(3,4))
// is (3,4)). Any other scalar meeting a tuple is an error (E0301). Leaves
// follow the leaf arithmetic of dynamic.go: ?+6 is ?.
func TupleAdd(a, b IntTuple) (IntTuple, error) {
	c := calc{op: "tuple_add"}
	r := c.zipTuples(a, b, true, (*calc).addLeaf)
	return r, c.errOrNil()
}

// TupleSub subtracts b from a as the dialect's tuple_sub does: as TupleAdd,
// except that a 0 on the left is not an identity, and extra elements of b
// are copied, not negated: tuple_sub((10,8),(3,2,5)) is (7,6,5).
func TupleSub(a, b IntTuple) (IntTuple, error) {
	c := calc{op: "tuple_sub"}
	r := c.zipTuples(a, b, false, (*calc).subLeaf)
	return r, c.errOrNil()
}

// zipTuples combines a and b position by position with the leaf operation
// f (see TupleAdd); zeroLeft says whether a static 0 on the left is an
// identity against a tuple on the right.
func (c *calc) zipTuples(a, b IntTuple, zeroLeft bool, f func(*calc, IntTuple, IntTuple) IntTuple) IntTuple {
	switch {
	case a.Kind() == KindTuple && b.Kind() == KindTuple:
		elems := make([]IntTuple, max(len(a.elems), len(b.elems)))
		for i := range elems {
			switch {
			case i >= len(a.elems):
				elems[i] = b.elems[i]
			case i >= len(b.elems):
				elems[i] = a.elems[i]
			default:
				elems[i] = c.zipTuples(a.elems[i], b.elems[i], zeroLeft, f)
			}
		}
		return Tuple(elems...)
	case a.Kind() != KindTuple && b.Kind() != KindTuple:
		return f(c, a, b)
	case isStaticInt(b, 0):
		return a
	case zeroLeft && isStaticInt(a, 0):
		return b
	}
	c.fail(newError(CodeCoordMismatch, c.op, -1,
		"%s and %s do not match: a scalar other than 0 meets a tuple", a, b))
	return a
}

// TupleMul multiplies two congruent integer tuples leaf by leaf, the
// dialect's tuple_mul. Leaves may be dynamic and carry facts (dynamic.go):
// tuple_mul(?, 128) is ?{div=128}.
func TupleMul(a, b IntTuple) (IntTuple, error) { return leafwise("tuple_mul", a, b, (*calc).mulLeaf) }

// TupleDiv divides two congruent integer tuples leaf by leaf, truncating
// toward zero, the dialect's tuple_div: tuple_div(?{div=64}, 2) is
// ?{div=32}. A static zero divisor is an error (E0703).
func TupleDiv(a, b IntTuple) (IntTuple, error) {
	return leafwise("tuple_div", a, b, func(c *calc, x, y IntTuple) IntTuple { return c.nonzeroDiv(x, y, (*calc).quoLeaf) })
}

// TupleMod is the remainder of two congruent integer tuples leaf by leaf,
// with the sign of the dividend as in C, the dialect's tuple_mod:
// tuple_mod(?, ?{div=8}) is ?. A static zero divisor is an error (E0703).
func TupleMod(a, b IntTuple) (IntTuple, error) { return leafwise("tuple_mod", a, b, (*calc).modLeaf) }

// leafwise applies the leaf operation f to the corresponding leaves of two
// congruent tuples.
func leafwise(op string, a, b IntTuple, f func(*calc, IntTuple, IntTuple) IntTuple) (IntTuple, error) {
	if !Congruent(a, b) {
		return IntTuple{}, errCoord(op, a, b)
	}
	c := calc{op: op}
	var walk func(a, b IntTuple) IntTuple
	walk = func(a, b IntTuple) IntTuple {
		if a.Kind() != KindTuple {
			c.checkScalar(a)
			c.checkScalar(b)
			return f(&c, a, b)
		}
		elems := make([]IntTuple, len(a.elems))
		for i := range elems {
			elems[i] = walk(a.elems[i], b.elems[i])
		}
		return Tuple(elems...)
	}
	r := walk(a, b)
	return r, c.errOrNil()
}

// ShapeDiv divides shape a by b as CuTe's shape_div does: element by element
// for two tuples, folded across a's modes for a tuple and an integer
// (shape_div((4,5,6), 40) is (1,1,3)), and for two integers a/b rounded away
// from zero, where one must divide the other (E0403). A dynamic value gives
// ?, with no divisibility to check: shape_div((?,?),(2,5)) is (?,?).
func ShapeDiv(a, b IntTuple) (IntTuple, error) {
	c := calc{op: "shape_div"}
	r := c.shapeDivTuple(a, b)
	return r, c.errOrNil()
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
		rest := b
		elems := make([]IntTuple, len(a.elems))
		for i, e := range a.elems {
			elems[i] = c.shapeDivTuple(e, rest)
			rest = c.nonzeroDiv(rest, c.sizeLeaf(e), (*calc).shapeDivLeaf)
		}
		return Tuple(elems...)
	case b.Kind() == KindTuple:
		return c.nonzeroDiv(a, c.sizeLeaf(b), (*calc).shapeDivLeaf)
	}
	return c.nonzeroDiv(a, b, (*calc).shapeDivLeaf)
}

// nonzeroDiv applies the leaf division f after rejecting a static zero
// divisor, which is an error even when the dividend is dynamic.
func (c *calc) nonzeroDiv(a, b IntTuple, f func(*calc, IntTuple, IntTuple) IntTuple) IntTuple {
	if isStaticInt(b, 0) {
		c.fail(errDivZero(c.op))
		return a
	}
	return f(c, a, b)
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
	if q := c.div(a, b); q != 0 {
		return q
	}
	return signum(a) * signum(b)
}

// CeilDiv is CuTe's ceil_div: element by element for two tuples (missing
// modes of b count as 1), folded across a's modes for a tuple and an
// integer, and (a + b - 1) / b for integers. A dynamic value gives ?:
// ceil_div((?,?),(2,5)) is (?,?).
func CeilDiv(a, b IntTuple) (IntTuple, error) {
	c := calc{op: "ceil_div"}
	r := c.ceilDivShape(a, b)
	return r, c.errOrNil()
}

func (c *calc) ceilDivShape(a, b IntTuple) IntTuple {
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
			elems[i] = c.ceilDivShape(a.elems[i], bi)
		}
		return Tuple(elems...)
	case a.Kind() == KindTuple:
		rest := b
		elems := make([]IntTuple, len(a.elems))
		for i, e := range a.elems {
			elems[i] = c.ceilDivShape(e, rest)
			rest = c.nonzeroDiv(rest, c.sizeLeaf(e), (*calc).ceilDivLeaf)
		}
		return Tuple(elems...)
	case b.Kind() == KindTuple:
		return c.nonzeroDiv(a, c.sizeLeaf(b), (*calc).ceilDivLeaf)
	}
	return c.nonzeroDiv(a, b, (*calc).ceilDivLeaf)
}

// CeilDivTile is the dialect's ceil_div of a shape by a tile: how many
// tiles cover it. A tile of one mode (a layout, an integer, or [T] with one
// mode) flattens to its size and gives one scalar count,
// ceil(size(a) / size(tile)): ceil_div((16,32), [(4,8):(1,4)]) is 16. A
// tile of several modes counts mode by mode, ceil_div(a_i, size(T_i)), and
// modes of a beyond the tile pass through: ceil_div((512,256,16),
// [128:1;128:1;1:0]) is (4,2,16), as CuTe DSL's compiler infers it (the
// rest shape of zipped_divide). A tile mode _ covers its whole mode (one
// tile); a nested tile mode counts the nested modes of a.
func CeilDivTile(a IntTuple, tile Tiler) (IntTuple, error) {
	c := calc{op: "ceil_div"}
	var r IntTuple
	if tile.form != tileTuple || len(tile.modes) == 1 {
		r = c.nonzeroDiv(c.sizeLeaf(a), c.tileSize(tile), (*calc).ceilDivLeaf)
	} else {
		r = c.ceilDivModes(a, tile)
	}
	return r, c.errOrNil()
}

// ceilDivModes is CeilDivTile mode by mode of a tile of several modes.
func (c *calc) ceilDivModes(a IntTuple, tile Tiler) IntTuple {
	switch tile.form {
	case tileUnderscore:
		c.sizeLeaf(a) // checks the leaves
		return Int(1)
	case tileTuple:
		if a.Kind() != KindTuple || len(tile.modes) > len(a.elems) {
			c.fail(newError(CodeCoordMismatch, c.op, -1, "the tile %s has more modes than the shape %s", tile, a))
			return a
		}
		elems := make([]IntTuple, len(a.elems))
		for i := range elems {
			if i < len(tile.modes) {
				elems[i] = c.ceilDivModes(a.elems[i], tile.modes[i])
			} else {
				elems[i] = a.elems[i]
			}
		}
		return Tuple(elems...)
	}
	return c.nonzeroDiv(c.sizeLeaf(a), c.tileSize(tile), (*calc).ceilDivLeaf)
}

// tileSize is the number of elements of a tile: the product of its modes'
// sizes. The tile _ has no size of its own.
func (c *calc) tileSize(t Tiler) IntTuple {
	switch t.form {
	case tileLayout:
		return c.sizeLeaf(t.layout.shape)
	case tileInt:
		return Int(t.n)
	case tileTuple:
		n := Int(1)
		for _, m := range t.modes {
			n = c.mulLeaf(n, c.tileSize(m))
		}
		return n
	}
	c.fail(errBadValue(c.op, "the tile _ has no size"))
	return Int(1)
}
