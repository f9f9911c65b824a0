package layout

import (
	"encoding/binary"
	"math/bits"
)

// The kernels under the operations of static_ops.go. They work on the
// leaf arrays of a Static in place, without an intermediate copy: the
// arithmetic is checked (a product that overflows makes the operation
// decline), divisions by a power of two are shifts, and a result's profile
// is written once its leaves are known.

// quo is a/b for a >= 0 and b > 0: a shift when b is a power of two
// (CuTe's extents and strides nearly always are), a 32-bit division when
// both fit (several times faster than a 64-bit one on x86).
func quo(a, b int64) int64 {
	if b&(b-1) == 0 {
		return a >> uint(bits.TrailingZeros64(uint64(b)))
	}
	if uint64(a|b) <= 1<<32-1 {
		return int64(uint32(a) / uint32(b))
	}
	return a / b
}

// divides reports whether b divides a, for a >= 0 and b > 0.
func divides(a, b int64) bool {
	if b&(b-1) == 0 {
		return a&(b-1) == 0
	}
	if uint64(a|b) <= 1<<32-1 {
		return uint32(a)%uint32(b) == 0
	}
	return a%b == 0
}

// mulOK is a·b and whether it fits in int64 with its magnitude (-2^63,
// whose magnitude does not fit, is an overflow): the one checked
// multiplication of the algebra, which calc.mul and mulFits call too. Operands of 32 bits take one multiplication; otherwise the high
// word of the signed 128-bit product (the unsigned one corrected for
// negative operands) must be the sign of the low word.
func mulOK(a, b int64) (int64, bool) {
	if small(a) && small(b) {
		return a * b, true
	}
	hi, lo := bits.Mul64(uint64(a), uint64(b))
	h := int64(hi) - (a>>63)&b - (b>>63)&a
	return int64(lo), h == int64(lo)>>63 && lo != 1<<63
}

type leafArray = [maxStaticLeaves]int64

// coalesceTo writes bw_coalesce of the n modes ss:sd into ds:dd, which may
// be the same arrays (it reads mode i before writing mode k <= i), and
// returns the number of modes: modes of extent 1 are dropped, a mode s:d
// followed by s':s·d merges into s·s':d, and none left is 1:0. With
// keepLast (coalesce_x) a last mode of extent 1 counts as extent 2. ok is
// false when a merged extent would overflow (the general path groups such
// modes from the back; the caller declines).
func coalesceTo(ds, dd, ss, sd *leafArray, n int, keepLast bool) (k int, ok bool) {
	n = min(n, maxStaticLeaves)
	if keepLast || ds == ss {
		return coalesceChecked(ds, dd, ss, sd, n, keepLast)
	}
	// One pass for leaves of 32 bits (whose s·d cannot overflow) and merged
	// extents of 32 bits before each merge (whose product then cannot
	// either); any other takes the checked pass again over the source.
	// next starts as a stride no leaf of 32 bits has; an index & mask is
	// the index itself (last < i < maxStaticLeaves) without a bounds check,
	// and the extent of the mode before the first goes to the unused last
	// slot.
	const mask = maxStaticLeaves - 1
	last := -1
	cur, next := int64(0), int64(minInt64)
	var wide uint64
	for i := 0; i < n; i++ {
		x, y := ss[i], sd[i]
		wide |= uint64(x+1<<31) | uint64(y+1<<31)
		if x == 1 {
			continue
		}
		if y == next {
			wide |= uint64(cur + 1<<31)
			cur *= x
		} else {
			ds[last&mask] = cur
			last++
			cur = x
			dd[last&mask] = y
		}
		next = x * y
	}
	if wide>>32 != 0 {
		return coalesceChecked(ds, dd, ss, sd, n, false)
	}
	if last < 0 {
		ds[0], dd[0] = 1, 0
		return 1, true
	}
	ds[last&mask] = cur
	return last + 1, true
}

// coalesceChecked is coalesceTo with every product checked.
func coalesceChecked(ds, dd, ss, sd *leafArray, n int, keepLast bool) (k int, ok bool) {
	last := -1     // the index of the last mode written
	var cur int64  // its extent
	var next int64 // the stride that merges with it
	can := false   // whether there is a last mode whose s·d fits
	for i := 0; i < n; i++ {
		x, y := ss[i], sd[i]
		if x == 1 {
			if !keepLast || i != n-1 {
				continue
			}
			x = 2
		}
		if can && y == next {
			if cur, ok = mulOK(cur, x); !ok {
				return 0, false
			}
			ds[last] = cur
		} else {
			last++
			cur = x
			ds[last], dd[last] = x, y
		}
		next, can = mulOK(x, y)
	}
	if last < 0 {
		ds[0], dd[0] = 1, 0
		return 1, true
	}
	return last + 1, true
}

