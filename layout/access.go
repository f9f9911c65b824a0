package layout

// The accessors of the dialect's cute.get and cute.select on integer
// tuples, layouts and tiles. They index like CuTe's get<I0,I1,...> with one
// difference: once the path reaches a scalar leaf below the root, a further
// index is an error rather than the leaf again (the dialect's "expects mode
// indices to stop at a scalar leaf"). A scalar root still has rank 1, so
// mode 0 of 4:1 is 4:1. Layout.getLenient, which the algebra uses to follow basis
// paths, keeps CuTe's leniency.

// GetMode returns the element of t at a path of mode indices; no index at
// all gives t itself.
func (t IntTuple) GetMode(path ...int) (IntTuple, error) {
	for depth, i := range path {
		if err := checkModeIndex(t.Kind() == KindTuple, t.Rank(), i, depth, len(path)); err != nil {
			return IntTuple{}, err
		}
		t = t.At(i)
	}
	return t, nil
}

// GetMode returns the sublayout of l at a path of mode indices (see the
// IntTuple.GetMode for the rule on scalar leaves).
func (l Layout) GetMode(path ...int) (Layout, error) {
	shape, err := l.shape.GetMode(path...)
	if err != nil {
		return Layout{}, err
	}
	stride, _ := l.stride.GetMode(path...)
	return Layout{shape, stride}, nil
}

// checkModeIndex reports whether index i, the depth-th of n, can select a
// mode of a tuple or leaf of the given rank.
func checkModeIndex(isTuple bool, rank, i, depth, n int) error {
	if depth > 0 && !isTuple {
		return newError(CodeModeOutOfRange, "get", -1,
			"the mode indices stop at a scalar leaf, but %d more follow after depth %d", n-depth, depth)
	}
	if i < 0 || i >= rank {
		return newError(CodeModeOutOfRange, "get", -1,
			"the mode index %d is out of range [0, %d) at depth %d", i, rank, depth)
	}
	return nil
}

// Select returns the tuple of the given modes of t, in the given order
// (CuTe's select<I...>): select((1,2,3), 2, 0) is (3,1), and no index gives
// the empty tuple.
func (t IntTuple) Select(idx ...int) (IntTuple, error) {
	out := make([]IntTuple, len(idx))
	for k, i := range idx {
		if i < 0 || i >= t.Rank() {
			return IntTuple{}, errModeRange("select", i, t.Rank())
		}
		out[k] = t.At(i)
	}
	return Tuple(out...), nil
}
