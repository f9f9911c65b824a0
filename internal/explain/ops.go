package explain

import (
	"fmt"
	"sort"
	"strings"

	"github.com/cutec/cutec/layout"
	"github.com/cutec/cutec/normalize"
)

// derivation explains one operation on operand values (written args). It
// returns the value of its last step, and false when it does not apply to
// these operands (the call is then one step).
type derivation func(d *deriver, vals []normalize.Value, args []string) (result, bool)

// derivations is the table of derivations by operation, built by the one
// init of the package (a derivation may derive its sub-calls through the
// table, so a variable's initializer would be a cycle), in this order: the
// operations of the algebra, the constructors and rearrangements, their
// forms on composed layouts (which wrap what is there), the tiled MMA's and
// the tiled copy's queries.
var derivations map[string]derivation

func init() {
	derivations = map[string]derivation{
		"coalesce":          deriveCoalesce,
		"filter":            deriveFilter,
		"composition":       deriveComposition,
		"complement":        deriveComplement,
		"right_inverse":     deriveRightInverse,
		"left_inverse":      deriveLeftInverse,
		"logical_divide":    deriveLogicalDivide,
		"zipped_divide":     rearranged("logical_divide", "zipped"),
		"tiled_divide":      rearranged("logical_divide", "tiled"),
		"flat_divide":       rearranged("logical_divide", "flat"),
		"logical_product":   deriveLogicalProduct,
		"zipped_product":    rearranged("logical_product", "zipped"),
		"tiled_product":     rearranged("logical_product", "tiled"),
		"flat_product":      rearranged("logical_product", "flat"),
		"blocked_product":   ranked(false),
		"raked_product":     ranked(true),
		"tile_to_shape":     deriveTileToShape,
		"swizzle":           deriveSwizzle,
		"composed_eval":     deriveComposedEval,
		"recast_layout":     deriveRecast,
		"max_common_layout": maxCommon(false),
		"max_common_vector": maxCommon(true),
		"eval":              deriveEval,
		"upcast":            deriveRecast1(true),
		"downcast":          deriveRecast1(false),
		"slice":             deriveSlice(false),
		"dice":              deriveSlice(true),
		"local_tile":        deriveLocalTile,
		"local_partition":   deriveLocalPartition,
	}
	addRearrangements()
	wrapComposed()
	addTiledMMA()
	addTiledCopy()
}

// deriveCoalesce walks the leaves of L, as paper §3.2 merges them: a leaf of
// extent 1 is dropped, a leaf that starts where the mode before it ends
// (s·d = d') merges with it, any other starts a new mode.
func deriveCoalesce(d *deriver, vals []normalize.Value, args []string) (result, bool) {
	if len(vals) == 2 {
		return d.byProfile("coalesce", vals, args)
	}
	l, ok := layoutOf(vals[0])
	if !ok {
		return result{}, false
	}
	f := args[0]
	if l.Depth() > 1 {
		r := d.step("flatten", call("flatten", f),
			"coalesce reads L as a function of one integer, leaf by leaf in colexicographic order (paper §3.2: the result has depth <= 1)")
		if !r.ok {
			return r, true
		}
		f, l = r.text, r.v.(normalize.Layout).L
	}
	ms, ok := flatModes(l)
	switch {
	case !ok:
		return d.coalesceRuntime(f, l)
	case len(ms) > maxWalk:
		return d.step("coalesce", call("coalesce", f), fmt.Sprintf("%d leaves: merged as a whole (the walk shows at most %d)", len(ms), maxWalk)), true
	case len(ms) == 1:
		return d.step("coalesce", call("coalesce", f), "one leaf: nothing to merge (an extent-1 leaf becomes 1:0)"), true
	}
	prev := ms[0]
	var r result
	for k := 1; k < len(ms); k++ {
		m := ms[k]
		var rule, note string
		switch {
		case m.s == 1:
			rule, note = "drop", fmt.Sprintf("leaf %d, %s, has extent 1: it adds no offset and is dropped", k, modeText(m))
		case prev.s == 1:
			rule, note = "replace", fmt.Sprintf("the modes before leaf %d have extent 1: %s replaces them", k, modeText(m))
		case prev.s*prev.d == m.d:
			rule, note = "merge", fmt.Sprintf("%s ends where leaf %d, %s, starts (%d·%d = %d): one mode of extent %d·%d = %d and stride %d",
				modeText(prev), k, modeText(m), prev.s, prev.d, m.d, prev.s, m.s, prev.s*m.s, prev.d)
		default:
			rule, note = "keep", fmt.Sprintf("%s steps %d·%d = %d, not leaf %d's stride %d: %s stays a mode of its own",
				modeText(prev), prev.s, prev.d, prev.s*prev.d, k, m.d, modeText(m))
		}
		expr := call("coalesce", call("take", f, "0", itoa(int64(k+1))))
		if k == len(ms)-1 {
			expr = call("coalesce", f)
		}
		r = d.step(rule, expr, note)
		if !r.ok {
			return r, true
		}
		cur, ok := flatModes(r.v.(normalize.Layout).L)
		if !ok || len(cur) == 0 {
			return result{}, false
		}
		prev = cur[len(cur)-1]
	}
	return r, true
}

// deriveFilter is coalesce after filter_zeros.
func deriveFilter(d *deriver, vals []normalize.Value, args []string) (result, bool) {
	if len(vals) == 2 {
		return d.byProfile("filter", vals, args)
	}
	if l, ok := layoutOf(vals[0]); !ok || !staticInts(l) {
		return result{}, false
	}
	z := d.step("filter_zeros", call("filter_zeros", args[0]), "a stride-0 mode adds no offset: its extent becomes 1")
	if !z.ok {
		return z, true
	}
	return d.sub("coalesce", z.text), true
}

// byProfile applies op to each mode the profile names (coalesce(L, (_,_))).
func (d *deriver) byProfile(op string, vals []normalize.Value, args []string) (result, bool) {
	p, ok := vals[1].(normalize.Tuple)
	l, lok := layoutOf(vals[0])
	if !ok || !lok || !p.T.IsTuple() || p.T.Rank() > l.Rank() {
		return result{}, false
	}
	d.step("profile", args[1], fmt.Sprintf("%s by mode (paper eq. 12): each mode the profile names is %sed on its own, the others are kept", op, op))
	parts := make([]string, l.Rank())
	for i := range parts {
		m := d.step("mode", call("get", args[0], itoa(int64(i))), fmt.Sprintf("mode %d of L", i))
		if !m.ok {
			return m, true
		}
		parts[i] = m.text
		if i < p.T.Rank() {
			r := d.sub(op, m.text)
			if !r.ok {
				return r, true
			}
			parts[i] = r.text
		}
	}
	return d.step("concatenate", call("make_layout", parts...), "the modes, concatenated"), true
}

