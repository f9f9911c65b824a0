package normalize

import (
	"slices"
	"strings"

	"github.com/cutec/cutec/ast"
	"github.com/cutec/cutec/layout"
)

// The conditions of a dynamic result (docs/dialect.md, "The rule for
// dynamic values"). A ? extent is any positive integer, 1 included; a ?
// stride any integer, 0 and negative included. An operation whose dynamic
// result holds only for some of those values states the condition on the
// result, with the ? of its arguments named ?1, ?2, ... in order (a
// layout's shape before its stride), through the obligations of the
// symbolic algebra: OnObligation, eval's "# if", verify's W0914 and
// E0716. Two sources:
//
//   - the symbolic form of the operation, where it has one, run on the
//     named arguments: its divisibility conditions (a dynamic tile that
//     must divide a static size, NVIDIA/cutlass #3513);
//   - what the dialect's type inference assumes of every dynamic leaf
//     without stating it (the row's assume, set by assuming): reported as assumed
//     (W0916), so that what the compiler assumes is told from what the
//     facts prove.

// assumption is what an operation's dynamic path assumes of every ? of
// its arguments.
type assumption uint8

const (
	extentNotOne   assumption = 1 << iota // a ? extent is not 1 (a mode of extent 1 would be dropped or restructured)
	strideNotZero                         // a ? stride is not 0
	stridePositive                        // a ? stride is positive (sorted, divided, inverted as a positive value)
	firstOnly                             // only of the first argument (B's extents and strides pass through composition)
)

// assuming sets the assumptions of the operation's dynamic path, found by
// the substitution property (dynamic_sound_test.go): the values of a ? for
// which the dynamic result and the static instance differ.
func (op *operation) assuming(a assumption) *operation {
	op.assume = a
	return op
}

// hasAnonymous reports whether an argument holds a ? leaf (a layout read
// as a tiler is walked once, as a value).
func hasAnonymous(vals []Value, a *args) bool {
	for _, v := range vals {
		switch v := v.(type) {
		case Layout:
			if v.L.Shape().HasAnonymous() || v.L.Stride().HasAnonymous() {
				return true
			}
		case Tuple:
			if v.T.HasAnonymous() {
				return true
			}
		case Composed:
			if v.C.Inner.Shape().HasAnonymous() || v.C.Inner.Stride().HasAnonymous() || v.C.Offset.HasAnonymous() {
				return true
			}
		}
	}
	found := false
	a.eachTiler(func(t layout.Tiler) {
		if l, ok := t.Layout(); ok {
			found = found || l.Shape().HasAnonymous() || l.Stride().HasAnonymous()
		}
		for i := 0; t.IsTuple() && i < t.Rank(); i++ {
			if l, ok := t.Mode(i).Layout(); ok {
				found = found || l.Shape().HasAnonymous() || l.Stride().HasAnonymous()
			}
		}
	})
	return found
}

