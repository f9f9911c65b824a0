package layout

// IncrementCoord returns the coordinate that follows crd in the
// colexicographic order of shape, CuTe's increment(coord, shape) and the
// dialect's increment_coord: the first leaf is incremented, a leaf that
// reaches its extent is set to 0 and carries into the next one, and the
// last leaf never wraps (increment_coord((2,2,2),(3,3,3)) is (0,0,3)). crd
// must be congruent with shape and free of _. When a leaf of either is
// dynamic, where the carry stops is not known statically and every leaf of
// the result is ?: increment_coord((1,2),(?,8)) is (?,?).
func IncrementCoord(crd, shape IntTuple) (IntTuple, error) {
	const op = "increment_coord"
	if !Congruent(crd, shape) {
		return IntTuple{}, errCoord(op, crd, shape)
	}
	if err := checkShape(shape); err != nil {
		return IntTuple{}, withOp(err, op)
	}
	cs, ss := leaves(crd), leaves(shape)
	c := calc{op: op}
	for _, x := range cs {
		if x.Kind() == KindUnderscore {
			return IntTuple{}, errBadValue(op, "the coordinate %s has a _, which has no successor", crd)
		}
		c.checkScalar(x)
	}
	if c.err != nil {
		return IntTuple{}, c.err
	}
	if !crd.IsStatic() || !shape.IsStatic() {
		return mapLeaves(crd, func(IntTuple) IntTuple { return dyn() }), nil
	}
	next := make([]IntTuple, len(cs))
	copy(next, cs)
	for i := range next {
		v := c.add(next[i].val, 1)
		if i == len(next)-1 || v != ss[i].val {
			next[i] = Int(v)
			break
		}
		next[i] = Int(0)
	}
	if c.err != nil {
		return IntTuple{}, c.err
	}
	k := 0
	return mapLeaves(crd, func(IntTuple) IntTuple { k++; return next[k-1] }), nil
}
