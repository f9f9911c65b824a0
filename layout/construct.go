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
	d, _ := c.compact(shape, c.value(current), rowMajor)
	return d, c.err
}

// compact returns the compact stride of shape starting at current, and the
// next stride after it.
func (c *calc) compact(shape IntTuple, current int64, rowMajor bool) (IntTuple, int64) {
	if shape.Kind() != KindTuple {
		n := c.value(shape)
		if n == 1 {
			return Int(0), current
		}
		return Int(current), c.mul(current, n)
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
// out in the order given by order, a tuple congruent with shape: the mode
// with the smallest order has stride 1. make_ordered_layout((2,2,2,2),
// (0,2,3,1)) is (2,2,2,2):(1,4,8,2).
func MakeOrderedLayout(shape, order IntTuple) (Layout, error) {
	if !Congruent(shape, order) {
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

// compactOrder is CuTe's compact_order: the stride of each leaf is the
// product of the extents of the leaves with a smaller order.
func compactOrder(shape, order IntTuple) (IntTuple, error) {
	c := calc{op: "make_ordered_layout"}
	flatS, flatO := leaves(shape), leaves(order)
	var walk func(s, o IntTuple) IntTuple
	walk = func(s, o IntTuple) IntTuple {
		if o.Kind() == KindTuple {
			elems := make([]IntTuple, len(o.elems))
			for i := range elems {
				elems[i] = walk(s.elems[i], o.elems[i])
			}
			return Tuple(elems...)
		}
		d := int64(1)
		for i := range flatO {
			if c.value(flatO[i]) < c.value(o) {
				d = c.mul(d, c.size(flatS[i]))
			}
		}
		stride, _ := c.compact(s, d, false)
		return stride
	}
	r := walk(shape, order)
	return r, c.err
}

// MakeLayoutLike returns a compact layout with l's shape whose modes are
// ordered as l's strides order them; modes with stride 0 keep stride 0.
// make_layout_like((2,2,2,2):(0,2,4,1)) is (2,2,2,2):(0,2,4,1).
func MakeLayoutLike(l Layout) (Layout, error) {
	if err := requireIntStrides("make_layout_like", leaves(l.stride)); err != nil {
		return Layout{}, err
	}
	stride, err := compactOrder(zeroExtents(l.stride, l.shape), l.stride)
	if err != nil {
		return Layout{}, err
	}
	return Layout{l.shape, stride}, nil
}
