package layout

// Complement returns the complement of l with respect to its own cosize:
// ComplementTo(l, cosize(filter(l))).
func Complement(l Layout) (Layout, error) {
	if r, ok, err := complementFast(l, nil); ok {
		return r, err
	}
	if hasBasisStride(l.stride) {
		return basisComplement(l)
	}
	f := Filter(l)
	co, err := f.Cosize()
	if err != nil {
		return Layout{}, withOp(err, "complement")
	}
	return complementFiltered(l, f, Int(co))
}

// ComplementTo returns the complement L* of l (paper §3.5) that repeats up
// to the cotarget: its image is disjoint from l's except at 0 (eq. 28), it
// is strictly increasing (eq. 29), and size(l)·size(L*) covers the cotarget:
// complement(4:32, 256) is (32,2):(1,128). Results are coalesced, as CuTe
// returns them: complement((4,8):(1,8)) is 2:4, Table 7's (2,1):(4,64)
// (ERRATA.md). The cotarget is an integer or a shape; a shape is divided
// mode by mode, as in CuTe.
//
// l must be injective once its zero strides are removed, with strides that
// nest (E0402). Strides must be non-negative integers.
func ComplementTo(l Layout, cotarget IntTuple) (Layout, error) {
	if err := checkCotarget(cotarget); err != nil {
		return Layout{}, err
	}
	if r, ok, err := complementFast(l, &cotarget); ok {
		return r, err
	}
	return complementFiltered(l, Filter(l), cotarget)
}

func checkCotarget(t IntTuple) error {
	c := calc{op: "complement"}
	if n := c.size(t); c.err == nil && n <= 0 {
		return errBadValue("complement", "the cotarget %s is not positive", t)
	}
	return c.err
}

// complementFiltered is CuTe's detail::complement on the filtered layout f.
func complementFiltered(l, f Layout, cotarget IntTuple) (Layout, error) {
	c := calc{op: "complement"}
	sh, st := leaves(f.shape), leaves(f.stride)
	for _, d := range st {
		if d.Kind() == KindInt && d.val < 0 {
			return Layout{}, errBadValue("complement", "layout %s has the negative stride %d", l, d.val)
		}
		c.value(d)
	}
	if c.err != nil {
		return Layout{}, c.err
	}
	if len(st) == 1 && st[0].val == 0 {
		// Nothing is left of l after filtering: the complement is the
		// compact layout of the whole cotarget.
		n := c.size(cotarget)
		if c.err != nil {
			return Layout{}, c.err
		}
		return Make(Int(n))
	}
	modes := sortedModes(sh, st)
	outS := make([]IntTuple, 0, len(modes)+1)
	outD := make([]IntTuple, 0, len(modes)+1)
	covered := int64(1) // the stride at which the next mode of the result starts
	for _, m := range modes {
		if c.err != nil {
			return Layout{}, c.err
		}
		if m.stride/covered == 0 {
			return Layout{}, errComplement(l, m.stride, covered)
		}
		outS = append(outS, Int(m.stride/covered))
		outD = append(outD, Int(covered))
		covered = c.mul(m.stride, m.shape)
	}
	rest := c.size(ceilDivTuple(&c, cotarget, covered))
	restStride := covered
	if rest == 1 {
		restStride = 0
	}
	outS = append(outS, Int(rest))
	outD = append(outD, Int(restStride))
	if c.err != nil {
		return Layout{}, c.err
	}
	return Coalesce(Layout{Tuple(outS...), Tuple(outD...)}), nil
}

type mode struct{ shape, stride int64 }

// sortedModes returns the integer modes ordered by stride, the first of
// equal strides first (CuTe picks the first minimum).
func sortedModes(sh, st []IntTuple) []mode {
	ms := make([]mode, len(sh))
	for i := range sh {
		ms[i] = mode{sh[i].val, st[i].val}
	}
	for i := 1; i < len(ms); i++ { // insertion sort: stable, and ranks are small
		for j := i; j > 0 && ms[j].stride < ms[j-1].stride; j-- {
			ms[j], ms[j-1] = ms[j-1], ms[j]
		}
	}
	return ms
}

// ceilDivTuple is CuTe's ceil_div(a, b) for a shape a and an integer b:
// the division is folded across a's modes, ceil_div((4,5,6), 40) is
// (1,1,3).
func ceilDivTuple(c *calc, a IntTuple, b int64) IntTuple {
	if a.Kind() != KindTuple {
		return Int(c.ceilDiv(c.value(a), b))
	}
	elems := make([]IntTuple, len(a.elems))
	for i, e := range a.elems {
		elems[i] = ceilDivTuple(c, e, b)
		b = c.ceilDiv(b, c.size(e))
	}
	return Tuple(elems...)
}
