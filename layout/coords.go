package layout

// Eval evaluates the layout at a coordinate: an integral index or a tuple
// weakly congruent with the shape. The last mode of every (sub)shape is
// unbounded, so indices past the size evaluate on the extended domain
// (paper §2.4.1). The offset is an integer for integer strides and a
// coordinate (an arithmetic tuple of integers) for basis strides.
func (l Layout) Eval(crd IntTuple) (IntTuple, error) {
	return Crd2Idx(crd, l.shape, l.stride)
}

// Crd2Idx maps a coordinate into shape to its offset under stride: the inner
// product of the coordinate's natural coordinate with the stride (paper eq.
// 5 and 6). An integer coordinate against a tuple shape is split mode by
// mode, colexicographically.
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
	if acc.bases {
		// Give the coordinate the whole codomain profile, zeros included:
		// the identity (4,6):(1@0,1@1) maps (1,0) to (1,0), not (1).
		profile, err := coprofile(stride)
		if err != nil {
			return IntTuple{}, err
		}
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
		i := c.value(crd)
		for k, s := range shape.elems {
			if k == len(shape.elems)-1 {
				return c.crd2idx(acc, Int(i), s, stride.elems[k])
			}
			n := c.size(s)
			if c.err != nil {
				return nil
			}
			if n <= 0 {
				return errShapeLeaf(s)
			}
			if err := c.crd2idx(acc, Int(i%n), s, stride.elems[k]); err != nil {
				return err
			}
			i /= n
		}
	default:
		acc.add(c, c.value(crd), stride)
	}
	return nil
}

// offsetSum accumulates an offset: an integer for integer strides, an
// arithmetic tuple for basis strides. Zero integers mix with bases freely.
type offsetSum struct {
	n      int64
	coord  IntTuple
	bases  bool
	nonInt int64 // the first non-zero integer term, for the error message
}

func (s *offsetSum) add(c *calc, k int64, d IntTuple) {
	switch d.Kind() {
	case KindInt:
		term := c.mul(k, d.val)
		if s.nonInt == 0 {
			s.nonInt = term
		}
		s.n = c.add(s.n, term)
	case KindBasis:
		s.bases = true
		if k == 0 {
			return
		}
		s.coord = c.addBasis(s.coord, c.mul(k, d.val), d.bpath())
	case KindDynamic:
		c.fail(errDynamic(c.op, d))
	default:
		c.fail(errStrideLeaf(d))
	}
}

func (s *offsetSum) result(c *calc) (IntTuple, error) {
	if !s.bases {
		return Int(s.n), nil
	}
	if s.n != 0 {
		return IntTuple{}, errMixed(c.op, Int(s.nonInt))
	}
	return s.coord, c.err
}

// addBasis adds v at path to the arithmetic tuple t, extending t with zeros
// as needed: addBasis((1,0), 3, [1]) is (1,3).
func (c *calc) addBasis(t IntTuple, v int64, path []int) IntTuple {
	if len(path) == 0 {
		if t.Kind() == KindTuple && len(t.elems) > 0 {
			c.fail(errBadValue(c.op, "basis paths of different depths meet in %s", t))
			return t
		}
		return Int(c.add(t.val, v))
	}
	if t.Kind() == KindInt {
		if t.val != 0 {
			c.fail(errBadValue(c.op, "basis paths of different depths meet at %s", t))
			return t
		}
		t = Tuple()
	}
	p := path[0]
	elems := make([]IntTuple, max(len(t.elems), p+1))
	copy(elems, t.elems)
	for i := len(t.elems); i < len(elems); i++ {
		elems[i] = Int(0)
	}
	elems[p] = c.addBasis(elems[p], v, path[1:])
	return Tuple(elems...)
}

// Crd2IdxCompact maps a coordinate into shape (an integral index or a tuple
// weakly congruent with shape) to its index in the compact column-major
// order of shape, CuTe's crd2idx(coord, shape).
func Crd2IdxCompact(crd, shape IntTuple) (int64, error) {
	if !WeaklyCongruent(crd, shape) {
		return 0, errCoord("crd2idx", crd, shape)
	}
	stride, err := CompactColMajor(shape)
	if err != nil {
		return 0, err
	}
	off, err := Crd2Idx(crd, shape, stride)
	return off.val, err
}

// Idx2Crd maps an integral index to the natural coordinate of shape in
// colexicographic order (paper eq. 4). The last mode of every (sub)shape is
// unbounded, so an index past the size gives an out-of-bounds coordinate
// rather than wrapping around.
func Idx2Crd(idx int64, shape IntTuple) (IntTuple, error) {
	c := calc{op: "idx2crd"}
	crd := c.idx2crd(idx, shape)
	return crd, c.err
}

func (c *calc) idx2crd(idx int64, shape IntTuple) IntTuple {
	if shape.Kind() != KindTuple {
		c.value(shape)
		return Int(idx)
	}
	elems := make([]IntTuple, len(shape.elems))
	for k, s := range shape.elems {
		if k == len(shape.elems)-1 {
			elems[k] = c.idx2crd(idx, s)
			break
		}
		n := c.size(s)
		if n <= 0 {
			c.fail(errShapeLeaf(s))
			return IntTuple{}
		}
		elems[k] = c.idx2crd(idx%n, s)
		idx /= n
	}
	return Tuple(elems...)
}
