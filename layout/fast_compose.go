package layout

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
// same fold as composer.composeBase. ok is false when the fast path must
// give up.
func (f *ints) composeBase(s, d int64, out *ints) (ok bool, err error) {
	c := calc{op: "composition"}
	if d == 0 {
		return out.add(s, 0), nil
	}
	if f.n == 1 {
		return out.add(s, c.mul(f.d[0], d)), c.errOrNil()
	}
	start := out.n
	restShape, restStride, prefix := s, d, int64(1)
	for i := 0; i < f.n-1; i++ {
		extent := f.s[i]
		prefix = c.mul(prefix, extent)
		ad := c.abs(restStride)
		if c.err != nil {
			return false, c.err
		}
		if ad >= extent && ad%extent != 0 {
			return false, errStrideDiv(i, f.layout(), prefix, d)
		}
		nextShape := c.ceilDiv(extent, ad)
		nextStride := c.ceilDiv(ad, extent) * signum(restStride)
		if nextShape == 1 || restShape == 1 {
			restStride = nextStride
			continue
		}
		newShape := min(nextShape, restShape)
		if restShape%newShape != 0 {
			return false, divisibilityError(i, f.layout(), prefix, extent, ad, d, s)
		}
		if extent%ad != 0 && restShape > nextShape {
			return false, nil
		}
		if !out.add(newShape, c.mul(f.d[i], restStride)) {
			return false, nil
		}
		restShape /= newShape
		restStride = nextStride
	}
	if out.n == start || restShape != 1 {
		if !out.add(restShape, c.mul(f.d[f.n-1], restStride)) {
			return false, nil
		}
	}
	return c.err == nil, c.errOrNil()
}

func (c *calc) errOrNil() error {
	if c.err == nil {
		return nil
	}
	return c.err
}
