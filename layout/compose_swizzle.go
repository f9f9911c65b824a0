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
//
// A byte swizzle (ElemBits > 0) is taken in its position-independent form
// first: a maps element offsets, on which that form's swizzle acts.
func ComposeComposed(a Layout, c ComposedLayout) (ComposedLayout, error) {
	c, err := c.PositionIndependent()
	if err != nil {
		return ComposedLayout{}, withOp(err, "composition")
	}
	switch f := c.Outer.(type) {
	case Layout:
		outer, err := Compose(a, f)
		if err != nil {
			return ComposedLayout{}, err
		}
		return ComposedLayout{Outer: outer, Offset: c.Offset, Inner: c.Inner}, nil
	case Swizzle:
		inner, err := Compose(a, c.Inner)
		if err != nil {
			return ComposedLayout{}, err
		}
		if f.IsIdentity() && isStaticInt(c.Offset, 0) {
			return ComposedLayout{Outer: f, Offset: c.Offset, Inner: inner}, nil
		}
		if !isStaticInt(c.Offset, 0) {
			return ComposedLayout{}, errBadValue("composition",
				"composing %s with the swizzled layout %s needs the offset 0: a layout does not distribute over the offset %s", a, c, c.Offset)
		}
		sw, err := swizzleThrough(a, f)
		if err != nil {
			return ComposedLayout{}, err
		}
		return ComposedLayout{Outer: sw, Offset: Int(0), Inner: inner}, nil
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