// deriveComposition is paper §3.3: A is coalesced, B distributes over its
// modes (eq. 22), and each integral mode s:d of B walks the modes of A.
func deriveComposition(d *deriver, vals []normalize.Value, args []string) (result, bool) {
	a, ok := layoutOf(vals[0])
	if !ok || len(vals) != 2 {
		return result{}, false
	}
	switch b := vals[1].(type) {
	case normalize.Int:
		t := d.step("tiler", args[1]+":1", "an integer tile N is the layout N:1 (paper Definition 3.1)")
		return d.sub("composition", args[0], t.text), true
	case normalize.Tuple, normalize.Tiler:
		if !isByMode(b) {
			return result{}, false
		}
		return d.byMode("composition", vals, args)
	case normalize.Layout:
		if !staticInts(a) || !staticInts(b.L) {
			return d.composeRuntime(args[0], args[1], b.L)
		}
		var ac result
		if x, ok := d.coalesceX(args[0], a); ok {
			ac = x
		} else if a.Shape().IsTuple() {
			ac = d.step("coalesce", call("coalesce", args[0]),
				"A is coalesced first (paper §3.3.2): B's codomain is the integers, so coalescing A changes no value of A ∘ B")
			if !ac.ok {
				return ac, true
			}
		} else {
			ac = result{v: vals[0], text: args[0], ok: true}
		}
		return d.composeModes(ac, args[1], b.L.Rank()), true
	}
	return result{}, false
}

// coalesceX is CuTe's coalesce_x of A when A's last leaf has extent 1: on
// the extended domain that mode still steps, so it is coalesced as extent 2.
func (d *deriver) coalesceX(a string, l layout.Layout) (result, bool) {
	f, _ := d.eval(call("flatten", a))
	fl, ok := layoutOf(f.v)
	if !ok || !l.Shape().IsTuple() {
		return result{}, false
	}
	ms, ok := flatModes(fl)
	if !ok || len(ms) < 2 || ms[len(ms)-1].s != 1 {
		return result{}, false
	}
	ms[len(ms)-1].s = 2
	r := d.step("coalesce", call("coalesce", literal(ms)),
		fmt.Sprintf("A is coalesced first (paper §3.3.2); its last mode has extent 1, but A is read on its extended domain, where that mode still steps by %d: CuTe coalesces it as extent 2 (coalesce_x), so it is kept", ms[len(ms)-1].d))
	return r, r.ok
}

// composeModes composes the coalesced A with B, distributing over the
// modes of B (eq. 22) down to its leaves.
func (d *deriver) composeModes(ac result, b string, rank int) result {
	bv, _ := d.eval(b)
	bl, ok := layoutOf(bv.v)
	if !ok {
		return d.step("composition", call("composition", ac.text, b), "")
	}
	if !bl.Shape().IsTuple() {
		return d.composeBase(ac, b, bl.Shape().Value(), bl.Stride().Value())
	}
	if bl.Rank() > maxWalk {
		return d.step("composition", call("composition", ac.text, b), fmt.Sprintf("B has %d modes: composed as a whole (the walk shows at most %d)", bl.Rank(), maxWalk))
	}
	parts := make([]string, bl.Rank())
	for i := range parts {
		m := d.step("mode of B", call("get", b, itoa(int64(i))), fmt.Sprintf("mode %d of B, composed on its own (paper eq. 22: A ∘ (B0, B1, ...) = (A ∘ B0, A ∘ B1, ...))", i))
		if !m.ok {
			return m
		}
		d.depth++
		r := d.composeModes(ac, m.text, 0)
		d.depth--
		if !r.ok {
			return r
		}
		parts[i] = r.text
	}
	return d.step("concatenate", call("make_layout", parts...), "the compositions of the modes of B, concatenated (eq. 22)")
}

// composeBase is the base case of paper §3.3.2: B = s:d against the
// coalesced A = (S0,...,SR):(D0,...,DR). Mode by mode, the stride left is
// divided by the extent (eq. 20), and of the elements that fit, as many as
// are left of s are kept (eq. 21).
func (d *deriver) composeBase(ac result, b string, s, dd int64) result {
	whole := call("composition", ac.text, b)
	ms, ok := flatModes(ac.v.(normalize.Layout).L)
	switch {
	case !ok:
		return d.step("base case", whole, "")
	case dd == 0:
		return d.step("base case", whole, "B has stride 0: every coordinate maps to offset 0 of A, so the result is s:0")
	case len(ms) == 1:
		return d.step("base case", whole, fmt.Sprintf("A coalesces to one mode %s: (S:D) ∘ (s:d) = s:(D·d), A read on its extended domain, no condition to test", modeText(ms[0])))
	case len(ms) > maxWalk:
		return d.step("base case", whole, fmt.Sprintf("A has %d modes: composed as a whole (the walk shows at most %d)", len(ms), maxWalk))
	}
	restShape, restStride := s, dd
	prefix := int64(1)
	var out []mode
	cross := -1 // the first mode whose end B crosses with a stride that does not divide it
	for i := 0; i < len(ms)-1; i++ {
		e, pb := ms[i].s, prefix
		prefix *= e
		ad := restStride
		sign := int64(1)
		if ad < 0 {
			ad, sign = -ad, -1
		}
		where := fmt.Sprintf("mode %d of A is %s, after the prefix product S̄%d = %d", i, modeText(ms[i]), i, pb)
		if ad >= e && ad%e != 0 {
			return d.step("eq. 20", call("shape_div", itoa(ad), itoa(e)),
				fmt.Sprintf("%s: stride divisibility (paper eq. 20) fails: the stride left %d and the extent %d do not divide one another", where, ad, e))
		}
		var note string
		switch {
		case ad >= e:
			note = fmt.Sprintf("%s: the stride left %d is a multiple of %d (eq. 20 holds): the mode is passed over whole, ceil(%d/%d) = 1 element fits", where, ad, e, e, ad)
		case e%ad == 0:
			note = fmt.Sprintf("%s: the stride left %d divides %d (eq. 20 holds): %d/%d elements fit in the mode", where, ad, e, e, ad)
		default:
			note = fmt.Sprintf("%s: the stride left %d does not divide %d: ceil(%d/%d) elements fit, and B must not cross the mode's end", where, ad, e, e, ad)
		}
		nx := d.step("divide", call("ceil_div", itoa(e), itoa(ad)), note)
		next, ok := intOf(nx.v)
		if !ok {
			return result{}
		}
		ns := d.step("stride left", call("ceil_div", itoa(ad), itoa(e)), fmt.Sprintf("the stride left for the next mode: ceil(%d/%d)", ad, e))
		nextStride, ok := intOf(ns.v)
		if !ok {
			return result{}
		}
		nextStride *= sign
		if next == 1 || restShape == 1 {
			restStride = nextStride
			continue
		}
		newShape := min(next, restShape)
		if restShape%newShape != 0 && e%ad != 0 {
			return d.step("eq. 20", call("shape_div", itoa(ad), itoa(e)),
				fmt.Sprintf("stride divisibility (paper eq. 20) fails at mode %d of A: the stride left %d and the extent %d do not divide one another, and B needs more than the %d elements that fit before the mode's end", i, ad, e, next))
		}
		if restShape%newShape != 0 {
			return d.step("eq. 21", call("shape_div", itoa(restShape), itoa(newShape)),
				fmt.Sprintf("shape divisibility (paper eq. 21) fails at mode %d of A: min(%d, %d) = %d elements are kept of the %d left, which it does not divide", i, next, restShape, newShape, restShape))
		}
		if e%ad != 0 && restShape > next && cross < 0 {
			cross = i
		}
		k := d.step("keep", call("shape_div", itoa(restShape), itoa(newShape)),
			fmt.Sprintf("mode %d keeps min(%d, %d) = %d elements at stride %d·%d = %d (S' = S/δ, D' = D·δ); %d/%d elements of B are left (eq. 21 holds)",
				i, next, restShape, newShape, ms[i].d, restStride, ms[i].d*restStride, restShape, newShape))
		left, ok := intOf(k.v)
		if !ok {
			return result{}
		}
		out = append(out, mode{newShape, ms[i].d * restStride})
		restShape, restStride = left, nextStride
	}
	lastM := ms[len(ms)-1]
	last := mode{restShape, lastM.d * restStride}
	var res []mode
	switch {
	case len(out) == 0:
		res = []mode{last}
	case restShape == 1:
		res = out
	default:
		res = append(out, last)
	}
	note := fmt.Sprintf("the kept modes; the last mode of A, %s, takes the %d elements left at stride %d·%d = %d (it is read on its extended domain)",
		modeText(lastM), restShape, lastM.d, restStride, last.d)
	if restShape == 1 {
		note = "the kept modes: no element of B is left for the last mode of A"
	}
	r := d.step("result", literal(res), note)
	if cross < 0 || !r.ok {
		return r
	}
	return d.step("check", whole, fmt.Sprintf("B crosses the end of mode %d of A with a stride that does not divide its extent, so stride divisibility (paper eq. 20) does not hold there: the result stands only if it equals A(B(c)) at every c of B, which the evaluator checks point by point", cross))
}

