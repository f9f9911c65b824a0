package layout

import "math/bits"

// Recast views a composed layout A o off o B of elements oldBits
// wide as one of elements newBits wide, as the dialect's recast_layout does:
// B and an affine A are recast as layouts (see RecastLayout), the offset is
// scaled like a stride, and a swizzle keeps its bits but moves its base M by
// the base-2 logarithm of the ratio, so that it acts on the same bytes:
// recast_layout(8, 32, S<3,5,4> o 0 o (32,4):(1,32)) is S<3,3,4> o 0 o
// (8,4):(1,8).
//
// A byte swizzle keeps its swizzle, which acts on bytes, and scales its
// element width (see recastBytes).
func (c ComposedLayout) Recast(oldBits, newBits int64) (ComposedLayout, error) {
	if c.ElemBits > 0 {
		return c.recastBytes(oldBits, newBits)
	}
	inner, err := RecastLayout(oldBits, newBits, c.Inner)
	if err != nil {
		return ComposedLayout{}, err
	}
	up, down := recastRatio(oldBits, newBits)
	var outer Function
	switch o := c.Outer.(type) {
	case Swizzle:
		outer, err = o.recast(up, down)
	case Layout:
		outer, err = RecastLayout(oldBits, newBits, o)
	}
	if err != nil {
		return ComposedLayout{}, err
	}
	k := calc{op: "recast_layout"}
	off := mapLeaves(c.Offset, func(t IntTuple) IntTuple { return k.recastOffset(t, up, down) })
	if k.err != nil {
		return ComposedLayout{}, k.err
	}
	return NewComposed(outer, off, inner)
}

// recastRatio returns the factor by which a recast from oldBits to newBits
// divides offsets (up) or multiplies them (down); RecastLayout has checked
// that the widths are positive and one divides the other.
func recastRatio(oldBits, newBits int64) (up, down int64) {
	g := gcd(oldBits, newBits)
	return newBits / g, oldBits / g
}

// recastOffset scales an integer or dynamic offset leaf.
func (c *calc) recastOffset(t IntTuple, up, down int64) IntTuple {
	switch {
	case t.Kind() != KindInt && up == 1:
		return c.mulLeaf(t, Int(down)) // x*1 keeps x
	case t.Kind() != KindInt:
		return c.ceilDivLeaf(t, Int(up))
	case t.val%up != 0:
		c.fail(newError(CodeRecastDivisibility, "recast_layout", -1,
			"the offset %d is not a multiple of %d", t.val, up))
		return t
	}
	return Int(c.mul(t.val/up, down))
}

// recast returns the swizzle acting on the same bytes once offsets are
// divided by up or multiplied by down, both powers of two: S<B,M,S> with
// M moved down or up by their logarithm.
func (sw Swizzle) recast(up, down int64) (Swizzle, error) {
	if up&(up-1) != 0 || down&(down-1) != 0 {
		return Swizzle{}, newError(CodeRecastDivisibility, "recast_layout", -1,
			"the swizzle %s can only be recast by a power of two, not %d/%d", sw, down, up)
	}
	m := sw.M + bits.TrailingZeros64(uint64(down)) - bits.TrailingZeros64(uint64(up))
	if m < 0 {
		return Swizzle{}, newError(CodeRecastDivisibility, "recast_layout", -1,
			"the swizzle %s keeps only %d fixed bits, fewer than an upcast by %d needs", sw, sw.M, up)
	}
	return NewSwizzle(sw.B, m, sw.S)
}
