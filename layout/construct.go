package layout

// CompactColMajor returns the compact column-major (LayoutLeft) stride of a
// shape: each mode's stride is the product of the extents before it, and a
// mode of extent 1 gets stride 0 as in CuTe. (4,(2,3)) gives (1,(4,8)).
func CompactColMajor(shape IntTuple) (IntTuple, error) {
	return compactMajor(shape, Int(1), false)
}

// CompactRowMajor returns the compact row-major (LayoutRight) stride of a
// shape: the last mode has stride 1. (4,8) gives (8,1).
func CompactRowMajor(shape IntTuple) (IntTuple, error) {
	return compactMajor(shape, Int(1), true)
}

func compactMajor(shape, current IntTuple, rowMajor bool) (IntTuple, error) {
	c := calc{op: "compact_major"}
	c.checkScalar(current)
	d, _ := c.compact(shape, current, rowMajor)
	return d, c.errOrNil()
}

// compact returns the compact stride of shape starting at current, and the
// next stride after it. Extents and strides may be dynamic: the stride
// after a ? extent is ?, (?,4) gives (1,?).
func (c *calc) compact(shape, current IntTuple, rowMajor bool) (IntTuple, IntTuple) {
	if shape.Kind() != KindTuple {
		c.checkScalar(shape)
		if isStaticInt(shape, 1) {
			return Int(0), current
		}
		return current, c.mulLeaf(current, shape)
	}
	elems := make([]IntTuple, len(shape.elems))
	for k := range elems {
		i := k
		if rowMajor {
			i = len(elems) - 1 - k
		}
		elems[i], current = c.compact(shape.elems[i], current, rowMajor)
	}
	return Tuple(elems...), current
}

// MakeIdentityLayout returns the identity layout of a shape (paper §3.3.1):
// its strides are the basis elements of the shape's coordinates, so it maps
// every coordinate to itself: (4,8) gives (4,8):(1@0,1@1) and ((2,3),4)
// gives ((2,3),4):((1@0@0,1@1@0),1@1). An integral shape N gives N:1.
func MakeIdentityLayout(shape IntTuple) (Layout, error) {
	if err := checkShape(shape); err != nil {
		return Layout{}, err
	}
	if shape.Kind() != KindTuple {
		return Layout{shape, Int(1)}, nil
	}
	return Layout{shape, basisLike(shape, nil)}, nil
}

func basisLike(shape IntTuple, path []int) IntTuple {
	if shape.Kind() != KindTuple {
		return Basis(1, append([]int(nil), path...)...)
	}
	elems := make([]IntTuple, len(shape.elems))
	for i, e := range shape.elems {
		elems[i] = basisLike(e, append(path, i))
	}
	return Tuple(elems...)
}

// MakeOrderedLayout returns a compact layout of shape whose modes are laid
// out in the order given by order, a static tuple weakly congruent with
// shape: the mode with the smallest order has stride 1, and each stride is
// the product of the extents of the modes ordered before it.
// make_ordered_layout((2,2,2,2), (0,2,3,1)) is (2,2,2,2):(1,4,8,2). An order
// leaf against a sub-shape ranks the whole sub-shape, laid out column-major
// inside: make_ordered_layout((2,(2,2),2), (0,2,1)) is
// (2,(2,2),2):(1,(4,8),2). A product that involves a dynamic extent is ?:
// make_ordered_layout((4,3,?,2), (2,1,3,4)) is (4,3,?,2):(3,1,12,?).
func MakeOrderedLayout(shape, order IntTuple) (Layout, error) {
	if !WeaklyCongruent(order, shape) {
		return Layout{}, errCoord("make_ordered_layout", order, shape)
	}
	if err := checkShape(shape); err != nil {
		return Layout{}, err
	}
	stride, err := compactOrder(shape, order)
	if err != nil {
		return Layout{}, err
	}
	return Layout{shape, stride}, nil
}