// byMode applies op with a by-mode tiler: mode i of L with tile i (paper
// eq. 12). The modes of L past the tiler are kept by the divides and
// products and dropped by composition, as in CuTe C++.
func (d *deriver) byMode(op string, vals []normalize.Value, args []string) (result, bool) {
	tr, _ := rankOf(vals[1])
	lr, ok := rankOf(vals[0])
	if !ok || tr > lr || lr > maxWalk {
		return result{}, false
	}
	beyond := "kept whole"
	if op == "composition" {
		beyond = "dropped (write _ in the tiler to keep one)"
	}
	d.step("tiler", args[1], fmt.Sprintf("the tiler is by-mode, a tuple of %d tiles: mode i of L meets tile i on its own (paper eq. 12), a _ tile keeps the mode, and the modes of L past the tiler are %s", tr, beyond))
	var parts []string
	for i := 0; i < lr; i++ {
		if i >= tr && op == "composition" {
			break
		}
		m := d.step("mode", call("get", args[0], itoa(int64(i))), fmt.Sprintf("mode %d of L", i))
		if !m.ok {
			return m, true
		}
		if i >= tr {
			parts = append(parts, m.text)
			continue
		}
		t, _ := d.eval(call("get", args[1], itoa(int64(i))))
		if !t.ok {
			return result{}, false
		}
		if t.text == "_" {
			parts = append(parts, m.text)
			continue
		}
		r := d.sub(op, m.text, t.text)
		if !r.ok {
			return r, true
		}
		parts = append(parts, r.text)
	}
	return d.step("concatenate", call("make_layout", parts...), "the modes, concatenated (eq. 12)"), true
}

// deriveComplement is paper §3.5 as CuTe computes it: the modes of the
// filtered L sorted by stride; each leaves a gap below it, covered by a mode
// of the complement; the rest repeats up to the cotarget; coalesced.
func deriveComplement(d *deriver, vals []normalize.Value, args []string) (result, bool) {
	l, ok := layoutOf(vals[0])
	if ok && !staticInts(l) {
		return d.complementRuntime(args)
	}
	if !ok {
		return result{}, false
	}
	var cot int64
	cotTuple := "" // a shape cotarget, divided mode by mode
	if len(vals) == 2 {
		if cot, ok = intOf(vals[1]); !ok {
			if cotTuple, ok = d.shapeCotarget(vals[1], args[1]); !ok {
				return result{}, false
			}
		}
	}
	f := d.step("filter", call("filter", args[0]), "stride-0 and extent-1 modes do not contribute (paper Table 7); what is left is coalesced")
	if !f.ok {
		return f, true
	}
	fl, ok := layoutOf(f.v)
	if !ok {
		return result{}, false
	}
	ms, ok := flatModes(fl)
	if !ok || len(ms) > maxWalk {
		return result{}, false
	}
	if len(ms) == 1 && ms[0].d == 0 {
		if len(vals) == 1 {
			return result{}, false
		}
		target := args[1]
		if cotTuple != "" {
			target = cotTuple
		}
		return d.step("whole", call("coalesce", call("make_layout", target)), "nothing of L is left after filtering (it reaches offset 0 only): the complement is the compact layout of the whole cotarget"), true
	}
	if len(vals) == 1 {
		c := d.step("cotarget", call("cosize", f.text), "with no cotarget, the complement covers the offsets up to the cosize of L")
		if cot, ok = intOf(c.v); !ok {
			return c, c.ok
		}
	}
	order := make([]int, len(ms))
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(i, j int) bool { return ms[order[i]].d < ms[order[j]].d })
	sorted := f.text
	if !sort.IntsAreSorted(order) {
		idx := []string{f.text}
		for _, o := range order {
			idx = append(idx, itoa(int64(o)))
		}
		s := d.step("sort", call("select", idx...), "the modes sorted by stride: the complement's image is ordered (paper eq. 29)")
		if !s.ok {
			return s, true
		}
		sorted = s.text
	}
	_ = sorted
	current := int64(1)
	var res []mode
	for _, o := range order {
		m := ms[o]
		if m.d < current {
			return d.step("disjoint", call("complement", args...),
				fmt.Sprintf("mode %s starts at offset %d, inside the %d offsets the modes of smaller stride already cover: L is not injective, or its strides do not nest, and has no complement (paper eq. 28)", modeText(m), m.d, current)), true
		}
		var note string
		if current == 1 {
			note = fmt.Sprintf("mode %s comes first by stride: below its stride %d, L reaches only offset 0, so the complement steps through 0..%d, a mode %d:1",
				modeText(m), m.d, m.d-1, m.d)
			if m.d == 1 {
				note += " (extent 1: no gap)"
			}
		} else {
			note = fmt.Sprintf("the modes before %s cover a block of %d offsets, and it starts at offset %d: the complement repeats that block %d/%d times at stride %d",
				modeText(m), current, m.d, m.d, current, current)
			if m.d%current != 0 {
				note += fmt.Sprintf(" (%d does not divide %d: the quotient is rounded down, as CuTe does)", current, m.d)
			}
		}
		g := d.step("gap", call("tuple_div", itoa(m.d), itoa(current)), note)
		gap, ok := intOf(g.v)
		if !ok {
			return g, true
		}
		res = append(res, mode{gap, current})
		e := d.step("end", call("tuple_mul", itoa(m.s), itoa(m.d)), fmt.Sprintf("mode %s repeats the block below its stride %d times: the block now covers %d·%d offsets", modeText(m), m.s, m.s, m.d))
		if current, ok = intOf(e.v); !ok {
			return e, true
		}
	}
	if cotTuple != "" {
		return d.restOfShape(res, cotTuple, current), true
	}
	r := d.step("rest", call("ceil_div", itoa(cot), itoa(current)),
		fmt.Sprintf("the block of %d offsets is repeated up to the cotarget %d: ceil(%d/%d) times at stride %d", current, cot, cot, current, current))
	rest, ok := intOf(r.v)
	if !ok {
		return r, true
	}
	res = append(res, mode{rest, current})
	a := d.step("gaps", literal(res), "the gaps and the rest in order of stride: the complement before it is coalesced")
	if !a.ok {
		return a, true
	}
	return d.step("coalesce", call("coalesce", a.text), "coalesced, as CuTe returns it (extent-1 modes vanish)"), true
}

