package layout

import (
	"cmp"
	"slices"
)

// The divisibility conditions of a composition on dynamic values, read off
// the static definition (paper §3.3.2, CuTe's composition_impl). The base
// case composes the coalesced A = (S_0,...,S_{n-1}):(D_0,...) with one
// mode s:d of B; with the prefix products P_j = S_0·...·S_{j-1} it needs
//
//   - the stride divisibility condition (eq. 20): P_j | d or d | P_j;
//   - the shape divisibility condition (eq. 21), ceil(P_j/d) | s where B
//     reaches P_j: written P_j | s·d or s·d | P_j, which is the paper's
//     condition where d | P_j and holds by eq. 20 where P_j | d,
//
// for j = 1, ..., n-1 (the last mode of A is extended, never checked). The
// fold over dynamic values (composeBase) keeps ? wherever a step depends on
// one, so these are what each instance checks. They are exact but for two
// sufficient readings: the paper checks eq. 21 only up to the mode B
// reaches, where s <= ceil(P_j/d) also passes; and an instance whose A
// coalesces further (two modes that line up for its values) has fewer
// prefix products to check. cutec's static fold also accepts a step that
// crosses a mode boundary the stride does not divide where it gives
// A(B(c)) at every point; the conditions ask for the divisibility.

// ComposeConditions are the conditions of eq. 20 and 21 under which
// composition(a, t) on a and t with their ? named (DynamicNamer) is an
// error for no value: one per prefix product and mode of the tile that
// the terms do not decide ("?1 | 64 or 64 | ?1").
func (*Symbolic) ComposeConditions(a Layout, t Tiler) []Obligation {
	f := foldConds{op: "composition"}
	f.tiler(a, t, false)
	return f.out
}

// DivideConditions are the conditions of the divide op (logical_divide,
// zipped_divide, tiled_divide, flat_divide, local_tile) of l by t, whose ?
// are named: those of the complement of the tile in the coalesced shape
// of l, and those of the composition l ∘ (T, T*). The complement T* has
// for its strides 1 and the products s·d of T's modes, and for its s·d
// products T's strides (and its rest covers l), so the conditions of the
// composition with T* are those of T's modes: the same set whatever order
// the values sort T's strides in.
func (*Symbolic) DivideConditions(op string, l Layout, t Tiler) []Obligation {
	f := foldConds{op: op, divide: true}
	f.tiler(l, t, true)
	return f.out
}

// foldConds collects the conditions of one operation.
type foldConds struct {
	op     string
	divide bool // a divide: B is the tile and its complement
	out    []Obligation
}

func (f *foldConds) tiler(a Layout, t Tiler, divide bool) {
	switch t.form {
	case tileUnderscore:
	case tileInt:
		f.layout(a, Layout{Int(t.n), Int(1)}, divide)
	case tileLayout:
		f.layout(a, t.layout, divide)
	default:
		ms := a.modes()
		for i, ti := range t.modes {
			if i < len(ms) {
				f.tiler(ms[i], ti, divide)
			}
		}
	}
}

func (f *foldConds) layout(a, b Layout, divide bool) {
	if divide {
		f.nested(b)
	}
	f.compose(a, b.shape, b.stride)
}

// nested states what the complement of a divide's tile needs of its
// extents: the static complement sorts the modes by stride, and a stride
// inside what the modes before it cover is an error (E0402), so each
// stride is at least the extent times the stride of the mode before it
// (complement((?,2):(1,4)) needs 4 >= ?1). Only static strides are
// sorted: the dynamic complement takes a dynamic stride only in a tile
// of one mode, which nests whatever its value. A mode whose ? extent is 1
// is filtered out by the instance, whose modes then nest all the more.
func (f *foldConds) nested(b Layout) {
	ms, ok := filteredTermModes(b)
	if !ok || slices.ContainsFunc(ms, func(m termMode) bool { return !m.d.IsInt() }) {
		return
	}
	slices.SortStableFunc(ms, func(p, q termMode) int { return cmp.Compare(p.d.Coef, q.d.Coef) })
	for k := 1; k < len(ms); k++ {
		covered, ok := ms[k-1].s.Mul(ms[k-1].d)
		if !ok {
			return
		}
		f.state(Obligation{Op: f.op, D: covered, T: ms[k].d, Rel: RelAtLeast})
	}
}

// termMode is a mode of a flat layout as terms: its extent and stride.
type termMode struct{ s, d Term }

