package layout

// Complement returns the complement of l with respect to its own cosize:
// ComplementTo(l, cosize(filter(l))). For a layout with basis strides it is
// taken direction by direction, with one mode per direction of the
// codomain (see complementBasis).
func Complement(l Layout) (Layout, error) {
	if r, ok, err := complementFast(l, nil); ok {
		return r, err
	}
	if hasBasisStride(l.stride) {
		return complementBasis(l)
	}
	f := Filter(l)
	co := dyn()
	if f.shape.IsStatic() && f.stride.IsStatic() {
		n, err := f.Cosize()
		if err != nil {
			return Layout{}, withOp(err, "complement")
		}
		co = Int(n)
	}
	return complementOf(l, f, co, !co.IsStatic(), false)
}

// ComplementTo returns the complement L* of l (paper §3.5) that repeats up
// to the cotarget: its image is disjoint from l's except at 0 (eq. 28), it
// is strictly increasing (eq. 29), and size(l)·size(L*) covers the cotarget:
// complement(4:32, 256) is (32,2):(1,128). Results are coalesced, as CuTe
// returns them: complement((4,8):(1,8)) is 2:4, Table 7's (2,1):(4,64)
// (docs/semantics.md §E11). The cotarget is an integer or a shape; the part that repeats
// has the shape ceil_div(cotarget, covered) with compact strides, so a shape
// is divided mode by mode, as in CuTe.
//
// l must be injective once its zero strides are removed, with strides that
// nest (E0402). Strides are non-negative integers, or basis elements when
// the cotarget is a shape: the coordinate complement (complementBasisTo),
// complement((2,3):(1@0,1@1), (4,6)) is (2,2):(2@0,3@1). Basis strides with
// an integer cotarget are E0702: an integer does not say how the
// directions of the codomain are laid out (the dialect rejects basis strides
// with any cotarget; see docs/dialect.md).
//
// Dynamic values are carried through with the leaf arithmetic of
// dynamic.go: complement(3:2, ?) is (2,?):(1,6) and complement(?:?, 12) is
// (?,?):(1,?). As in CuTe, a dynamic stride is allowed only in a layout of
// rank 1 after filtering (E0700 otherwise), since strides must be sorted.
func ComplementTo(l Layout, cotarget IntTuple) (Layout, error) {
	return complementTo(l, cotarget, false)
}

// ComplementToCoalesced is ComplementTo whose rest, the compact layout of
// ceil_div(cotarget, covered), is one mode where the cotarget or l is
// dynamic, as the static complement of every instance coalesces it:
// complement(1:0, (2,?)) is ?{div=2}:1 (CuTe C++'s bw_coalesce merges it
// too), where ComplementTo keeps the dialect's (2,?):(1,2).
func ComplementToCoalesced(l Layout, cotarget IntTuple) (Layout, error) {
	return complementTo(l, cotarget, true)
}

func complementTo(l Layout, cotarget IntTuple, merge bool) (Layout, error) {
	if cotarget.Kind() != KindInt || cotarget.val <= 0 {
		if err := checkCotarget(cotarget); err != nil {
			return Layout{}, err
		}
	}
	if cotarget.IsStatic() {
		if r, ok, err := complementFast(l, &cotarget); ok {
			return r, err
		}
	}
	if !hasBasisStride(l.stride) {
		return complementOf(l, Filter(l), cotarget, false, merge)
	}
	if cotarget.Kind() != KindTuple {
		return Layout{}, newError(CodeBasisNotDefined, "complement", 0,
			"complement with an integer cotarget is defined for integer strides, but %s has basis strides (complement it in a shape, such as the shape of the layout its coordinates index, or without a cotarget)", l)
	}
	return complementBasisTo(l, cotarget)
}

// checkCotarget checks that every leaf of a cotarget is a positive integer
// or a dynamic value, and that a static cotarget's size fits in int64.
func checkCotarget(t IntTuple) error {
	c := calc{op: "complement"}
	bad := false
	visitLeaves(t, func(x IntTuple) {
		switch {
		case x.Kind() == KindInt && x.val <= 0:
			bad = true
		case !x.IsDynamic():
			c.value(x)
		}
	})
	if bad {
		return errBadValue("complement", "the cotarget %s is not positive", t)
	}
	if c.err == nil && t.IsStatic() {
		c.size(t)
	}
	return c.errOrNil()
}

// visitLeaves calls f on every leaf of t, in order.
func visitLeaves(t IntTuple, f func(IntTuple)) {
	if t.Kind() != KindTuple {
		f(t)
		return
	}
	for _, e := range t.elems {
		visitLeaves(e, f)
	}
}

