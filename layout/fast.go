package layout

// The integer fast path. Most layouts in practice have integer strides and
// few modes; for them coalesce and composition run on fixed-size arrays of
// int64 held on the stack, and the result tree is built with a single
// allocation. Anything else (basis or dynamic leaves, more than maxFast
// modes, a composition that needs checking point by point) takes the general
// path, which computes the same results.

const maxFast = maxStaticLeaves

// ints is a flat list of integer modes s[i]:d[i].
type ints struct {
	n    int
	s, d [maxFast]int64
}

// load appends the leaves of shape:stride; it fails on a leaf that is not
// an integer or when there are more than maxFast leaves.
func (f *ints) load(s, d *IntTuple) bool {
	if s.elems != nil {
		if d.elems == nil || len(d.elems) != len(s.elems) {
			return false
		}
		for i := range s.elems {
			if !f.load(&s.elems[i], &d.elems[i]) {
				return false
			}
		}
		return true
	}
	if s.leaf != nil || d.leaf != nil || d.elems != nil || f.n == maxFast {
		return false
	}
	f.s[f.n], f.d[f.n] = s.val, d.val
	f.n++
	return true
}

// coalesce is bw_coalesce on the modes, in place: modes of extent 1 are
// dropped and a mode s:d followed by s':s·d merges into s·s':d. With keepLast
// (coalesce_x) a last mode of extent 1 keeps its stride as an extent-2 mode.
func (f *ints) coalesce(keepLast bool) {
	n := f.n
	if n == 0 {
		f.n, f.s[0], f.d[0] = 1, 1, 0
		return
	}
	// The result is built back to front in place: after reading mode i,
	// the k modes of the result occupy [n-k, n), and n-k > i-1, so no
	// mode is overwritten before it is read.
	k := 1
	if keepLast && f.s[n-1] == 1 {
		f.s[n-1] = 2
	}
	for i := n - 2; i >= 0; i-- {
		s, d := f.s[i], f.d[i]
		front := n - k
		switch {
		case s == 1:
		case k == 1 && f.s[front] == 1:
			f.s[front], f.d[front] = s, d
		case mulFits(s, d) && s*d == f.d[front] && mulFits(s, f.s[front]):
			f.s[front], f.d[front] = s*f.s[front], d
		default:
			k++
			f.s[n-k], f.d[n-k] = s, d
		}
	}
	if k == 1 && f.s[n-1] == 1 {
		f.d[n-1] = 0
	}
	if k < n {
		for i, j := 0, n-k; i < k; i, j = i+1, j+1 { // a loop: copy's call costs more for a few modes
			f.s[i], f.d[i] = f.s[j], f.d[j]
		}
	}
	f.n = k
}

// mulFits reports whether a·b fits in int64.
func mulFits(a, b int64) bool {
	_, ok := mulOK(a, b)
	return ok
}

// layout returns the modes as a Layout: s:d for one mode, a flat tuple
// otherwise, built with one allocation.
func (f *ints) layout() Layout {
	if f.n == 1 {
		return Layout{Int(f.s[0]), Int(f.d[0])}
	}
	buf := make([]IntTuple, 2*f.n)
	for i := 0; i < f.n; i++ {
		buf[i], buf[f.n+i] = Int(f.s[i]), Int(f.d[i])
	}
	return Layout{Tuple(buf[:f.n:f.n]...), Tuple(buf[f.n:]...)}
}

// coalesceFast coalesces an all-integer layout; ok is false when l does not
// qualify for the fast path.
func coalesceFast(l Layout, keepLast bool) (r Layout, ok bool) {
	var f ints
	if !f.load(&l.shape, &l.stride) {
		return Layout{}, false
	}
	f.coalesce(keepLast)
	return f.layout(), true
}

// cosize is 1 + Σ (s_i - 1)·|d_i|, the cosize of integer modes.
func (f *ints) cosize(c *calc) int64 {
	n := int64(1)
	for i := 0; i < f.n; i++ {
		n = c.add(n, c.mul(f.s[i]-1, c.abs(f.d[i])))
	}
	return n
}