// filteredTermModes are the leaf modes of b as terms, without those the
// static filter drops (an extent 1, a stride 0); ok is false where a leaf
// is no term (a basis stride).
func filteredTermModes(b Layout) (ms []termMode, ok bool) {
	sh, st := leaves(b.shape), leaves(b.stride)
	for i := range sh {
		x, ok1 := sh[i].Term()
		d, ok2 := st[i].Term()
		if ok1 && isOne(x) || ok2 && isZero(d) {
			continue // filtered out
		}
		if !ok1 || !ok2 {
			return nil, false
		}
		ms = append(ms, termMode{x, d})
	}
	return ms, true
}

// compose walks B's modes as Compose does (eq. 22, and a basis stride
// selecting a mode of A) and states the conditions of each base case.
func (f *foldConds) compose(a Layout, bs, bd IntTuple) {
	switch {
	case bs.Kind() == KindTuple:
		for i := range bs.elems {
			f.compose(a, bs.elems[i], bd.elems[i])
		}
		return
	case bd.Kind() == KindBasis:
		sub, err := a.getLenient(bd.bpath()...)
		if err != nil || bd.IsDynamic() {
			return
		}
		f.compose(sub, bs, Int(bd.val))
		return
	}
	s := symCalc{op: f.op}
	var sh []Term
	if hasBasisStride(a.stride) {
		var ok bool
		if sh, ok = s.directionExtents(a); !ok {
			return
		}
	} else {
		var st []Term
		sh, st = s.flatTerms(a)
		if s.err == nil {
			sh, _ = s.coalesceTerms(sh, st, true)
		}
	}
	x, d := s.term(bs), s.term(bd)
	if s.err != nil || isZero(d) {
		return
	}
	d.Coef = abs(d.Coef) // divisibility does not see the sign
	sd := s.mul(x, d)
	p := Term{Coef: 1, Div: 1}
	for j := 0; j+1 < len(sh) && s.err == nil; j++ {
		p = s.mul(p, sh[j])
		f.base(p, d, sd)
	}
}

// directionExtents are the extents of the coalesced a whose strides are
// basis elements of distinct directions, such as a coordinate tensor's
// (?,?):(1@1,1@0): no two of its modes merge, so the coalesced a is a
// without its modes of extent 1. ok is false for any other stride.
func (s *symCalc) directionExtents(a Layout) ([]Term, bool) {
	sh, st := leaves(a.shape), leaves(a.stride)
	var out []Term
	for i := range st {
		if st[i].Kind() != KindBasis || st[i].IsDynamic() {
			return nil, false
		}
		for _, q := range st[:i] {
			if slices.Equal(q.bpath(), st[i].bpath()) {
				return nil, false
			}
		}
		if x := s.term(sh[i]); !isOne(x) {
			out = append(out, x)
		}
	}
	return out, s.err == nil
}

// base states eq. 20 and 21 between a prefix product p of A and a mode of
// B of stride d (positive) and s·d = sd.
func (f *foldConds) base(p, d, sd Term) {
	if p.IsInt() && d.IsInt() && d.Coef < p.Coef && p.Coef%d.Coef != 0 {
		// B crosses the boundary p at a stride that does not divide
		// it: right only where B stays below it (paper: (s-1)·d < p),
		// read s·d <= p. In a divide, s·d is also a stride of the
		// tile's complement, held to eq. 20.
		f.state(Obligation{Op: f.op, D: sd, T: p, Rel: RelAtLeast})
		if f.divide {
			f.either(p, sd)
		}
		return
	}
	f.either(p, d)
	f.either(p, sd)
}

// either states p | x or x | p where the terms do not decide it. Two
// integers are decided by the fold itself (an error there).
func (f *foldConds) either(p, x Term) {
	if p.IsInt() && x.IsInt() {
		return
	}
	if q, ok := x.Quo(p); ok && q.Div == 1 {
		return
	}
	if q, ok := p.Quo(x); ok && q.Div == 1 {
		return
	}
	if p.Plain() > x.Plain() {
		p, x = x, p // one spelling of the same condition
	}
	f.state(Obligation{Op: f.op, D: p, T: x, Rel: RelEither})
}

// state adds o unless it is stated already or decided by integers.
func (f *foldConds) state(o Obligation) {
	if o.D.IsInt() && o.T.IsInt() {
		return
	}
	for _, q := range f.out {
		if q.String() == o.String() {
			return
		}
	}
	f.out = append(f.out, o)
}

