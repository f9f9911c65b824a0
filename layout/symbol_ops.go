package layout

import (
	"fmt"
	"strconv"
	"strings"
)

// The algebra over symbolic leaves (symbol_term.go). The operations below
// compute with terms exactly where the result is the same for every value
// the symbols may take, and decide the rest under conditions they return as
// obligations: a step that needs to know whether a static 128 fits in an
// extent M assumes 128 | M (so M >= 128 and M/128 is exact) and records it.
// A step that no divisibility condition decides (two unrelated symbols to
// compare, a quotient that is not a monomial, a basis stride) fails with
// CodeSymbolUndecided: the algebra never guesses.
//
// Each anonymous ? of the inputs is a fresh symbol here, written ?1, ?2, …
// in obligations (in order of appearance), and comes back as ? (with the
// divisor its term has) in results.
//
// The results agree with the static algebra on every assignment of the
// symbols that satisfies the facts and the obligations, up to how a mode is
// factored: same rank, the same size in every top-level mode, and the same
// offset at every index. The static algebra merges two modes when their
// values happen to line up (lda = M); the symbolic one merges them only
// when the terms are equal, as CuTe does with run-time values, which gives
// the same function. The property test (symbol_property_test.go) checks it.

// SymResult is a symbolic result and the obligations it holds under.
type SymResult struct {
	Layout      Layout
	Obligations []Obligation
}

// symCalc computes with terms for one operation.
type symCalc struct {
	op    string
	err   *Error
	obl   []Obligation
	fresh int
}

func (s *symCalc) fail(format string, args ...any) {
	if s.err == nil {
		s.err = newError(CodeSymbolUndecided, s.op, -1, format, args...)
	}
}

func (s *symCalc) failStatic(code Code, format string, args ...any) {
	if s.err == nil {
		s.err = newError(code, s.op, -1, format, args...)
	}
}

// term converts a leaf: an integer, a symbolic leaf, or ? as a fresh symbol.
func (s *symCalc) term(l IntTuple) Term {
	if t, ok := TermOf(l); ok {
		return t
	}
	if l.Kind() == KindDynamic {
		s.fresh++
		return SymbolTerm("?"+strconv.Itoa(s.fresh), max(l.val, 1))
	}
	s.fail("the leaf %s is not an integer or a symbolic term", l)
	return Term{Coef: 1, Div: 1}
}

// leaf converts a term back: a term over fresh symbols is the anonymous ?
// with the term's known divisor.
func leafOfTerm(t Term) IntTuple {
	for _, n := range t.Names {
		if strings.HasPrefix(n, "?") {
			return dynWith(0, t.KnownDivisor())
		}
	}
	return Sym(t)
}

func (s *symCalc) mul(a, b Term) Term {
	r, ok := a.Mul(b)
	if !ok {
		s.failStatic(CodeOverflow, "the product of %s and %s overflows int64 or has more than %d symbols", a.Plain(), b.Plain(), MaxSymbols)
	}
	return r
}

// require records the obligation d | t, unless it is evident: static and
// true (static and false is an error), or t a multiple of d term by term.
func (s *symCalc) require(d, t Term) {
	if d.IsInt() && t.IsInt() {
		if d.Coef == 0 || t.Coef%d.Coef != 0 {
			s.failStatic(CodeShapeDivisibility, "%d does not divide %d", d.Coef, t.Coef)
		}
		return
	}
	if q, ok := t.Quo(d); ok && q.Div == 1 {
		return
	}
	// Clear the divisors: T/48 | 8 reads T | 384 (the terms being
	// integers, both sides scale alike).
	if k := lcmCapped(d.Div, t.Div); k > 1 {
		kt := Term{Coef: k, Div: 1}
		if d2, ok := d.Mul(kt); ok {
			if t2, ok := t.Mul(kt); ok {
				d, t = d2, t2
			}
		}
	}
	o := Obligation{Op: s.op, D: d, T: t}
	for i, p := range s.obl {
		if p.String() == o.String() {
			return
		}
		// 12 | T and 48 | T are 48 | T: one obligation per term.
		if d.IsInt() && p.D.IsInt() && p.T.Equal(t) && d.Coef != 0 && p.D.Coef != 0 {
			var c calc
			a, b := abs(d.Coef), abs(p.D.Coef)
			if l := c.mul(a/gcd(a, b), b); c.err == nil {
				s.obl[i].D = Term{Coef: l, Div: 1}
				return
			}
		}
	}
	s.obl = append(s.obl, o)
}

