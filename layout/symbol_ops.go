package layout

import (
	"fmt"
	"strconv"
	"strings"
	"sync"
)

// The algebra over symbolic leaves (symbol_term.go): this file holds what
// its operations share; symbol_compose.go, symbol_complement.go,
// symbol_divide.go, symbol_product.go, symbol_local.go and symbol_poly.go
// hold the operations. They compute with terms exactly where the result is the same for every value
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

// symResult is a symbolic result and the obligations it holds under.
type symResult struct {
	Layout      Layout
	Obligations []Obligation
}

// symCalc computes with terms for one operation.
type symCalc struct {
	op    string
	err   *Error
	obl   []Obligation
	fresh int
	// residue marks the conditions required while it is set as a
	// partial tile's (Obligation.Residue).
	residue bool
	// quotients are the fresh unknowns that stand for a quotient a/b of
	// terms, whose conditions are stated on a and b (the first ones in
	// quotientBuf).
	quotients   []string
	quotientBuf [2]string
	// ones are the conditions that a mode of a complement's result is not
	// 1, which the complement states (a divide or a product keeps such a
	// mode): gathered only with wantOnes.
	ones     []Obligation
	wantOnes bool
	// arena holds the term lists of the steps (terms) and leaves the
	// symbolic leaves of the results (sym): a few allocations an operation
	// rather than one a list and one a leaf.
	arena  *termArena
	leaves symLeaves
	// basis lets the strides of the divided layout be basis elements k@p
	// (a coordinate tensor): a term k·@p over a name of its direction
	// (basisTerm), carried through the divide as a symbol that is no
	// other, and a basis leaf again in the result (anonymous).
	basis bool
	// tuples holds the elements of the tuples the operation builds, its
	// result's and the steps': one array an operation rather than one a
	// tuple, from the scratch when the operation has one (newSymCalc; its
	// result is then copied out, compactResult).
	tuples []IntTuple
}

// concatModes is concatModes with the elements from the operation's
// array of tuple elements (its scratch: see result).
func (s *symCalc) concatModes(n int) (sh, st []IntTuple) {
	if s.tuples == nil && s.arena != nil {
		s.tuples = s.arena.tuples[:0]
	}
	if cap(s.tuples)-len(s.tuples) < 2*n {
		s.tuples = make([]IntTuple, 0, max(2*n, 2*cap(s.tuples), 24))
	}
	k := len(s.tuples)
	s.tuples = s.tuples[:k+2*n]
	return s.tuples[k : k+n : k+n], s.tuples[k+n : k+2*n : k+2*n]
}

// concat is Concat with the elements from the operation's array.
func (s *symCalc) concat(ls ...Layout) Layout {
	sh, st := s.concatModes(len(ls))
	for i, l := range ls {
		sh[i], st[i] = l.shape, l.stride
	}
	return Layout{Tuple(sh...), Tuple(st...)}
}

// termArena is the scratch of an operation: its term lists (buf), the
// elements of the tuples it builds (tuples) and its symbolic leaves
// (leaves). Nothing outlives the operation: a result is copied out of the
// scratch (compactResult), and its leaves and obligations copy their
// terms; so the scratch goes back to termArenas when the operation is done.
type termArena struct {
	buf    []Term
	tuples []IntTuple
	leaves symLeaves
}

var termArenas = sync.Pool{New: func() any { return new(termArena) }}

// maxScratch bounds the arrays a scratch keeps for the next operation.
const maxScratch = 1 << 12

// newSymCalc starts the operation op; done ends it. Its tuples and leaves
// come from the scratch (concatModes, layoutOfTerms), so whatever it
// returns goes through compactResult.
func newSymCalc(op string) *symCalc {
	a := termArenas.Get().(*termArena)
	a.buf = a.buf[:0]
	return &symCalc{op: op, arena: a}
}

