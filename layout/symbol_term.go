package layout

import (
	"slices"
	"strconv"
)

// Symbolic leaves. A leaf of a shape, stride, coordinate or tile may be a
// named value known only at run time: a symbol such as M or lda, a product
// of an integer and symbols (32*lda, 4*M*N), or such a product divided by an
// integer (M/128). Every symbol stands for a positive integer (extents,
// leading dimensions and tile counts are; a negative stride is written with
// a negative coefficient, -1*lda).
//
// A symbolic leaf is a Term, a monomial c·x1·…·xk/d, carried by a dynamic
// leaf: it is a KindDynamic leaf whose leafInfo holds the term, and whose
// val holds the divisor known for its value (see Term.KnownDivisor). The
// anonymous dynamic leaf ? is the case without a term, so every operation
// that handles ? handles a symbol at least as well: where an operation does
// not compute with symbols (see symbol_ops.go for those that do), a symbol
// goes through it as the ? with the same divisor.
//
// The canonical spelling of a term is the integer coefficient first, then
// the symbols in lexicographic order, joined by *, then /d; no spaces, and a
// coefficient of 1 omitted: 32*lda, 4*M*N, M/128, -1*lda. Each symbol may
// carry a fact, the divisor it is known to have, written as the dialect
// writes a dynamic leaf's: M{div=128}. The fact is knowledge about the
// symbol, not part of the value: a leaf prints as its plain term (4*M), and
// carries its known divisor (32 for 4*M where 8 | M) as the dialect's ?
// carries its div. Term.String shows the facts: 4*M{div=8}.

// Term is a monomial Coef·Names[0]·…·Names[k-1]/Div over symbols, with the
// known divisor of each symbol in Facts (1 when none is known). Names is
// sorted and may repeat a name (M*M). Div is at least 1; a term is only
// meaningful where Div divides the product, which is a condition its
// producer records (an obligation) when it is not evident.
type Term struct {
	Coef  int64
	Names []string
	Facts []int64 // Facts[i] divides the value of Names[i]; 1 when unknown
	Div   int64
}

// newTerm returns the term coef·names/div with no facts, normalized.
func newTerm(coef int64, div int64, names ...string) Term {
	t := Term{Coef: coef, Div: div}
	for _, n := range names {
		t = t.mulSymbol(n, 1)
	}
	return t.normal()
}

// SymbolTerm returns the term of the symbol name with the fact div (0 or 1:
// none).
func SymbolTerm(name string, div int64) Term {
	names, facts := termSlices(1)
	names[0], facts[0] = name, max(div, 1)
	return Term{Coef: 1, Names: names, Facts: facts, Div: 1}
}

// termSlices returns the Names and Facts of a term of n symbols, of length
// and capacity n, in one allocation for up to four symbols (the terms of
// kernels have one to three). A term's slices are never written once it is
// built, so terms share them freely (Mul, Quo).
func termSlices(n int) ([]string, []int64) {
	switch {
	case n == 0:
		return nil, nil
	case n == 1:
		p := new(struct {
			names [1]string
			facts [1]int64
		})
		return p.names[:], p.facts[:]
	case n == 2:
		p := new(struct {
			names [2]string
			facts [2]int64
		})
		return p.names[:], p.facts[:]
	case n <= 4:
		p := new(struct {
			names [4]string
			facts [4]int64
		})
		return p.names[:n:n], p.facts[:n:n]
	}
	return make([]string, n), make([]int64, n)
}

// IsInt reports whether t has no symbols; its value is then Coef (a
// normalized term with no symbols has Div 1).
func (t Term) IsInt() bool { return len(t.Names) == 0 }

// mulSymbol returns t times the symbol name with the fact f, keeping Names
// sorted.
func (t Term) mulSymbol(name string, f int64) Term {
	i, _ := slices.BinarySearch(t.Names, name)
	names, facts := termSlices(len(t.Names) + 1)
	copy(names, t.Names[:i])
	copy(facts, t.Facts[:i])
	names[i], facts[i] = name, max(f, 1)
	copy(names[i+1:], t.Names[i:])
	copy(facts[i+1:], t.Facts[i:])
	t.Names, t.Facts = names, facts
	return t
}

