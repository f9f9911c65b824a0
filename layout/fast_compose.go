package layout

import "math/bits"

// add appends the mode s:d; it fails when f is full.
func (f *ints) add(s, d int64) bool {
	if f.n == maxFast {
		return false
	}
	f.s[f.n], f.d[f.n] = s, d
	f.n++
	return true
}

// composeBase is the base case of §3.3.2 on the coalesced modes of A, the
// same fold as composer.composeBase, appending the modes of A ∘ s:d to out.
// ok is false where the general path fails or must check the result point
// by point, and when out is full. Each step divides once: a stride left at
// least the mode's extent must be a multiple of it and fits one element
// there; a smaller one fits ceil(extent/stride) elements and leaves 1.
func (f *ints) composeBase(s, d int64, out *ints) (ok bool) {
	c := calc{op: "composition"}
	if d == 0 {
		return out.add(s, 0)
	}
	if f.n == 1 {
		return out.add(s, c.mul(f.d[0], d)) && c.err == nil
	}
	start := out.n
	restShape, restStride, prefix := s, d, int64(1)
	for i := 0; i < f.n-1; i++ {
		extent := f.s[i]
		prefix = c.mul(prefix, extent) // the general path fails when it overflows
		if restStride == minInt64 {
			return false
		}
		ad, sign := restStride, int64(1)
		if ad < 0 {
			ad, sign = -ad, -1
		}
		var nextShape, nextStride int64
		if ad >= extent {
			q, exact := divExact(ad, extent)
			if !exact {
				return false // stride divisibility (E0400)
			}
			nextShape, nextStride = 1, q*sign
		} else {
			nextShape, nextStride = (extent-1)/ad+1, sign
		}
		if nextShape == 1 || restShape == 1 {
			restStride = nextStride
			continue
		}
		newShape := restShape
		if nextShape < restShape {
			newShape = nextShape
			q, exact := divExact(restShape, newShape)
			if !exact || extent%ad != 0 {
				return false // a divisibility failure (E0400, E0401), or a crossing to check point by point
			}
			restShape = q
		} else {
			restShape = 1
		}
		if !out.add(newShape, c.mul(f.d[i], restStride)) {
			return false
		}
		restStride = nextStride
	}
	if out.n == start || restShape != 1 {
		if !out.add(restShape, c.mul(f.d[f.n-1], restStride)) {
			return false
		}
	}
	return c.err == nil
}

// divExact is a/b and whether b divides a, for a >= 0 and b > 0, with a
// shift when b is a power of two.
func divExact(a, b int64) (q int64, exact bool) {
	if b&(b-1) == 0 {
		return a >> bits.TrailingZeros64(uint64(b)), a&(b-1) == 0
	}
	q = a / b
	return q, q*b == a
}

func (c *calc) errOrNil() error {
	if c.err == nil {
		return nil
	}
	return c.err
}