// dynamicConditions states the conditions of op's result on the ? of its
// arguments; ok is false when one is refuted (E0716).
func (x *evaluation) dynamicConditions(op *operation, n *ast.Call, a *args, r Value) bool {
	assume, hasAssume := op.assume, op.assume != 0
	if l, ok := r.(Layout); ok && op.name == "coalesce" && !l.L.Shape().IsTuple() {
		assume &^= extentNotOne // one merged mode: an extent 1 only scales its size
	}
	sym, hasSym := op.symbolic, op.symbolic != nil
	derived := productOps[op.name] || op.name == "crd2idx" || op.name == "complement" || op.name == "make_layout_like" || op.name == "max_common_vector" || op.name == "max_common_layout" || op.name == "shape_div" || op.name == "right_inverse" || op.name == "tile_to_shape" || upcastRatio(op.name, a) > 1 || downcastRatio(op.name, a) > 0
	if !hasAssume && !hasSym && !derived || !hasAnonymous(a.vals, a) && !hasSymbols(a) {
		return true
	}
	// The arguments with their ? named, read as the operation reads them.
	var namer layout.DynamicNamer
	named := args{vals: make([]Value, len(a.vals))}
	var firstExtents, firstStrides int // the ? of the first argument
	var coords [][2]int                // the ? of the coordinates, as ranges of namer.Extents
	coordFrom := -1
	closeCoord := func() {
		if coordFrom >= 0 {
			coords = append(coords, [2]int{coordFrom, len(namer.Extents)})
			coordFrom = -1
		}
	}
	for i, v := range a.vals {
		closeCoord()
		if i == 1 {
			firstExtents, firstStrides = len(namer.Extents), len(namer.Strides)
		}
		if coordArg(op.name, i) {
			coordFrom = len(namer.Extents)
		}
		if t, ok := a.tilerAt(i); ok {
			named.setTiler(i, namer.Tiler(t))
			if l, ok := v.(Layout); ok {
				if lt, isLayout := named.tiler(i).Layout(); isLayout {
					named.vals[i] = Layout{lt}
				} else {
					named.vals[i] = l
				}
				continue
			}
			named.vals[i] = v
			continue
		}
		switch v := v.(type) {
		case Layout:
			named.vals[i] = Layout{namer.Layout(v.L)}
		case Tuple:
			named.vals[i] = Tuple{namer.Tuple(v.T)}
		default:
			named.vals[i] = v
		}
	}
	closeCoord()
	var conds []layout.Obligation
	if hasSym && op.name != "complement" && !(productOps[op.name] && hasSymbols(a)) && !(foldOps[op.name] && hasSymbols(a)) { // complement's are derived below; with symbols, a product's or a fold's symbolic form stated its own
		if _, obl, err := sym(&named); err == nil {
			conds = append(conds, obl...)
		} else {
			// The symbolic form cannot decide a step: the conditions
			// the static fold checks on every instance (eq. 20, 21).
			conds = append(conds, foldConditions(op.name, &named)...)
		}
	}
	if len(a.vals) == 1 {
		firstExtents, firstStrides = len(namer.Extents), len(namer.Strides)
	}
	if op.name == "shape_div" && len(named.vals) == 2 {
		conds = append(conds, shapeDivConditions(named.tuple(0), named.tuple(1))...)
	}
	if n := upcastRatio(op.name, a); n > 1 {
		// CuTe's upcast of a dynamic stride (cute/layout.hpp) divides it by
		// n, "assuming dynamic strides are larger than N and divisible".
		for _, t := range namer.Strides {
			conds = append(conds, layout.Obligation{Op: op.name, D: layout.Term{Coef: n, Div: 1}, T: t, Assumed: true})
		}
	}
	if n := upcastRatio(op.name, a); n > 1 {
		if l, ok := recastOperand(op.name, &named); ok {
			conds = append(conds, new(layout.Symbolic).RecastConditions(l.L, true, n)...)
		}
	}
	if n := downcastRatio(op.name, a); n > 0 {
		// CuTe's downcast widens the mode of stride ±1 and scales the
		// other strides: which one a dynamic stride is decides the result.
		if l, ok := recastOperand(op.name, &named); ok {
			conds = append(conds, new(layout.Symbolic).RecastConditions(l.L, false, n)...)
		}
	}
	if op.name == "coalesce" || op.name == "filter" {
		if l, ok := named.vals[0].(Layout); ok {
			modes := []layout.Layout{l.L}
			if len(named.vals) == 2 {
				modes = profileModes(l.L, named.tuple(1), nil) // each coalesced on its own
			}
			for _, m := range modes {
				if op.name == "filter" {
					m = layout.FilterZeros(m) // the modes filter coalesces
				}
				conds = append(conds, coalesceConditions(op.name, m)...)
			}
		}
	}
	if op.name == "complement" {
		if l, ok := named.vals[0].(Layout); ok {
			var co *layout.IntTuple
			if len(named.vals) == 2 {
				t := sizedShape(named.vals[1])
				co = &t
			}
			conds = append(conds, new(layout.Symbolic).ComplementConditions(l.L, co)...)
		}
	}
	if op.name == "crd2idx" && len(named.vals) == 2 && r.String() != "?" { // a plain ? claims nothing
		if sh, ok := named.vals[1].(Tuple); ok {
			conds = append(conds, compactConditions(op.name, sh.T)...)
		}
	}
	if op.name == "tile_to_shape" && len(named.vals) >= 2 {
		if l, ok := named.vals[0].(Layout); ok {
			var order *layout.IntTuple
			if len(named.vals) == 3 {
				o := named.tuple(2)
				order = &o
			}
			conds = append(conds, new(layout.Symbolic).TileToShapeConditions(l.L, named.tuple(1), order)...)
		}
	}
	if op.name == "make_layout_like" {
		if l, ok := named.vals[0].(Layout); ok {
			conds = append(conds, likeConditions(l.L)...)
		}
	}
	if op.name == "right_inverse" {
		if l, ok := named.vals[0].(Layout); ok {
			conds = append(conds, new(layout.Symbolic).RightInverseConditions(l.L)...)
		}
	}
	if (op.name == "max_common_vector" || op.name == "max_common_layout") && len(named.vals) == 2 {
		// Both are read off coalesce(a ∘ right_inverse(b)): the inverse's
		// conditions, the compositions', and those of its first mode.
		a, ok1 := named.vals[0].(Layout)
		b, ok2 := named.vals[1].(Layout)
		if ok1 && ok2 {
			conds = append(conds, new(layout.Symbolic).MaxCommonConditions(op.name, a.L, b.L)...)
		}
	}
	if productOps[op.name] {
		// The block is complemented, which sorts its strides as
		// positive values (a negative stride is an error there, and the
		// symbolic algebra computes with a ? as with a positive symbol).
		for _, t := range namer.Strides[:firstStrides] {
			conds = append(conds, layout.Obligation{Op: op.name, D: layout.Term{Coef: 1, Div: 1}, T: t, Rel: layout.RelAtLeast})
		}
	}
	if hasAssume {
		extents, strides := namer.Extents, namer.Strides
		if len(coords) > 0 {
			extents = nil
			for k, t := range namer.Extents {
				if !slices.ContainsFunc(coords, func(r [2]int) bool { return k >= r[0] && k < r[1] }) {
					extents = append(extents, t)
				}
			}
		}
		if assume&firstOnly != 0 {
			extents, strides = extents[:firstExtents], strides[:firstStrides]
		}
		if foldOps[op.name] && hasSymbols(a) {
			// The symbolic form computed the result: what it takes of a
			// named symbol it states; of a ?, that it is positive.
			extents, strides = anonymousTerms(extents), anonymousTerms(strides)
		}
		one := layout.Term{Coef: 1, Div: 1}
		zero := layout.Term{Coef: 0, Div: 1}
		if assume&extentNotOne != 0 {
			for _, t := range extents {
				conds = append(conds, layout.Obligation{Op: op.name, D: one, T: t, Rel: layout.RelNotEqual, Assumed: true})
			}
		}
		for _, t := range strides {
			switch {
			case assume&stridePositive != 0:
				conds = append(conds, layout.Obligation{Op: op.name, D: one, T: t, Rel: layout.RelAtLeast, Assumed: true})
			case assume&strideNotZero != 0:
				conds = append(conds, layout.Obligation{Op: op.name, D: zero, T: t, Rel: layout.RelNotEqual, Assumed: true})
			}
		}
	}
	for i, o := range conds {
		if slices.ContainsFunc(conds[:i], func(p layout.Obligation) bool { return p.String() == o.String() }) {
			continue
		}
		if !x.obligation(n, o) {
			return false
		}
	}
	return true
}

