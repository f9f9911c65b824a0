package layout

import "math/bits"

// ComposeComposed returns composition(a, c) for a layout a and a composed
// layout c = F o off o B, as CuTe C++ composes a layout with a
// ComposedLayout: (a o F) o off o B. For an outer layout F that is
// composition(a, F) o off o B. For a swizzle F, a o F is a swizzle of a's
// offsets after a, S' o a (CuTe's composition(Layout, Swizzle), which
// builds S' = make_swizzle<a(yyy), a(zzz)>() from the images of the
// swizzle's bit masks), so with the offset 0 the result is
// S' o 0 o composition(a, B). It is checked point by point that S'(a(x)) =
// a(S(x)) on a's domain: CuTe notes that the construction "works in simple
// cases", and where it does not, or where the offset is not 0 (a layout
// does not distribute over the sum off + B(c)), the result is an error.
func ComposeComposed(a Layout, c ComposedLayout) (ComposedLayout, error) {
	switch f := c.Outer.(type) {
	case Layout:
		outer, err := Compose(a, f)
		if err != nil {
			return ComposedLayout{}, err
		}
		return ComposedLayout{outer, c.Offset, c.Inner}, nil
	case Swizzle:
		inner, err := Compose(a, c.Inner)
		if err != nil {
			return ComposedLayout{}, err
		}
		if f.IsIdentity() && isStaticInt(c.Offset, 0) {
			return ComposedLayout{f, c.Offset, inner}, nil
		}
		if !isStaticInt(c.Offset, 0) {
			return ComposedLayout{}, errBadValue("composition",
				"composing %s with the swizzled layout %s needs the offset 0: a layout does not distribute over the offset %s", a, c, c.Offset)
		}
		sw, err := swizzleThrough(a, f)
		if err != nil {
			return ComposedLayout{}, err
		}
		return ComposedLayout{sw, Int(0), inner}, nil
	}
	return ComposedLayout{}, errBadValue("composition", "unknown outer function %s", c.Outer)
}

// swizzleThrough returns the swizzle S' with S' o a = a o sw: CuTe's
// make_swizzle<a(yyy), a(zzz)>(), whose fields are the images of sw's
// fields under a, checked on a's domain.
func swizzleThrough(a Layout, sw Swizzle) (Swizzle, error) {
	if !a.shape.IsStatic() || !a.stride.IsStatic() || hasBasisStride(a.stride) {
		return Swizzle{}, newError(CodeDynamicValue, "composition", 0,
			"composing %s with a swizzle needs a static layout with integer strides", a)
	}
	mask := int64(1)<<sw.B - 1
	yyy := mask << (sw.M + max(0, sw.S))
	zzz := mask << (sw.M - min(0, sw.S))
	y, err := a.Eval(Int(yyy))
	if err != nil {
		return Swizzle{}, withOp(err, "composition")
	}
	z, err := a.Eval(Int(zzz))
	if err != nil {
		return Swizzle{}, withOp(err, "composition")
	}
	yv, zv := y.val, z.val
	fail := func(why string) (Swizzle, error) {
		return Swizzle{}, errBadValue("composition",
			"%s does not carry the swizzle %s to a swizzle of its offsets (%s)", a, sw, why)
	}
	if yv <= 0 || zv <= 0 || bits.OnesCount64(uint64(yv)) != bits.OnesCount64(uint64(zv)) {
		return fail("the images of its bit fields are not two masks of equal width")
	}
	ty, tz := bits.TrailingZeros64(uint64(yv)), bits.TrailingZeros64(uint64(zv))
	out, err := NewSwizzle(bits.OnesCount64(uint64(yv)), min(ty, tz), ty-tz)
	if err != nil {
		return fail(err.Error())
	}
	m := int64(1)<<out.B - 1
	if yv|zv != m<<(out.M+max(0, out.S))|m<<(out.M-min(0, out.S)) {
		return fail("the images of its bit fields are not contiguous")
	}
	n, err := a.Size()
	if err != nil || n > maxVerify {
		return fail("too large to check point by point")
	}
	for x := range n {
		ax, err := a.Eval(Int(x))
		if err != nil {
			return Swizzle{}, err
		}
		asx, err := a.Eval(Int(sw.Apply(x)))
		if err != nil {
			return Swizzle{}, err
		}
		if out.Apply(ax.val) != asx.val {
			return fail("S'(a(x)) differs from a(S(x)) at x = " + Int(x).String())
		}
	}
	return out, nil
}

// RightInverseComposed returns the right inverse of a swizzled layout
// S o 0 o B as CuTe C++ builds it: composition(right_inverse(B), S), which
// carries the swizzle through R = right_inverse(B): S' o 0 o R with S' o R
// = R o S. Since S is its own inverse, (S o B)(S'(R(k))) = S(B(R(S(k)))) =
// k; the law is also checked point by point. right_inverse(S<1,0,2> o 0 o
// (4,4):(1,4)) is S<1,0,2> o 0 o 16:1.
func RightInverseComposed(c ComposedLayout) (ComposedLayout, error) {
	return inverseComposed("right_inverse", c, RightInverse, func(f ComposedLayout, g ComposedLayout, k int64) (bool, error) {
		x, err := g.Eval(Int(k))
		if err != nil {
			return false, err
		}
		y, err := f.Eval(x)
		return err == nil && y.Equal(Int(k)), err
	})
}

// LeftInverseComposed returns the left inverse of a swizzled layout
// S o 0 o B as CuTe C++ builds it: composition(left_inverse(B), S), carried
// through as for RightInverseComposed; the law L(C(k)) = k is checked on
// C's domain for an injective C.
func LeftInverseComposed(c ComposedLayout) (ComposedLayout, error) {
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
	r := ComposedLayout{s, Int(0), b}
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
