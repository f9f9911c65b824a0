package layout

// Compose returns the composition R = A ∘ B (paper §3.3): R takes B's shape
// (B ⪯ R) and R(c) = A(B(c)) for every coordinate c of B whose image lies in
// A's domain. A is evaluated on its extended domain, so 7:11 ∘ 3:4 = 3:44.
//
// The result has the exact shape and strides CuTe C++ produces: B is
// distributed mode by mode (eq. 22) and each integral mode s:d of B meets the
// coalesced A one mode at a time, dividing out the stride d and then keeping
// s elements, as in §3.3.3. Failures are coded diagnostics: the stride
// divisibility condition (eq. 20, E0400) and the shape divisibility condition
// (eq. 21, E0401). Where B's elements cross a mode of A whose extent the
// stride does not divide, CuTe's weaker check lets the fold go on; such a
// base case is checked point by point and kept only if it equals A(B(c))
// wherever B(c) lies in A's domain (E0400 otherwise). So the "apparent
// violation" (4,2,8):(3,12,97) ∘ 3:3 = 3:9 succeeds while (4,6,8):(2,3,5) ∘
// 6:3 and (4,6,8):(2,3,5) ∘ 6:1 fail. A basis stride in B selects the mode of
// A it names (the coordinate reductive case).
//
// As in CuTe, each mode of B is composed on its own (eq. 22). Distributes
// tells whether that is provably the composition of the whole; when it is
// not, the verifier reports W0905.
func Compose(a, b Layout) (Layout, error) {
	if r, ok := viaStatic(sCompose, a, b); ok {
		return r, nil
	}
	return composeGeneral(a, b)
}

// composeGeneral is Compose on the general tree.
func composeGeneral(a, b Layout) (Layout, error) {
	profile, err := coprofile(b.stride)
	if err != nil {
		return Layout{}, withOp(err, "composition")
	}
	flat, err := coalesceXProfile(a, profile)
	if err != nil {
		return Layout{}, withOp(err, "composition")
	}
	c := composer{calc: calc{op: "composition"}}
	r := c.compose(flat, b.shape, b.stride)
	if c.err != nil {
		return Layout{}, c.err
	}
	return r, nil
}

// composer computes a composition with checked arithmetic.
type composer struct{ calc }

// coprofile returns the profile of the codomain of a stride: the integer 0
// for integer strides, and for basis strides the tuple profile their paths
// reach, such as (0,0) for 1@0 and 1@1.
func coprofile(stride IntTuple) (IntTuple, error) {
	c := calc{op: "coprofile"}
	var acc IntTuple
	bases := false
	var visit func(t IntTuple)
	visit = func(t IntTuple) {
		switch t.Kind() {
		case KindTuple:
			for _, e := range t.elems {
				visit(e)
			}
		case KindBasis:
			bases = true
			acc = c.addBasis(acc, 1, t.bpath())
		}
	}
	visit(stride)
	if !bases {
		return Int(0), nil
	}
	return mapLeaves(acc, func(IntTuple) IntTuple { return Int(0) }), c.err
}

// coalesceXProfile applies coalesceX at the leaves of profile (CuTe's
// detail::coalesce_x(layout, profile)); modes beyond the profile are kept.
func coalesceXProfile(l Layout, profile IntTuple) (Layout, error) {
	if profile.Kind() != KindTuple {
		return coalesceX(l), nil
	}
	ms := l.modes()
	if len(profile.elems) > len(ms) {
		return Layout{}, newError(CodeBasisOutside, "composition", 1,
			"the inner layout's basis strides address %d modes but the outer layout %s has only %d",
			len(profile.elems), l, len(ms))
	}
	for i, p := range profile.elems {
		m, err := coalesceXProfile(ms[i], p)
		if err != nil {
			return Layout{}, err
		}
		ms[i] = m
	}
	return Concat(ms...), nil
}

