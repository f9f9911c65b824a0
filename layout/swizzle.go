package layout

import "strconv"

// Swizzle is CuTe's Swizzle<B,M,S>: a bit permutation of offsets. The M low
// bits stay fixed; the B bits that sit S above bit M (below it when S is
// negative) are XORed into bits [M, M+B):
//
//	yyy = (2^B - 1) << (M + max(0,S))
//	apply(x) = x ^ ((x & yyy) >> S)     (a negative S shifts left)
//
// With |S| >= B the two fields are disjoint, so the map is a bijection and its
// own inverse. S<3,4,3> XORs bits 7-9 into bits 4-6. (docs/semantics.md §E9
// says why no other formula is used.)
type Swizzle struct {
	B, M, S int
}

// maxSwizzleBits bounds the highest bit a swizzle may touch in an int64.
const maxSwizzleBits = 62

// NewSwizzle returns S<b,m,s> after checking that b and m are not negative,
// that |s| >= b (E0504), and that every bit it reads or writes fits in an
// int64.
func NewSwizzle(b, m, s int) (Swizzle, error) {
	if b < 0 || m < 0 {
		return Swizzle{}, errBadValue("swizzle", "S<%d,%d,%d> has a negative bit count or base", b, m, s)
	}
	if b > maxSwizzleBits || m > maxSwizzleBits || s > maxSwizzleBits || s < -maxSwizzleBits {
		// Checked alone first, so that the sums below cannot overflow.
		return Swizzle{}, errBadValue("swizzle", "S<%d,%d,%d> reaches past bit %d", b, m, s, maxSwizzleBits)
	}
	if abs(int64(s)) < int64(b) {
		return Swizzle{}, errSwizzle(b, m, s)
	}
	if m+max(0, s)+b > maxSwizzleBits || m-min(0, s)+b > maxSwizzleBits {
		return Swizzle{}, errBadValue("swizzle", "S<%d,%d,%d> reaches past bit %d", b, m, s, maxSwizzleBits)
	}
	return Swizzle{B: b, M: m, S: s}, nil
}

// Apply returns the swizzled offset.
func (sw Swizzle) Apply(x int64) int64 {
	yyy := (int64(1)<<sw.B - 1) << (sw.M + max(0, sw.S))
	y := x & yyy
	if sw.S >= 0 {
		return x ^ (y >> sw.S)
	}
	return x ^ (y << -sw.S)
}

// IsIdentity reports whether the swizzle changes no offset (B = 0).
func (sw Swizzle) IsIdentity() bool { return sw.B == 0 }

// String returns the canonical text S<B,M,S>.
func (sw Swizzle) String() string {
	var buf [32]byte
	return string(sw.AppendText(buf[:0]))
}

// AppendText appends the text of sw, S<B,M,S> as String writes it, to b.
func (sw Swizzle) AppendText(b []byte) []byte {
	b = strconv.AppendInt(append(b, "S<"...), int64(sw.B), 10)
	b = strconv.AppendInt(append(b, ','), int64(sw.M), 10)
	b = strconv.AppendInt(append(b, ','), int64(sw.S), 10)
	return append(b, '>')
}

// applyTo applies the swizzle to an integer offset; a dynamic offset gives
// the dynamic value ?.
func (sw Swizzle) applyTo(off IntTuple) (IntTuple, error) {
	switch off.Kind() {
	case KindInt:
		return Int(sw.Apply(off.val)), nil
	case KindDynamic:
		if sw.IsIdentity() {
			return off, nil
		}
		return dyn(), nil
	}
	return IntTuple{}, newError(CodeOffsetNotAddable, "swizzle", -1,
		"a swizzle applies to integer offsets, not %s", off)
}
