package layout

// Eval evaluates the layout at a coordinate: an integral index or a tuple
// weakly congruent with the shape. The last mode of every (sub)shape is
// unbounded, so indices past the size evaluate on the extended domain
// (paper §2.4.1). The offset is an integer for integer strides and a
// coordinate (an arithmetic tuple of integers) for basis strides. Dynamic
// coordinates, extents and strides follow the leaf arithmetic of
// dynamic.go: a term that depends on one is ?, and 0 times anything is 0.
func (l Layout) Eval(crd IntTuple) (IntTuple, error) {
	return Crd2Idx(crd, l.shape, l.stride)
}

// Crd2Idx maps a coordinate into shape to its offset under stride: the inner
// product of the coordinate's natural coordinate with the stride (paper eq.
// 5 and 6). An integer coordinate against a tuple shape is split mode by
// mode, colexicographically. With basis strides the offset has the profile
// of the codomain, and a component is ? exactly when a dynamic term reaches
// it: eval(((2,3),4):((2@0@0,3@1@0),5@1), ((?,?),0)) is ((?,?),0).
func Crd2Idx(crd, shape, stride IntTuple) (IntTuple, error) {
	if !Congruent(shape, stride) {
		return IntTuple{}, errShapeStride(shape, stride)
	}
	var acc offsetSum
	c := calc{op: "crd2idx"}
	if err := c.crd2idx(&acc, crd, shape, stride); err != nil {
		return IntTuple{}, err
	}
	if c.err != nil {
		return IntTuple{}, c.err
	}
	if hasBasisStride(stride) {
		// Give the coordinate the whole codomain profile, zeros included:
		// the identity (4,6):(1@0,1@1) maps (1,0) to (1,0), not (1), and
		// (_,_) to (0,0), not 0 (the dialect keeps the rank).
		acc.bases = true
		profile, err := coprofile(stride)
		if err != nil {
			return IntTuple{}, err
		}
		// The sum has the nodes of the larger of the two: count afresh.
		c.built = countNodes(MaxNodes, profile)
		acc.coord = c.addTuples(mapLeaves(profile, func(IntTuple) IntTuple { return Int(0) }), acc.coord)
	}
	return acc.result(&c)
}

func (c *calc) crd2idx(acc *offsetSum, crd, shape, stride IntTuple) error {
	switch {
	case crd.Kind() == KindTuple && shape.Kind() == KindTuple:
		if len(crd.elems) != len(shape.elems) {
			return errCoord(c.op, crd, shape)
		}
		for i := range crd.elems {
			if err := c.crd2idx(acc, crd.elems[i], shape.elems[i], stride.elems[i]); err != nil {
				return err
			}
		}
	case crd.Kind() == KindTuple:
		return errCoord(c.op, crd, shape)
	case crd.Kind() == KindUnderscore:
		// An unevaluated mode contributes nothing to the offset of a slice.
	case shape.Kind() == KindTuple:
		return c.crd2idxSplit(acc, crd, shape, stride)
	default:
		c.checkScalar(crd)
		acc.add(c, crd, stride)
	}
	return nil
}

// crd2idxSplit evaluates the index i against the modes of a tuple shape:
// mode k gets i mod its size and passes i div its size on; the last mode
// takes what is left, so its extent is never needed.
func (c *calc) crd2idxSplit(acc *offsetSum, i, shape, stride IntTuple) error {
	c.checkScalar(i)
	for k, s := range shape.elems {
		if k == len(shape.elems)-1 {
			return c.crd2idx(acc, i, s, stride.elems[k])
		}
		n := c.sizeLeaf(s)
		if c.err != nil {
			return nil
		}
		if n.Kind() == KindInt && n.val <= 0 {
			return errShapeLeaf(s)
		}
		q, r := c.divModLeaf(i, n)
		if err := c.crd2idx(acc, r, s, stride.elems[k]); err != nil {
			return err
		}
		i = q
	}
	return nil
}

// offsetSum accumulates an offset: an integer (or ?) for integer strides,
// an arithmetic tuple for basis strides. Zero integers mix with bases
// freely.
type offsetSum struct {
	n      IntTuple // the sum of the integer terms; the zero IntTuple is 0
	coord  IntTuple
	bases  bool
	nonInt IntTuple // the first non-zero integer term, for the error message
}

// add adds the coordinate k times the stride d.
func (s *offsetSum) add(c *calc, k, d IntTuple) {
	switch d.Kind() {
	case KindInt, KindDynamic:
		term := c.mulLeaf(k, d)
		if isStaticInt(s.nonInt, 0) {
			s.nonInt = term
		}
		s.n = c.addLeaf(s.n, term)
	case KindBasis:
		s.bases = true
		if isStaticInt(k, 0) {
			return
		}
		coef := Int(d.val)
		if d.IsDynamic() {
			coef = dyn()
		}
		s.coord = c.addBasisLeaf(s.coord, c.mulLeaf(k, coef), d.bpath())
	default:
		c.fail(errStrideLeaf(d))
	}
}

func (s *offsetSum) result(c *calc) (IntTuple, error) {
	if !s.bases {
		return s.n, nil
	}
	if !isStaticInt(s.n, 0) {
		return IntTuple{}, errMixed(c.op, s.nonInt)
	}
	return s.coord, c.err
}

