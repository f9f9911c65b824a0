package layout

// symLogicalProduct is LogicalProduct on layouts with symbolic leaves:
// (A, A* ∘ B), with A* the complement of the block A in size(A)·cosize(B).
// Unlike the static algebra, which follows the dialect in asking for a
// static block (E0700), the block may be symbolic: its size and its
// complement are computed with the terms.
func symLogicalProduct(block Layout, t Tiler) (symResult, error) {
	s := newSymCalc("logical_product")
	defer s.done()
	r := s.logicalProduct(s.named(block), s.namedTiler(t))
	return s.result(r)
}

func (s *symCalc) logicalProduct(block Layout, t Tiler) Layout {
	return s.byTiler(block, t, s.productByLayout)
}

// productByLayout is A ⊗ B = (A, A* ∘ B) for a layout B (paper §3.6). B
// takes its values in [0, cosize(B)), so A* ∘ B reaches the last mode of
// A*, the rest complement(A, size(A)·cosize(B)) adds after A's gaps, only
// through its stride: a composition's last mode takes what is left of
// each mode of B (CuTe's composition; composition((3,2):(1,6), 12:1) is
// (3,4):(1,6)). So the rest's extent is an unknown that reaches neither
// the result nor a condition, and cosize(B), a sum for a tiler with
// several dynamic strides (cosize((2,2):(1,?)) is 2 + ?), is never
// needed as a term: logical_product((3,4):(4,1), (2,2):(1,?)) is
// ((3,4),(2,2)):((4,1),(12,12·?)). The conditions are those of the
// composition with B (paper eq. 20 and 21 at the gaps of A).
func (s *symCalc) productByLayout(block, tiler Layout) Layout {
	if hasBasisStride(block.stride) || hasBasisStride(tiler.stride) {
		s.fail("basis strides are not computed with symbols")
		return Layout{}
	}
	osh, ost, covered, ok := s.complementGaps(block)
	if !ok {
		return Layout{}
	}
	osh, ost = append(osh, SymbolTerm("?rest", 1)), append(ost, covered)
	osh, ost = s.coalesceTerms(osh, ost, false)
	rest := s.composeSigned(s.layoutOfTerms(osh, ost), tiler)
	if s.err != nil {
		return Layout{}
	}
	return s.concat(block, rest)
}

// composeSigned is s.compose(a, b) where a static stride of b may be
// negative: CuTe's composition carries a stride's sign through (the next
// stride is ceil_div(|d|, e)·signum(d), the result's strides d times a's),
// so a mode of b of stride -d composes as the mode of stride d, with the
// strides of its result negated (logical_product(4:2, 6:-1) is
// (4,(2,3)):(2,(-1,-8))).
func (s *symCalc) composeSigned(a, b Layout) Layout {
	negative := false
	mapLeaves(b.stride, func(d IntTuple) IntTuple {
		negative = negative || d.Kind() == KindInt && d.val < 0
		return d
	})
	if !negative {
		return s.compose(a, b)
	}
	if b.shape.Kind() == KindTuple {
		ms := make([]Layout, len(b.shape.elems))
		for i := range ms {
			ms[i] = s.composeSigned(a, Layout{b.shape.elems[i], b.stride.elems[i]})
			if s.err != nil {
				return Layout{}
			}
		}
		return s.concat(ms...)
	}
	r := s.compose(a, Layout{b.shape, Int(-b.stride.val)})
	if s.err != nil {
		return Layout{}
	}
	return Layout{r.shape, mapLeaves(r.stride, func(d IntTuple) IntTuple {
		t := s.term(d)
		t.Coef = -t.Coef
		return Sym(t)
	})}
}

// symProductThen is the logical product rearranged as f says: zipped,
// tiled and flat products gather its modes as the static ones do.
func symProductThen(op string, block Layout, t Tiler, f func(Layout) (Layout, error)) (symResult, error) {
	return symThen(op, func(s *symCalc) Layout { return s.logicalProduct(s.named(block), s.namedTiler(t)) }, f)
}

// symRankedProduct is BlockedProduct (raked false) or RakedProduct on
// layouts with symbolic leaves: both padded to the larger rank with 1:0
// modes, their logical product's repetition mode zipped with the block
// (raked: the repetition first), as the static ones are.
func symRankedProduct(block, tiler Layout, raked bool) (symResult, error) {
	op := "blocked_product"
	if raked {
		op = "raked_product"
	}
	s := newSymCalc(op)
	defer s.done()
	r := max(block.Rank(), tiler.Rank())
	a, err := appendTo(s.named(block), r)
	if err != nil {
		return symResult{}, withOp(err, op)
	}
	b, err := appendTo(s.named(tiler), r)
	if err != nil {
		return symResult{}, withOp(err, op)
	}
	p := s.productByLayout(a, b)
	if s.err != nil {
		return symResult{}, s.err
	}
	rest, _ := p.Mode(1)
	first, second := a, rest
	if raked {
		first, second = rest, a
	}
	z, err := zipLayouts(op, first, second)
	if err != nil {
		return symResult{}, err
	}
	return symResult{Layout: compactResult(z), Obligations: s.obl}, nil
}
