package layout

// Coalesce returns the coalesced layout of l (paper §3.2): the same size, the
// same offset at every index of the domain, depth at most 1, and modes
// merged from the back as CuTe does: a mode s:d is dropped when s is 1, and
// merged into the next mode s':d' when d' = s·d. A layout with no mode left
// is 1:0. coalesce((2,(1,6)):(1,(6,2))) is 12:1.
func Coalesce(l Layout) Layout {
	if r, ok := coalesceFast(l, false); ok {
		return r
	}
	sh, st := leaves(l.shape), leaves(l.stride)
	if len(sh) == 0 {
		return unitLayout
	}
	return coalesceFlat(sh, st, sh[len(sh)-1])
}

// coalesceX is CuTe's detail::coalesce_x: Coalesce that also keeps the
// function outside the domain. A last mode of extent 1 keeps its stride (as
// an extent-2 mode), because on the extended domain it still steps:
// (4,1):(1,0) becomes (4,2):(1,0), where Coalesce would give 4:1.
func coalesceX(l Layout) Layout {
	if r, ok := coalesceFast(l, true); ok {
		return r
	}
	sh, st := leaves(l.shape), leaves(l.stride)
	if len(sh) == 0 {
		return unitLayout
	}
	last := sh[len(sh)-1]
	if isStaticOne(last) {
		last = Int(2)
	}
	return coalesceFlat(sh, st, last)
}

// coalesceFlat walks the flat modes from the back to the front, starting
// from the last mode with extent last (CuTe's bw_coalesce).
func coalesceFlat(sh, st []IntTuple, last IntTuple) Layout {
	n := len(sh)
	// The result, built back to front: out[k] is the k-th mode from the back.
	outS := make([]IntTuple, 1, n)
	outD := make([]IntTuple, 1, n)
	outS[0], outD[0] = last, st[n-1]
	for i := n - 2; i >= 0; i-- {
		s, d := sh[i], st[i]
		front := len(outS) - 1
		switch {
		case isStaticOne(s):
			// An extent-1 mode contributes nothing.
		case len(outS) == 1 && isStaticOne(outS[0]):
			outS[0], outD[0] = s, d
		case mergeable(s, d, outS[front], outD[front]):
			outS[front] = Int(s.val * outS[front].val)
			outD[front] = d
		default:
			outS, outD = append(outS, s), append(outD, d)
		}
	}
	if len(outS) == 1 {
		if isStaticOne(outS[0]) {
			return unitLayout
		}
		return Layout{outS[0], outD[0]}
	}
	reverse(outS)
	reverse(outD)
	return Layout{Tuple(outS...), Tuple(outD...)}
}

// mergeable reports whether mode s:d followed by mode s2:d2 is the single
// mode (s·s2):d, that is d2 = s·d. Dynamic values never merge, and a merge
// that would overflow is not made.
func mergeable(s, d, s2, d2 IntTuple) bool {
	if s.Kind() != KindInt || s2.Kind() != KindInt || d.Kind() != d2.Kind() {
		return false
	}
	c := calc{}
	c.mul(s.val, s2.val)
	sd := c.scale(d, s.val)
	return c.err == nil && sd.Equal(d2)
}

func isStaticOne(s IntTuple) bool { return s.Kind() == KindInt && s.val == 1 }

func reverse(xs []IntTuple) {
	for i, j := 0, len(xs)-1; i < j; i, j = i+1, j-1 {
		xs[i], xs[j] = xs[j], xs[i]
	}
}

// CoalesceProfile coalesces l by mode (paper eq. 12): at every leaf of the
// profile the corresponding mode of l is coalesced on its own; modes of l
// beyond the profile are kept. coalesce((2,(1,6)):(1,(6,2)), (1,1)) is
// (2,6):(1,2).
func CoalesceProfile(l Layout, profile IntTuple) (Layout, error) {
	return byProfile("coalesce", l, profile, Coalesce)
}

// FilterZeros replaces the extent of every mode with stride 0 by 1, keeping
// the structure: filter_zeros((4,3):(1,0)) is (4,1):(1,0).
func FilterZeros(l Layout) Layout {
	return Layout{zeroExtents(l.stride, l.shape), l.stride}
}

func zeroExtents(stride, shape IntTuple) IntTuple {
	if stride.Kind() == KindTuple {
		elems := make([]IntTuple, len(stride.elems))
		for i := range elems {
			elems[i] = zeroExtents(stride.elems[i], shape.elems[i])
		}
		return Tuple(elems...)
	}
	if stride.Kind() == KindInt && stride.val == 0 {
		return Int(1)
	}
	return shape
}

// Filter removes the modes with stride 0 or extent 1 and coalesces what is
// left: coalesce(filter_zeros(l)). filter((4,3):(1,0)) is 4:1; a layout with
// nothing left is 1:0.
func Filter(l Layout) Layout { return Coalesce(FilterZeros(l)) }

// FilterProfile filters l by mode, as CoalesceProfile does.
func FilterProfile(l Layout, profile IntTuple) (Layout, error) {
	return byProfile("filter", l, profile, Filter)
}

// byProfile applies f at the leaves of profile; modes of l beyond the
// profile are kept as they are.
func byProfile(op string, l Layout, profile IntTuple, f func(Layout) Layout) (Layout, error) {
	if profile.Kind() != KindTuple {
		return f(l), nil
	}
	ms := l.modes()
	if len(profile.elems) > len(ms) {
		return Layout{}, newError(CodeModeOutOfRange, op, 1,
			"profile %s has %d modes but the layout %s has only %d", profile, len(profile.elems), l, len(ms))
	}
	for i, p := range profile.elems {
		m, err := byProfile(op, ms[i], p, f)
		if err != nil {
			return Layout{}, err
		}
		ms[i] = m
	}
	return Concat(ms...), nil
}