// TileToShapeConditions are the conditions of tile_to_shape(block, target
// [, order]) whose ? are named. CuTe builds it as blocked_product(block,
// tiling), the tiling the column-major (or ordered) layout of the
// repetitions r_i = ceil_div(size(target_i), size(block_i)); the product
// composes the complement C of the block with the tiling. C leaves the
// gaps between the block's modes sorted by stride (s_k:d_k): its prefix
// products are Q_k = d_k / (s_1·...·s_{k-1}), and the tiling's strides and
// s·d products are the products X of its first repetitions in order. So
// the tile needs, besides its modes nesting (E0402), eq. 20 and 21 between
// them, Q_k | X or X | Q_k, written d_k | X·S or X·S | d_k with S the
// extents before k. Two readings: a gap is read d_k / covered, exact
// where what the modes before cover divides d_k (the static complement
// rounds it down otherwise, and a condition that it divides would refute
// blocks every instance of which is right); a repetition is read t/b,
// the block dividing the target (stated, a sufficient condition, where
// the terms do not decide it and some gap needs it). A block with no gap
// (a compact one) needs none of them.
func (*Symbolic) TileToShapeConditions(block Layout, target IntTuple, order *IntTuple) []Obligation {
	f := foldConds{op: "tile_to_shape"}
	f.nested(block)
	ms, ok := filteredTermModes(block)
	if !ok {
		return f.out
	}
	for _, m := range ms {
		if !m.d.IsInt() && len(ms) > 1 {
			return f.out // the dynamic complement refuses it
		}
	}
	slices.SortStableFunc(ms, func(p, q termMode) int { return cmp.Compare(p.d.Coef, q.d.Coef) })
	r := target.Rank()
	ord, err := tileOrder(target, order)
	if err != nil || block.Rank() > r {
		return f.out
	}
	// The repetitions, each a quotient of terms t_i/b_i (the static
	// ceil_div where both are static), in the order the tiling lays them
	// out; the products of the first ones are the X, num/den.
	one := Term{Coef: 1, Div: 1}
	type rep struct{ num, den Term }
	reps := make([]rep, r)
	var s symCalc
	var exact []Obligation
	for i := range reps {
		t := s.product(leaves(target.At(i)))
		b := one
		if i < block.Rank() {
			b = s.product(leaves(block.shape.At(i)))
		}
		switch {
		case s.err != nil:
			return f.out
		case t.IsInt() && b.IsInt():
			var c calc
			reps[i] = rep{Term{Coef: c.ceilDiv(t.Coef, b.Coef), Div: 1}, one}
		default:
			reps[i] = rep{t, b}
			if o := (Obligation{Op: f.op, D: b, T: t}); !o.dischargeProved() {
				exact = append(exact, o)
			}
		}
	}
	xs := []rep{{one, one}}
	for k := range r {
		for i := range r {
			if ord[i] == int64(k) {
				x := xs[len(xs)-1]
				xs = append(xs, rep{s.mul(x.num, reps[i].num), s.mul(x.den, reps[i].den)})
			}
		}
	}
	n := len(f.out)
	before := one           // S: the extents of the modes before k
	covered := one          // what they cover
	prefix, ok := one, true // Q_{k-1}, while a term
	gaps := false
	for _, m := range ms {
		// The gap d_k / covered, rounded down as the static complement
		// rounds it where both are static.
		var q Term
		switch {
		case !ok:
		case m.d.IsInt() && covered.IsInt() && covered.Coef > 0:
			q = s.mul(prefix, Term{Coef: m.d.Coef / covered.Coef, Div: 1})
		default:
			g, exact := m.d.Quo(covered)
			ok = exact && g.Div == 1
			q = s.mul(prefix, g)
		}
		prefix = q
		gaps = gaps || !ok || !isOne(q)
		for i, x := range xs {
			switch {
			case ok && isOne(q):
				// No gap below d_k: Q_k is 1.
			case ok && q.IsInt() && i+1 < len(xs) && isOne(x.den) && x.num.IsInt() &&
				x.num.Coef < q.Coef && q.Coef%x.num.Coef != 0:
				// A mode of the tiling of static stride X crossing Q_k
				// (base): right only while it stays below.
				next := xs[i+1]
				f.state(Obligation{Op: f.op, D: next.num, T: s.mul(q, next.den), Rel: RelAtLeast})
			case ok:
				f.either(s.mul(q, x.den), x.num)
			default:
				f.either(s.mul(m.d, x.den), s.mul(x.num, before))
			}
		}
		before = s.mul(before, m.s)
		covered = s.mul(m.s, m.d)
	}
	if s.err != nil {
		return f.out[:n]
	}
	if gaps {
		for _, o := range exact {
			f.state(o)
		}
	}
	return f.out
}

// product is the product of terms of leaves.
func (s *symCalc) product(ls []IntTuple) Term {
	p := Term{Coef: 1, Div: 1}
	for _, l := range ls {
		p = s.mul(p, s.term(l))
	}
	return p
}

// dischargeProved reports whether the facts prove o.
func (o Obligation) dischargeProved() bool {
	v, _, _ := o.Discharge()
	return v == Proved
}
