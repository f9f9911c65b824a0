package layout

// The inverses of swizzled layouts S o 0 o B, as CuTe C++ builds them:
// the inverse of B with the swizzle carried through it (swizzleThrough).

// RightInverse returns the right inverse of a swizzled layout
// S o 0 o B as CuTe C++ builds it: composition(right_inverse(B), S), which
// carries the swizzle through R = right_inverse(B): S' o 0 o R with S' o R
// = R o S. Since S is its own inverse, (S o B)(S'(R(k))) = S(B(R(S(k)))) =
// k; the law is also checked point by point. right_inverse(S<1,0,2> o 0 o
// (4,4):(1,4)) is S<1,0,2> o 0 o 16:1.
func (c ComposedLayout) RightInverse() (ComposedLayout, error) {
	return inverseComposed("right_inverse", c, RightInverse, func(f ComposedLayout, g ComposedLayout, k int64) (bool, error) {
		x, err := g.Eval(Int(k))
		if err != nil {
			return false, err
		}
		y, err := f.Eval(x)
		return err == nil && y.Equal(Int(k)), err
	})
}

// LeftInverse returns the left inverse of a swizzled layout
// S o 0 o B as CuTe C++ builds it: composition(left_inverse(B), S), carried
// through as for ComposedLayout.RightInverse; the law L(C(k)) = k is checked on
// C's domain for an injective C.
func (c ComposedLayout) LeftInverse() (ComposedLayout, error) {
	return inverseComposed("left_inverse", c, LeftInverse, func(f ComposedLayout, g ComposedLayout, k int64) (bool, error) {
		x, err := f.Eval(Int(k))
		if err != nil {
			return false, err
		}
		y, err := g.Eval(x)
		if err != nil {
			return false, err
		}
		z, err := f.Eval(y)
		return err == nil && z.Equal(x), err
	})
}

// inverseComposed is the inverse inv of B carried through the swizzle of
// c, with law checked for every k in the domain of the result (right
// inverse) or of c (left inverse).
func inverseComposed(op string, c ComposedLayout, inv func(Layout) (Layout, error),
	law func(c, r ComposedLayout, k int64) (bool, error)) (ComposedLayout, error) {
	c, err := c.PositionIndependent() // a byte swizzle: on elements
	if err != nil {
		return ComposedLayout{}, withOp(err, op)
	}
	sw, ok := c.Outer.(Swizzle)
	if !ok || !isStaticInt(c.Offset, 0) {
		return ComposedLayout{}, errBadValue(op, "%s of the composed layout %s: only a swizzle with the offset 0 has one (CuTe's S o 0 o B)", op, c)
	}
	b, err := inv(c.Inner)
	if err != nil {
		return ComposedLayout{}, withOp(err, op)
	}
	var s Swizzle
	if sw.IsIdentity() {
		s = sw
	} else if s, err = swizzleThrough(b, sw); err != nil {
		return ComposedLayout{}, withOp(err, op)
	}
	r := ComposedLayout{Outer: s, Offset: Int(0), Inner: b}
	domain := r.Inner
	if op == "left_inverse" {
		domain = c.Inner
	}
	n, err := domain.Size()
	if err != nil || n > maxVerify {
		return ComposedLayout{}, errBadValue(op, "%s of %s cannot be checked point by point", op, c)
	}
	for k := range n {
		ok, err := law(c, r, k)
		if err != nil {
			return ComposedLayout{}, withOp(err, op)
		}
		if !ok {
			return ComposedLayout{}, errBadValue(op, "%s of %s: the swizzle carried through %s does not satisfy the law at %d", op, c, b, k)
		}
	}
	return r, nil
}