// normal reduces Coef/Div to lowest terms, makes Div positive, and gives
// every occurrence of a name the strongest fact any occurrence has.
func (t Term) normal() Term {
	t.norm()
	return t
}

// norm makes t normal in place; an integer, the most common term, at
// once (norm is inlined).
func (t *Term) norm() {
	if t.Div == 1 && t.Coef != 0 && len(t.Names) == 0 {
		return
	}
	t.normalize()
}

// normalize is norm for any term.
func (t *Term) normalize() {
	switch {
	case t.Div == 1:
		// Lowest terms already: the common case, no division.
	case t.Div == 0:
		t.Div = 1
	default:
		if t.Div < 0 {
			t.Div, t.Coef = -t.Div, -t.Coef
		}
		if g := gcd(t.Coef, t.Div); g > 1 {
			t.Coef, t.Div = t.Coef/g, t.Div/g
		}
	}
	if t.Coef == 0 {
		*t = Term{Div: 1}
		return
	}
	// Names is sorted: the occurrences of a name are adjacent. A name that
	// occurs once keeps its fact (at least 1); a repeated one gets the lcm
	// of its occurrences' facts.
	cloned := false
	for i := 0; i < len(t.Names); {
		j := i + 1
		for j < len(t.Names) && t.Names[j] == t.Names[i] {
			j++
		}
		f := max(t.Facts[i], 1)
		for k := i + 1; k < j; k++ {
			f = lcmCapped(f, t.Facts[k])
		}
		for k := i; k < j; k++ {
			if t.Facts[k] != f {
				if !cloned {
					t.Facts, cloned = slices.Clone(t.Facts), true
				}
				t.Facts[k] = f
			}
		}
		i = j
	}
}

// CombineFacts is the fact of a symbol known to be divisible by a and by
// b: lcm(a, b); ok is false when the lcm overflows int64, where no fact
// holds both and the caller reports it (E0701) rather than drop one. 0 and
// 1 are no fact.
func CombineFacts(a, b int64) (l int64, ok bool) {
	a, b = max(a, 1), max(b, 1)
	var c calc
	l = c.mul(a/gcd(a, b), b)
	return l, c.err == nil
}

// lcmCapped is lcm(a, b), or the larger of the two when it overflows (a
// weaker fact, still true).
func lcmCapped(a, b int64) int64 {
	a, b = max(a, 1), max(b, 1)
	if a == b || b == 1 {
		return a
	}
	if a == 1 {
		return b
	}
	var c calc
	l := c.mul(a/gcd(a, b), b)
	if c.err != nil {
		return max(a, b)
	}
	return l
}

// MaxSymbols bounds the number of symbols (with multiplicity) of a term,
// so that hostile input cannot grow one without bound.
const MaxSymbols = 64

// Mul returns the product of two terms. ok is false when the coefficient or
// the divisor overflows, or the product has more than MaxSymbols symbols.
func (t Term) Mul(u Term) (Term, bool) {
	if len(u.Names) == 0 && u.Div == 1 && t.Div == 1 && len(t.Names) <= MaxSymbols {
		// Times an integer, the common case: t's symbols as they are.
		p, ok := mulOK(t.Coef, u.Coef)
		if !ok {
			return Term{}, false
		}
		t.Coef = p
		t.norm()
		return t, true
	}
	if len(t.Names)+len(u.Names) > MaxSymbols {
		return Term{}, false
	}
	var c calc
	r := Term{Coef: c.mul(t.Coef, u.Coef), Div: c.mul(max(t.Div, 1), max(u.Div, 1))}
	if c.err != nil {
		return Term{}, false
	}
	r.Names, r.Facts = mergeSymbols(t, u)
	r.norm()
	return r, true
}