// shapeCotarget reads a cotarget that is a shape (a tuple, or a layout,
// which stands for its shape) and returns its text; ok is false for any
// other value.
func (d *deriver) shapeCotarget(v normalize.Value, text string) (string, bool) {
	switch v := v.(type) {
	case normalize.Tuple:
		return text, v.T.IsTuple() && v.T.IsStatic() && !v.T.IsSymbolic()
	case normalize.Layout:
		if !staticInts(v.L) {
			return "", false
		}
		s := d.step("cotarget", call("shape", text), "a layout cotarget stands for its shape")
		return s.text, s.ok
	}
	return "", false
}

// restOfShape ends a complement whose cotarget is a shape, as CuTe's
// complement does (cute/layout.hpp): the rest is ceil_div(cotarget, block)
// taken mode by mode, each mode rounded up and what it leaves of the divisor
// passed to the next, laid out column-major from the block's stride.
func (d *deriver) restOfShape(gaps []mode, cot string, block int64) result {
	r := d.step("rest", call("ceil_div", cot, itoa(block)),
		fmt.Sprintf("the cotarget is a shape: the block of %d offsets is repeated up to it mode by mode (CuTe's ceil_div of a shape): each mode is divided by what is left of %d, rounded up, and passes ceil(divisor/extent) on to the next mode, so a divisor that does not divide a mode loses elements", block, block))
	if !r.ok {
		return r
	}
	scale := itoa(block)
	if t, ok := r.v.(normalize.Tuple); ok && t.T.IsTuple() {
		bs := make([]int64, t.T.Len())
		for i := range bs {
			bs[i] = block
		}
		scale = "(" + strings.Trim(ints(bs), "()") + ")"
	}
	st := d.step("rest strides", call("tuple_mul", call("compact_col_major", r.text), scale),
		fmt.Sprintf("the rest is laid out column-major from stride %d", block))
	if !st.ok {
		return st
	}
	sh, dd := make([]string, 0, len(gaps)+1), make([]string, 0, len(gaps)+1)
	for _, g := range gaps {
		sh, dd = append(sh, itoa(g.s)), append(dd, itoa(g.d))
	}
	sh, dd = append(sh, r.text), append(dd, st.text)
	a := d.step("gaps", "("+strings.Join(sh, ",")+"):("+strings.Join(dd, ",")+")", "the gaps and the rest in order of stride: the complement before it is coalesced")
	if !a.ok {
		return a
	}
	return d.step("coalesce", call("coalesce", a.text), "coalesced, as CuTe returns it (extent-1 modes vanish)")
}

// deriveRightInverse is paper §3.4.1 as CuTe computes it: the modes of the
// coalesced L sorted by stride, chained while each starts where the one
// before it ends; each kept mode's stride is where it starts in L's domain.
func deriveRightInverse(d *deriver, vals []normalize.Value, args []string) (result, bool) {
	if _, ok := vals[0].(normalize.Composed); ok {
		return d.inverseComposed("right_inverse", args[0])
	}
	l, ok := layoutOf(vals[0])
	if !ok || !staticInts(l) {
		return result{}, false
	}
	ms, pre, order, r, ok := d.inverseModes(args[0], "(paper §3.4.1)")
	if !ok || !r.ok {
		return r, ok
	}
	for _, m := range ms {
		if m.d < 0 {
			return result{}, false
		}
	}
	current := int64(1)
	var res []mode
	used := make([]bool, len(ms))
	for {
		next, skipped := -1, ""
		for _, o := range order {
			m := ms[o]
			if used[o] || m.s == 1 || m.d == 0 {
				continue // an extent-1 or stride-0 mode reaches no new offset
			}
			if m.d == current {
				next = o
				break
			}
			if skipped == "" {
				skipped = modeText(m)
			}
		}
		if next < 0 {
			if skipped != "" {
				d.step("stop", itoa(current), fmt.Sprintf("no mode left starts at offset %d (%s, the first by stride, does not): the chain from offset 0 ends here, and the inverse with it", current, skipped))
			}
			break
		}
		used[next] = true
		m := ms[next]
		note := fmt.Sprintf("mode %s starts at offset %d, where the image so far ends: its %d offsets are reached from domain position %d on, a mode %d:%d of the inverse; the image is contiguous up to %d·%d",
			modeText(m), current, m.s, pre[next], m.s, pre[next], m.s, m.d)
		if skipped != "" {
			note += fmt.Sprintf(" (%s, of smaller stride, is not on the chain: CuTe follows the stride that continues it)", skipped)
		}
		res = append(res, mode{m.s, pre[next]})
		e := d.step("chain", call("tuple_mul", itoa(m.s), itoa(m.d)), note)
		if current, ok = intOf(e.v); !ok {
			return e, true
		}
	}
	if len(res) == 0 {
		res = []mode{{1, 0}}
	}
	a := d.step("inverse", literal(res), "the chained modes, in order of offset")
	if !a.ok {
		return a, true
	}
	return d.step("coalesce", call("coalesce", a.text), "coalesced"), true
}

// inverseModes opens the derivations of right_inverse and left_inverse alike:
// L is coalesced (the inverse of the same function of one integer), its
// flat modes are read, and the prefix products of its shape say where each
// mode starts in L's domain. It returns the modes, their prefix products,
// the mode indices sorted by stride, and a failed step where one fails (ok
// is false when the walk does not apply to L).
func (d *deriver) inverseModes(l, where string) (ms []mode, pre []int64, order []int, r result, ok bool) {
	c := d.step("coalesce", call("coalesce", l), "the inverse of the coalesced L, the same function of one integer "+where)
	if !c.ok {
		return nil, nil, nil, c, true
	}
	if ms, ok = flatModes(c.v.(normalize.Layout).L); !ok || len(ms) > maxWalk {
		return nil, nil, nil, result{}, false
	}
	p := d.step("prefix products", call("compact_col_major", call("shape", c.text)), "where each mode starts in L's domain (the prefix products of the shape): its stride in the inverse")
	if !p.ok {
		return nil, nil, nil, p, true
	}
	if pre, ok = tupleInts(p, len(ms)); !ok {
		return nil, nil, nil, result{}, false
	}
	order = make([]int, len(ms))
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(i, j int) bool { return ms[order[i]].d < ms[order[j]].d })
	return ms, pre, order, p, true
}