// exactQuo returns a/b when b is evidently a divisor of a (as terms), or
// requiring b | a when b is static; ok is false when neither holds.
func (s *symCalc) exactQuo(a, b Term) (Term, bool) {
	if q, ok := a.Quo(b); ok && q.Div == 1 {
		return q, true
	}
	if b.IsInt() && b.Coef > 0 {
		s.require(b, a)
		q, ok := a.DivInt(b.Coef)
		return q, ok
	}
	return Term{}, false
}

func isOne(t Term) bool  { return t.IsInt() && t.Coef == 1 }
func isZero(t Term) bool { return t.IsInt() && t.Coef == 0 }

// flatTerms returns the leaves of a shape and stride as terms.
func (s *symCalc) flatTerms(l Layout) (sh, st []Term) {
	for _, x := range leaves(l.shape) {
		sh = append(sh, s.term(x))
	}
	for _, x := range leaves(l.stride) {
		st = append(st, s.term(x))
	}
	return sh, st
}

// coalesceTerms is CuTe's bw_coalesce on terms: extent-1 modes dropped,
// s:d followed by s2:d2 merged when d2 = s·d as terms. With extended, the
// last mode keeps a stride when its extent is 1 (coalesce_x).
func (s *symCalc) coalesceTerms(sh, st []Term, extended bool) (osh, ost []Term) {
	n := len(sh)
	if n == 0 {
		return []Term{{Coef: 1, Div: 1}}, []Term{{Div: 1}}
	}
	last := sh[n-1]
	if extended && isOne(last) {
		last = Term{Coef: 2, Div: 1}
	}
	osh, ost = []Term{last}, []Term{st[n-1]}
	for i := n - 2; i >= 0; i-- {
		f := len(osh) - 1
		switch {
		case isOne(sh[i]):
		case len(osh) == 1 && isOne(osh[0]):
			osh[0], ost[0] = sh[i], st[i]
		case s.mul(sh[i], st[i]).Equal(ost[f]):
			osh[f], ost[f] = s.mul(sh[i], osh[f]), st[i]
		default:
			osh, ost = append(osh, sh[i]), append(ost, st[i])
		}
	}
	for i, j := 0, len(osh)-1; i < j; i, j = i+1, j-1 {
		osh[i], osh[j] = osh[j], osh[i]
		ost[i], ost[j] = ost[j], ost[i]
	}
	return osh, ost
}

func layoutOfTerms(sh, st []Term) Layout {
	if len(sh) == 1 {
		return Layout{leafOfTerm(sh[0]), leafOfTerm(st[0])}
	}
	a, b := make([]IntTuple, len(sh)), make([]IntTuple, len(st))
	for i := range sh {
		a[i], b[i] = leafOfTerm(sh[i]), leafOfTerm(st[i])
	}
	return Layout{Tuple(a...), Tuple(b...)}
}

func (s *symCalc) result(l Layout) (SymResult, error) {
	if s.err != nil {
		return SymResult{}, s.err
	}
	return SymResult{Layout: l, Obligations: s.obl}, nil
}

// SymCoalesce is Coalesce on a layout with symbolic leaves: 192*N:1 for
// (192,N):(1,192). It needs no obligation.
func SymCoalesce(l Layout) (SymResult, error) {
	s := &symCalc{op: "coalesce"}
	sh, st := s.flatTerms(l)
	osh, ost := s.coalesceTerms(sh, st, false)
	if len(osh) == 1 && isOne(osh[0]) {
		return s.result(unitLayout)
	}
	return s.result(layoutOfTerms(osh, ost))
}

// SymSize is the size of a shape with symbolic leaves, a term:
// size((M{div=8},4)) is 4*M{div=8}, whose known divisor is 32.
func SymSize(shape IntTuple) (IntTuple, error) {
	s := &symCalc{op: "size"}
	p := Term{Coef: 1, Div: 1}
	for _, x := range leaves(shape) {
		p = s.mul(p, s.term(x))
	}
	if s.err != nil {
		return IntTuple{}, s.err
	}
	return leafOfTerm(p), nil
}

// SymCompose is Compose for layouts with symbolic leaves: A is coalesced as
// a term list and each integral mode s:d of B folds through it (paper
// §3.3.2), deciding each step as the static algebra does where its values
// are static, and under an obligation where they are not.
func SymCompose(a, b Layout) (SymResult, error) {
	s := &symCalc{op: "composition"}
	r := s.compose(a, b)
	return s.result(r)
}

