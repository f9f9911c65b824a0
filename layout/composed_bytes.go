package layout

import (
	"math/bits"
	"strconv"
)

// maxElemBits bounds the element width of a byte swizzle: CuTe's widest
// elements are 128 bits (uint128_t); 1024 leaves room for vectors.
const maxElemBits = 1024

// smemFlagText is the text CuTe C++ prints for smem_ptr_flag_bits<n>:
// smem_ptr[16b](unset).
func smemFlagText(n int) string { return "smem_ptr[" + strconv.Itoa(n) + "b](unset)" }

// NewByteSwizzled returns sw o smem_ptr[Nb](unset) o inner, CuTe's
// ComposedLayout<Swizzle, smem_ptr_flag_bits<N>, Layout>: the layout of
// N-bit elements whose swizzle acts on byte addresses. GMMA's
// Layout_K_SW128_Atom<half_t> is NewByteSwizzled(S<3,4,3>, 16,
// (8,64):(64,1)). elemBits must be a power of two from 1 to 1024
// (E0704).
func NewByteSwizzled(sw Swizzle, elemBits int, inner Layout) (ComposedLayout, error) {
	if elemBits < 1 || elemBits > maxElemBits || elemBits&(elemBits-1) != 0 {
		return ComposedLayout{}, errBadValue("composed_layout",
			"%s: the element width %d bits is not a power of two from 1 to %d", smemFlagText(elemBits), elemBits, maxElemBits)
	}
	return ComposedLayout{Outer: sw, Offset: Int(0), Inner: inner, ElemBits: elemBits}, nil
}

// ByteSwizzle reports whether the swizzle of c acts on byte addresses
// (c.ElemBits > 0), and returns the swizzle.
func (c ComposedLayout) ByteSwizzle() (Swizzle, bool) {
	sw, ok := c.Outer.(Swizzle)
	return sw, ok && c.ElemBits > 0
}

// PositionIndependent is CuTe's as_position_independent_swizzle_layout:
// the byte swizzle recast to the elements (recast_layout<uint8_t,
// uint_bit_t<N>> of the swizzle), composed with offset 0:
// S<3,4,3> o smem_ptr[16b](unset) o (8,64):(64,1) is S<3,3,3> o 0 o
// (8,64):(64,1). With elements of 2^k bytes the swizzle's base M moves
// down by k (up for elements narrower than a byte); an element wider than
// the swizzle's fixed bits (M < k) would be split, an E0405 error where
// CuTe drops bits of the swizzle. A composed layout that is not a byte
// swizzle is returned as it is.
func (c ComposedLayout) PositionIndependent() (ComposedLayout, error) {
	sw, ok := c.ByteSwizzle()
	if !ok {
		return c, nil
	}
	up, down := recastRatio(8, int64(c.ElemBits))
	esw, err := sw.recast(up, down)
	if err != nil {
		return ComposedLayout{}, withOp(newError(CodeRecastDivisibility, "as_position_independent_swizzle_layout", 0,
			"%s acts on bytes and would split the %d-bit elements of %s: its base M = %d keeps blocks of %d bytes whole, and an element is %d bytes",
			sw, c.ElemBits, c, sw.M, int64(1)<<sw.M, int64(1)<<bits.TrailingZeros64(uint64(up))), "as_position_independent_swizzle_layout")
	}
	return ComposedLayout{Outer: esw, Offset: Int(0), Inner: c.Inner}, nil
}

// recastBytes is Recast of a byte swizzle, as CuTe's upcast and downcast
// of a ComposedLayout with smem_ptr_flag_bits do: the swizzle still acts
// on the same bytes, the layout is recast and the element width scaled:
// recast_layout(16, 32, S<3,4,3> o smem_ptr[16b](unset) o (8,64):(64,1)) is
// S<3,4,3> o smem_ptr[32b](unset) o (8,32):(32,1).
func (c ComposedLayout) recastBytes(oldBits, newBits int64) (ComposedLayout, error) {
	inner, err := RecastLayout(oldBits, newBits, c.Inner)
	if err != nil {
		return ComposedLayout{}, err
	}
	up, down := recastRatio(oldBits, newBits)
	w := int64(c.ElemBits) * min(up, maxElemBits+1) // past the bound either way
	if w%down != 0 {
		return ComposedLayout{}, newError(CodeRecastDivisibility, "recast_layout", -1,
			"the %d-bit elements of %s cannot be recast by %d/%d", c.ElemBits, c, up, down)
	}
	return NewByteSwizzled(c.Outer.(Swizzle), int(min(w/down, maxElemBits+1)), inner)
}
