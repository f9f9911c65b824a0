package layout

import "math"

// symLocalTile is LocalTile on a layout with symbolic leaves: the tile of
// the symbolic zipped_divide at coord, and its offset, with the
// obligations of the divide and those that the coordinate lies inside the
// rest (coordInside), stated on the named terms before the result's
// unnamed ones become ?.
func symLocalTile(l Layout, tiler Tiler, coord IntTuple) (Layout, IntTuple, []Obligation, error) {
	s := newSymCalc("zipped_divide")
	defer s.done()
	d := s.logicalDivide(s.named(l), s.namedTiler(tiler))
	coord = s.namedTuple(coord) // its ? after those of l and tiler, as the namer orders them
	if s.err != nil {
		return Layout{}, IntTuple{}, nil, withOp(s.err, "local_tile")
	}
	z, err := tileUnzip("zipped_divide", d, tiler)
	if err != nil {
		return Layout{}, IntTuple{}, nil, withOp(err, "local_tile")
	}
	tile, rest := z.shape.At(0), z.shape.At(1)
	if err := tileCoordForm(tiler, coord, z.stride.At(1), rest); err != nil {
		return Layout{}, IntTuple{}, nil, err
	}
	padded := padWithUnderscores(coord, rest)
	r, off, err := sliceWithOffset("local_tile", Tuple(underscores(tile), padded), z)
	if err != nil {
		return Layout{}, IntTuple{}, nil, err
	}
	s.op = "local_tile"
	obl := s.coordInside(s.obl, padded, rest)
	if s.err != nil {
		return Layout{}, IntTuple{}, nil, s.err
	}
	return anonymous(r), anonymousTuple(off), obl, nil
}

// coordInside states that each integer of a local_tile coordinate lies
// inside the mode of the rest it indexes (c < size), where that size is
// not static. Inside, the offset is the mode's function, the same however
// the run-time values factor the mode; past its end it is the function
// extended beyond its domain, which the factoring decides:
// local_tile((M,8):(12,1), (4), (16)) is the offset 16·48 while M/4 >= 17,
// but with M = 4 the rest mode is 1 and the static algebra gives it the
// stride 0.
func (s *symCalc) coordInside(out []Obligation, c, shape IntTuple) []Obligation {
	switch {
	case c.Kind() == KindUnderscore:
		return out
	case c.Kind() == KindTuple:
		if shape.Kind() != KindTuple {
			return out
		}
		for i, e := range c.elems {
			if i < len(shape.elems) {
				out = s.coordInside(out, e, shape.elems[i])
			}
		}
		return out
	}
	size := s.product(leaves(shape))
	x, ok := c.Term()
	if s.err != nil || !ok || size.IsInt() {
		return out
	}
	if x.IsInt() {
		if x.Coef <= 0 || x.Coef == math.MaxInt64 {
			return out // every mode has the coordinate 0; a negative one is no tile's
		}
		if low, ok := size.Eval(smallest(size, size)); ok && size.Coef > 0 && low > x.Coef {
			return out // the extents are positive: at their smallest the mode holds c
		}
		return append(out, Obligation{Op: s.op, D: Term{Coef: x.Coef + 1, Div: 1}, T: size, Rel: RelAtLeast})
	}
	return append(out, Obligation{Op: s.op, D: x, T: size, Rel: RelAtLeast}, Obligation{Op: s.op, D: x, T: size, Rel: RelNotEqual})
}

// symLocalTileProj is LocalTileProj on a layout with symbolic leaves.
func symLocalTileProj(l Layout, tiler Tiler, coord, proj IntTuple) (Layout, IntTuple, []Obligation, error) {
	t, err := tiler.Dice(proj)
	if err != nil {
		return Layout{}, IntTuple{}, nil, withOp(err, "local_tile")
	}
	c, err := coord.Dice(proj)
	if err != nil {
		return Layout{}, IntTuple{}, nil, withOp(err, "local_tile")
	}
	return symLocalTile(l, t, c)
}

// symLocalPartition is LocalPartition on a layout with symbolic leaves and
// a static thread layout.
func symLocalPartition(l, threads Layout, index IntTuple) (Layout, IntTuple, []Obligation, error) {
	shape, err := ProductEach(threads.shape)
	if err != nil {
		return Layout{}, IntTuple{}, nil, withOp(err, "local_partition")
	}
	tiler, err := TilerOfShape(shape)
	if err != nil {
		return Layout{}, IntTuple{}, nil, withOp(err, "local_partition")
	}
	flat, err := flatCoord(threads, index)
	if err != nil {
		return Layout{}, IntTuple{}, nil, err
	}
	z, err := symZippedDivide(l, tiler)
	if err != nil {
		return Layout{}, IntTuple{}, nil, withOp(err, "local_partition")
	}
	tile, rest := z.Layout.shape.At(0), z.Layout.shape.At(1)
	crd := Tuple(padWithUnderscores(flat, tile), underscores(rest))
	r, off, err := sliceWithOffset("local_partition", crd, z.Layout)
	return r, off, z.Obligations, err
}