// complementFiltered is CuTe's detail::complement on the filtered layout f:
// the modes sorted by stride leave gaps stride/covered between them, and
// the rest repeats from the offset they cover up to the cotarget.
//
// A dynamic result is laid out as the static one is for every value that
// meets the conditions ComplementConditions states.
func complementFiltered(l, f Layout, cotarget IntTuple) (Layout, error) {
	return complementOf(l, f, cotarget, false, false)
}

// complementOf is complementFiltered; ownCosize says that the cotarget is
// l's own cosize, merge that a dynamic rest is one mode.
func complementOf(l, f Layout, cotarget IntTuple, ownCosize, merge bool) (Layout, error) {
	c := calc{op: "complement"}
	sh, st := leaves(f.shape), leaves(f.stride)
	if err := checkComplementStrides(l, st); err != nil {
		return Layout{}, err
	}
	if len(st) == 1 && isStaticInt(st[0], 0) {
		// Nothing is left of l after filtering: the complement is the
		// compact layout of the whole cotarget, one mode once coalesced.
		if merge && !cotarget.IsStatic() {
			r := Coalesce(Layout{sizeLeaf(&c, cotarget), Int(1)})
			return r, c.errOrNil()
		}
		r := Coalesce(Layout{cotarget, compactFrom(&c, cotarget, Int(1))})
		return r, c.errOrNil()
	}
	outS := make([]IntTuple, 0, len(st)+1)
	outD := make([]IntTuple, 0, len(st)+1)
	covered := Int(1) // the stride at which the next mode of the result starts
	for _, i := range sortedByStride(st) {
		gap := c.divLeaf(st[i], covered)
		if isStaticInt(gap, 0) {
			return Layout{}, errComplement(l, st[i].val, covered.val)
		}
		outS, outD = append(outS, gap), append(outD, covered)
		covered = c.mulLeaf(sh[i], st[i])
	}
	switch {
	case !merge && !ownCosize || cotarget.IsStatic() && covered.IsStatic():
		rest := ceilDivLeaves(&c, cotarget, covered)
		outS, outD = append(outS, rest), append(outD, compactFrom(&c, rest, covered))
	case ownCosize:
		// The cotarget is l's own cosize, which the modes cover when their
		// strides nest: 1 + Σ (s_i-1)·d_i <= s_last·d_last, so the rest is 1.
	default:
		// The rest is laid out compactly from covered, so its modes are one
		// mode in the coalesced result, whatever the values: its extent is
		// the product of ceil_div(cotarget, covered), mode by mode.
		rest := ceilDivLeaves(&c, cotarget, covered)
		outS, outD = append(outS, sizeLeaf(&c, rest)), append(outD, covered)
	}
	if c.err != nil {
		return Layout{}, c.err
	}
	return Coalesce(Layout{Tuple(outS...), Tuple(outD...)}), nil
}

// checkComplementStrides checks the strides of the filtered layout: integers
// that are not negative, or one dynamic value in a layout of rank 1.
func checkComplementStrides(l Layout, st []IntTuple) error {
	for _, d := range st {
		switch {
		case d.IsDynamic() && len(st) > 1:
			return newError(CodeDynamicValue, "complement", 0,
				"layout %s has the dynamic stride %s: a dynamic stride is supported only in a layout of rank 1 after filtering, since the strides must be sorted",
				l, d)
		case d.IsDynamic():
		case d.Kind() != KindInt:
			c := calc{op: "complement"}
			c.value(d)
			return c.err
		case d.val < 0:
			return errBadValue("complement", "layout %s has the negative stride %d", l, d.val)
		}
	}
	return nil
}

// divLeaf is the integer quotient a/b of two integer or dynamic leaves
// (b > 0): x/1 is x, and a quotient that depends on a dynamic value is ?
// with the facts of a quotient (dynamic.go).
func (c *calc) divLeaf(a, b IntTuple) IntTuple {
	switch {
	case isStaticInt(b, 1):
		return a
	case a.IsDynamic() || b.IsDynamic():
		return derived(factQuo, a, b)
	}
	return Int(c.div(c.value(a), c.value(b)))
}

// ceilDivLeaves is CuTe's ceil_div(a, b) for a shape a and an integer or
// dynamic leaf b: the division is folded across a's modes,
// ceil_div((4,5,6), 40) is (1,1,3) and ceil_div((2,?), 8) is (1,?).
func ceilDivLeaves(c *calc, a, b IntTuple) IntTuple {
	if a.Kind() != KindTuple {
		return c.ceilDivLeaf(a, b)
	}
	elems := make([]IntTuple, len(a.elems))
	for i, e := range a.elems {
		elems[i] = ceilDivLeaves(c, e, b)
		b = c.ceilDivLeaf(b, sizeLeaf(c, e))
	}
	return Tuple(elems...)
}