// compactOrder is CuTe's compact_order for a static order weakly congruent
// with shape: the stride of each order leaf's sub-shape starts at the
// product of the sizes of the sub-shapes with a smaller order.
func compactOrder(shape, order IntTuple) (IntTuple, error) {
	c := calc{op: "make_ordered_layout"}
	flatO := leaves(order)
	for _, o := range flatO {
		c.value(o) // the order must be static
	}
	flatS := leaves(c.productLike(shape, order))
	if c.err != nil {
		return IntTuple{}, c.err
	}
	var walk func(s, o IntTuple) IntTuple
	walk = func(s, o IntTuple) IntTuple {
		if o.Kind() == KindTuple {
			elems := make([]IntTuple, len(o.elems))
			for i := range elems {
				elems[i] = walk(s.elems[i], o.elems[i])
			}
			return Tuple(elems...)
		}
		d := Int(1)
		for i := range flatO {
			if flatO[i].val < o.val {
				d = c.mulLeaf(d, flatS[i])
			}
		}
		stride, _ := c.compact(s, d, false)
		return stride
	}
	r := walk(shape, order)
	return r, c.errOrNil()
}

// productLike is CuTe's product_like(shape, order): shape with every
// sub-shape that meets an order leaf replaced by its size.
func (c *calc) productLike(shape, order IntTuple) IntTuple {
	if order.Kind() != KindTuple {
		return c.sizeLeaf(shape)
	}
	elems := make([]IntTuple, len(order.elems))
	for i := range elems {
		elems[i] = c.productLike(shape.elems[i], order.elems[i])
	}
	return Tuple(elems...)
}

// MakeLayoutLike returns a compact layout with l's shape whose modes are
// ordered as l's strides order them, CuTe's make_layout_like; modes with
// stride 0 keep stride 0. make_layout_like((2,2,2,2):(0,2,4,1)) is
// (2,2,2,2):(0,2,4,1). As in CuTe's compact_order, a dynamic stride ranks
// after every static one, dynamic strides in their left-to-right order:
// make_layout_like((8,?,4,?):(?,?,?,1)) is (8,?,4,?):(?,?,?,1).
//
// For basis strides the modes are ordered as the coordinates they reach are
// laid out, mode 0 of the codomain fastest (basisOrder):
// make_layout_like((4,(4,2)):(1@1,(1@0,12@1))) is (4,(4,2)):(4,(1,16)), and
// make_layout_like(make_identity_layout(s)) is the column-major layout of s.
func MakeLayoutLike(l Layout) (Layout, error) {
	if hasBasisStride(l.stride) {
		order, err := basisOrder(l.stride)
		if err != nil {
			return Layout{}, err
		}
		stride, err := compactOrder(zeroExtents(order, l.shape), order)
		if err != nil {
			return Layout{}, withOp(err, "make_layout_like")
		}
		return Layout{l.shape, stride}, nil
	}
	for _, d := range leaves(l.stride) {
		if d.Kind() == KindInt && d.val < 0 {
			return Layout{}, errBadValue("make_layout_like", "the negative stride %d is not supported", d.val)
		}
	}
	order, err := staticOrder(l.stride)
	if err != nil {
		return Layout{}, err
	}
	stride, err := compactOrder(zeroExtents(l.stride, l.shape), order)
	if err != nil {
		return Layout{}, withOp(err, "make_layout_like")
	}
	return Layout{l.shape, stride}, nil
}

// staticOrder replaces each dynamic leaf of an order by a rank above every
// static leaf: m+1+i for the leaf at flat position i, where m is the
// largest static leaf (at least 0), as CuTe's compact_order does.
func staticOrder(order IntTuple) (IntTuple, error) {
	c := calc{op: "make_layout_like"}
	m := int64(0)
	for _, o := range leaves(order) {
		if o.Kind() == KindInt {
			m = max(m, o.val)
		}
	}
	i := int64(0)
	r := mapLeaves(order, func(o IntTuple) IntTuple {
		i++
		if o.IsDynamic() {
			return Int(c.add(m, i))
		}
		return o
	})
	return r, c.errOrNil()
}

// MakeLayoutLike is make_layout_like of a composed layout whose
// outer function is a swizzle: the swizzle and the offset are dropped and
// the result is make_layout_like of the inner layout, as in the dialect.
func (c ComposedLayout) MakeLayoutLike() (Layout, error) {
	if _, ok := c.Outer.(Swizzle); !ok {
		return Layout{}, errBadValue("make_layout_like",
			"a composed layout needs a swizzle as its inner function, not the layout %s", c.Outer)
	}
	return MakeLayoutLike(c.Inner)
}
