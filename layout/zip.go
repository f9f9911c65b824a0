package layout

// zipTuples transposes the pair (t0, t1), CuTe's zip(t0, t1): when t0 is a
// tuple, t1 must be a tuple of the same rank and the result is
// ((t0_0,t1_0),(t0_1,t1_1),...); when t0 is a leaf the result is the rank-1
// tuple ((t0,t1)).
func zipTuples(t0, t1 IntTuple) (IntTuple, bool) {
	if t0.Kind() != KindTuple {
		return Tuple(Tuple(t0, t1)), true
	}
	if t1.Kind() != KindTuple || len(t1.elems) != len(t0.elems) {
		return IntTuple{}, false
	}
	elems := make([]IntTuple, len(t0.elems))
	for i := range elems {
		elems[i] = Tuple(t0.elems[i], t1.elems[i])
	}
	return Tuple(elems...), true
}

// zipLayouts zips the shapes and the strides of a and b.
func zipLayouts(op string, a, b Layout) (Layout, error) {
	shape, ok := zipTuples(a.shape, b.shape)
	if !ok {
		return Layout{}, errProductRank(op, a, b)
	}
	stride, _ := zipTuples(a.stride, b.stride)
	return Layout{shape, stride}, nil
}

// zip2By gathers the rank-2 modes found at the leaves of guide into one
// rank-2 tuple: ((A,a),((B,b),(C,c)),d) guided by (X,(X,X)) becomes
// ((A,(B,C)),(a,(b,c),d)). Modes of t beyond the guide go to the second part.
func zip2By(t, guide IntTuple) (IntTuple, bool) {
	if guide.Kind() != KindTuple {
		return t, t.Kind() == KindTuple && len(t.elems) == 2
	}
	if t.Kind() != KindTuple || len(t.elems) < len(guide.elems) {
		return IntTuple{}, false
	}
	first := make([]IntTuple, len(guide.elems))
	second := make([]IntTuple, 0, len(t.elems))
	for i, g := range guide.elems {
		split, ok := zip2By(t.elems[i], g)
		if !ok {
			return IntTuple{}, false
		}
		first[i], second = split.elems[0], append(second, split.elems[1])
	}
	second = append(second, t.elems[len(guide.elems):]...)
	return Tuple(Tuple(first...), Tuple(second...)), true
}

// tileUnzip regroups a by-mode divide or product result into
// ((tiles...),(rests...)) following the tiler's profile.
func tileUnzip(op string, l Layout, t Tiler) (Layout, error) {
	guide := t.profile()
	shape, ok := zip2By(l.shape, guide)
	if !ok {
		return Layout{}, newError(CodeTilerMismatch, op, 1,
			"cannot gather the tiles of %s by the tiler %s", l, t)
	}
	stride, _ := zip2By(l.stride, guide)
	return Layout{shape, stride}, nil
}

// unpack slices a rank-2 layout ((tile),(rest)) so that the modes of its
// first part (when first) and of its second part become top-level modes:
// CuTe's result(_, repeat<R1>(_)) and result(repeat<R0>(_), repeat<R1>(_)).
func unpack(l Layout, first bool) Layout {
	under := func(m IntTuple) IntTuple {
		if m.Kind() != KindTuple {
			return Underscore()
		}
		us := make([]IntTuple, len(m.elems))
		for i := range us {
			us[i] = Underscore()
		}
		return Tuple(us...)
	}
	c0 := Underscore()
	if first {
		c0 = under(l.shape.elems[0])
	}
	r, _ := Slice(Tuple(c0, under(l.shape.elems[1])), l)
	return r
}