// sizeLeaf is the size of a shape whose leaves may be dynamic: the product
// of its leaves, ? when one of them is dynamic.
func sizeLeaf(c *calc, s IntTuple) IntTuple {
	if s.Kind() != KindTuple {
		return s
	}
	n := Int(1)
	for _, e := range s.elems {
		if m := sizeLeaf(c, e); n.IsInt() && m.IsInt() {
			n = Int(c.mul(n.val, m.val))
		} else {
			n = c.mulLeaf(n, m)
		}
	}
	return n
}

// compactFrom returns the compact column-major stride of shape starting at
// start, for leaves that may be dynamic: a mode of extent 1 gets stride 0,
// as in CuTe; (2,?) from 1 gives (1,2) and (1,?) from 8 gives (0,8).
func compactFrom(c *calc, shape, start IntTuple) IntTuple {
	d, _ := compactNext(c, shape, start)
	return d
}

func compactNext(c *calc, shape, current IntTuple) (stride, next IntTuple) {
	if shape.Kind() != KindTuple {
		if isStaticInt(shape, 1) {
			return Int(0), current
		}
		return current, c.mulLeaf(current, shape)
	}
	elems := make([]IntTuple, len(shape.elems))
	for i, e := range shape.elems {
		elems[i], current = compactNext(c, e, current)
	}
	return Tuple(elems...), current
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

// ComplementConditions are the conditions under which the dynamic
// complement of l, whose ? are named (DynamicNamer), is laid out as the
// static complement of every instance (docs/dialect.md, "The rule for
// dynamic values"); cotarget is nil for complement(l), with its own
// cosize. The static algebra filters l, then steps through its modes by
// stride: each leaves the gap d/covered before it and covers s·d. A
// dynamic value changes that structure where
//
//   - an extent s may be 1: the static filter drops the mode (s != 1);
//   - a stride d may be 0 (dropped by the filter), negative (an error), or
//     inside what is covered (E0402), or leave a gap of 1 (no mode):
//     d >= 2·covered, so complement(3:?) is ?:1 if ?1 >= 2;
//   - the rest ceil_div(cotarget, covered) may be 1 (no mode): for an
//     integer cotarget c, c >= covered and c != covered; for a shape, the
//     first mode of the cotarget that the terms do not decide is stated to
//     exceed what is left to cover (a sufficient condition).
func (*Symbolic) ComplementConditions(l Layout, cotarget *IntTuple) []Obligation {
	if hasBasisStride(l.stride) {
		return nil
	}
	const op = "complement"
	one := Term{Coef: 1, Div: 1}
	sh, st := leaves(l.shape), leaves(l.stride)
	var out []Obligation
	type mode struct{ s, d Term }
	var ms []mode
	for i := range sh {
		s, ok1 := sh[i].Term()
		d, ok2 := st[i].Term()
		if !ok1 || !ok2 {
			return nil
		}
		if isOne(s) || isZero(d) {
			continue // the static filter drops it as well
		}
		if !s.IsInt() {
			out = append(out, Obligation{Op: op, D: one, T: s, Rel: RelNotEqual})
		}
		ms = append(ms, mode{s, d})
	}
	// The dynamic algebra sorts integer strides only (a dynamic stride is
	// refused unless it is alone).
	for i := 1; i < len(ms); i++ {
		for j := i; j > 0 && ms[j].d.IsInt() && ms[j-1].d.IsInt() && ms[j].d.Coef < ms[j-1].d.Coef; j-- {
			ms[j], ms[j-1] = ms[j-1], ms[j]
		}
	}
	covered := one
	for _, m := range ms {
		if !m.d.IsInt() || !covered.IsInt() {
			out = append(out, Obligation{Op: op, D: twice(covered), T: m.d, Rel: RelAtLeast})
		}
		p, ok := m.s.Mul(m.d)
		if !ok {
			return out
		}
		covered = p
	}
	if cotarget == nil {
		return out
	}
	b := covered
	for _, ct := range leaves(*cotarget) {
		c, ok := ct.Term()
		if !ok {
			return out
		}
		if b.IsInt() && c.IsInt() {
			var k calc
			if k.ceilDiv(c.Coef, b.Coef) > 1 || k.err != nil {
				return out // a static part of the rest is more than 1
			}
			b = Term{Coef: k.ceilDiv(b.Coef, c.Coef), Div: 1}
			continue
		}
		if isOne(b) {
			if c.IsInt() { // a static extent > 1 is left
				return out
			}
			return append(out, Obligation{Op: op, D: one, T: c, Rel: RelNotEqual})
		}
		if b.IsInt() {
			return append(out, Obligation{Op: op, D: Term{Coef: b.Coef + 1, Div: 1}, T: c, Rel: RelAtLeast})
		}
		return append(out, Obligation{Op: op, D: b, T: c, Rel: RelAtLeast}, Obligation{Op: op, D: b, T: c, Rel: RelNotEqual})
	}
	return out // the terms decide the rest
}

// twice is 2·t.
func twice(t Term) Term {
	t.Coef *= 2
	return t
}