// deriveLeftInverse is CuTe C++'s left_inverse (paper §3.4.3): the modes of
// the coalesced L sorted by stride are the digits of a mixed radix; an
// offset's digit below stride d counts positions d/d' apart, and maps back
// to where its mode starts in L's domain. The offsets L never reaches map
// somewhere too, which a left inverse allows.
func deriveLeftInverse(d *deriver, vals []normalize.Value, args []string) (result, bool) {
	if _, ok := vals[0].(normalize.Composed); ok {
		return d.inverseComposed("left_inverse", args[0])
	}
	l, ok := layoutOf(vals[0])
	if !ok || !staticInts(l) {
		return result{}, false
	}
	ms, pre, order, r, ok := d.inverseModes(args[0], "(paper §3.4.3)")
	if !ok || !r.ok {
		return r, ok
	}
	covered, reach := int64(1), int64(0)
	res := []mode{}
	strides := []int64{0}
	last, overlap := -1, ""
	for _, o := range order {
		m := ms[o]
		if m.d == 0 {
			continue
		}
		if m.d < 0 {
			return result{}, false
		}
		if reach > m.d && overlap == "" {
			overlap = fmt.Sprintf("the mode before %s reaches offset %d, past its stride %d", modeText(m), reach, m.d)
		}
		reach = m.d * m.s
		g := d.step("digit", call("shape_div", itoa(m.d), itoa(covered)),
			fmt.Sprintf("mode %s: offsets below its stride %d are counted in steps of %d, %d/%d digits; a digit of this size maps back to domain position %d, where the mode starts", modeText(m), m.d, covered, m.d, covered, pre[o]))
		digit, ok := intOf(g.v)
		if !ok {
			return g, true
		}
		res = append(res, mode{digit, 0})
		strides = append(strides, pre[o])
		covered, last = m.d, o
	}
	if last < 0 {
		return result{}, false
	}
	res = append(res, mode{ms[last].s, 0})
	for i := range res {
		res[i].d = strides[i]
	}
	a := d.step("inverse", literal(res), fmt.Sprintf("the digits, then the %d steps of the mode of largest stride; the first digit (offsets below the smallest stride) has stride 0", ms[last].s))
	if !a.ok {
		return a, true
	}
	r = d.step("coalesce", call("coalesce", a.text), "coalesced")
	if overlap == "" || !r.ok {
		return r, true
	}
	return d.step("check", call("left_inverse", args[0]), overlap+
		": the modes overlap, so this construction need not satisfy L(R(L(k))) = L(k); cutec keeps it only if it does, and otherwise takes the right inverse of (L, L*) as pycute builds it, when that one does"), true
}

// tupleInts reads n static integers from a tuple step (one integer: n = 1).
func tupleInts(r result, n int) ([]int64, bool) {
	if x, ok := intOf(r.v); ok && n == 1 {
		return []int64{x}, true
	}
	t, ok := r.v.(normalize.Tuple)
	if !ok {
		return nil, false
	}
	out := make([]int64, n)
	for i := range out {
		x := t.T
		if t.T.IsTuple() {
			if i >= t.T.Len() {
				return nil, false
			}
			x = t.T.At(i)
		}
		if !x.IsInt() || x.IsSymbolic() {
			return nil, false
		}
		out[i] = x.Value()
	}
	return out, true
}

// tileOf returns the text of a single tile: a layout, or N:1 for an integer.
func (d *deriver) tileOf(v normalize.Value, text string) (string, bool) {
	switch v := v.(type) {
	case normalize.Int:
		t := d.step("tiler", text+":1", "an integer tile N is the layout N:1 (paper Definition 3.1)")
		return t.text, t.ok
	case normalize.Layout:
		return text, staticInts(v.L)
	}
	return "", false
}

// deriveLogicalDivide is paper §3.5.2: A ⊘ B = A ∘ (B, B*), B* the
// complement of B in the size of A.
func deriveLogicalDivide(d *deriver, vals []normalize.Value, args []string) (result, bool) {
	if _, ok := layoutOf(vals[0]); !ok || len(vals) != 2 {
		return result{}, false
	}
	if isByMode(vals[1]) {
		return d.byMode("logical_divide", vals, args)
	}
	if l, ok := vals[1].(normalize.Layout); ok && staticInts(l.L) {
		d.step("tiler", args[1], "the tiler is a layout, one tile: it picks offsets of L's domain counted as one range (L coalesced), not rows and columns; a by-mode tiler [T0;T1] or a shape (T0,T1) divides mode by mode")
	}
	tile, ok := d.tileOf(vals[1], args[1])
	if !ok {
		return result{}, false
	}
	lc := d.step("coalesce", call("coalesce", args[0]), "the tile is complemented in the shape of the coalesced L (paper §3.5.2: B* is taken with respect to the size of A)")
	if !lc.ok {
		return lc, true
	}
	cot := lc.text
	if sh, _ := d.eval(call("shape", lc.text)); sh.ok {
		if _, isInt := intOf(sh.v); isInt {
			cot = d.step("cotarget", call("shape", lc.text), "").text
		}
	}
	c := d.sub("complement", tile, cot)
	if !c.ok {
		return c, true
	}
	b := d.step("concatenate", call("make_layout", tile, c.text), "B* = (B, B*): the tile, then the complement that repeats it over the rest of A (paper §3.5.2)")
	if !b.ok {
		return b, true
	}
	return d.sub("composition", args[0], b.text), true
}

// deriveLogicalProduct is paper §3.5.1: A ⊗ B = (A, A* ∘ B), A* the
// complement of A up to size(A)·cosize(B).
func deriveLogicalProduct(d *deriver, vals []normalize.Value, args []string) (result, bool) {
	a, ok := layoutOf(vals[0])
	if !ok || len(vals) != 2 || !staticInts(a) {
		return result{}, false
	}
	if isByMode(vals[1]) {
		return d.byMode("logical_product", vals, args)
	}
	tile, ok := d.tileOf(vals[1], args[1])
	if !ok {
		return result{}, false
	}
	sa := d.step("size", call("size", args[0]), "the size of the block A")
	cb := d.step("cosize", call("cosize", tile), "the cosize of the tiler B: how many copies of A its offsets reach")
	if !sa.ok || !cb.ok {
		return result{}, false
	}
	t := d.step("cotarget", call("tuple_mul", sa.text, cb.text), "the complement of A is taken up to size(A)·cosize(B)")
	if !t.ok {
		return t, true
	}
	c := d.sub("complement", args[0], t.text)
	if !c.ok {
		return c, true
	}
	r := d.sub("composition", c.text, tile)
	if !r.ok {
		return r, true
	}
	return d.step("concatenate", call("make_layout", args[0], r.text), "A ⊗ B = (A, A* ∘ B) (paper §3.5.1): the block, then its complement ordered and shaped by B"), true
}