func (s *symCalc) compose(a, b Layout) Layout {
	if hasBasisStride(a.stride) {
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
		ms := make([]Layout, len(bs.elems))
		for i := range ms {
			ms[i] = s.composeTree(a, ash, ast, bs.elems[i], bd.elems[i])
		}
		return Concat(ms...)
	}
	if bd.Kind() == KindBasis {
		sub, err := a.Get(bd.bpath()...)
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
		return layoutOfTerms(osh, ost)
	}
	osh, ost := s.composeLeaf(ash, ast, s.term(bs), s.term(bd))
	if s.err != nil {
		return Layout{}
	}
	return layoutOfTerms(osh, ost)
}

// composeLeaf composes the coalesced A (modes ash:ast) with the mode rs:rd.
func (s *symCalc) composeLeaf(ash, ast []Term, rs, rd Term) (osh, ost []Term) {
	n := len(ash)
	if isZero(rd) {
		return []Term{rs}, []Term{rd}
	}
	if n == 1 {
		return []Term{rs}, []Term{s.mul(ast[0], rd)}
	}
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

// SymComplement is ComplementTo for layouts with symbolic leaves. The
// strides must be ordered by their terms (a stride a multiple of another
// is larger, symbols being positive).
func SymComplement(l Layout, cotarget IntTuple) (SymResult, error) {
	s := &symCalc{op: "complement"}
	r := s.complement(l, cotarget)
	return s.result(r)
}

func (s *symCalc) complement(l Layout, cotarget IntTuple) Layout {
	if hasBasisStride(l.stride) {
		s.fail("basis strides are not computed with symbols")
		return Layout{}
	}
	sh, st := s.flatTerms(l)
	// Filter: drop extent-1 and stride-0 modes.
	var fsh, fst []Term
	for i := range sh {
		if isOne(sh[i]) || isZero(st[i]) {
			continue
		}
		fsh, fst = append(fsh, sh[i]), append(fst, st[i])
	}
	order, ok := s.sortByStride(fst)
	if !ok {
		return Layout{}
	}
	var osh, ost []Term
	covered := Term{Coef: 1, Div: 1}
	for _, i := range order {
		gap, ok := s.exactQuo(fst[i], covered)
		if !ok {
			s.fail("cannot decide whether %s divides the stride %s (complement)", covered.Plain(), fst[i].Plain())
			return Layout{}
		}
		if e := fsh[i]; !e.IsInt() && !isOne(gap) && abs(e.Coef)*e.KnownDivisor() <= 1 {
			// The static algebra drops a mode of extent 1, which leaves no
			// gap before the next; a symbol may be 1.
			s.fail("cannot decide whether the extent %s is 1 (a fact such as %s{div=2} decides it)", e.Plain(), e.Names[0])
			return Layout{}
		}
		osh, ost = append(osh, gap), append(ost, covered)
		covered = s.mul(fsh[i], fst[i])
	}
	// The rest: ceil_div of the cotarget by what is covered, folded across
	// the cotarget's modes, laid out compactly from covered.
	b := covered
	cts := leaves(cotarget)
	for k, c := range cts {
		ct := s.term(c)
		var r Term
		r, b = s.ceilDivFold(ct, b, k == len(cts)-1)
		osh, ost = append(osh, r), append(ost, covered)
		covered = s.mul(covered, r)
		if s.err != nil {
			return Layout{}
		}
	}
	osh, ost = s.coalesceTerms(osh, ost, false)
	if len(osh) == 1 && isOne(osh[0]) {
		return Layout{Int(1), Int(0)}
	}
	return layoutOfTerms(osh, ost)
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
		q, _ := s.exactQuo(a, b)
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
		return SymbolTerm("?"+strconv.Itoa(s.fresh), 1), one
	}
	s.fail("cannot decide ceil_div(%s, %s)", a.Plain(), b.Plain())
	return one, one
}