// done gives the scratch back: nothing the operation returns may refer to
// it after this. The scratch keeps the largest arrays the operation used.
func (s *symCalc) done() {
	a := s.arena
	if c := cap(s.tuples); c > cap(a.tuples) && c <= maxScratch {
		a.tuples = s.tuples[:0]
	}
	if c := cap(s.leaves); c > cap(a.leaves) && c <= maxScratch {
		a.leaves = s.leaves[:0]
	}
	termArenas.Put(a)
	s.arena, s.tuples, s.leaves = nil, nil, nil
}

// terms returns an empty list of capacity n from the operation's arena;
// appending past n moves it to a new array, as with any slice.
func (s *symCalc) terms(n int) []Term {
	a := s.arena
	if a == nil {
		return make([]Term, 0, n)
	}
	if n > cap(a.buf)-len(a.buf) {
		a.buf = make([]Term, 0, max(n, 64, 2*cap(a.buf)))
	}
	k := len(a.buf)
	a.buf = a.buf[:k+n]
	return a.buf[k : k : k+n]
}

// symbolicTerms is the number of terms of ts that are not integers.
func symbolicTerms(ts []Term) int {
	n := 0
	for _, t := range ts {
		if !t.IsInt() || t.Div > 1 && t.Coef%t.Div != 0 {
			n++
		}
	}
	return n
}

// sym is Sym with the leaf taken from the operation's arena.
func (s *symCalc) sym(t Term) IntTuple { return s.leaves.sym(t) }

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
	if t, ok := l.Term(); ok {
		return t
	}
	if l.Kind() == KindDynamic {
		s.fresh++
		return SymbolTerm(freshName(s.fresh), max(l.val, 1))
	}
	if s.basis && l.Kind() == KindBasis && !l.IsDynamic() {
		return basisTerm(l.val, l.bpath())
	}
	s.fail("the leaf %s is not an integer or a symbolic term", l)
	return Term{Coef: 1, Div: 1}
}

// freshNames are the names of the first fresh symbols, ?1 to ?15.
var freshNames = func() (n [16]string) {
	for i := range n {
		n[i] = "?" + strconv.Itoa(i)
	}
	return n
}()

// freshName is the name of the k-th fresh symbol, ?k.
func freshName(k int) string {
	if k >= 0 && k < len(freshNames) {
		return freshNames[k]
	}
	return "?" + strconv.Itoa(k)
}

// leaf converts a term back: a term over fresh symbols is the anonymous ?
// with the term's known divisor.
func leafOfTerm(t Term) IntTuple {
	if t.hasUnnamed() {
		return dynWith(0, t.KnownDivisor())
	}
	return Sym(t)
}

// hasUnnamed reports whether a symbol of t stands for a ? (?1, ?2, …).
func (t *Term) hasUnnamed() bool {
	for _, n := range t.Names {
		if strings.HasPrefix(n, "?") {
			return true
		}
	}
	return false
}

func (s *symCalc) mul(a, b Term) Term {
	if len(a.Names) == 0 && len(b.Names) == 0 && a.Div == 1 && b.Div == 1 {
		// Two integers, most products: Mul's result without its steps.
		if p, ok := mulOK(a.Coef, b.Coef); ok {
			return Term{Coef: p, Div: 1}
		}
	}
	r, ok := a.Mul(b)
	if !ok {
		s.failStatic(CodeOverflow, "the product of %s and %s overflows int64 or has more than %d symbols", a.Plain(), b.Plain(), MaxSymbols)
	}
	return r
}