// shapeDivConditions are the conditions of shape_div(a, b) on named ?,
// following the static definition (layout.ShapeDiv): two tuples mode by
// mode; a tuple by an integer mode after mode, what is left of the
// divisor divided by each mode's size; an integer by a tuple by its size;
// two integers need one to divide the other, and a dynamic one is stated
// as the divisor dividing the dividend (shape_div((?,?),(2,3)) holds if
// 2 | ?1 and 3 | ?2; shape_div(?, (2,4)) if 8 | ?1), which also gives the
// quotient the result's facts claim.
func shapeDivConditions(a, b layout.IntTuple) []layout.Obligation {
	var out []layout.Obligation
	one := layout.Term{Coef: 1, Div: 1}
	size := func(t layout.IntTuple) (layout.Term, bool) {
		r := one
		for _, l := range flatLeaves(t) {
			x, ok := l.Term()
			if !ok {
				return r, false
			}
			if r, ok = r.Mul(x); !ok {
				return r, false
			}
		}
		return r, true
	}
	// leaf states the condition of x / y and returns the quotient.
	leaf := func(x, y layout.Term, needed bool) layout.Term {
		switch {
		case x.IsInt() && y.IsInt():
			var c layout.Term
			if y.Coef != 0 && x.Coef%y.Coef == 0 {
				c = layout.Term{Coef: x.Coef / y.Coef, Div: 1}
			} else {
				c = one // y a multiple of x (else the static algebra fails)
			}
			return c
		case y.IsInt() && (y.Coef == 1 || y.Coef == -1):
			return x
		}
		if q, ok := x.Quo(y); ok && q.Div == 1 {
			return q // evident
		}
		if q, ok := y.Quo(x); ok && q.Div == 1 {
			return one // x divides y: the quotient is 1
		}
		// One must divide the other. Where the quotient is x/y, what
		// follows is stated for it; where it is 1, nothing that follows
		// can fail, so the conditions stated are still sufficient.
		q, ok := x.Quo(y)
		if needed && !ok {
			// The quotient, needed by what follows, is no term: state
			// the case x | y, whose quotient is 1 (sufficient).
			out = append(out, layout.Obligation{Op: "shape_div", D: x, T: y})
			return one
		}
		d, t := y, x
		if d.Plain() > t.Plain() {
			d, t = t, d // one spelling of the same condition
		}
		out = append(out, layout.Obligation{Op: "shape_div", D: d, T: t, Rel: layout.RelEither})
		return q
	}
	var walk func(a, b layout.IntTuple) bool
	walk = func(a, b layout.IntTuple) bool {
		switch {
		case a.IsTuple() && b.IsTuple():
			if a.Len() != b.Len() {
				return false
			}
			for i := range a.Len() {
				if !walk(a.At(i), b.At(i)) {
					return false
				}
			}
			return true
		case a.IsTuple():
			rest, ok := b.Term()
			if !ok {
				return false
			}
			for i := range a.Len() {
				e := a.At(i)
				if rest.Coef == 0 {
					return false
				}
				if !walk(e, layout.Sym(rest)) {
					return false
				}
				n, ok := size(e)
				if !ok {
					return false
				}
				rest = leaf(rest, n, i+1 < a.Len())
			}
			return true
		case b.IsTuple():
			n, ok := size(b)
			x, ok2 := a.Term()
			if !ok || !ok2 {
				return false
			}
			leaf(x, n, false)
			return true
		}
		x, ok1 := a.Term()
		y, ok2 := b.Term()
		if !ok1 || !ok2 {
			return false
		}
		leaf(x, y, false)
		return true
	}
	walk(a, b)
	return out
}

