package layout

// symCompose is Compose for layouts with symbolic leaves: A is coalesced as
// a term list and each integral mode s:d of B folds through it (paper
// §3.3.2), deciding each step as the static algebra does where its values
// are static, and under an obligation where they are not.
func symCompose(a, b Layout) (symResult, error) {
	s := newSymCalc("composition")
	defer s.done()
	r := s.compose(s.named(a), s.named(b))
	return s.result(r)
}

func (s *symCalc) compose(a, b Layout) Layout {
	if hasBasisStride(a.stride) && !s.basis {
		s.fail("basis strides of the outer layout are not computed with symbols")
		return Layout{}
	}
	ash, ast := s.flatTerms(a)
	ash, ast = s.coalesceTerms(ash, ast, true)
	return s.composeTree(a, ash, ast, b.shape, b.stride)
}

// composeTree composes A (whole: a; coalesced: ash:ast) with B's mode
// bs:bd, distributing over B's modes (eq. 22). A basis stride k@path of B
// selects the mode of A at path and composes it with bs:k, the coordinate
// reductive case (the dialect's (32,?,8,128):(1@0,8@1,1@1,32@0) of
// NVIDIA/cutlass #3470).
func (s *symCalc) composeTree(a Layout, ash, ast []Term, bs, bd IntTuple) Layout {
	if bs.Kind() == KindTuple {
		sh, st := s.concatModes(len(bs.elems))
		for i := range sh {
			m := s.composeTree(a, ash, ast, bs.elems[i], bd.elems[i])
			sh[i], st[i] = m.shape, m.stride
		}
		return Layout{Tuple(sh...), Tuple(st...)}
	}
	if bd.Kind() == KindBasis {
		sub, err := a.getLenient(bd.bpath()...)
		if err != nil {
			s.err = errBasisOutside("composition", bd, a.shape)
			return Layout{}
		}
		k := Int(bd.val)
		if bd.IsDynamic() {
			k = dyn()
		}
		sh, st := s.flatTerms(sub)
		sh, st = s.coalesceTerms(sh, st, true)
		osh, ost := s.composeLeaf(sh, st, s.term(bs), s.term(k))
		if s.err != nil {
			return Layout{}
		}
		return s.layoutOfTerms(osh, ost)
	}
	return s.composeTerm(ash, ast, s.term(bs), s.term(bd))
}

// composeTerm is the layout of composeLeaf.
func (s *symCalc) composeTerm(ash, ast []Term, rs, rd Term) Layout {
	osh, ost := s.composeLeaf(ash, ast, rs, rd)
	if s.err != nil {
		return Layout{}
	}
	return s.layoutOfTerms(osh, ost)
}

// composeLeaf composes the coalesced A (modes ash:ast) with the mode rs:rd.
func (s *symCalc) composeLeaf(ash, ast []Term, rs, rd Term) (osh, ost []Term) {
	n := len(ash)
	if isZero(rd) {
		return append(s.terms(1), rs), append(s.terms(1), rd)
	}
	if n == 1 {
		return append(s.terms(1), rs), append(s.terms(1), s.mul(ast[0], rd))
	}
	osh, ost = s.terms(n), s.terms(n)
	if rd.Coef < 0 {
		s.fail("a negative stride %s of the inner layout is not computed with symbols", rd.Plain())
		return nil, nil
	}
	// As composeBase does: every mode but the last divides the stride
	// left (checked even once the elements are placed), and keeps
	// min(next, rs) elements.
	for i := 0; i < n-1 && s.err == nil; i++ {
		next, nrd, ok := s.strideStep(ash[i], rd)
		if !ok {
			return nil, nil
		}
		if isOne(next) || isOne(rs) {
			rd = nrd
			continue
		}
		fits, rest, ok := s.shapeStep(next, rs, ash[i], rd)
		if !ok {
			return nil, nil
		}
		keep := next
		if fits {
			keep, rest = rs, Term{Coef: 1, Div: 1}
		}
		osh, ost = append(osh, keep), append(ost, s.mul(ast[i], rd))
		rs, rd = rest, nrd
	}
	if !isOne(rs) || len(osh) == 0 {
		osh, ost = append(osh, rs), append(ost, s.mul(ast[n-1], rd))
	}
	return osh, ost
}

