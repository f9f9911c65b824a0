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
	l, tiler = s.named(l), s.namedTiler(tiler)
	coord = s.namedTuple(coord) // its ? after those of l and tiler, as the namer orders them
	d := s.logicalDivide(l, tiler)
	if s.err != nil {
		return Layout{}, IntTuple{}, nil, withOp(s.err, "local_tile")
	}
	z, err := tileUnzip("zipped_divide", d, tiler)
	if err != nil {
		return Layout{}, IntTuple{}, nil, withOp(err, "local_tile")
	}
	z = compactResult(z) // out of the scratch; the slice adds offsets of ? and basis elements, not of terms
	tile, rest := z.shape.At(0), z.shape.At(1)
	if err := tileCoordForm(tiler, coord, z.stride.At(1), rest); err != nil {
		return Layout{}, IntTuple{}, nil, err
	}
	r, off, err := sliceWithOffset("local_tile", Tuple(underscores(tile), padWithUnderscores(anonymousTuple(coord), rest)), z)
	if err != nil {
		return Layout{}, IntTuple{}, nil, err
	}
	s.op = "local_tile"
	obl := s.coordInside(s.obl, l, tiler, coord)
	if s.err != nil {
		return Layout{}, IntTuple{}, nil, s.err
	}
	return r, off, obl, nil
}

// LocalTileConditions are the conditions that each integer of the
// coordinate of local_tile(l, tiler, coord), whose ? are named, lies
// inside the mode of the rest it indexes (coordInside): the operation's
// own, besides those of its divide (DivideConditions).
func (*Symbolic) LocalTileConditions(l Layout, tiler Tiler, coord IntTuple) []Obligation {
	s := symCalc{op: "local_tile"}
	out := s.coordInside(nil, l, tiler, coord)
	if s.err != nil {
		return nil
	}
	return out
}

// coordInside states that each integer of a local_tile coordinate lies
// inside the mode of the rest it indexes (c < size), where that size is
// not static: the size of l over that of the tiler for one integer, and
// mode by mode for a tuple by a tiler by mode (a tuple against a tiler of
// one layout is refused, tileCoordForm). Inside, the offset is the mode's
// function, the same however the run-time values factor the mode; past
// its end it is the function extended beyond its domain, which the
// factoring decides: local_tile((M,8):(12,1), (4), (16)) is the offset
// 16·48 while M >= 65, but with M = 4 the rest mode is 1 and the static
// algebra gives it the stride 0.
func (s *symCalc) coordInside(out []Obligation, l Layout, tiler Tiler, coord IntTuple) []Obligation {
	if coord.Kind() != KindTuple {
		return s.inside(out, coord, s.quo(s.product(leaves(l.shape)), s.tilerSize(tiler)))
	}
	if tiler.form != tileTuple {
		return out
	}
	ms := l.modes()
	for i, c := range coord.elems {
		if c.Kind() == KindTuple || c.Kind() == KindUnderscore || i >= len(ms) {
			continue
		}
		size := s.product(leaves(ms[i].shape))
		if i < len(tiler.modes) {
			size = s.quo(size, s.tilerSize(tiler.modes[i]))
		}
		out = s.inside(out, c, size)
	}
	return out
}

// inside states c < size for the integer c, where the terms do not
// decide it. A size that is a quotient (M/128) counts a partial last tile
// (the rest is ceil_div(M, 128)), so the condition is size > c, stated
// times its divisor on integers: M >= 385 for the tile 3 of 128 rows
// (M/128 >= 4 would refuse M = 400, whose fourth tile is partial).
func (s *symCalc) inside(out []Obligation, c IntTuple, size Term) []Obligation {
	x, ok := c.Term()
	if s.err != nil || !ok || size.IsInt() || size.Coef == 0 {
		return out
	}
	div := max(size.Div, 1)
	size.Div = 1
	if !x.IsInt() {
		x = s.mul(x, Term{Coef: div, Div: 1})
		return append(out, Obligation{Op: s.op, D: x, T: size, Rel: RelAtLeast}, Obligation{Op: s.op, D: x, T: size, Rel: RelNotEqual})
	}
	if x.Coef <= 0 {
		return out // every mode has the coordinate 0; a negative one is no tile's
	}
	bound := s.mul(Term{Coef: x.Coef, Div: 1}, Term{Coef: div, Div: 1})
	if s.err != nil || bound.Coef == math.MaxInt64 {
		return out
	}
	bound.Coef++
	if low, ok := size.Eval(smallest(size, size)); ok && size.Coef > 0 && low >= bound.Coef {
		return out // the extents are positive: at their smallest the mode holds c
	}
	return append(out, Obligation{Op: s.op, D: bound, T: size, Rel: RelAtLeast})
}

// tilerSize is the number of elements of a tile: the product of its
// modes' (1 for _).
func (s *symCalc) tilerSize(t Tiler) Term {
	switch t.form {
	case tileInt:
		return Term{Coef: t.n, Div: 1}
	case tileLayout:
		return s.product(leaves(t.layout.shape))
	case tileTuple:
		p := Term{Coef: 1, Div: 1}
		for _, m := range t.modes {
			p = s.mul(p, s.tilerSize(m))
		}
		return p
	}
	return Term{Coef: 1, Div: 1}
}

// quo is a/b as a term, a failure of the calculation where it is none.
func (s *symCalc) quo(a, b Term) Term {
	q, ok := a.Quo(b)
	if !ok {
		s.fail("%s / %s is not a term", a.Plain(), b.Plain())
	}
	return q
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