// addBasis adds v at path to the arithmetic tuple t, extending t with zeros
// as needed: addBasis((1,0), 3, [1]) is (1,3).
func (c *calc) addBasis(t IntTuple, v int64, path []int) IntTuple {
	return c.addBasisLeaf(t, Int(v), path)
}

// addBasisLeaf is addBasis for an integer or dynamic value v.
func (c *calc) addBasisLeaf(t, v IntTuple, path []int) IntTuple {
	if len(path) == 0 {
		if t.Kind() == KindTuple {
			if len(t.elems) > 0 {
				c.fail(errBadValue(c.op, "basis paths of different depths meet in %s", t))
				return t
			}
			t = Int(0)
		}
		return c.addLeaf(t, v)
	}
	if t.Kind() != KindTuple {
		if !isStaticInt(t, 0) {
			c.fail(errBadValue(c.op, "basis paths of different depths meet at %s", t))
			return t
		}
		t = Tuple()
	}
	p := path[0]
	if !c.grow(max(0, p+1-len(t.elems))) {
		return t
	}
	elems := make([]IntTuple, max(len(t.elems), p+1))
	copy(elems, t.elems)
	for i := len(t.elems); i < len(elems); i++ {
		elems[i] = Int(0)
	}
	elems[p] = c.addBasisLeaf(elems[p], v, path[1:])
	return Tuple(elems...)
}

// Crd2IdxCompact maps a coordinate into shape (an integral index or a tuple
// weakly congruent with shape) to its index in the compact column-major
// order of shape, CuTe's crd2idx(coord, shape). The index is an integer
// leaf, or ? when a dynamic coordinate or extent enters it
// (crd2idx((1,2),(?,8)) is ?, as the dialect infers).
func Crd2IdxCompact(crd, shape IntTuple) (IntTuple, error) {
	if !WeaklyCongruent(crd, shape) {
		return IntTuple{}, errCoord("crd2idx", crd, shape)
	}
	stride, err := CompactColMajor(shape)
	if err != nil {
		return IntTuple{}, err
	}
	return Crd2Idx(crd, shape, stride)
}

// Idx2Crd maps an index (an integer or ?) to the natural coordinate of
// shape in colexicographic order (paper eq. 4). The last mode of every
// (sub)shape is unbounded, so an index past the size gives an out-of-bounds
// coordinate rather than wrapping around. A dynamic index or extent gives ?
// wherever it enters (idx2crd(?,(4,(2,3))) is (?,(?,?)), and
// idx2crd(9,(4,?)) is (1,2) since the last extent is never needed), as the
// dialect's idx2crd does. An index that is a tuple must have the rank of
// shape and is applied mode by mode: idx2crd((1,(0,1)),(4,(2,3))) is
// (1,(0,1)).
func Idx2Crd(idx, shape IntTuple) (IntTuple, error) {
	c := calc{op: "idx2crd"}
	crd := c.idx2crdByMode(idx, shape)
	if c.err != nil {
		return IntTuple{}, c.err
	}
	return crd, nil
}

func (c *calc) idx2crdByMode(idx, shape IntTuple) IntTuple {
	switch {
	case idx.Kind() != KindTuple:
		c.checkScalar(idx)
		return c.idx2crd(idx, shape)
	case shape.Kind() != KindTuple || len(idx.elems) != len(shape.elems):
		c.fail(newError(CodeCoordMismatch, c.op, 0,
			"index %s must be an integer or have the rank %d of shape %s, but has rank %d",
			idx, shape.Rank(), shape, idx.Rank()))
		return idx
	}
	elems := make([]IntTuple, len(idx.elems))
	for i := range elems {
		elems[i] = c.idx2crdByMode(idx.elems[i], shape.elems[i])
	}
	return Tuple(elems...)
}

// idx2crd splits the integer or dynamic index idx over shape.
func (c *calc) idx2crd(idx, shape IntTuple) IntTuple {
	if shape.Kind() != KindTuple {
		c.checkScalar(shape)
		return idx
	}
	elems := make([]IntTuple, len(shape.elems))
	for k, s := range shape.elems {
		if k == len(shape.elems)-1 {
			elems[k] = c.idx2crd(idx, s)
			break
		}
		n := c.sizeLeaf(s)
		if n.Kind() == KindInt && n.val <= 0 {
			c.fail(errShapeLeaf(s))
			return IntTuple{}
		}
		q, r := c.divModLeaf(idx, n)
		elems[k] = c.idx2crd(r, s)
		idx = q
	}
	return Tuple(elems...)
}

// divModLeaf returns i div n and i mod n for an integer or dynamic index i
// and a positive extent n: ? where a dynamic value enters, except that
// 0 stays 0 and division by 1 leaves i as it is.
func (c *calc) divModLeaf(i, n IntTuple) (q, r IntTuple) {
	switch {
	case isStaticInt(n, 1):
		return i, Int(0)
	case isStaticInt(i, 0):
		return i, i
	case i.IsDynamic() || n.IsDynamic():
		return derived(factQuo, i, n), derived(factSum, i, n)
	}
	a, b := c.value(i), c.value(n)
	if b <= 0 {
		c.fail(errDivZero(c.op))
		return Int(0), Int(0)
	}
	return Int(a / b), Int(a % b)
}
