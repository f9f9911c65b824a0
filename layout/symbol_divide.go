package layout

// symLogicalDivide is LogicalDivide for layouts or tilers with symbolic
// leaves: A ∘ (B, B*), with B* the complement of B in the size of A.
func symLogicalDivide(l Layout, t Tiler) (symResult, error) {
	s := newSymCalc("logical_divide")
	defer s.done()
	r := s.logicalDivide(s.named(l), s.namedTiler(t))
	return s.result(r)
}

// logicalDivide divides l by t. The strides of l may be basis elements (a
// coordinate tensor's): the divide only carries them, multiplied by the
// integers of the tile and its complement (symCalc.basis).
func (s *symCalc) logicalDivide(l Layout, t Tiler) Layout {
	s.basis = true
	return s.byTiler(l, t, s.divideByLayout)
}

// byTiler applies f (a divide or a product by a layout) to l as the tiler t
// says: whole for `_`, by the layout an integer or a layout tile stands
// for, and mode by mode for a tiler of modes, the modes past the tiler's
// kept as they are.
func (s *symCalc) byTiler(l Layout, t Tiler, f func(l, tile Layout) Layout) Layout {
	switch t.form {
	case tileUnderscore:
		return l
	case tileInt:
		return f(l, Layout{Int(t.n), Int(1)})
	case tileLayout:
		return f(l, t.layout)
	}
	rank := l.Rank()
	if len(t.modes) > rank {
		s.err = errTilerRank(s.op, t, rank)
		return Layout{}
	}
	sh, st := s.concatModes(rank)
	for i := range rank {
		m, _ := l.Mode(i)
		if i < len(t.modes) {
			m = s.byTiler(m, t.modes[i], f)
		}
		if s.err != nil {
			return Layout{}
		}
		sh[i], st[i] = m.shape, m.stride
	}
	return Layout{Tuple(sh...), Tuple(st...)}
}

func (s *symCalc) divideByLayout(l, tile Layout) Layout {
	if intsOnly(&l.shape) && intsOnly(&l.stride) && intsOnly(&tile.shape) && intsOnly(&tile.stride) {
		// A mode and a tile of integers (a static mode of a layout with
		// symbols): the static algebra's divide, which needs no condition
		// and agrees with the steps below wherever they decide (its cotarget
		// is the mode's shape, not a coalesced one, so it also decides an
		// inexact ceil_div those steps leave undecided). Its error is worded
		// by the steps below.
		if r, err := divideByLayout(l, tile); err == nil {
			return r
		}
	}
	return s.divideSteps(l, tile)
}

// divideSteps is divideByLayout on terms: l ∘ (tile, complement of the
// tile in l's coalesced shape).
func (s *symCalc) divideSteps(l, tile Layout) Layout {
	sh, st := s.flatTerms(l)
	csh, _ := s.coalesceTerms(sh, st, false)
	// The rest, complement(tile, csh): the cotarget is the coalesced shape.
	gsh, gst, covered, ok := s.complementGaps(tile)
	if !ok {
		return Layout{}
	}
	rsh, rst := s.complementRestTerms(gsh, gst, covered, IntTuple{}, csh)
	if s.err != nil {
		return Layout{}
	}
	// l ∘ (tile, rest), mode by mode as composeTree does; the rest's modes
	// from their terms, as its leaves (complementRest) would give them.
	ash, ast := s.coalesceTerms(sh, st, true)
	t := s.composeTree(l, ash, ast, tile.shape, tile.stride)
	if len(rsh) == 1 {
		rd := rst[0].normal()
		if isOne(rsh[0]) {
			rd = Term{Div: 1} // the rest 1:0
		}
		return s.concat(t, s.composeTerm(ash, ast, rsh[0].normal(), rd))
	}
	msh, mst := s.concatModes(len(rsh))
	for i := range rsh {
		m := s.composeTerm(ash, ast, rsh[i].normal(), rst[i].normal())
		msh[i], mst[i] = m.shape, m.stride
	}
	return s.concat(t, Layout{Tuple(msh...), Tuple(mst...)})
}

// symZippedDivide, symTiledDivide and symFlatDivide are the divides of
// divide.go on symbolic layouts, rearranged as the static ones are.
func symZippedDivide(l Layout, t Tiler) (symResult, error) {
	return symDivideThen("zipped_divide", l, t, func(r Layout) (Layout, error) { return tileUnzip("zipped_divide", r, t) })
}

// symTiledDivide: see symZippedDivide.
func symTiledDivide(l Layout, t Tiler) (symResult, error) {
	return symDivideThen("tiled_divide", l, t, func(r Layout) (Layout, error) {
		z, err := tileUnzip("tiled_divide", r, t)
		if err != nil {
			return Layout{}, err
		}
		return unpack(z, false), nil
	})
}

// symFlatDivide: see symZippedDivide.
func symFlatDivide(l Layout, t Tiler) (symResult, error) {
	return symDivideThen("flat_divide", l, t, func(r Layout) (Layout, error) {
		z, err := tileUnzip("flat_divide", r, t)
		if err != nil {
			return Layout{}, err
		}
		return unpack(z, true), nil
	})
}

func symDivideThen(op string, l Layout, t Tiler, f func(Layout) (Layout, error)) (symResult, error) {
	return symThen(op, func(s *symCalc) Layout { return s.logicalDivide(s.named(l), s.namedTiler(t)) }, f)
}

// symThen runs build on a fresh calculation and rearranges its result as
// f says (the zipped, tiled and flat forms of a divide or a product).
func symThen(op string, build func(*symCalc) Layout, f func(Layout) (Layout, error)) (symResult, error) {
	s := newSymCalc(op)
	defer s.done()
	r := build(s)
	if s.err != nil {
		return symResult{}, s.err
	}
	z, err := f(r)
	if err != nil {
		return symResult{}, err
	}
	return symResult{Layout: compactResult(z), Obligations: s.obl}, nil
}

// intsOnly reports whether every leaf of t is an integer.
func intsOnly(t *IntTuple) bool {
	if t.elems == nil {
		return t.leaf == nil
	}
	for i := range t.elems {
		if !intsOnly(&t.elems[i]) {
			return false
		}
	}
	return true
}