// require records the obligation d | t, unless it is evident: static and
// true (static and false is an error), or t a multiple of d term by term.
func (s *symCalc) require(d, t Term) {
	if d.hasBasis() || t.hasBasis() {
		s.fail("a condition on the basis stride %s or %s is not computed with symbols", d.Plain(), t.Plain())
		return
	}
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
	o := Obligation{Op: s.op, D: d, T: t, Residue: s.residue}
	for i, p := range s.obl {
		if p.sameCondition(o) {
			s.obl[i].Residue = p.Residue && o.Residue // a condition anything else needs is one
			return
		}
		// 12 | T and 48 | T are 48 | T: one obligation per term.
		if p.Rel == RelDivides && d.IsInt() && p.D.IsInt() && p.T.Equal(t) && d.Coef != 0 && p.D.Coef != 0 {
			var c calc
			a, b := abs(d.Coef), abs(p.D.Coef)
			if l := c.mul(a/gcd(a, b), b); c.err == nil {
				s.obl[i].D = Term{Coef: l, Div: 1}
				s.obl[i].Residue = p.Residue && o.Residue
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
	if l.shape.elems == nil && l.stride.elems == nil {
		// One mode, as a tile often is.
		return append(s.terms(1), s.term(l.shape)), append(s.terms(1), s.term(l.stride))
	}
	sh = s.appendTerms(s.terms(countLeaves(l.shape)), l.shape)
	st = s.appendTerms(s.terms(countLeaves(l.stride)), l.stride)
	return sh, st
}

// appendTerms appends the terms of the leaves of t to dst.
func (s *symCalc) appendTerms(dst []Term, t IntTuple) []Term {
	if t.Kind() != KindTuple {
		return append(dst, s.term(t))
	}
	for _, e := range t.elems {
		dst = s.appendTerms(dst, e)
	}
	return dst
}

// countLeaves is the number of leaves of t.
func countLeaves(t IntTuple) int {
	if t.Kind() != KindTuple {
		return 1
	}
	n := 0
	for _, e := range t.elems {
		n += countLeaves(e)
	}
	return n
}

// coalesceTerms is CuTe's bw_coalesce on terms: extent-1 modes dropped,
// s:d followed by s2:d2 merged when d2 = s·d as terms. With extended, the
// last mode keeps a stride when its extent is 1 (coalesce_x).
func (s *symCalc) coalesceTerms(sh, st []Term, extended bool) (osh, ost []Term) {
	n := len(sh)
	if n == 0 {
		return append(s.terms(1), Term{Coef: 1, Div: 1}), append(s.terms(1), Term{Div: 1})
	}
	last := sh[n-1]
	if extended && isOne(last) {
		last = Term{Coef: 2, Div: 1}
	}
	osh, ost = append(s.terms(n), last), append(s.terms(n), st[n-1])
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

func (s *symCalc) layoutOfTerms(sh, st []Term) Layout {
	if s.leaves == nil && s.arena != nil {
		s.leaves = s.arena.leaves[:0]
	}
	s.leaves.reserve(symbolicTerms(sh) + symbolicTerms(st))
	if len(sh) == 1 {
		return Layout{s.sym(sh[0]), s.sym(st[0])}
	}
	a, b := s.concatModes(len(sh))
	for i := range sh {
		a[i], b[i] = s.sym(sh[i]), s.sym(st[i])
	}
	return Layout{Tuple(a...), Tuple(b...)}
}

func (s *symCalc) result(l Layout) (symResult, error) {
	if s.err != nil {
		return symResult{}, s.err
	}
	return symResult{Layout: compactResult(l), Obligations: s.obl}, nil
}

// compactResult is anonymous(l) in memory of its own: its tuples'
// elements in one array and its symbolic leaves in another, each of the
// size it needs, so that a result refers to nothing of the scratch of the
// operation that built it (newSymCalc), which the next operation reuses.
func compactResult(l Layout) Layout {
	var nt, nl int
	countCompact(&l.shape, &nt, &nl)
	countCompact(&l.stride, &nt, &nl)
	var c compactor
	// One allocation for both arrays where they are small, as most
	// results are.
	switch {
	case nt <= 4 && nl <= 1:
		p := new(struct {
			t [4]IntTuple
			l [1]symLeaf
		})
		c.tuples, c.leaves = p.t[:0], p.l[:0]
	case nt <= 8 && nl <= 2:
		p := new(struct {
			t [8]IntTuple
			l [2]symLeaf
		})
		c.tuples, c.leaves = p.t[:0], p.l[:0]
	case nt <= 16 && nl <= 4:
		p := new(struct {
			t [16]IntTuple
			l [4]symLeaf
		})
		c.tuples, c.leaves = p.t[:0], p.l[:0]
	default:
		c.tuples, c.leaves = make([]IntTuple, 0, nt), make(symLeaves, 0, nl)
	}
	var r Layout
	c.copyTo(&r.shape, &l.shape)
	c.copyTo(&r.stride, &l.stride)
	return r
}

// countCompact adds to nt the number of tuple elements of t and to nl the
// number of its symbolic leaves.
func countCompact(t *IntTuple, nt, nl *int) {
	switch {
	case t.elems != nil:
		*nt += len(t.elems)
		for i := range t.elems {
			countCompact(&t.elems[i], nt, nl)
		}
	case t.leaf != nil && t.leaf.sym != nil:
		*nl++
	}
}

// compactor copies trees into the arrays compactResult sized.
type compactor struct {
	tuples []IntTuple
	leaves symLeaves
}

// copyTo writes the copy of t to dst.
func (c *compactor) copyTo(dst, t *IntTuple) {
	switch {
	case t.elems != nil:
		k, n := len(c.tuples), len(t.elems)
		c.tuples = c.tuples[:k+n]
		elems := c.tuples[k : k+n : k+n]
		for i := range t.elems {
			c.copyTo(&elems[i], &t.elems[i])
		}
		*dst = IntTuple{elems: elems}
	case t.leaf == nil || t.leaf.sym == nil:
		*dst = *t // an integer, or a leaf no operation builds in its scratch
	default:
		a := anonymousLeaf(*t)
		if !a.IsSymbolic() {
			*dst = a
			return
		}
		c.leaves = c.leaves[:len(c.leaves)+1]
		l := &c.leaves[len(c.leaves)-1]
		l.term, l.info = *a.leaf.sym, *a.leaf
		l.info.sym = &l.term
		*dst = IntTuple{val: a.val, leaf: &l.info}
	}
}

// anonymous turns the terms over the names of ? (?1, ?2, ..., given by
// named and to fresh unknowns) back into ?, with their known divisors: a
// result's leaves; inside an operation they keep their names, so that the
// same ? is one symbol throughout.
func anonymous(l Layout) Layout { return anonymousIn(l, nil) }

// anonymousIn is anonymous with the copied tuples' elements from arena
// (mapLeavesIn).
func anonymousIn(l Layout, arena *[]IntTuple) Layout {
	return Layout{mapLeavesIn(l.shape, anonymousLeaf, arena), mapLeavesIn(l.stride, anonymousLeaf, arena)}
}

// anonymousTuple is anonymous on the leaves of a tuple.
func anonymousTuple(t IntTuple) IntTuple { return mapLeaves(t, anonymousLeaf) }

// anonymousLeaf is anonymous on one leaf.
func anonymousLeaf(t IntTuple) IntTuple {
	if !t.IsSymbolic() {
		return t
	}
	x := t.leaf.sym
	unnamed := false // x.hasUnnamed(), read with x.hasBasis() in one pass
	for _, n := range x.Names {
		switch {
		case strings.HasPrefix(n, "@"):
			return basisLeafOfTerm(*x)
		case strings.HasPrefix(n, "?"):
			unnamed = true
		}
	}
	// A symbolic leaf is built by Sym, normalized, with its known
	// divisor: one over named symbols only is its own leafOfTerm.
	if unnamed || t.val != x.KnownDivisor() {
		return leafOfTerm(*x)
	}
	return t
}

// symCoalesce is Coalesce on a layout with symbolic leaves: 192*N:1 for
// (192,N):(1,192). It needs no obligation.
func symCoalesce(l Layout) (symResult, error) {
	s := newSymCalc("coalesce")
	defer s.done()
	sh, st := s.flatTerms(s.named(l))
	osh, ost := s.coalesceTerms(sh, st, false)
	if len(osh) == 1 && isOne(osh[0]) {
		return s.result(unitLayout)
	}
	return s.result(s.layoutOfTerms(osh, ost))
}

// symSize is the size of a shape with symbolic leaves, a term:
// size((M{div=8},4)) is 4*M{div=8}, whose known divisor is 32.
func symSize(shape IntTuple) (IntTuple, error) {
	s := newSymCalc("size")
	defer s.done()
	p := Term{Coef: 1, Div: 1}
	visitLeaves(s.namedTuple(shape), func(x IntTuple) { p = s.mul(p, s.term(x)) })
	if s.err != nil {
		return IntTuple{}, s.err
	}
	return leafOfTerm(p), nil
}

// String lists the obligations, "128 | M, 32 | K".
func (r symResult) String() string {
	parts := make([]string, len(r.Obligations))
	for i, o := range r.Obligations {
		parts[i] = o.String()
	}
	return fmt.Sprintf("%s [%s]", r.Layout, strings.Join(parts, ", "))
}

// namedTuple gives each ? of t a name of its own, ?1, ?2, ... in order,
// with its divisor as the fact, so that the operation sees one symbol for
// each ? wherever its leaf goes (anonymous turns them back into ?).
func (s *symCalc) namedTuple(t IntTuple) IntTuple {
	if !t.HasAnonymous() {
		return t
	}
	return mapLeaves(t, func(l IntTuple) IntTuple {
		if l.Kind() != KindDynamic || l.IsSymbolic() {
			return l
		}
		s.fresh++
		return symbol(freshName(s.fresh), max(l.val, 1))
	})
}

// sameTiler reports whether namedTiler left the tiler a as it was, b.
func sameTiler(a, b Tiler) bool {
	switch {
	case a.form != b.form || a.n != b.n || len(a.modes) != len(b.modes):
		return false
	case a.form == tileLayout:
		return sameNode(a.layout.shape, b.layout.shape) && sameNode(a.layout.stride, b.layout.stride)
	case a.form == tileTuple:
		return len(a.modes) == 0 || &a.modes[0] == &b.modes[0]
	}
	return true
}

// named is namedTuple on a layout's shape, then its stride.
func (s *symCalc) named(l Layout) Layout {
	return Layout{s.namedTuple(l.shape), s.namedTuple(l.stride)}
}

// namedTiler is namedTuple on the layouts of a tiler.
func (s *symCalc) namedTiler(t Tiler) Tiler {
	switch t.form {
	case tileLayout:
		t.layout = s.named(t.layout)
	case tileTuple:
		var modes []Tiler // a copy once a mode has a ? to name
		for i, m := range t.modes {
			n := s.namedTiler(m)
			if modes == nil {
				if sameTiler(n, m) {
					continue
				}
				modes = make([]Tiler, len(t.modes))
				copy(modes, t.modes[:i])
			}
			modes[i] = n
		}
		if modes != nil {
			t.modes = modes
		}
	}
	return t
}

// basisTerm is the basis element c@path as a term: c times the name of
// its direction, "@" and the path, which no symbol is (names are
// identifiers and ?k): two directions never merge, and a count multiplies
// as a term does.
func basisTerm(c int64, path []int) Term {
	b := make([]byte, 0, 8)
	for _, p := range path {
		b = strconv.AppendInt(append(b, '@'), int64(p), 10)
	}
	return Term{Coef: c, Div: 1}.mulSymbol(string(b), 1)
}

// hasBasis reports whether a name of t is a basis direction (basisTerm).
func (t Term) hasBasis() bool {
	for _, n := range t.Names {
		if strings.HasPrefix(n, "@") {
			return true
		}
	}
	return false
}

// basisLeafOfTerm is the basis leaf of a term with a direction: c@path
// where the rest of the term is the integer c, ?@path where it has a
// symbol (a count the dialect knows only at run time).
func basisLeafOfTerm(t Term) IntTuple {
	var path []int
	rest := Term{Coef: t.Coef, Div: t.Div}
	for _, n := range t.Names {
		if strings.HasPrefix(n, "@") && path == nil {
			for _, f := range strings.Split(n[1:], "@") {
				v, _ := strconv.Atoi(f)
				path = append(path, v)
			}
			continue
		}
		rest.Names = append(rest.Names, n)
	}
	if div := max(rest.Div, 1); rest.IsInt() && rest.Coef%div == 0 {
		return Basis(rest.Coef/div, path...)
	}
	return DynamicBasis(path...)
}
