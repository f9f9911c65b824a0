package layout

// maxVerify bounds the number of points checked one by one where the
// conditions of the paper do not decide a result.
const maxVerify = 1 << 16

// checkCrossing checks a base case whose elements cross a mode of A that
// the stride does not divide: R(k) must equal A(k·d) for every k < s whose
// offset k·d lies in A's domain. CuTe's weaker stride check accepts such
// compositions; the result is kept only where it is the composition.
func (c *composer) checkCrossing(a, r Layout, s, d int64, cross *Error) {
	if s > maxVerify {
		c.fail(cross)
		return
	}
	n := c.size(a.shape)
	for k := int64(0); k < s && c.err == nil; k++ {
		off := c.mul(k, d)
		if off < 0 || off >= n {
			continue
		}
		want, err := a.Eval(Int(off))
		if err != nil {
			c.fail(err.(*Error))
			return
		}
		got, err := r.Eval(Int(k))
		if err != nil {
			c.fail(err.(*Error))
			return
		}
		if !got.Equal(want) {
			e := *cross
			e.Msg += crossSuffix + Int(k).String()
			c.fail(&e)
		}
	}
}

// Distributes reports whether A ∘ B provably distributes over the modes of B
// (paper eq. 23): for the part of A each leaf of B addresses, A is linear
// (rank 1 after coalescing), or every leaf stride of B meets the stride
// divisibility condition against all of A's prefix products and the leaves
// that address the same part have segregated images, s_i·|d_i| <= |d_j| or
// s_j·|d_j| <= |d_i|; dynamic strides prove neither. When it returns
// false, Compose's result (CuTe's, computed mode by mode) may differ from
// A(B(c)) at some coordinates even though each mode of B is right.
func Distributes(a Layout, b Layout) bool {
	profile, err := coprofile(b.stride)
	if err != nil {
		return false
	}
	flat, err := coalesceXProfile(a, profile)
	if err != nil {
		return false
	}
	ls, ld := leaves(b.shape), leaves(b.stride)
	for i := range ls {
		sub, err := flat.getLenient(ld[i].bpath()...)
		if err != nil {
			return false
		}
		if sub.shape.Kind() != KindTuple {
			continue // A is linear on this part of the codomain
		}
		if !dividesPrefixes(sub, ld[i]) {
			return false
		}
		for j := range ls {
			if j != i && sameCodomain(ld[i], ld[j]) && !segregated(ls[i], ld[i], ls[j], ld[j]) {
				return false
			}
		}
	}
	return true
}

// dividesPrefixes reports whether the stride d and every prefix product of
// a's extents divide one another (paper eq. 20 for all r).
func dividesPrefixes(a Layout, d IntTuple) bool {
	if d.IsDynamic() {
		return false // a dynamic stride divides nothing provably
	}
	ad := abs(d.val)
	if ad == 0 {
		return true
	}
	c := calc{}
	prefix := int64(1)
	for _, s := range leaves(a.shape)[:len(leaves(a.shape))-1] {
		if s.Kind() != KindInt {
			return false
		}
		prefix = c.mul(prefix, s.val)
		if c.err != nil || (prefix%ad != 0 && ad%prefix != 0) {
			return false
		}
	}
	return true
}

func sameCodomain(d, e IntTuple) bool {
	if d.Kind() != e.Kind() {
		return false
	}
	if d.Kind() != KindBasis {
		return true
	}
	if len(d.bpath()) != len(e.bpath()) {
		return false
	}
	for k := range d.bpath() {
		if d.bpath()[k] != e.bpath()[k] {
			return false
		}
	}
	return true
}

func segregated(s, d, t, e IntTuple) bool {
	if s.Kind() != KindInt || t.Kind() != KindInt || d.IsDynamic() || e.IsDynamic() || d.val < 0 || e.val < 0 {
		return false
	}
	if s.val == 1 || t.val == 1 || d.val == 0 || e.val == 0 {
		return true
	}
	c := calc{}
	sd, te := c.mul(s.val, d.val), c.mul(t.val, e.val)
	return c.err == nil && (sd <= e.val || te <= d.val)
}