// mergeSymbols returns the sorted symbols of t and u with their facts,
// sharing the slices of one of them when the other has none.
func mergeSymbols(t, u Term) ([]string, []int64) {
	switch {
	case len(u.Names) == 0:
		return t.Names, t.Facts
	case len(t.Names) == 0:
		return u.Names, u.Facts
	}
	names, facts := termSlices(len(t.Names) + len(u.Names))
	// The order of inserting u's names one by one before the equal
	// names already there: a run of one name of u, last first, then t's.
	i, j, k := 0, 0, 0
	for k < len(names) {
		if j < len(u.Names) && (i == len(t.Names) || u.Names[j] <= t.Names[i]) {
			e := j + 1
			for e < len(u.Names) && u.Names[e] == u.Names[j] {
				e++
			}
			for r := e - 1; r >= j; r-- {
				names[k], facts[k] = u.Names[r], max(u.Facts[r], 1)
				k++
			}
			j = e
			continue
		}
		names[k], facts[k] = t.Names[i], t.Facts[i]
		i++
		k++
	}
	return names, facts
}

// DivInt returns t/k for a positive integer k: the exact quotient where k
// divides Coef, else a term with a larger Div.
func (t Term) DivInt(k int64) (Term, bool) {
	var c calc
	r := t
	r.Div = c.mul(max(t.Div, 1), k)
	if c.err != nil || k <= 0 {
		return Term{}, false
	}
	r.norm()
	return r, true
}

// Quo returns t/u when the quotient is a term whose symbols are exactly
// determined: every symbol of u occurs in t as often. ok is false
// otherwise. The quotient may carry a Div (t = 4*M, u = 8 gives M/2).
func (t Term) Quo(u Term) (Term, bool) {
	if u.Coef == 0 {
		return Term{}, false
	}
	names, facts := t.Names, t.Facts
	if len(u.Names) > 0 {
		// Both lists are sorted: u's symbols must be among t's, with
		// multiplicity; the quotient keeps the others (of a repeated name,
		// the last occurrences).
		n := len(t.Names) - len(u.Names)
		if n < 0 || !containsSymbols(t.Names, u.Names) {
			return Term{}, false
		}
		names, facts = termSlices(n)
		k, j := 0, 0
		for i, name := range t.Names {
			if j < len(u.Names) && name == u.Names[j] {
				j++
				continue
			}
			names[k], facts[k] = name, t.Facts[i]
			k++
		}
	}
	var c calc
	r := Term{Coef: c.mul(t.Coef, max(u.Div, 1)), Div: c.mul(max(t.Div, 1), u.Coef), Names: names, Facts: facts}
	if c.err != nil {
		return Term{}, false
	}
	r.norm()
	return r, true
}

// containsSymbols reports whether the sorted list sub is part of the sorted
// list names, a name occurring in sub as often as in names at most.
func containsSymbols(names, sub []string) bool {
	j := 0
	for _, name := range names {
		if j == len(sub) {
			return true
		}
		switch {
		case name == sub[j]:
			j++
		case sub[j] < name:
			return false
		}
	}
	return j == len(sub)
}

// SameMonomial reports whether t and u are the same product of symbols (their
// coefficients may differ).
func (t Term) SameMonomial(u Term) bool { return slices.Equal(t.Names, u.Names) && t.Div == u.Div }

// Equal reports whether t and u are the same term (facts aside: a fact is
// knowledge about the symbol, not part of the value).
func (t Term) Equal(u Term) bool { return t.Coef == u.Coef && t.SameMonomial(u) }

// KnownDivisor is the largest integer the facts show to divide every value
// of t: with F the product of the facts, t·Div = Coef·(product of the
// symbols), a multiple of Coef·F, so t is a multiple of Coef·F/gcd(Coef·F,
// Div). It is at least 1.
func (t Term) KnownDivisor() int64 {
	var c calc
	n := abs(t.Coef)
	for _, f := range t.Facts {
		m := c.mul(n, f)
		if c.err != nil {
			break
		}
		n = m
	}
	if n == 0 {
		return 0
	}
	if t.Div <= 1 {
		return n
	}
	return max(n/gcd(n, t.Div), 1)
}

// Symbols returns the distinct symbols of t with their facts.
func (t Term) Symbols() map[string]int64 {
	m := map[string]int64{}
	for i, n := range t.Names {
		m[n] = t.Facts[i]
	}
	return m
}