// modesOf returns the values of the top-level modes of a layout text.
func (d *deriver) modesOf(l string) ([]string, bool) {
	v, _ := d.eval(l)
	ll, ok := layoutOf(v.v)
	if !ok {
		return nil, false
	}
	if !ll.Shape().IsTuple() {
		return []string{l}, true
	}
	out := make([]string, ll.Rank())
	for i := range out {
		m, _ := d.eval(call("get", l, itoa(int64(i))))
		if !m.ok {
			return nil, false
		}
		out[i] = m.text
	}
	return out, true
}

// rearranged derives the zipped, tiled and flat forms of a divide or a
// product: the logical one, whose modes are then regrouped.
func rearranged(logical, form string) derivation {
	return func(d *deriver, vals []normalize.Value, args []string) (result, bool) {
		if len(vals) != 2 {
			return result{}, false
		}
		r := d.sub(logical, args...)
		if !r.ok {
			return r, true
		}
		var tiles, rests []string
		if isByMode(vals[1]) {
			tr, _ := rankOf(vals[1])
			ms, ok := d.modesOf(r.text)
			if !ok {
				return result{}, false
			}
			for i, m := range ms {
				if i >= tr {
					rests = append(rests, m)
					continue
				}
				pair, ok := d.modesOf(m)
				if !ok || len(pair) != 2 {
					return result{}, false
				}
				tiles, rests = append(tiles, pair[0]), append(rests, pair[1])
			}
		} else {
			ms, ok := d.modesOf(r.text)
			if !ok || len(ms) != 2 {
				return result{}, false
			}
			tiles, rests = []string{ms[0]}, []string{ms[1]}
			if form != "zipped" {
				if rests, ok = d.modesOf(ms[1]); !ok {
					return result{}, false
				}
			}
			if form == "flat" {
				if tiles, ok = d.modesOf(ms[0]); !ok {
					return result{}, false
				}
			}
		}
		var expr, note string
		tileGroup := call("make_layout", tiles...)
		if !isByMode(vals[1]) && form == "tiled" {
			tileGroup = tiles[0] // one tile: the tile mode as it is
		}
		switch form {
		case "zipped":
			expr = call("make_layout", call("make_layout", tiles...), call("make_layout", rests...))
			note = "zipped: the first modes of every mode gathered, then the second ones: ((tile...), (rest...))"
		case "tiled":
			expr = call("make_layout", append([]string{tileGroup}, rests...)...)
			note = "tiled: the first modes gathered, the second ones unpacked: ((tile...), rest0, rest1, ...)"
		default:
			expr = call("make_layout", append(tiles, rests...)...)
			note = "flat: every first mode, then every second one: (tile0, tile1, ..., rest0, rest1, ...)"
		}
		if !isByMode(vals[1]) && form == "zipped" {
			note = "a single tile already gives (tile, rest): zipping changes nothing"
			expr = r.text
		}
		return d.step(form, expr, note), true
	}
}

// ranked derives blocked_product and raked_product: the logical product of
// A and B padded to one rank, its modes zipped with A's.
func ranked(raked bool) derivation {
	return func(d *deriver, vals []normalize.Value, args []string) (result, bool) {
		a, aok := layoutOf(vals[0])
		b, bok := layoutOf(vals[1])
		if !aok || !bok || !staticInts(a) {
			return result{}, false
		}
		r := max(a.Rank(), b.Rank())
		pad := func(x string, rank int, what string) (string, bool) {
			if rank >= r {
				return x, true
			}
			p := d.step("append_to", call("append_to", x, itoa(int64(r))), fmt.Sprintf("%s is padded with 1:0 modes to rank %d", what, r))
			return p.text, p.ok
		}
		at, ok1 := pad(args[0], a.Rank(), "the block A")
		bt, ok2 := pad(args[1], b.Rank(), "the tiler B")
		if !ok1 || !ok2 {
			return result{}, false
		}
		p := d.sub("logical_product", at, bt)
		if !p.ok {
			return p, true
		}
		g := d.step("grid", call("get", p.text, "1"), "the second mode of the product: the copies of A, arranged as B")
		if !g.ok {
			return g, true
		}
		as, ok := d.modesOf(at)
		gs, ok2 := d.modesOf(g.text)
		if !ok || !ok2 || len(as) != len(gs) {
			return result{}, false
		}
		parts := make([]string, len(as))
		for i := range parts {
			if raked {
				parts[i] = call("make_layout", gs[i], as[i])
			} else {
				parts[i] = call("make_layout", as[i], gs[i])
			}
		}
		note := "blocked: mode i is (A_i, grid_i), so each block is a shifted copy of A (paper §3.5.1, Figure 10)"
		if raked {
			note = "raked: mode i is (grid_i, A_i), the copies of A interleaved (paper §3.5.1, Figure 11)"
		}
		return d.step("zip", call("make_layout", parts...), note), true
	}
}

// deriveTileToShape is CuTe's tile_to_shape: the block repeated by
// ceil_div(target, block) in the given order, as a blocked product.
func deriveTileToShape(d *deriver, vals []normalize.Value, args []string) (result, bool) {
	a, ok := layoutOf(vals[0])
	t, tok := vals[1].(normalize.Tuple)
	if !ok || !tok || !staticInts(a) || !t.T.IsStatic() {
		return result{}, false
	}
	r := max(t.T.Rank(), 1)
	block := args[0]
	if a.Rank() < r {
		p := d.step("append_to", call("append_to", block, itoa(int64(r))), fmt.Sprintf("the block is padded with 1:0 modes to the rank %d of the target", r))
		if !p.ok {
			return p, true
		}
		block = p.text
	}
	bs := d.step("block shape", call("product_each", call("shape", block)), "the extent of the block in each mode")
	ts := d.step("target", call("product_each", args[1]), "the extent of the target in each mode")
	if !bs.ok || !ts.ok {
		return result{}, false
	}
	reps := d.step("repeats", call("ceil_div", ts.text, bs.text), "how many blocks each mode needs, rounded up")
	if !reps.ok {
		return reps, true
	}
	order := "the column-major order"
	tiling := call("make_layout", reps.text)
	if len(args) == 3 {
		tiling = call("make_ordered_layout", reps.text, args[2])
		order = "the order " + args[2]
	}
	g := d.step("tiling", tiling, "the blocks laid out in "+order)
	if !g.ok {
		return g, true
	}
	return d.sub("blocked_product", block, g.text), true
}