// compose composes the (coalesced) layout a with the layout bShape:bStride.
func (c *composer) compose(a Layout, bShape, bStride IntTuple) Layout {
	switch {
	case bShape.Kind() == KindTuple:
		// Distributivity over the modes of B (eq. 22).
		ms := make([]Layout, len(bShape.elems))
		for i := range ms {
			ms[i] = c.compose(a, bShape.elems[i], bStride.elems[i])
		}
		return Concat(ms...)
	case bStride.Kind() == KindBasis:
		// The coordinate reductive case: d = k·e_i selects mode i of A.
		sub, err := a.getLenient(bStride.bpath()...)
		if err != nil {
			c.fail(errBasisOutside("composition", bStride, a.shape))
			return Layout{}
		}
		k := Int(bStride.val)
		if bStride.IsDynamic() {
			k = dyn()
		}
		return c.compose(sub, bShape, k)
	case isStaticInt(bStride, 0):
		c.checkScalar(bShape)
		return Layout{bShape, bStride}
	case a.shape.Kind() != KindTuple:
		// Rank-1 A: (S0):(D0) ∘ s:d = s:D0·d, with no condition to check.
		c.checkScalar(bShape)
		return Layout{bShape, c.mulLeaf(a.stride, bStride)}
	}
	c.checkScalar(bShape)
	c.checkScalar(bStride)
	return c.composeBase(a, bShape, bStride)
}

// composeBase is the base case of §3.3.2: a flat A of rank >= 2 and an
// integral B = s:d with d != 0. Mode by mode of A, the stride left to divide
// either is a multiple of the mode's extent (the mode is skipped), or fits
// ceil(extent/stride) elements in the mode, of which min(that, elements
// left) are kept.
//
// Dynamic values go through the same fold with the leaf arithmetic of
// dynamic.go, as CuTe folds them: a step that depends on a dynamic value
// keeps min(?, n) = ? elements and leaves ? to divide, and the conditions
// of eq. 20 and 21 are checked wherever their values are static.
func (c *composer) composeBase(a Layout, s, d IntTuple) Layout {
	shapes, strides := a.shape.elems, a.stride.elems
	n := len(shapes)
	var outS, outD []IntTuple
	restShape, restStride := s, d
	prefix := int64(1)
	var cross *Error // the first non-dividing mode boundary B crosses
	for i := 0; i < n-1 && c.err == nil; i++ {
		nextShape, nextStride, ok := c.foldStep(a, i, &prefix, restStride, d)
		if !ok {
			break
		}
		if isStaticInt(nextShape, 1) || isStaticInt(restShape, 1) {
			restStride = nextStride
			continue
		}
		newShape := minLeaf(nextShape, restShape)
		if newShape.IsInt() && restShape.IsInt() {
			// Both static, so are the mode's extent and the stride left.
			extent, ad := shapes[i].val, abs(restStride.val)
			if restShape.val%newShape.val != 0 {
				c.fail(divisibilityError(i, a, prefix, extent, ad, d.val, s.val))
				break
			}
			if extent%ad != 0 && restShape.val > nextShape.val && cross == nil {
				cross = errStrideDiv(i, a, prefix, d.val)
			}
		}
		outS = append(outS, newShape)
		outD = append(outD, c.mulLeaf(strides[i], restStride))
		restShape = c.shapeDivLeaf(restShape, newShape)
		restStride = nextStride
	}
	last := c.mulLeaf(strides[n-1], restStride)
	var r Layout
	switch {
	case len(outS) == 0:
		r = Layout{restShape, last}
	case isStaticInt(restShape, 1) && len(outS) == 1:
		r = Layout{outS[0], outD[0]}
	case isStaticInt(restShape, 1):
		r = Layout{Tuple(outS...), Tuple(outD...)}
	default:
		r = Layout{Tuple(append(outS, restShape)...), Tuple(append(outD, last)...)}
	}
	if cross != nil && c.err == nil && s.IsInt() && d.IsInt() {
		c.checkCrossingStatic(a, r, s.val, d.val, cross)
	}
	return r
}

// checkCrossingStatic is checkCrossing for an A that may have dynamic
// extents: it checks the points below the size of A's static prefix, and
// fails when B reaches past them, where A(B(c)) depends on the dynamic
// values and the result cannot be checked.
func (c *composer) checkCrossingStatic(a, r Layout, s, d int64, cross *Error) {
	p := staticPrefix(a)
	if !p.stride.IsStatic() {
		// CuTe's static_assert refuses the step outright; cutec checks
		// it point by point, which a dynamic stride of A leaves open.
		e := *cross
		e.Msg += ", and A's strides there are dynamic, so the result cannot be checked"
		c.fail(&e)
		return
	}
	if p.shape.Equal(a.shape) {
		c.checkCrossing(a, r, s, d, cross)
		return
	}
	n := c.size(p.shape)
	if reach := c.mul(s-1, c.abs(d)); c.err == nil && reach >= n {
		e := *cross
		e.Msg += ", and B reaches past A's static extents into the dynamic one, so the result cannot be checked"
		c.fail(&e)
		return
	}
	c.checkCrossing(p, r, s, d, cross)
}

