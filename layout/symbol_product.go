package layout

// symLogicalProduct is LogicalProduct on layouts with symbolic leaves:
// (A, A* ∘ B), with A* the complement of the block A in size(A)·cosize(B).
// The cosize of B must be a single term (symCosize). Unlike the static
// algebra, which follows the dialect in asking for a static block (E0700),
// the block may be symbolic: its size and its complement are computed with
// the terms.
func symLogicalProduct(block Layout, t Tiler) (symResult, error) {
	s := &symCalc{op: "logical_product"}
	r := s.logicalProduct(s.named(block), s.namedTiler(t))
	return s.result(r)
}

func (s *symCalc) logicalProduct(block Layout, t Tiler) Layout {
	return s.byTiler(block, t, s.productByLayout)
}

func (s *symCalc) productByLayout(block, tiler Layout) Layout {
	if hasBasisStride(block.stride) || hasBasisStride(tiler.stride) {
		s.fail("basis strides are not computed with symbols")
		return Layout{}
	}
	size := Term{Coef: 1, Div: 1}
	for _, x := range leaves(block.shape) {
		size = s.mul(size, s.term(x))
	}
	co, err := symCosize(tiler)
	if err != nil {
		if e, ok := err.(*Error); ok && s.err == nil {
			e2 := *e
			e2.Op = s.op
			s.err = &e2
		}
		return Layout{}
	}
	target := s.mul(size, s.term(co))
	comp := s.complement(block, Sym(target))
	if s.err != nil {
		return Layout{}
	}
	return Concat(block, s.compose(comp, tiler))
}
