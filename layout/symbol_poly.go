package layout

import (
	"slices"
	"strings"
)

// poly is a sum of terms, kept as one coefficient per monomial (the
// symbols and the divisor), in order of first appearance. It adds up
// offsets and cosizes, which are sums; a result is a leaf only when the
// sum is a single term.
type poly struct {
	terms []Term
	c     calc
}

func (p *poly) add(t Term) {
	if t.Coef == 0 {
		return
	}
	for i, u := range p.terms {
		if u.SameMonomial(t) {
			p.terms[i].Coef = p.c.add(u.Coef, t.Coef)
			if p.terms[i].Coef == 0 {
				p.terms = slices.Delete(p.terms, i, i+1)
			}
			return
		}
	}
	p.terms = append(p.terms, t)
}

// single returns the sum as one term; ok is false when it has several.
func (p *poly) single() (Term, bool) {
	switch len(p.terms) {
	case 0:
		return Term{Div: 1}, true
	case 1:
		return p.terms[0].normal(), true
	}
	return Term{}, false
}

// String writes the sum with signs: M + K*lda - lda.
func (p *poly) String() string {
	var b strings.Builder
	for i, t := range p.terms {
		switch {
		case i > 0 && t.Coef < 0:
			b.WriteString(" - ")
			t.Coef = -t.Coef
		case i > 0:
			b.WriteString(" + ")
		}
		b.WriteString(t.Plain())
	}
	return b.String()
}

// symCosize is cosize(L) of a layout with symbolic leaves: one more than
// the offset of the last coordinate, strides taken by magnitude,
// 1 + sum of (s_i - 1)·|d_i|. It is a leaf where the sum collapses to one
// term (cosize((M,N):(1,M)) is M*N), and undecided otherwise.
func symCosize(l Layout) (IntTuple, error) {
	s := newSymCalc("cosize")
	defer s.done()
	if hasBasisStride(l.stride) {
		return IntTuple{}, newError(CodeSymbolUndecided, "cosize", -1, "basis strides are not computed with symbols")
	}
	sh, st := s.flatTerms(s.named(l))
	p := poly{}
	p.add(Term{Coef: 1, Div: 1})
	for i := range sh {
		d := st[i]
		d.Coef = abs(d.Coef)
		p.add(s.mul(sh[i], d))
		d.Coef = -d.Coef
		p.add(d)
	}
	if s.err != nil {
		return IntTuple{}, s.err
	}
	if p.c.err != nil {
		return IntTuple{}, p.c.err
	}
	t, ok := p.single()
	if !ok {
		return IntTuple{}, newError(CodeSymbolUndecided, "cosize", -1, "the cosize %s is not a single term", p.String())
	}
	return leafOfTerm(t), nil
}

// symCrd2Idx is the offset of a coordinate congruent with l's shape: the
// sum of coordinate times stride, a term when the terms add up to one
// (same symbols), and undecided otherwise.
func symCrd2Idx(crd IntTuple, l Layout) (IntTuple, error) {
	s := newSymCalc("crd2idx")
	defer s.done()
	if !Congruent(crd, l.shape) {
		return IntTuple{}, errCoord("crd2idx", crd, l.shape)
	}
	cs := leaves(s.namedTuple(crd))
	_, st := s.flatTerms(s.named(l))
	p := poly{}
	for i := range cs {
		p.add(s.mul(s.term(cs[i]), st[i]))
	}
	if s.err != nil {
		return IntTuple{}, s.err
	}
	if p.c.err != nil {
		return IntTuple{}, p.c.err
	}
	sum, ok := p.single()
	if !ok {
		return IntTuple{}, newError(CodeSymbolUndecided, "crd2idx", -1, "the offset %s is not a single term", p.String())
	}
	return leafOfTerm(sum), nil
}