// staticPrefix returns the leading modes of the flat A up to its first
// dynamic extent: A itself when its shape is static. Below the size of the
// prefix, A and the prefix agree, so a crossing can be checked there.
func staticPrefix(a Layout) Layout {
	if a.shape.IsStatic() {
		return a
	}
	k := 0
	for k < len(a.shape.elems) && a.shape.elems[k].IsInt() {
		k++
	}
	switch k {
	case 0:
		return a
	case 1:
		return Layout{a.shape.elems[0], a.stride.elems[0]}
	}
	return Layout{Tuple(a.shape.elems[:k]...), Tuple(a.stride.elems[:k]...)}
}

// foldStep divides the stride left, rd, by the extent of mode i of the flat
// A: it returns how many elements fit in the mode, ceil(extent/|rd|), and
// the stride left after it, ceil(|rd|/extent) with rd's sign. With static
// values it checks stride divisibility (eq. 20) against the prefix product,
// which it keeps up to date; ok is false on failure. d is B's stride.
func (c *composer) foldStep(a Layout, i int, prefix *int64, rd, d IntTuple) (next, nextStride IntTuple, ok bool) {
	e := a.shape.elems[i]
	if !e.IsInt() || !rd.IsInt() {
		next, nextStride = c.ceilDivLeaf(e, rd), c.ceilDivLeaf(rd, e)
		return next, nextStride, c.err == nil
	}
	extent := e.val
	*prefix = c.mul(*prefix, extent)
	ad := c.abs(rd.val)
	if c.err != nil {
		return IntTuple{}, IntTuple{}, false
	}
	if ad >= extent && ad%extent != 0 {
		c.fail(errStrideDiv(i, a, *prefix, d.val))
		return IntTuple{}, IntTuple{}, false
	}
	return Int(c.ceilDiv(extent, ad)), Int(c.ceilDiv(ad, extent) * signum(rd.val)), true
}

// minLeaf is min of two integer or dynamic leaves: ? unless both are static.
func minLeaf(a, b IntTuple) IntTuple {
	if a.IsInt() && b.IsInt() {
		return Int(min(a.val, b.val))
	}
	return dyn()
}

// divisibilityError is the error of a base case whose kept elements do not
// divide the size left: a stride divisibility failure when the stride left
// does not divide the mode's extent (the root cause, as the paper counts
// (4,2,8):(3,15,97) o 3:3), a shape divisibility failure otherwise.
func divisibilityError(mode int, a Layout, prefix, extent, ad, d, s int64) *Error {
	if extent%ad != 0 {
		return errStrideDiv(mode, a, prefix, d)
	}
	c := calc{}
	return errShapeDiv(mode, a, prefix, abs(d), c.ceilDiv(prefix, abs(d)), s)
}

// ComposeTiler composes a layout with a tiler (paper §3.3.5): a layout
// tiler composes as a layout; an integer N as N:1; _ keeps A; a tuple of
// tiles composes mode by mode and, as in CuTe C++, drops the modes of A it
// does not reach: composition((8,8):(1,8), [4:1]) is (4):(1). Write _ in the
// tiler to keep a mode.
func ComposeTiler(a Layout, t Tiler) (Layout, error) {
	switch t.form {
	case tileLayout:
		return Compose(a, t.layout)
	case tileUnderscore:
		return a, nil
	case tileInt:
		return Compose(a, Layout{Int(t.n), Int(1)})
	}
	ms := a.modes()
	if len(t.modes) > len(ms) {
		return Layout{}, errTilerRank("composition", t, len(ms))
	}
	out := make([]Layout, len(t.modes))
	for i, ti := range t.modes {
		r, err := ComposeTiler(ms[i], ti)
		if err != nil {
			return Layout{}, err
		}
		out[i] = r
	}
	return Concat(out...), nil
}