// flatLeaves lists the leaves of t in order.
func flatLeaves(t layout.IntTuple) []layout.IntTuple {
	if !t.IsTuple() {
		return []layout.IntTuple{t}
	}
	var out []layout.IntTuple
	for i := range t.Len() {
		out = append(out, flatLeaves(t.At(i))...)
	}
	return out
}

// upcastRatio is n of upcast(L, n), and of recast_layout(old, new, L) when
// it is an upcast (new a multiple of old); 0 otherwise.
func upcastRatio(op string, a *args) int64 {
	switch {
	case op == "upcast" && a.n() == 2:
		if n, ok := a.vals[1].(Int); ok {
			return int64(n)
		}
	case op == "recast_layout" && a.n() == 3:
		o, ok1 := a.vals[0].(Int)
		n, ok2 := a.vals[1].(Int)
		if ok1 && ok2 && o > 0 && n > o && n%o == 0 {
			return int64(n / o)
		}
	}
	return 0
}

// recastOperand is the layout that upcast, downcast or recast_layout
// recasts.
func recastOperand(op string, a *args) (Layout, bool) {
	i := 0
	if op == "recast_layout" {
		i = 2
	}
	if i >= len(a.vals) {
		return Layout{}, false
	}
	l, ok := a.vals[i].(Layout)
	return l, ok
}