// setFlat makes r the k leaves it holds as one element: a leaf for one
// mode, a flat tuple otherwise.
func (r *Static) setFlat(k int) {
	r.n = uint8(k)
	if k == 1 { // inlined: the one-leaf result needs no call
		r.prof[0], r.np = profLeaf, 1
		return
	}
	r.setFlatTuple(k)
}

// setFlatTuple is setFlat for k > 1 leaves.
func (r *Static) setFlatTuple(k int) {
	if k <= 6 { // "(xxxxxxx" and the closing byte, in two stores
		binary.LittleEndian.PutUint64(r.prof[0:8], flatHead)
		r.prof[(k+1)&7] = profClose
	} else {
		r.flatProfile(0, k)
	}
	r.np = uint8(k + 2)
}

// flatTuple is the profile of a flat tuple of up to 22 leaves, without
// its closing byte, written 8 bytes at a time.
const (
	flatHead = uint64('(') | 0x7878787878787800 // "(xxxxxxx", little-endian
	flatBody = 0x7878787878787878               // "xxxxxxxx"
)

// flatProfile writes at p the profile of a flat tuple of m leaves.
func (r *Static) flatProfile(p, m int) {
	if p+24 <= maxStaticProfile && m <= 21 {
		b := r.prof[p : p+24]
		binary.LittleEndian.PutUint64(b[0:8], flatHead)
		binary.LittleEndian.PutUint64(b[8:16], flatBody)
		binary.LittleEndian.PutUint64(b[16:24], flatBody)
		b[(m+1)%24] = profClose
		return
	}
	b := r.prof[p : p+m+2]
	b[0] = profOpen
	for i := 1; i <= m; i++ {
		b[i] = profLeaf
	}
	b[m+1] = profClose
}

// endModes appends to r's profile the m leaves written after its last
// leaf, as one element: a leaf for one mode, a flat tuple otherwise. The
// caller has checked that the leaves fit; ok is false when the profile is
// full.
func (r *Static) endModes(m int) bool {
	np := int(r.np)
	if m == 1 {
		if np >= maxStaticProfile {
			return false
		}
		r.prof[np] = profLeaf
		r.np++
		r.n++
		return true
	}
	if np+m+2 > maxStaticProfile {
		return false
	}
	r.flatProfile(np, m)
	r.np += uint8(m + 2)
	r.n += uint8(m)
	return true
}

// endLeaves appends to r's profile the m leaves written after its last
// leaf, each as an element of its own.
func (r *Static) endLeaves(m int) bool {
	np := int(r.np)
	if np+m > maxStaticProfile {
		return false
	}
	p := r.prof[np : np+m]
	for i := range p {
		p[i] = profLeaf
	}
	r.np += uint8(m)
	r.n += uint8(m)
	return true
}

// composeLeaf writes the modes of A ∘ s:d after r's last leaf (without
// touching the profile), where f holds the coalesced modes of A, and
// returns how many; 0 when the general path fails, must check the result
// point by point, or r is full. It is the fold of composer.composeBase on integers:
// the base case of §3.3.2, each step dividing once (a stride left at least
// the mode's extent must be a multiple of it and fits one element there; a
// smaller one fits ceil(extent/stride) elements and leaves 1).
func (f *ints) composeLeaf(r *Static, s, d int64) int { return f.foldLeaf(r, s, d, nil) }

// foldWhy is what foldLeaf says of a fold it cannot finish when asked
// (Failure.Compose): the error of the algebra the general path returns
// (kind), or the first mode boundary the fold crossed whose extent the
// stride does not divide (cross >= 0), which the general path checks point
// by point. Nothing is set where the fold declines for another reason (an
// overflow, a full r).
type foldWhy struct {
	kind                 Code // CodeStrideDivisibility or CodeShapeDivisibility; "" when none
	mode                 int
	prefix, stride, size int64
	cross                int // the mode of the first crossing, -1 when none
	crossPrefix          int64
}