// sortByStride orders the modes by stride. ok is false (and the failure
// recorded) when two strides cannot be ordered from their terms.
func (s *symCalc) sortByStride(st []Term) ([]int, bool) {
	order := make([]int, len(st))
	for i := range order {
		order[i] = i
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

// SymLogicalDivide is LogicalDivide for layouts or tilers with symbolic
// leaves: A ∘ (B, B*), with B* the complement of B in the size of A.
func SymLogicalDivide(l Layout, t Tiler) (SymResult, error) {
	s := &symCalc{op: "logical_divide"}
	r := s.logicalDivide(l, t)
	return s.result(r)
}

func (s *symCalc) logicalDivide(l Layout, t Tiler) Layout {
	switch t.form {
	case tileUnderscore:
		return l
	case tileInt:
		return s.divideByLayout(l, Layout{Int(t.n), Int(1)})
	case tileLayout:
		return s.divideByLayout(l, t.layout)
	}
	ms := l.modes()
	if len(t.modes) > len(ms) {
		s.err = errTilerRank(s.op, t, len(ms))
		return Layout{}
	}
	out := make([]Layout, len(ms))
	for i := range ms {
		if i < len(t.modes) {
			out[i] = s.logicalDivide(ms[i], t.modes[i])
		} else {
			out[i] = ms[i]
		}
		if s.err != nil {
			return Layout{}
		}
	}
	return Concat(out...)
}

func (s *symCalc) divideByLayout(l, tile Layout) Layout {
	sh, st := s.flatTerms(l)
	csh, _ := s.coalesceTerms(sh, st, false)
	cot := make([]IntTuple, len(csh))
	for i, x := range csh {
		cot[i] = Sym(x)
	}
	cotarget := Tuple(cot...)
	if len(cot) == 1 {
		cotarget = cot[0]
	}
	rest := s.complement(tile, cotarget)
	if s.err != nil {
		return Layout{}
	}
	return s.compose(l, Concat(tile, rest))
}

// SymZippedDivide, SymTiledDivide and SymFlatDivide are the divides of
// divide.go on symbolic layouts, rearranged as the static ones are.
func SymZippedDivide(l Layout, t Tiler) (SymResult, error) {
	return symDivideThen("zipped_divide", l, t, func(r Layout) (Layout, error) { return tileUnzip("zipped_divide", r, t) })
}

// SymTiledDivide: see SymZippedDivide.
func SymTiledDivide(l Layout, t Tiler) (SymResult, error) {
	return symDivideThen("tiled_divide", l, t, func(r Layout) (Layout, error) {
		z, err := tileUnzip("tiled_divide", r, t)
		return unpack(z, false), err
	})
}

// SymFlatDivide: see SymZippedDivide.
func SymFlatDivide(l Layout, t Tiler) (SymResult, error) {
	return symDivideThen("flat_divide", l, t, func(r Layout) (Layout, error) {
		z, err := tileUnzip("flat_divide", r, t)
		return unpack(z, true), err
	})
}

func symDivideThen(op string, l Layout, t Tiler, f func(Layout) (Layout, error)) (SymResult, error) {
	s := &symCalc{op: op}
	r := s.logicalDivide(l, t)
	if s.err != nil {
		return SymResult{}, s.err
	}
	z, err := f(r)
	if err != nil {
		return SymResult{}, err
	}
	return SymResult{Layout: z, Obligations: s.obl}, nil
}

// SymCrd2Idx is the offset of a coordinate congruent with l's shape: the
// sum of coordinate times stride, a term when the terms add up to one
// (same symbols), and undecided otherwise.
func SymCrd2Idx(crd IntTuple, l Layout) (IntTuple, error) {
	s := &symCalc{op: "crd2idx"}
	if !Congruent(crd, l.shape) {
		return IntTuple{}, errCoord("crd2idx", crd, l.shape)
	}
	cs := leaves(crd)
	_, st := s.flatTerms(l)
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

// String lists the obligations, "128 | M, 32 | K".
func (r SymResult) String() string {
	parts := make([]string, len(r.Obligations))
	for i, o := range r.Obligations {
		parts[i] = o.String()
	}
	return fmt.Sprintf("%s [%s]", r.Layout, strings.Join(parts, ", "))
}

// SymComposeTiler is ComposeTiler for layouts with symbolic leaves: a
// layout tile composes as SymCompose, an integer N as N:1, _ keeps A, and a
// tuple of tiles composes mode by mode, dropping the modes of A it does not
// reach, as the static ComposeTiler does.
func SymComposeTiler(a Layout, t Tiler) (SymResult, error) {
	s := &symCalc{op: "composition"}
	r := s.composeTiler(a, t)
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
	return Concat(out...)
}