// String returns the canonical spelling of t, with each symbol's fact.
func (t Term) String() string { return string(t.appendText(nil, true)) }

// Plain returns the canonical spelling of t without facts: 4*M, M/128.
func (t Term) Plain() string { return string(t.appendText(nil, false)) }

// appendText appends the canonical spelling of t to b, with each symbol's
// fact when facts is set.
func (t Term) appendText(b []byte, facts bool) []byte {
	if len(t.Names) == 0 || t.Coef != 1 {
		b = strconv.AppendInt(b, t.Coef, 10)
		if len(t.Names) > 0 {
			b = append(b, '*')
		}
	}
	for i, n := range t.Names {
		if i > 0 {
			b = append(b, '*')
		}
		b = append(b, n...)
		if facts && t.Facts[i] > 1 && (i == 0 || t.Names[i-1] != n) {
			b = strconv.AppendInt(append(b, "{div="...), t.Facts[i], 10)
			b = append(b, '}')
		}
	}
	if t.Div > 1 {
		b = strconv.AppendInt(append(b, '/'), t.Div, 10)
	}
	return b
}

// Eval returns the value of t when every symbol has a value in env: ok is
// false when a symbol has none, or the value is not an integer (Div does not
// divide the product), or it overflows.
func (t Term) Eval(env map[string]int64) (int64, bool) {
	var c calc
	n := t.Coef
	for _, s := range t.Names {
		v, ok := env[s]
		if !ok {
			return 0, false
		}
		n = c.mul(n, v)
	}
	d := max(t.Div, 1)
	if c.err != nil || n%d != 0 {
		return 0, false
	}
	return n / d, true
}

// Sym returns the leaf of a term: the integer leaf when it has no symbols
// (and Div divides Coef), the symbolic leaf otherwise.
func Sym(t Term) IntTuple { return (*symLeaves)(nil).sym(t) }

// symLeaves is an arena of symbolic leaves: an operation that builds
// several takes them from one array (symCalc.sym). The nil arena
// allocates each leaf on its own.
type symLeaves []symLeaf

// reserve makes room in a for n more leaves, in one array (of at least
// six: an operation's results have a few leaves each).
func (a *symLeaves) reserve(n int) {
	if cap(*a)-len(*a) < n {
		*a = make(symLeaves, 0, max(n, 2*cap(*a), 6))
	}
}

// sym is Sym with the leaf from the arena a.
func (a *symLeaves) sym(t Term) IntTuple {
	t.norm()
	if t.IsInt() && t.Div == 1 {
		return Int(t.Coef)
	}
	// The leaf's information and its term in one allocation.
	var l *symLeaf
	if a == nil {
		l = new(symLeaf)
	} else {
		if len(*a) == cap(*a) {
			*a = make(symLeaves, 0, 4)
		}
		*a = (*a)[:len(*a)+1]
		l = &(*a)[len(*a)-1]
	}
	l.term = t
	l.info = leafInfo{kind: KindDynamic, sym: &l.term}
	return IntTuple{val: t.KnownDivisor(), leaf: &l.info}
}

// SymbolLeaf is Sym(SymbolTerm(name, div)), the leaf of the symbol name
// with the fact div, in one allocation.
func SymbolLeaf(name string, div int64) IntTuple {
	p := new(struct {
		l     symLeaf
		names [1]string
		facts [1]int64
	})
	p.names[0], p.facts[0] = name, max(div, 1)
	p.l.term = Term{Coef: 1, Names: p.names[:], Facts: p.facts[:], Div: 1}
	p.l.info = leafInfo{kind: KindDynamic, sym: &p.l.term}
	return IntTuple{val: p.l.term.KnownDivisor(), leaf: &p.l.info}
}

// symLeaf holds a symbolic leaf's information and the term it points to.
type symLeaf struct {
	info leafInfo
	term Term
}

// symbol returns the leaf of the symbol name with the fact div.
func symbol(name string, div int64) IntTuple { return Sym(SymbolTerm(name, div)) }