// downcastRatio is n of downcast(L, n), n >= 1, and of
// recast_layout(old, new, L) when it is a downcast (old a multiple of
// new, n = old/new > 1); 0 otherwise.
func downcastRatio(op string, a *args) int64 {
	switch {
	case op == "downcast" && a.n() == 2:
		if n, ok := a.vals[1].(Int); ok && n >= 1 {
			return int64(n)
		}
	case op == "recast_layout" && a.n() == 3:
		o, ok1 := a.vals[0].(Int)
		n, ok2 := a.vals[1].(Int)
		if ok1 && ok2 && n > 0 && o > n && o%n == 0 {
			return int64(o / n)
		}
	}
	return 0
}

// profileModes lists the modes of l that a profile selects, as
// CoalesceProfile coalesces them: l itself at a leaf of the profile.
func profileModes(l layout.Layout, profile layout.IntTuple, out []layout.Layout) []layout.Layout {
	if !profile.IsTuple() {
		return append(out, l)
	}
	for i := range profile.Len() {
		m, err := l.Mode(i)
		if err != nil {
			return out
		}
		out = profileModes(m, profile.At(i), out)
	}
	return out
}

// likeConditions are what make_layout_like assumes of dynamic strides, as
// CuTe's compact_order ranks them: each above every static stride, and
// each above the dynamic strides before it (make_layout_like((?,?):(?,?))
// is (?,?):(1,?) only if ?4 > ?3; with the strides (16,4) it is
// (5,5):(5,1) for the extents 5).
func likeConditions(l layout.Layout) []layout.Obligation {
	var strides []layout.IntTuple
	var flat func(t layout.IntTuple)
	flat = func(t layout.IntTuple) {
		if t.IsTuple() {
			for i := range t.Len() {
				flat(t.At(i))
			}
			return
		}
		strides = append(strides, t)
	}
	flat(l.Stride())
	m := int64(0)
	for _, d := range strides {
		if d.IsInt() {
			m = max(m, d.Value())
		}
	}
	var out []layout.Obligation
	var prev *layout.Term
	for _, d := range strides {
		t, ok := d.Term()
		if !ok || t.IsInt() {
			continue
		}
		out = append(out, layout.Obligation{Op: "make_layout_like", D: layout.Term{Coef: m + 1, Div: 1}, T: t, Rel: layout.RelAtLeast, Assumed: true})
		if prev != nil {
			out = append(out, layout.Obligation{Op: "make_layout_like", D: *prev, T: t, Rel: layout.RelAtLeast, Assumed: true},
				layout.Obligation{Op: "make_layout_like", D: *prev, T: t, Rel: layout.RelNotEqual, Assumed: true})
		}
		prev = &t
	}
	return out
}

// coalesceConditions are the conditions of coalesce (and of filter, which
// coalesces) on the ? of l: two neighbouring modes s:d and s':d' merge
// when d' = s*d, which a ? may make true for some values only
// (coalesce((4,5):(?,4)) is (4,5):(?,4), but 20:1 for ?1 = 1): each pair
// that the terms do not merge states s*d != d'.
func coalesceConditions(op string, l layout.Layout) []layout.Obligation {
	var sh, st []layout.Term
	var flat func(s, d layout.IntTuple)
	flat = func(s, d layout.IntTuple) {
		if s.IsTuple() {
			for i := range s.Len() {
				flat(s.At(i), d.At(i))
			}
			return
		}
		ts, ok1 := s.Term()
		td, ok2 := d.Term()
		if ok1 && ok2 && !(ts.IsInt() && ts.Coef == 1) {
			sh, st = append(sh, ts), append(st, td)
		}
	}
	if !l.Shape().IsTuple() {
		return nil
	}
	flat(l.Shape(), l.Stride())
	var out []layout.Obligation
	for i := 0; i+1 < len(sh); i++ {
		p, ok := sh[i].Mul(st[i])
		if !ok || p.IsInt() && st[i+1].IsInt() || p.Equal(st[i+1]) {
			continue // decided by the terms
		}
		out = append(out, layout.Obligation{Op: op, D: st[i+1], T: p, Rel: layout.RelNotEqual})
	}
	return out
}

