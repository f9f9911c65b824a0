package layout

import "slices"

// symComplement is ComplementTo for layouts with symbolic leaves. The
// strides must be ordered by their terms (a stride a multiple of another
// is larger, symbols being positive).
func symComplement(l Layout, cotarget IntTuple) (symResult, error) {
	s := newSymCalc("complement")
	defer s.done()
	s.wantOnes = true
	r := s.complement(s.named(l), s.namedTuple(cotarget))
	s.obl = append(s.obl, s.ones...)
	return s.result(r)
}

func (s *symCalc) complement(l Layout, cotarget IntTuple) Layout {
	return s.complementOf(l, cotarget, nil)
}

// complementOf is complement; the cotarget is the leaves of cotarget, or
// the terms cts when they are given (a divide's, which has them).
func (s *symCalc) complementOf(l Layout, cotarget IntTuple, cts []Term) Layout {
	osh, ost, covered, ok := s.complementGaps(l)
	if !ok {
		return Layout{}
	}
	return s.complementRest(osh, ost, covered, cotarget, cts)
}

// complementGaps is the first part of the complement: l filtered (its
// extent-1 and stride-0 modes dropped), its modes sorted by stride, and
// the gap each leaves before the next (d/covered : covered); covered is
// what they cover, the stride of the rest.
func (s *symCalc) complementGaps(l Layout) (osh, ost []Term, covered Term, ok bool) {
	if hasBasisStride(l.stride) {
		s.fail("basis strides are not computed with symbols")
		return nil, nil, Term{}, false
	}
	sh, st := s.flatTerms(l)
	// Filter: drop extent-1 and stride-0 modes.
	fsh, fst := s.terms(len(sh)), s.terms(len(sh))
	for i := range sh {
		if isOne(sh[i]) || isZero(st[i]) {
			continue
		}
		if st[i].IsInt() && st[i].Coef < 0 {
			s.failStatic(CodeBadValue, "layout %s has the negative stride %d", l, st[i].Coef)
			return nil, nil, Term{}, false
		}
		fsh, fst = append(fsh, sh[i]), append(fst, st[i])
	}
	var orderBuf [8]int
	order, ok := s.sortByStride(fst, orderBuf[:0])
	if !ok {
		return nil, nil, Term{}, false
	}
	// Room for the rest's modes, which complementRest appends.
	osh, ost = s.terms(len(fsh)+4), s.terms(len(fsh)+4)
	covered = Term{Coef: 1, Div: 1}
	for _, i := range order {
		gap, ok := s.exactQuo(fst[i], covered)
		if !ok {
			s.fail("cannot decide whether %s divides the stride %s (complement)", covered.Plain(), fst[i].Plain())
			return nil, nil, Term{}, false
		}
		if e := fsh[i]; !e.IsInt() && !isOne(gap) && abs(e.Coef)*e.KnownDivisor() <= 1 {
			// The static algebra drops a mode of extent 1, which leaves no
			// gap before the next; a symbol may be 1.
			s.fail("cannot decide whether the extent %s is 1 (a fact such as %s{div=2} decides it)", e.Plain(), e.Names[0])
			return nil, nil, Term{}, false
		}
		osh, ost = append(osh, gap), append(ost, covered)
		covered = s.mul(fsh[i], fst[i])
	}
	return osh, ost, covered, s.err == nil
}

// complementRest is the complement's last part: ceil_div of the cotarget by what
// the gaps cover, folded across the cotarget's modes, laid out compactly
// from covered. The cotarget's modes are the leaves of cotarget, or the
// terms cts when they are given.
func (s *symCalc) complementRest(osh, ost []Term, covered Term, cotarget IntTuple, cts []Term) Layout {
	osh, ost = s.complementRestTerms(osh, ost, covered, cotarget, cts)
	if s.err != nil {
		return Layout{}
	}
	if len(osh) == 1 && isOne(osh[0]) {
		return Layout{Int(1), Int(0)}
	}
	return s.layoutOfTerms(osh, ost)
}

// complementRestTerms is complementRest's modes as terms, the extent 1
// included (the leaves 1:0).
func (s *symCalc) complementRestTerms(osh, ost []Term, covered Term, cotarget IntTuple, cts []Term) (rsh, rst []Term) {
	b := covered
	nc := len(cts)
	var cls []IntTuple
	if cts == nil {
		cls = []IntTuple{cotarget}
		if cotarget.Kind() == KindTuple {
			cls = leaves(cotarget)
		}
		nc = len(cls)
	}
	for k := range nc {
		var ct Term
		if cts != nil {
			ct = cts[k].normal() // as the term of its leaf, Sym(cts[k]), is
		} else {
			ct = s.term(cls[k])
		}
		var r Term
		r, b = s.ceilDivFold(ct, b, k == nc-1)
		osh, ost = append(osh, r), append(ost, covered)
		covered = s.mul(covered, r)
		if s.err != nil {
			return nil, nil
		}
	}
	osh, ost = s.coalesceTerms(osh, ost, false)
	if !s.wantOnes {
		return osh, ost
	}
	for _, e := range osh {
		// A mode whose extent is 1 for some values is dropped by the
		// static algebra for them: complement(8:16, (1,(16,M))) is
		// (16,M/8):(1,128) only if M/8 != 1 (16:1 for M = 8).
		if o := (Obligation{Op: s.op, D: Term{Coef: 1, Div: 1}, T: e, Rel: RelNotEqual}); !e.IsInt() && !slices.Contains(s.quotients, e.Names[0]) {
			if v, _, _ := o.Discharge(); v != Proved {
				s.ones = append(s.ones, o)
			}
		}
	}
	return osh, ost
}