// strideStep divides the stride left rd by the extent e: how many elements
// of the mode the stride reaches (next), and the stride left after it.
func (s *symCalc) strideStep(e, rd Term) (next, nrd Term, ok bool) {
	one := Term{Coef: 1, Div: 1}
	switch {
	case isOne(rd):
		return e, one, true
	case isOne(e):
		return one, rd, true
	case e.IsInt() && rd.IsInt():
		ext, d := e.Coef, rd.Coef
		if d >= ext && d%ext != 0 {
			s.failStatic(CodeStrideDivisibility, "the stride %d and the extent %d do not divide one another (paper eq. 20)", d, ext)
			return Term{}, Term{}, false
		}
		var c calc
		return Term{Coef: c.ceilDiv(ext, d), Div: 1}, Term{Coef: c.ceilDiv(d, ext), Div: 1}, true
	}
	if q, ok := e.Quo(rd); ok && q.Div == 1 {
		return q, one, true
	}
	if q, ok := rd.Quo(e); ok && q.Div == 1 {
		return one, q, true
	}
	if rd.IsInt() {
		q, ok := s.exactQuo(e, rd) // rd | e: the stride divides the extent (eq. 20)
		return q, one, ok
	}
	if e.IsInt() {
		q, ok := s.exactQuo(rd, e) // e | rd: the stride skips the mode
		return one, q, ok
	}
	s.fail("cannot decide whether the stride %s divides the extent %s or the other way round (paper eq. 20)", rd.Plain(), e.Plain())
	return Term{}, Term{}, false
}

// shapeStep decides whether the rs elements left fit in the next elements
// of a mode (fits: rs | next) or take the whole mode and go on (rest =
// rs/next), paper eq. 21. A mode taken whole whose static extent e the
// static stride rd does not divide is the crossing the static algebra
// checks point by point; it is not computed with symbols.
func (s *symCalc) shapeStep(next, rs, e, rd Term) (fits bool, rest Term, ok bool) {
	fits, rest, ok = s.shapeDecide(next, rs)
	if ok && !fits && e.IsInt() && rd.IsInt() && e.Coef%rd.Coef != 0 {
		s.fail("a static step that crosses a mode boundary is not computed with symbols")
		return false, Term{}, false
	}
	return fits, rest, ok
}

func (s *symCalc) shapeDecide(next, rs Term) (fits bool, rest Term, ok bool) {
	switch {
	case next.IsInt() && rs.IsInt():
		if rs.Coef <= next.Coef {
			return true, Term{}, true
		}
		if rs.Coef%next.Coef != 0 {
			s.failStatic(CodeShapeDivisibility, "%d elements do not divide the %d left (paper eq. 21)", next.Coef, rs.Coef)
			return false, Term{}, false
		}
		return false, Term{Coef: rs.Coef / next.Coef, Div: 1}, true
	case next.Equal(rs):
		return true, Term{}, true
	}
	if q, ok := next.Quo(rs); ok && q.Div == 1 {
		return true, Term{}, true
	}
	if q, ok := rs.Quo(next); ok && q.Div == 1 {
		return false, q, true
	}
	if rs.IsInt() {
		s.require(rs, next) // the rs elements left fit in the mode
		return true, Term{}, s.err == nil
	}
	if next.IsInt() {
		q, ok := s.exactQuo(rs, next) // the mode is used whole
		return false, q, ok
	}
	s.fail("cannot decide whether %s elements fit in the %s of a mode (paper eq. 21)", rs.Plain(), next.Plain())
	return false, Term{}, false
}

// symComposeTiler is ComposeTiler for layouts with symbolic leaves: a
// layout tile composes as symCompose, an integer N as N:1, _ keeps A, and a
// tuple of tiles composes mode by mode, dropping the modes of A it does not
// reach, as the static ComposeTiler does.
func symComposeTiler(a Layout, t Tiler) (symResult, error) {
	s := newSymCalc("composition")
	defer s.done()
	r := s.composeTiler(s.named(a), s.namedTiler(t))
	return s.result(r)
}

func (s *symCalc) composeTiler(a Layout, t Tiler) Layout {
	switch t.form {
	case tileLayout:
		return s.compose(a, t.layout)
	case tileUnderscore:
		return a
	case tileInt:
		return s.compose(a, Layout{Int(t.n), Int(1)})
	}
	ms := a.modes()
	if len(t.modes) > len(ms) {
		s.err = errTilerRank("composition", t, len(ms))
		return Layout{}
	}
	out := make([]Layout, len(t.modes))
	for i, ti := range t.modes {
		out[i] = s.composeTiler(ms[i], ti)
		if s.err != nil {
			return Layout{}
		}
	}
	return s.concat(out...)
}