// compactConditions are what crd2idx(c, shape) assumes of the dynamic
// extents of the shape: the compact strides CuTe gives a run-time extent
// are those of an extent that is not 1 (a static 1 gets the stride 0), so
// crd2idx((3), (?)) is 3, but crd2idx((3), (1)) is 0: ?1 != 1 (assumed).
func compactConditions(op string, shape layout.IntTuple) []layout.Obligation {
	var out []layout.Obligation
	var walk func(t layout.IntTuple)
	walk = func(t layout.IntTuple) {
		if t.IsTuple() {
			for i := range t.Len() {
				walk(t.At(i))
			}
			return
		}
		if term, ok := t.Term(); ok && !term.IsInt() {
			out = append(out, layout.Obligation{Op: op, D: layout.Term{Coef: 1, Div: 1}, T: term, Rel: layout.RelNotEqual, Assumed: true})
		}
	}
	walk(shape)
	return out
}

// rightInverse is layout.RightInverse, coalesced as CuTe's right_inverse
// coalesces its result where l has ? leaves: the inverse is computed on
// l with its ? named, so that the result's strides are products of
// them, and coalesced by the symbolic algebra, which merges the modes
// that are compact for every value (right_inverse((4,?):(1,4)) is
// ?{div=4}:1, as right_inverse((4,3):(1,4)) is 12:1).
func rightInverse(l layout.Layout) (Value, error) {
	r, err := layout.RightInverse(l)
	if err != nil || l.Shape().IsStatic() && l.Stride().IsStatic() {
		return lay(r, err)
	}
	var namer layout.DynamicNamer
	named, err2 := layout.RightInverse(namer.Layout(l))
	if err2 != nil {
		return lay(r, err)
	}
	c, err3 := new(layout.Symbolic).Coalesce(named)
	if err3 != nil {
		return lay(r, err)
	}
	return Layout{c}, nil
}

// foldOps are the operations built on composition whose conditions
// foldConditions states where the symbolic form cannot decide a step. With
// named symbols their symbolic form gives the result and states its
// conditions, taking a ? as a positive symbol: what is assumed of a ?
// is stated beside them.
var foldOps = map[string]bool{"composition": true, "logical_divide": true, "zipped_divide": true, "tiled_divide": true, "flat_divide": true, "local_tile": true}

// foldConditions are the divisibility conditions of composition (paper
// eq. 20 and 21) that the operations built on it check on every instance,
// stated on the named arguments: composition and the divides by their
// tiler, local_tile by its tiler (diced by its projection).
func foldConditions(name string, a *args) []layout.Obligation {
	if len(a.vals) < 2 {
		return nil
	}
	l, ok := a.vals[0].(Layout)
	t, ok2 := a.tilerAt(1)
	if !ok || !ok2 {
		return nil
	}
	var s layout.Symbolic
	switch name {
	case "composition":
		return s.ComposeConditions(l.L, t)
	case "logical_divide", "zipped_divide", "tiled_divide", "flat_divide":
		return s.DivideConditions(name, l.L, t)
	case "local_tile":
		c := a.tuple(2)
		if a.n() == 4 {
			d, err := t.Dice(a.tuple(3))
			if err != nil {
				return nil
			}
			dc, err := c.Dice(a.tuple(3))
			if err != nil {
				return nil
			}
			t, c = d, dc
		}
		return append(s.DivideConditions(name, l.L, t), s.LocalTileConditions(l.L, t, c)...)
	}
	return nil
}

// coordArg reports whether argument i of op is a coordinate (or the
// projection of one): its ? are the values of a coordinate, and whether
// one is 1 changes nothing of the result's form, so the extents an
// operation assumes are not 1 are not its (slice_and_offset((_,?), L)
// assumes nothing of the ?).
func coordArg(op string, i int) bool {
	switch op {
	case "slice_and_offset":
		return i == 0
	case "local_tile":
		return i >= 2
	}
	return false
}

// anonymousTerms are the terms of ts that stand for a ? (named ?1, ?2, ...).
func anonymousTerms(ts []layout.Term) []layout.Term {
	var out []layout.Term
	for _, t := range ts {
		if len(t.Names) == 1 && strings.HasPrefix(t.Names[0], "?") {
			out = append(out, t)
		}
	}
	return out
}