// sortByStride orders the modes by stride, stably.
func (f *ints) sortByStride() {
	for i := 1; i < f.n; i++ {
		for j := i; j > 0 && f.d[j] < f.d[j-1]; j-- {
			f.s[j], f.s[j-1] = f.s[j-1], f.s[j]
			f.d[j], f.d[j-1] = f.d[j-1], f.d[j]
		}
	}
}

// complementFast is the complement of an integer layout with respect to
// cotarget, or to its own cosize when cotarget is nil; ok is false when l
// does not qualify for the fast path.
func complementFast(l Layout, cotarget *IntTuple) (r Layout, ok bool, err error) {
	var f, out ints
	if !f.load(&l.shape, &l.stride) {
		return Layout{}, false, nil
	}
	if ok, err := f.complement(l, cotarget, &out); !ok || err != nil {
		return Layout{}, ok, err
	}
	return out.layout(), true, nil
}

// complement is CuTe's complement of the modes of f (the layout l, named in
// errors) into out; ok is false when out would need more than maxFast modes.
// f is changed.
func (f *ints) complement(l Layout, cotarget *IntTuple, out *ints) (ok bool, err error) {
	var why complementWhy
	ok, err = f.complementOf(cotarget, out, &why)
	switch {
	case why.negative:
		return true, errBadValue("complement", "layout %s has the negative stride %d", l, why.stride)
	case why.overlap:
		return true, errComplement(l, why.stride, why.covered)
	}
	return ok, err
}

// complementWhy is the error of the algebra complementOf found, in values:
// a negative stride, or a stride inside the offsets already covered.
type complementWhy struct {
	negative, overlap bool
	stride, covered   int64
}

// complementOf is complement, with its errors of the algebra said in why
// (ok is then true and err nil).
func (f *ints) complementOf(cotarget *IntTuple, out *ints, why *complementWhy) (ok bool, err error) {
	for i := 0; i < f.n; i++ {
		if f.d[i] == 0 {
			f.s[i] = 1
		}
	}
	f.coalesce(false)
	c := calc{op: "complement"}
	for i := 0; i < f.n; i++ {
		if f.d[i] < 0 {
			why.negative, why.stride = true, f.d[i]
			return true, nil
		}
	}
	if f.n == 1 && f.d[0] == 0 {
		target := int64(1)
		if cotarget != nil {
			target = c.size(*cotarget)
		}
		out.n, out.s[0], out.d[0] = 1, target, 1
		if target == 1 {
			out.d[0] = 0 // CuTe's compact 1:0
		}
		return true, c.errOrNil()
	}
	f.sortByStride()
	covered := int64(1)
	for i := 0; i < f.n; i++ {
		if c.err != nil {
			return true, c.err
		}
		if f.d[i]/covered == 0 {
			why.overlap, why.stride, why.covered = true, f.d[i], covered
			return true, nil
		}
		out.s[out.n], out.d[out.n] = f.d[i]/covered, covered
		out.n++
		covered = c.mul(f.d[i], f.s[i])
	}
	var target int64
	if cotarget == nil {
		target = c.ceilDiv(f.cosize(&c), covered)
	} else {
		target = ceilDivSize(&c, *cotarget, covered)
	}
	if c.err != nil || out.n == maxFast {
		return c.err != nil, c.errOrNil()
	}
	out.s[out.n], out.d[out.n] = target, covered
	if target == 1 {
		out.d[out.n] = 0
	}
	out.n++
	out.coalesce(false)
	return true, nil
}

// ceilDivSize is size(ceil_div(a, b)) for a shape a and an integer b,
// without building the tuple.
func ceilDivSize(c *calc, a IntTuple, b int64) int64 {
	if a.elems == nil {
		return c.ceilDiv(c.value(a), b)
	}
	n := int64(1)
	for i := range a.elems {
		n = c.mul(n, ceilDivSize(c, a.elems[i], b))
		b = c.ceilDiv(b, c.size(a.elems[i]))
	}
	return n
}