// foldLeaf is composeLeaf; with why not nil it goes on past a crossing
// (recording it in why) and says in why which condition fails, with the
// values composer.composeBase words its error with.
func (f *ints) foldLeaf(r *Static, s, d int64, why *foldWhy) int {
	base := int(r.n)
	if base >= maxStaticLeaves {
		return 0
	}
	if d == 0 {
		r.s[base], r.d[base] = s, 0
		return 1
	}
	n := f.n
	if n == 1 {
		v, ok := mulOK(f.d[0], d)
		if !ok {
			return 0
		}
		r.s[base], r.d[base] = s, v
		return 1
	}
	if n > maxFast {
		return 0
	}
	m := 0
	restShape, restStride, prefix := s, d, int64(1)
	for i := 0; i < n-1; i++ {
		extent := f.s[i]
		var ok bool
		if prefix, ok = mulOK(prefix, extent); !ok || restStride == minInt64 {
			return 0 // the general path fails when the prefix overflows
		}
		ad, sign := restStride, int64(1)
		if ad < 0 {
			ad, sign = -ad, -1
		}
		var nextShape, nextStride int64
		if ad >= extent {
			if !divides(ad, extent) {
				if why != nil {
					why.kind, why.mode, why.prefix, why.stride = CodeStrideDivisibility, i, prefix, d
				}
				return 0 // stride divisibility (E0400)
			}
			nextShape, nextStride = 1, quo(ad, extent)*sign
		} else {
			nextShape, nextStride = quo(extent-1, ad)+1, sign
		}
		if nextShape == 1 || restShape == 1 {
			restStride = nextStride
			continue
		}
		newShape := restShape
		if nextShape < restShape {
			newShape = nextShape
			if !divides(restShape, newShape) || !divides(extent, ad) {
				if why == nil {
					return 0 // a divisibility failure (E0400, E0401), or a crossing to check point by point
				}
				if !divides(restShape, newShape) { // composer's divisibilityError
					why.mode, why.prefix = i, prefix
					if !divides(extent, ad) {
						why.kind, why.stride = CodeStrideDivisibility, d
					} else {
						why.kind, why.stride, why.size = CodeShapeDivisibility, abs(d), s
					}
					return 0
				}
				if why.cross < 0 {
					why.cross, why.crossPrefix = i, prefix
				}
			}
			restShape = quo(restShape, newShape)
		} else {
			restShape = 1
		}
		v, ok := mulOK(f.d[i], restStride)
		if !ok || base+m >= maxStaticLeaves {
			return 0
		}
		r.s[base+m], r.d[base+m] = newShape, v
		m++
		restStride = nextStride
	}
	if m == 0 || restShape != 1 {
		v, ok := mulOK(f.d[n-1], restStride)
		if !ok || base+m >= maxStaticLeaves {
			return 0
		}
		r.s[base+m], r.d[base+m] = restShape, v
		m++
	}
	return m
}

// composePart appends the composition of A (f, its coalesced modes) with
// the part pt of b: b's profile with each leaf replaced by its
// composition, a leaf for one mode and a flat tuple of modes otherwise.
func (r *Static) composePart(f *ints, b *Static, pt part) bool {
	leaf := int(pt.l0)
	for p := int(pt.p0); p < int(pt.p1) && p < maxStaticProfile; p++ {
		t := b.prof[p]
		if t != profLeaf {
			if !r.token(t) {
				return false
			}
			continue
		}
		if leaf >= maxStaticLeaves {
			return false
		}
		m := f.composeLeaf(r, b.s[leaf], b.d[leaf])
		leaf++
		if m == 0 || !r.endModes(m) {
			return false
		}
	}
	return true
}

// composeElems appends the elements of the composition of A (f) with b:
// the compositions of b's top-level elements, or the modes of A ∘ b, each
// a leaf, when b is one leaf.
func (r *Static) composeElems(f *ints, b *Static) bool {
	if b.np == 1 {
		m := f.composeLeaf(r, b.s[0], b.d[0])
		return m != 0 && r.endLeaves(m)
	}
	return r.composePart(f, b, part{1, b.np - 1, 0, b.n})
}

// appendElems appends the top-level elements of l: l itself when it is a
// leaf.
func (r *Static) appendElems(l *Static) bool {
	if l.np == 1 {
		return r.add(l, l.whole())
	}
	return r.add(l, part{1, l.np - 1, 0, l.n})
}

// topParts is the top-level elements of s (elems of the whole), with a
// flat tuple, the common case, split without a scan: a profile of n
// leaves and t tuples has n+2t bytes, so n+2 bytes are one flat tuple.
func (s *Static) topParts(out *[maxStaticLeaves]part) (int, bool) {
	n := int(s.n)
	if int(s.np) == n+2 {
		for i := 0; i < n && i < maxStaticLeaves; i++ {
			out[i] = part{uint8(i + 1), uint8(i + 2), uint8(i), uint8(i + 1)}
		}
		return n, true
	}
	return s.elems(s.whole(), out[:])
}