// ceilDivFold is one step of CuTe's ceil_div of a shape by an integer b,
// for positive terms: r = ceil(a/b) and what is left to divide the next
// mode by, nb = ceil(b/a). Where it is not evident it decides under an
// obligation b | a, so r = a/b and nb = 1. For a static a and a symbolic
// b, the tile spans a (a | b, r = 1, nb = b/a) unless a is the last mode
// (last), where b | a and a/b, no monomial, is a fresh unknown.
func (s *symCalc) ceilDivFold(a, b Term, last bool) (r, nb Term) {
	one := Term{Coef: 1, Div: 1}
	switch {
	case isOne(b):
		return a, one
	case a.IsInt() && b.IsInt():
		if !last && a.Coef%b.Coef != 0 && b.Coef%a.Coef != 0 {
			// An inexact step depends on how the cotarget's modes are
			// split, which depends on the symbols' values where the
			// static algebra merges modes that line up.
			s.fail("cannot decide ceil_div(%d, %d) inside a cotarget with symbols", a.Coef, b.Coef)
			return one, one
		}
		var c calc
		return Term{Coef: c.ceilDiv(a.Coef, b.Coef), Div: 1}, Term{Coef: c.ceilDiv(b.Coef, a.Coef), Div: 1}
	case a.Equal(b):
		return one, one
	}
	if q, ok := a.Quo(b); ok && q.Div == 1 {
		return q, one
	}
	if q, ok := b.Quo(a); ok && q.Div == 1 {
		return one, q // a divides b, so b >= a
	}
	if b.IsInt() {
		// The last mode of the cotarget is rounded up, as CuTe's ceil_div
		// does: where b does not divide a the last tile is partial (its
		// residue handled by predication), a condition of another kind.
		s.residue = last
		q, _ := s.exactQuo(a, b)
		s.residue = false
		return q, one
	}
	if a.IsInt() && !last {
		// The tile spans the static mode a: a | b.
		q, _ := s.exactQuo(b, a)
		return one, q
	}
	if a.IsInt() {
		// a/b is not a monomial: a fresh unknown, under b | a.
		s.require(b, a)
		s.fresh++
		name := freshName(s.fresh)
		if s.quotients == nil {
			s.quotients = s.quotientBuf[:0]
		}
		s.quotients = append(s.quotients, name)
		// a/b is an extent of the result, dropped where it is 1.
		if s.wantOnes {
			s.ones = append(s.ones, Obligation{Op: s.op, D: b, T: a, Rel: RelNotEqual})
		}
		return SymbolTerm(name, 1), one
	}
	s.fail("cannot decide ceil_div(%s, %s)", a.Plain(), b.Plain())
	return one, one
}

// sortByStride orders the modes by stride, appending their indices to
// order (a caller's buffer). ok is false (and the failure
// recorded) when two strides cannot be ordered from their terms.
func (s *symCalc) sortByStride(st []Term, order []int) ([]int, bool) {
	for i := range st {
		order = append(order, i)
	}
	for i := 1; i < len(order); i++ {
		for j := i; j > 0; j-- {
			less, ok := s.less(st[order[j]], st[order[j-1]])
			if !ok {
				return nil, false
			}
			if !less {
				break
			}
			order[j], order[j-1] = order[j-1], order[j]
		}
	}
	return order, true
}

// less reports a < b for positive terms where the terms decide it: static
// values, or one a multiple of the other.
func (s *symCalc) less(a, b Term) (bool, bool) {
	if a.Coef < 0 || b.Coef < 0 {
		s.fail("a negative stride is not ordered with symbols")
		return false, false
	}
	if a.IsInt() && b.IsInt() {
		return a.Coef < b.Coef, true
	}
	if a.Equal(b) {
		return false, true
	}
	if q, ok := b.Quo(a); ok && q.Div == 1 && q.IsInt() {
		return q.Coef > 1, true
	}
	if q, ok := a.Quo(b); ok && q.Div == 1 && q.IsInt() {
		return q.Coef < 1, true
	}
	if q, ok := b.Quo(a); ok && q.Div == 1 && q.Coef > 0 {
		// b = a·(product of symbols): b >= a, and b > a unless they are all 1.
		return true, s.requireGreater(q)
	}
	if q, ok := a.Quo(b); ok && q.Div == 1 && q.Coef > 0 {
		return false, s.requireGreater(q)
	}
	s.fail("cannot order the strides %s and %s", a.Plain(), b.Plain())
	return false, false
}

// requireGreater accepts a quotient q > 1 of two strides: evident when
// its coefficient exceeds 1, undecided otherwise (the symbols may be 1).
func (s *symCalc) requireGreater(q Term) bool {
	if q.Coef > 1 || q.KnownDivisor() > 1 {
		return true
	}
	s.fail("cannot order strides whose quotient %s may be 1", q.Plain())
	return false
}