// Term returns the term of an integer or symbolic leaf; ok is false for
// every other node (the anonymous ?, basis leaves, tuples).
func (t IntTuple) Term() (Term, bool) {
	switch {
	case t.Kind() == KindInt:
		return Term{Coef: t.val, Div: 1}, true
	case t.leaf != nil && t.leaf.sym != nil:
		return *t.leaf.sym, true
	}
	return Term{}, false
}

// IsSymbolic reports whether the leaf t is a symbolic term.
func (t IntTuple) IsSymbolic() bool { return t.leaf != nil && t.leaf.sym != nil }

// HasSymbols reports whether some leaf of t is a symbolic term.
func (t IntTuple) HasSymbols() bool { return hasSymbols(&t) }

func hasSymbols(t *IntTuple) bool {
	if t.elems == nil {
		return t.leaf != nil && t.leaf.sym != nil
	}
	for i := range t.elems {
		if hasSymbols(&t.elems[i]) {
			return true
		}
	}
	return false
}

// HasSymbols reports whether l's shape or stride has a symbolic leaf.
func (l Layout) HasSymbols() bool { return l.shape.HasSymbols() || l.stride.HasSymbols() }

// HasFacts reports whether a symbol of t has a known divisor (a fact
// above 1): where none has, AddSymbols would add only facts of 1.
func (t IntTuple) HasFacts() bool { return hasFacts(&t) }

func hasFacts(t *IntTuple) bool {
	if t.elems == nil {
		if t.leaf != nil && t.leaf.sym != nil {
			for _, f := range t.leaf.sym.Facts {
				if f > 1 {
					return true
				}
			}
		}
		return false
	}
	for i := range t.elems {
		if hasFacts(&t.elems[i]) {
			return true
		}
	}
	return false
}

// AddSymbols adds the symbols of t, with their facts, to m.
func (t IntTuple) AddSymbols(m map[string]int64) {
	visitLeaves(t, func(l IntTuple) {
		if s, ok := l.Term(); ok {
			for i, n := range s.Names { // Symbols without its map: the last fact of a name
				if !slices.Contains(s.Names[i+1:], n) {
					m[n] = lcmCapped(m[n], s.Facts[i])
				}
			}
		}
	})
}

// substitute returns t with every symbol given a value in env replaced: a
// term whose symbols all have values becomes its integer. ok is false when
// such a term is not an integer (its Div does not divide the product) or
// overflows. Terms with symbols left keep them.
func substitute(t IntTuple, env map[string]int64) (IntTuple, bool) {
	ok := true
	r := mapLeaves(t, func(l IntTuple) IntTuple {
		s, isTerm := l.Term()
		if !isTerm || s.IsInt() {
			return l
		}
		if v, done := s.Eval(env); done {
			return Int(v)
		}
		for _, n := range s.Names {
			if _, has := env[n]; has {
				ok = false // partially assigned: not needed by any caller
			}
		}
		return l
	})
	return r, ok
}

// Substitute is substitute on a layout's shape and stride.
func (l Layout) Substitute(env map[string]int64) (Layout, bool) {
	s, ok1 := substitute(l.shape, env)
	d, ok2 := substitute(l.stride, env)
	return Layout{s, d}, ok1 && ok2
}

// mulTerms is the product of two leaves that are integers or symbolic
// terms, as a leaf; ok is false when either is something else or the
// product overflows.
func mulTerms(a, b IntTuple) (IntTuple, bool) {
	x, ok1 := a.Term()
	y, ok2 := b.Term()
	if !ok1 || !ok2 {
		return IntTuple{}, false
	}
	p, ok := x.Mul(y)
	if !ok {
		return IntTuple{}, false
	}
	return Sym(p), true
}

// HasSymbols reports whether a tile of t has a symbolic leaf.
func (t Tiler) HasSymbols() bool {
	switch t.form {
	case tileLayout:
		return t.layout.HasSymbols()
	case tileTuple:
		for _, m := range t.modes {
			if m.HasSymbols() {
				return true
			}
		}
	}
	return false
}

// HasBasis reports whether a stride has a basis leaf.
func (t IntTuple) HasBasis() bool { return hasBasisStride(t) }
