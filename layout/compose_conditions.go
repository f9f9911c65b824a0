package layout

// The conditions of a dynamic composition (docs/dialect.md, "The rule for
// dynamic values"). Compose folds a mode s:d of B through the coalesced A
// as CuTe folds run-time values (composeBase): a step that depends on a
// dynamic value keeps min(?, n) = ? elements and leaves ? to divide, so
// the result has one mode for every mode of A the fold reaches. The static
// composition of an instance has the same modes only where each such step
// goes strictly through its mode of A: the stride left divides the extent
// and is smaller (paper eq. 20, so the mode is not skipped), and the
// elements the mode keeps divide the elements left and are fewer (eq. 21,
// so the fold goes on). ComposeConditions walks the same fold over the
// terms of the named arguments (DynamicNamer) and states those conditions:
// composition((?,3):(16,1), 4) is (?,?):(16,?) only if ?1 | 4 and ?1 != 4.

// ComposeConditions are the conditions under which ComposeTiler(a, t),
// computed on the anonymous ? that a and t name, has the structure and
// values of the static composition of every instance: two modes of the
// coalesced A that the dynamic coalesce keeps apart do not line up (s*d
// != d'), and the fold's steps go through as above. ok is false where the
// walk cannot state them: a basis stride, or a term that overflows.
func ComposeConditions(a Layout, t Tiler) (obl []Obligation, ok bool) {
	w := composeWalk{ok: true, op: "composition"}
	w.tiler(a, t)
	return w.obl, w.ok
}

type composeWalk struct {
	op       string
	obl      []Obligation
	ok       bool
	ash, ast []Term // the coalesced A of the composition walked
}

func (w *composeWalk) tiler(a Layout, t Tiler) {
	switch t.form {
	case tileLayout:
		w.compose(a, t.layout)
	case tileInt:
		w.compose(a, Layout{Int(t.n), Int(1)})
	case tileTuple:
		ms := a.modes()
		for i, ti := range t.modes {
			if i < len(ms) {
				w.tiler(ms[i], ti)
			}
		}
	}
}

// need states rel(d, t), unless the terms decide it true.
func (w *composeWalk) need(d, t Term, rel Rel) {
	switch rel {
	case RelDivides:
		if q, ok := t.Quo(d); ok && q.Div == 1 {
			return
		}
	case RelNotEqual:
		if d.IsInt() && t.IsInt() && d.Coef != t.Coef {
			return
		}

	}
	w.add(Obligation{Op: w.op, D: d, T: t, Rel: rel})
}

// add records o once.
func (w *composeWalk) add(o Obligation) {
	for _, p := range w.obl {
		if p.String() == o.String() {
			return
		}
	}
	w.obl = append(w.obl, o)
}

func (w *composeWalk) compose(a, b Layout) {
	if hasBasisStride(a.stride) || hasBasisStride(b.stride) {
		w.ok = false
		return
	}
	flat := coalesceX(a)
	var ash, ast []Term
	if flat.shape.Kind() == KindTuple {
		for i := range flat.shape.elems {
			e, ok1 := flat.shape.elems[i].Term()
			d, ok2 := flat.stride.elems[i].Term()
			if !ok1 || !ok2 {
				w.ok = false
				return
			}
			ash, ast = append(ash, e), append(ast, d)
		}
	}
	w.ash, w.ast = ash, ast
	w.modes(ash, b.shape, b.stride)
}

// apart states that modes i and i+1 of the coalesced A, which the dynamic
// coalesce keeps apart, do not line up (s*d != d'): the static coalesce
// of an instance would merge them, and a fold that goes on from one into
// the other would meet one mode where the result has two.
func (w *composeWalk) apart(i int) {
	ash, ast := w.ash, w.ast
	d, d2 := ast[i], ast[i+1]
	if ash[i].IsInt() && d.IsInt() && d2.IsInt() {
		return // the dynamic coalesce decided them as the static one does
	}
	if d.IsInt() && d2.IsInt() && d.Coef != 0 && (d2.Coef%d.Coef != 0 || d2.Coef/d.Coef < 1) {
		return // e*d = d2 has no positive extent e
	}
	if p, ok := ash[i].Mul(d); ok {
		w.need(d2, p, RelNotEqual)
	} else {
		w.ok = false
	}
}

// modes distributes over B's modes (eq. 22).
func (w *composeWalk) modes(ash []Term, bs, bd IntTuple) {
	if bs.Kind() == KindTuple {
		for i := range bs.elems {
			w.modes(ash, bs.elems[i], bd.elems[i])
		}
		return
	}
	s, ok1 := bs.Term()
	d, ok2 := bd.Term()
	if !ok1 || !ok2 {
		w.ok = false
		return
	}
	if len(ash) < 2 || d.IsInt() && d.Coef == 0 {
		return // s:0, or a rank-1 A: s:D0*d for every value
	}
	zero, one := Term{Coef: 0, Div: 1}, Term{Coef: 1, Div: 1}
	if !d.IsInt() {
		w.need(zero, d, RelNotEqual) // B's stride 0 gives s:0, not the fold
	}
	w.fold(ash, s, d, one)
}