// deriveSwizzle is the bit arithmetic of S<B,M,S> on an offset x: the B
// bits at M+S (yyy) are XORed into the B bits at M (zzz).
func deriveSwizzle(d *deriver, vals []normalize.Value, args []string) (result, bool) {
	sw, ok := vals[0].(normalize.Swizzle)
	x, xok := intOf(vals[1])
	if !ok || !xok || x < 0 || sw.S.S < 0 || sw.S.B == 0 {
		return result{}, false
	}
	b, m, s := int64(sw.S.B), int64(sw.S.M), int64(sw.S.S)
	pb, pm, pms := int64(1)<<b, int64(1)<<m, int64(1)<<(m+s)
	y := d.step("yyy", call("tuple_mod", call("tuple_div", itoa(x), itoa(pms)), itoa(pb)),
		fmt.Sprintf("x = %d = 0b%b; yyy, the %d bits of x from bit M+S = %d: (x / 2^%d) mod 2^%d", x, x, b, m+s, m+s, b))
	z := d.step("zzz", call("tuple_mod", call("tuple_div", itoa(x), itoa(pm)), itoa(pb)),
		fmt.Sprintf("zzz, the %d bits of x from bit M = %d: (x / 2^%d) mod 2^%d", b, m, m, b))
	yv, ok1 := intOf(y.v)
	zv, ok2 := intOf(z.v)
	if !ok1 || !ok2 {
		return result{}, false
	}
	nz := zv ^ yv
	return d.step("xor", call("tuple_add", itoa(x), call("tuple_mul", call("tuple_sub", itoa(nz), itoa(zv)), itoa(pm))),
		fmt.Sprintf("bits %d..%d become zzz XOR yyy = 0b%0*b XOR 0b%0*b = 0b%0*b = %d: x + (%d - %d)·2^%d", m, m+b-1, b, zv, b, yv, b, nz, nz, nz, zv, m)), true
}

// deriveComposedEval evaluates A o off o B at c: B first, then the offset,
// then A (a swizzle's bit arithmetic, or a layout).
func deriveComposedEval(d *deriver, vals []normalize.Value, args []string) (result, bool) {
	if _, ok := vals[0].(normalize.Composed); !ok || len(vals) != 2 {
		return result{}, false
	}
	inner := d.step("outer", call("composed_get_outer", args[0]), "B, the layout applied first")
	off := d.step("offset", call("composed_get_offset", args[0]), "the offset added between")
	outer := d.step("inner", call("composed_get_inner", args[0]), "A, applied last")
	if !inner.ok || !off.ok || !outer.ok {
		return result{}, false
	}
	bc := d.sub("eval", inner.text, args[1])
	if !bc.ok {
		return bc, true
	}
	o := d.step("add offset", call("tuple_add", off.text, bc.text), "off + B(c)")
	if !o.ok {
		return o, true
	}
	if _, isSw := outer.v.(normalize.Swizzle); isSw {
		return d.sub("swizzle", outer.text, o.text), true
	}
	return d.sub("eval", outer.text, o.text), true
}

// deriveRecast is recast_layout(old, new, L): an upcast or a downcast by the
// ratio of the widths.
func deriveRecast(d *deriver, vals []normalize.Value, args []string) (result, bool) {
	o, ok1 := intOf(vals[0])
	n, ok2 := intOf(vals[1])
	if !ok1 || !ok2 || o <= 0 || n <= 0 {
		return result{}, false
	}
	switch {
	case n > o && n%o == 0:
		d.step("ratio", itoa(n/o), fmt.Sprintf("%d-bit elements viewed as %d-bit ones: %d/%d = %d old elements make a new one, an upcast", o, n, n, o, n/o))
		return d.sub("upcast", args[2], itoa(n/o)), true
	case o > n && o%n == 0:
		d.step("ratio", itoa(o/n), fmt.Sprintf("%d-bit elements viewed as %d-bit ones: each old element is %d/%d = %d new ones, a downcast", o, n, o, n, o/n))
		return d.sub("downcast", args[2], itoa(o/n)), true
	case o == n:
		return d.step("same width", args[2], "the widths are equal: L itself"), true
	}
	return result{}, false
}

// maxCommon derives max_common_layout and max_common_vector (paper
// §3.4.2): A ∘ B† maps B's offsets to A's; its first mode, coalesced, is
// the identity on the elements contiguous in both when its stride is 1.
func maxCommon(vector bool) derivation {
	return func(d *deriver, vals []normalize.Value, args []string) (result, bool) {
		a, aok := layoutOf(vals[0])
		b, bok := layoutOf(vals[1])
		if !aok || !bok || !staticInts(a) || !staticInts(b) {
			return result{}, false
		}
		inv := d.sub("right_inverse", args[1])
		if !inv.ok {
			return inv, true
		}
		c := d.sub("composition", args[0], inv.text)
		if !c.ok {
			return c, true
		}
		cc := d.step("coalesce", call("coalesce", c.text), "A ∘ B† takes B's offsets to A's: where it is the identity, an element is at the same offset in both")
		if !cc.ok {
			return cc, true
		}
		first := d.step("first mode", call("get", cc.text, "0"), "its first mode: the offsets 0, 1, ... of B, in order")
		fl, ok := layoutOf(first.v)
		if !ok || fl.Shape().IsTuple() {
			return result{}, false
		}
		if fl.Stride().IsInt() && fl.Stride().Value() == 1 {
			if vector {
				return d.step("common", call("size", first.text), "the first mode has stride 1: that many elements are contiguous in both A and B"), true
			}
			return d.sub("composition", inv.text, first.text), true
		}
		note := "the first mode's stride is not 1: no two elements are contiguous in both A and B"
		if vector {
			return d.step("common", "1", note), true
		}
		return d.step("common", "1:0", note), true
	}
}

// deriveSlice derives slice(c, L) and dice(c, L) mode by mode: a _ of c
// keeps L's mode in a slice (a value fixes it, and the mode goes), and the
// other way round in a dice; a tuple of c is applied to the mode's modes.
// The modes kept are concatenated, flattened one level as CuTe does.
func deriveSlice(dice bool) derivation {
	return func(d *deriver, vals []normalize.Value, args []string) (result, bool) {
		c, cok := vals[0].(normalize.Tuple)
		_, lok := layoutOf(vals[1])
		if !cok || !lok || !c.T.IsTuple() || c.T.Rank() > maxWalk {
			return result{}, false
		}
		var kept []string
		var walk func(crd, l string, rank int) bool
		walk = func(crd, l string, rank int) bool {
			lv, _ := d.eval(l)
			if ll, ok := layoutOf(lv.v); !ok || !ll.Shape().IsTuple() || ll.Rank() != rank {
				return false // not congruent: the call's own error says so
			}
			for i := 0; i < rank; i++ {
				ci, _ := d.eval(call("get", crd, itoa(int64(i))))
				m := d.step("mode", call("get", l, itoa(int64(i))), "")
				if !ci.ok || !m.ok {
					return false
				}
				last := &d.steps[len(d.steps)-1]
				switch t, _ := ci.v.(normalize.Tuple); {
				case ci.text == "_":
					if !dice {
						kept = append(kept, m.text)
					}
					last.Note = fmt.Sprintf("the coordinate's mode %d is _: the mode %s", i, map[bool]string{false: "is kept", true: "is not fixed, so a dice drops it"}[dice])
				case t.T.IsTuple():
					last.Note = fmt.Sprintf("the coordinate's mode %d is %s: applied to the modes of this one", i, ci.text)
					if !walk(ci.text, m.text, t.T.Rank()) {
						return false
					}
				default:
					if dice {
						kept = append(kept, m.text)
					}
					last.Note = fmt.Sprintf("the coordinate's mode %d is %s: it fixes the mode, which %s", i, ci.text, map[bool]string{false: "a slice drops (its offset goes to slice_and_offset's offset)", true: "a dice keeps"}[dice])
				}
			}
			return true
		}
		if !walk(args[0], args[1], c.T.Rank()) || len(kept) == 0 {
			return result{}, false
		}
		return d.step("concatenate", call("make_layout", kept...), "the modes kept, in order, concatenated one level flat as CuTe's slice and dice return them"), true
	}
}

// deriveEval is a layout's function (paper §2.4): an index becomes the
// natural coordinate of the shape (idx2crd, colexicographic, the last mode
// taking what is left), and the coordinate's inner product with the stride
// is the offset. Of a composed layout, deriveComposedEval.
func deriveEval(d *deriver, vals []normalize.Value, args []string) (result, bool) {
	if len(vals) != 2 {
		return result{}, false
	}
	if _, ok := vals[0].(normalize.Composed); ok {
		return deriveComposedEval(d, vals, args)
	}
	l, ok := layoutOf(vals[0])
	if !ok || l.Shape().HasBasis() {
		return result{}, false
	}
	if l.Stride().HasBasis() {
		return d.evalBasis(l, args)
	}
	crd := d.step("coordinate", call("idx2crd", args[1], call("shape", args[0])),
		"the coordinate of the shape that the index or coordinate names (colexicographic: the first mode varies fastest, the last takes what is left)")
	if !crd.ok {
		return crd, true
	}
	return d.step("offset", call("inner_product", crd.text, call("stride", args[0])), "the offset is the inner product of the coordinate with the stride"), true
}

// shaped writes the leaves xs in the tree of t, as the shape or stride
// of a layout with t's profile.
func shaped(t layout.IntTuple, xs []string) string {
	i := 0
	var w func(t layout.IntTuple) string
	w = func(t layout.IntTuple) string {
		if !t.IsTuple() {
			i++
			return xs[i-1]
		}
		parts := make([]string, t.Len())
		for k := range parts {
			parts[k] = w(t.At(k))
		}
		return "(" + strings.Join(parts, ",") + ")"
	}
	return w(t)
}

// deriveRecast1 derives upcast(L, n) and downcast(L, n) leaf by leaf, as
// CuTe recasts a layout to wider or narrower elements. upcast: a mode of
// stride d covers n/d of its elements with one wide element (when d < n),
// its stride becomes d/n; stride 0 stays. downcast: each narrow element
// is n of the new ones, so the stride-1 mode grows n times and every other
// stride is multiplied by n.
func deriveRecast1(up bool) derivation {
	return func(d *deriver, vals []normalize.Value, args []string) (result, bool) {
		l, ok := layoutOf(vals[0])
		n, nok := intOf(vals[1])
		if !ok || !nok || n <= 0 || !staticInts(l) {
			return result{}, false
		}
		sh, st := l.Shape().Flatten(), l.Stride().Flatten()
		k := 1
		if sh.IsTuple() {
			k = sh.Len()
		}
		if k > maxWalk {
			return result{}, false
		}
		leaf := func(t layout.IntTuple, i int) int64 {
			if t.IsTuple() {
				return t.At(i).Value()
			}
			return t.Value()
		}
		if !up {
			unit := false
			for i := 0; i < k; i++ {
				unit = unit || leaf(st, i) == 1 || leaf(st, i) == -1
			}
			if !unit {
				return result{}, false // no stride-1 mode: the call's own error says so
			}
		}
		ns, nd := make([]string, k), make([]string, k)
		for i := 0; i < k; i++ {
			s, dd := leaf(sh, i), leaf(st, i)
			m := modeText(mode{s, dd})
			ns[i], nd[i] = itoa(s), itoa(dd)
			switch {
			case up && dd == 0:
				d.step("keep", m, fmt.Sprintf("leaf %d, %s, has stride 0: it stays", i, m))
			case up:
				ad := dd
				if ad < 0 {
					ad = -ad
				}
				per := d.step("per element", call("shape_div", itoa(n), itoa(ad)), fmt.Sprintf("leaf %d, %s: one %d-times wider element spans shape_div(%d, %d) of its steps (%d/%d, or 1 when %d >= %d)", i, m, n, n, ad, n, ad, ad, n))
				if !per.ok {
					return per, true
				}
				e := d.step("extent", call("shape_div", itoa(s), per.text), fmt.Sprintf("so its %d elements are %d/%s wide ones", s, s, per.text))
				str := d.step("stride", call("shape_div", itoa(dd), itoa(n)), fmt.Sprintf("and its stride, in wide elements, is shape_div(%d, %d) (%d/%d, or 1 when %d < %d)", dd, n, dd, n, dd, n))
				if !e.ok || !str.ok {
					return result{}, false
				}
				ns[i], nd[i] = e.text, str.text
			case dd == 1 || dd == -1:
				e := d.step("extent", call("tuple_mul", itoa(s), itoa(n)), fmt.Sprintf("leaf %d, %s, is the stride-1 mode: each element becomes %d narrow ones next to each other, so its extent is %d·%d", i, m, n, s, n))
				ns[i] = e.text
			default:
				str := d.step("stride", call("tuple_mul", itoa(dd), itoa(n)), fmt.Sprintf("leaf %d, %s: its stride, in narrow elements, is %d·%d", i, m, dd, n))
				nd[i] = str.text
			}
		}
		return d.step("result", shaped(l.Shape(), ns)+":"+shaped(l.Stride(), nd), "the leaves in the shape's tree"), true
	}
}

// evalBasis is a layout whose strides are basis elements E@i (an identity
// layout, a counting tensor): the offset is a coordinate, each mode's
// coordinate times its basis element placed where E@i says, the terms added
// place by place.
func (d *deriver) evalBasis(l layout.Layout, args []string) (result, bool) {
	if !l.Shape().IsTuple() || l.Rank() > maxWalk {
		return result{}, false
	}
	crd := d.step("coordinate", call("idx2crd", args[1], call("shape", args[0])),
		"the coordinate of the shape that the index or coordinate names (colexicographic: the first mode varies fastest)")
	if !crd.ok {
		return crd, true
	}
	st := d.step("strides", call("stride", args[0]), "basis elements: E@i is the unit step of place i of the result, E@j@i of place j inside place i")
	if !st.ok {
		return result{}, false
	}
	for i := 0; i < l.Rank(); i++ {
		c, _ := d.eval(call("get", crd.text, itoa(int64(i))))
		e, _ := d.eval(call("get", st.text, itoa(int64(i))))
		if !c.ok || !e.ok {
			return result{}, false
		}
		t := d.step("term", call("inner_product", c.text, e.text), fmt.Sprintf("mode %d: the coordinate %s times the basis %s puts %s at the place the basis names (0 elsewhere)", i, c.text, e.text, c.text))
		if !t.ok {
			return result{}, false
		}
	}
	return d.stepOK("offset", call("inner_product", crd.text, st.text), "the terms added place by place: the offset is a coordinate, not an integer")
}