// fold is composeBase over terms. The elements left are rsN/rsD and the
// stride left rd, the values the static fold has under the conditions
// stated so far; the dynamic fold has a static value exactly where the
// term is an integer and no dynamic step came before (rdDyn, rsDyn).
func (w *composeWalk) fold(ash []Term, rs, rd, one Term) {
	rsN, rsD := rs, one
	rsDyn, rdDyn := !rs.IsInt(), !rd.IsInt()
	if rd.Coef < 0 {
		rd.Coef = -rd.Coef // the fold divides |d|; the sign stays on the strides
	}
	for i := 0; i < len(ash)-1 && w.ok; i++ {
		e := ash[i]
		// next elements of the mode: nextN/nextD.
		var nextN, nextD, nrd Term
		nextDyn := true
		switch {
		case !e.IsInt() || rdDyn:
			if rd.IsInt() && rd.Coef == 1 {
				nextN, nextD, nrd, nextDyn = e, one, one, !e.IsInt()
			} else {
				// The dynamic fold keeps a mode here: the stride left must
				// divide the extent and be smaller, or the static fold skips
				// the mode (or fails eq. 20).
				w.need(rd, e, RelDivides)
				w.need(rd, e, RelNotEqual)
				if !rd.IsInt() {
					// a stride of B that may be negative: the fold divides |d|,
					// which these terms do not write
					w.need(one, rd, RelAtLeast)
				}
				nextN, nextD, nrd = e, rd, one
			}
			rdDyn = true // ceil_div(rd, e) with a dynamic operand
		default:
			ext, ad := e.Coef, rd.Coef
			if ad >= ext && ad%ext != 0 {
				return // eq. 20 fails in the dynamic fold too
			}
			var c calc
			nextN, nextD, nrd, nextDyn = Term{Coef: c.ceilDiv(ext, ad), Div: 1}, one, Term{Coef: c.ceilDiv(ad, ext), Div: 1}, false
			if rsDyn && ext%ad != 0 && ext > ad && !(rsN.IsInt() && rsN.Coef == 1) {
				// The dynamic fold goes on past a mode the stride does not
				// divide, where the static fold of an instance crosses it
				// (checked point by point) or fails eq. 20.
				w.need(rd, e, RelDivides)
			}
		}
		if !nextDyn && nextN.IsInt() && nextN.Coef == 1 || !rsDyn && rsN.IsInt() && rsN.Coef == 1 {
			rd = nrd
			continue
		}
		if !nextDyn && !rsDyn {
			// Both static: the static fold's own step.
			k := min(nextN.Coef, rsN.Coef)
			if k == 0 || rsN.Coef%k != 0 {
				return
			}
			rsN, rd = Term{Coef: rsN.Coef / k, Div: 1}, nrd
			if rsN.Coef != 1 {
				w.apart(i)
			}
			continue
		}
		// The dynamic fold keeps ? elements and leaves ? to divide: the
		// static one must keep the mode's next elements, which divide the
		// elements left and are fewer: next | rs and next != rs, written
		// nextN*rsD | rsN*nextD.
		a, ok1 := nextN.Mul(rsD)
		b, ok2 := rsN.Mul(nextD)
		if !ok1 || !ok2 {
			w.ok = false
			return
		}
		w.need(a, b, RelDivides)
		w.need(a, b, RelNotEqual)
		w.apart(i)
		rsN, rsD, rd, rsDyn = b, a, nrd, true
		if q, ok := rsN.Quo(rsD); ok && q.Div == 1 {
			rsN, rsD = q, one
		}
	}
}

// DivideConditions are the conditions of LogicalDivide(l, t) (and of the
// zipped, tiled and flat divides, which rearrange its modes) on the ? that
// l and t name: the divide composes l with (T, T*), T* the complement of
// the tile in the size of the coalesced l, so its conditions are those of
// the complement, computed over the named ? (the symbolic complement), and
// those of the composition's fold (ComposeConditions). ok is false where
// the symbolic complement is not the one the dynamic divide computes (a ?
// where it has a value, or the other way round), or a tile has basis
// strides.
func DivideConditions(l Layout, t Tiler) (obl []Obligation, ok bool) {
	w := composeWalk{ok: true, op: "logical_divide"}
	w.divide(l, t)
	return w.obl, w.ok
}

func (w *composeWalk) divide(l Layout, t Tiler) {
	switch t.form {
	case tileUnderscore:
		return
	case tileInt:
		w.divideBy(l, Layout{Int(t.n), Int(1)})
		return
	case tileLayout:
		w.divideBy(l, t.layout)
		return
	}
	ms := l.modes()
	for i, ti := range t.modes {
		if i < len(ms) && w.ok {
			w.divide(ms[i], ti)
		}
	}
}

func (w *composeWalk) divideBy(l, tile Layout) {
	if hasBasisStride(tile.stride) || hasBasisStride(l.stride) {
		w.ok = false
		return
	}
	cot := Coalesce(l).shape
	s := &symCalc{op: "logical_divide"}
	rest := s.complement(tile, cot)
	if s.err != nil {
		w.ok = false
		return
	}
	dyn, err := ComplementTo(anonymous(tile), anonymous(Layout{cot, cot}).shape)
	if err != nil || !sameDynamic(dyn.shape, rest.shape) || !sameDynamic(dyn.stride, rest.stride) {
		w.ok = false
		return
	}
	for _, o := range s.obl {
		w.add(o) // a partial tile's stays one (Residue)
	}
	w.compose(l, Concat(tile, rest))
}

// sameDynamic reports whether the dynamic result d has a ? exactly where
// the named one n has a term that is not an integer, and n's integers
// elsewhere.
func sameDynamic(d, n IntTuple) bool {
	if d.Kind() == KindTuple || n.Kind() == KindTuple {
		if d.Kind() != KindTuple || n.Kind() != KindTuple || len(d.elems) != len(n.elems) {
			return false
		}
		for i := range d.elems {
			if !sameDynamic(d.elems[i], n.elems[i]) {
				return false
			}
		}
		return true
	}
	t, ok := n.Term()
	if !ok {
		return false
	}
	if t.IsInt() {
		return d.Kind() == KindInt && d.val == t.Coef
	}
	return d.Kind() == KindDynamic
}
