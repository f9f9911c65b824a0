package explain

import (
	"fmt"
	"strings"

	"github.com/cutec/cutec/layout"
	"github.com/cutec/cutec/normalize"
)

// The derivations of the constructors and the rearrangements: which modes
// of which operand go where, each mode read with get, the result their
// concatenation (make_layout of layouts nests each as one mode).

// addRearrangements adds the derivations of the constructors and the
// rearrangements.
func addRearrangements() {
	for op, fn := range map[string]derivation{
		"append":                                 deriveAppend(false, false),
		"prepend":                                deriveAppend(true, false),
		"append_to":                              deriveAppend(false, true),
		"prepend_to":                             deriveAppend(true, true),
		"take":                                   deriveTake,
		"select":                                 deriveSelect,
		"group_modes":                            deriveGroupModes,
		"flatten":                                deriveFlatten,
		"get":                                    deriveGet,
		"filter_zeros":                           deriveFilterZeros,
		"make_layout":                            deriveMakeLayout,
		"make_ordered_layout":                    deriveOrdered,
		"make_layout_like":                       deriveLayoutLike,
		"make_identity_layout":                   deriveIdentity,
		"make_identity_tensor":                   deriveIdentity,
		"slice_and_offset":                       deriveSliceAndOffset,
		"composed_get_inner":                     composedParts("inner"),
		"composed_get_offset":                    composedParts("offset"),
		"composed_get_outer":                     composedParts("outer"),
		"as_position_independent_swizzle_layout": derivePositionIndependent,
		"bank_check":                             deriveBankCheck,
	} {
		derivations[op] = fn
	}
	compose := derivations["composition"]
	derivations["composition"] = func(d *deriver, vals []normalize.Value, args []string) (result, bool) {
		switch vals[0].(type) {
		case normalize.Swizzle, normalize.Composed:
			return deriveComposedComposition(d, vals, args)
		}
		return compose(d, vals, args)
	}
}

// layoutModes records a step for each top-level mode of the layout l (rank
// r; a layout that is not a tuple is its own mode 0) and returns their
// values.
func (d *deriver) layoutModes(l string, rank int, what string) ([]string, bool) {
	if rank > maxWalk {
		return nil, false
	}
	out := make([]string, rank)
	for i := range out {
		m := d.step("mode", call("get", l, itoa(int64(i))), fmt.Sprintf("mode %d of %s", i, what))
		if !m.ok {
			return nil, false
		}
		out[i] = m.text
	}
	return out, true
}

// topRank is the number of top-level modes of a layout (1 for s:d).
func topRank(l layout.Layout) int {
	if !l.Shape().IsTuple() {
		return 1
	}
	return l.Rank()
}

// deriveAppend derives append(L, X) and prepend(L, X), and append_to(L, n[,
// x]) and prepend_to(L, n[, x]) (padded: x, 1:0 by default, as many times
// as L lacks modes of rank n).
func deriveAppend(front, padded bool) derivation {
	return func(d *deriver, vals []normalize.Value, args []string) (result, bool) {
		l, ok := layoutOf(vals[0])
		if !ok || len(vals) < 2 {
			return result{}, false
		}
		ms, ok := d.layoutModes(args[0], topRank(l), "L")
		if !ok {
			return result{}, false
		}
		var extra []string
		if padded {
			n, ok := intOf(vals[1])
			if !ok || n <= int64(len(ms)) || n > maxWalk {
				return result{}, false
			}
			x := "1:0"
			note := "L has %d modes, %d fewer than %d: each missing mode is 1:0 (extent 1, stride 0: it adds no element and no offset)"
			if len(vals) == 3 {
				if _, isLayout := layoutOf(vals[2]); !isLayout {
					return result{}, false
				}
				x = args[2]
				note = "L has %d modes, %d fewer than %d: each missing mode is the x given"
			}
			p := d.step("pad", x, fmt.Sprintf(note, len(ms), n-int64(len(ms)), n))
			if !p.ok {
				return p, true
			}
			for int64(len(extra)+len(ms)) < n {
				extra = append(extra, p.text)
			}
		} else {
			if _, ok := layoutOf(vals[1]); !ok {
				return result{}, false
			}
			x := d.step("new mode", args[1], "X, kept whole as one mode (a layout of several modes is nested, not spliced)")
			if !x.ok {
				return x, true
			}
			extra = []string{x.text}
		}
		parts := append(append([]string{}, ms...), extra...)
		note := "the modes of L, then the new ones: the result has " + itoa(int64(len(parts))) + " modes"
		if front {
			parts = append(append([]string{}, extra...), ms...)
			note = "the new modes first, then those of L: the result has " + itoa(int64(len(parts))) + " modes"
		}
		return d.step("concatenate", call("make_layout", parts...), note), true
	}
}

// deriveTake is take(L, b, e): the modes [b,e).
func deriveTake(d *deriver, vals []normalize.Value, args []string) (result, bool) {
	l, ok := layoutOf(vals[0])
	b, bok := intOf(vals[1])
	e, eok := intOf(vals[2])
	if !ok || !bok || !eok || b < 0 || e <= b || e > int64(topRank(l)) || e-b > maxWalk {
		return result{}, false
	}
	var parts []string
	for i := b; i < e; i++ {
		m := d.step("mode", call("get", args[0], itoa(i)), fmt.Sprintf("mode %d of L, in [%d,%d)", i, b, e))
		if !m.ok {
			return m, true
		}
		parts = append(parts, m.text)
	}
	return d.step("concatenate", call("make_layout", parts...), fmt.Sprintf("the %d modes taken, in order, as one layout of rank %d", e-b, e-b)), true
}

// deriveSelect is select(L, i, ...): the modes named, in the order named.
func deriveSelect(d *deriver, vals []normalize.Value, args []string) (result, bool) {
	l, ok := layoutOf(vals[0])
	if !ok || len(vals) < 2 || len(vals) > maxWalk {
		return result{}, false
	}
	var parts []string
	for k := 1; k < len(vals); k++ {
		i, ok := intOf(vals[k])
		if !ok || i < 0 || i >= int64(topRank(l)) {
			return result{}, false
		}
		m := d.step("mode", call("get", args[0], itoa(i)), fmt.Sprintf("mode %d of L, named %s", i, ordinal(k)))
		if !m.ok {
			return m, true
		}
		parts = append(parts, m.text)
	}
	return d.step("concatenate", call("make_layout", parts...), "the modes in the order they are named"), true
}

func ordinal(k int) string {
	switch k {
	case 1:
		return "first"
	case 2:
		return "second"
	case 3:
		return "third"
	}
	return itoa(int64(k)) + "th"
}

// deriveGroupModes is group_modes(L, b, e): the modes before b, the modes
// [b,e) made one mode, the modes from e on.
func deriveGroupModes(d *deriver, vals []normalize.Value, args []string) (result, bool) {
	l, ok := layoutOf(vals[0])
	b, bok := intOf(vals[1])
	e, eok := intOf(vals[2])
	r := int64(topRank(l))
	if !ok || !bok || !eok || b < 0 || e <= b || e > r || r > maxWalk {
		return result{}, false
	}
	ms, ok := d.layoutModes(args[0], int(r), "L")
	if !ok {
		return result{}, false
	}
	g := d.step("group", call("make_layout", ms[b:e]...), fmt.Sprintf("modes %d to %d made one mode: their layouts nested in one (a coordinate of it is a coordinate of each, colexicographically)", b, e-1))
	if !g.ok {
		return result{}, false
	}
	parts := append(append(append([]string{}, ms[:b]...), g.text), ms[e:]...)
	return d.stepOK("concatenate", call("make_layout", parts...), fmt.Sprintf("the modes before %d, the group, the modes from %d on", b, e))
}

// deriveFlatten is flatten(L): the leaves of the shape and of the stride,
// in the same order.
func deriveFlatten(d *deriver, vals []normalize.Value, args []string) (result, bool) {
	if _, ok := layoutOf(vals[0]); !ok {
		return result{}, false
	}
	s := d.step("shape", call("flatten", call("shape", args[0])), "the leaves of the shape, depth first: the extents of the result's modes")
	t := d.step("stride", call("flatten", call("stride", args[0])), "the leaves of the stride in the same order: each extent keeps its stride, so every coordinate keeps its offset")
	if !s.ok || !t.ok {
		return result{}, false
	}
	r := d.step("layout", call("make_layout", s.text, t.text), "the flat layout: the same function, read leaf by leaf")
	return r, r.ok // a symbol alone (flatten(shape(K:2)) is K) is no expression
}

// deriveGet is get(L, i, j, ...): the mode at the path, its shape and its
// stride read at the same place.
func deriveGet(d *deriver, vals []normalize.Value, args []string) (result, bool) {
	if _, ok := layoutOf(vals[0]); !ok || len(vals) < 2 {
		return result{}, false
	}
	path := strings.Join(args[1:], ", ")
	s := d.step("shape", call("get", call("shape", args[0]), path), "the extent (or the nested extents) at the path "+path)
	t := d.step("stride", call("get", call("stride", args[0]), path), "the stride at the same path: a layout's shape and stride have the same tree")
	if !s.ok || !t.ok {
		return result{}, false
	}
	return d.stepOK("mode", call("make_layout", s.text, t.text), "the mode is its shape with its stride")
}

// deriveFilterZeros is filter_zeros(L): the extent of each stride-0 leaf
// becomes 1.
func deriveFilterZeros(d *deriver, vals []normalize.Value, args []string) (result, bool) {
	l, ok := layoutOf(vals[0])
	if !ok || !staticInts(l) || len(vals) != 1 {
		return result{}, false
	}
	st := d.step("stride", call("stride", args[0]), "")
	if !st.ok {
		return st, true
	}
	sh, dd := l.Shape().Flatten(), l.Stride().Flatten()
	n := 1
	if sh.IsTuple() {
		n = sh.Len()
	}
	leaf := func(t layout.IntTuple, i int) int64 {
		if t.IsTuple() {
			return t.At(i).Value()
		}
		return t.Value()
	}
	xs := make([]string, n)
	var zeros []string
	for i := range xs {
		xs[i] = itoa(leaf(sh, i))
		if leaf(dd, i) == 0 {
			zeros = append(zeros, fmt.Sprintf("leaf %d (%s:0)", i, xs[i]))
			xs[i] = "1"
		}
	}
	note := "no leaf has stride 0: the shape is kept"
	if len(zeros) > 0 {
		note = strings.Join(zeros, ", ") + " adds no offset: its extent becomes 1, so it no longer repeats the same offsets"
	}
	d.steps[len(d.steps)-1].Note = note
	return d.step("layout", call("make_layout", shaped(l.Shape(), xs), st.text), "the new shape with the same stride"), true
}

// deriveMakeLayout is make_layout(shape[, stride]) and make_layout(L0, L1,
// ...).
func deriveMakeLayout(d *deriver, vals []normalize.Value, args []string) (result, bool) {
	if _, isLayout := layoutOf(vals[0]); isLayout {
		if len(vals) < 2 || len(vals) > maxWalk {
			return result{}, false
		}
		shapes, strides := make([]string, len(vals)), make([]string, len(vals))
		for i := range vals {
			if _, ok := layoutOf(vals[i]); !ok {
				return result{}, false
			}
			s := d.step("shape", call("shape", args[i]), fmt.Sprintf("operand %d is mode %d of the result, nested whole: its shape", i, i))
			t := d.step("stride", call("stride", args[i]), "and its stride")
			if !s.ok || !t.ok {
				return result{}, false
			}
			shapes[i], strides[i] = s.text, t.text
		}
		return d.step("concatenate", "("+strings.Join(shapes, ",")+"):("+strings.Join(strides, ",")+")", "the shapes side by side, the strides side by side"), true
	}
	sh, ok := vals[0].(normalize.Tuple)
	if !ok {
		if _, isInt := vals[0].(normalize.Int); !isInt {
			return result{}, false
		}
	}
	stride := ""
	if len(vals) == 1 {
		s := d.step("stride", call("compact_col_major", args[0]), "no stride given: the column-major one, each mode's stride the product of the extents before it (the prefix products), so the layout is compact")
		if !s.ok {
			return s, true
		}
		stride = s.text
	} else if len(vals) == 2 {
		stride = args[1]
	} else {
		return result{}, false
	}
	if ok && sh.T.IsTuple() && sh.T.Len() <= maxWalk {
		parts := make([]string, sh.T.Len())
		for i := range parts {
			s, _ := d.eval(call("get", args[0], itoa(int64(i))))
			t, _ := d.eval(call("get", stride, itoa(int64(i))))
			if !s.ok || !t.ok {
				return result{}, false
			}
			m := d.step("mode", call("make_layout", s.text, t.text), fmt.Sprintf("mode %d: extent %s at stride %s, its coordinate c adds c·%s to the offset", i, s.text, t.text, t.text))
			if !m.ok {
				return result{}, false // a symbol alone is no expression: the call as a whole
			}
			parts[i] = m.text
		}
		return d.step("concatenate", call("make_layout", parts...), "the modes side by side: the offset is the sum of what each mode's coordinate adds"), true
	}
	return d.step("layout", call("make_layout", args[0], stride), "the shape with its stride"), true
}

// deriveOrdered is make_ordered_layout(shape, order): compact, the modes
// taking strides in the order given (smallest order first).
func deriveOrdered(d *deriver, vals []normalize.Value, args []string) (result, bool) {
	sh, ok1 := vals[0].(normalize.Tuple)
	or, ok2 := vals[1].(normalize.Tuple)
	if !ok1 || !ok2 || !sh.T.IsTuple() || !or.T.IsTuple() || sh.T.Len() != or.T.Len() || sh.T.Depth() > 1 || or.T.Depth() > 1 || sh.T.Len() > maxWalk {
		return result{}, false
	}
	n := sh.T.Len()
	ord := make([]int64, n)
	for i := range ord {
		x := or.T.At(i)
		if !x.IsInt() || !x.IsStatic() || x.IsSymbolic() {
			return result{}, false
		}
		ord[i] = x.Value()
	}
	for i := range ord {
		for j := range i {
			if ord[i] == ord[j] {
				return result{}, false // ties: the evaluator's order, not this walk's
			}
		}
	}
	idx := make([]int, n)
	for i := range idx {
		idx[i] = i
	}
	// the modes by order, ties in mode order
	for i := 1; i < n; i++ {
		for j := i; j > 0 && ord[idx[j]] < ord[idx[j-1]]; j-- {
			idx[j], idx[j-1] = idx[j-1], idx[j]
		}
	}
	strides := make([]string, n)
	var before []string
	for _, i := range idx {
		expr := "1"
		note := fmt.Sprintf("mode %d has the smallest order, %d: stride 1", i, ord[i])
		if len(before) > 0 {
			expr = call("product", call("select", append([]string{args[0]}, before...)...))
			note = fmt.Sprintf("mode %d (order %d) comes after modes %s: its stride is the product of their extents", i, ord[i], strings.Join(before, ", "))
		}
		s := d.step("stride", expr, note)
		if !s.ok {
			return s, true
		}
		strides[i] = s.text
		before = append(before, itoa(int64(i)))
	}
	return d.step("layout", call("make_layout", args[0], "("+strings.Join(strides, ",")+")"), "the shape with these strides: compact, in the order given"), true
}

// deriveLayoutLike is make_layout_like(L): compact, with L's shape and its
// modes in the order of L's strides.
func deriveLayoutLike(d *deriver, vals []normalize.Value, args []string) (result, bool) {
	if l, ok := layoutOf(vals[0]); !ok || !staticInts(l) || hasZeroStride(l) {
		return result{}, false
	}
	s := d.step("shape", call("shape", args[0]), "the shape is kept")
	o := d.step("order", call("stride", args[0]), "the strides give the order of the modes (smallest stride first)")
	if !s.ok || !o.ok {
		return result{}, false
	}
	return d.sub("make_ordered_layout", s.text, o.text), true
}

// basis writes the basis stride of a shape's tree: leaf i of the top level
// is 1@i, leaf j inside mode i is 1@j@i, and so on.
func basis(t layout.IntTuple, path string) string {
	if !t.IsTuple() {
		return "1" + path
	}
	parts := make([]string, t.Len())
	for i := range parts {
		parts[i] = basis(t.At(i), "@"+itoa(int64(i))+path)
	}
	return "(" + strings.Join(parts, ",") + ")"
}

// deriveIdentity is make_identity_layout(shape): each mode's stride is the
// basis element of its coordinate, so the offset of a coordinate is the
// coordinate itself.
func deriveIdentity(d *deriver, vals []normalize.Value, args []string) (result, bool) {
	sh, ok := vals[0].(normalize.Tuple)
	if !ok || !sh.T.IsTuple() || sh.T.Len() > maxWalk {
		return result{}, false
	}
	parts := make([]string, sh.T.Len())
	for i := range parts {
		m := sh.T.At(i)
		st := basis(m, "@"+itoa(int64(i)))
		note := fmt.Sprintf("mode %d, extent %s: its stride is the basis element 1@%d, the unit step of coordinate %d, so c·1@%d puts c at place %d of the result", i, m, i, i, i, i)
		if m.IsTuple() {
			note = fmt.Sprintf("mode %d is nested: leaf j of it has stride 1@j@%d, the unit step of place j inside place %d", i, i, i)
		}
		r := d.step("mode", call("make_layout", m.String(), st), note)
		if !r.ok {
			return r, true
		}
		parts[i] = r.text
	}
	return d.step("concatenate", call("make_layout", parts...), "the modes side by side: the offset of a coordinate is the sum of its basis multiples, the coordinate itself"), true
}

// deriveSliceAndOffset is slice_and_offset(c, L): the slice, and the offset
// of c with each _ at 0.
func deriveSliceAndOffset(d *deriver, vals []normalize.Value, args []string) (result, bool) {
	if _, ok := layoutOf(vals[1]); !ok {
		return result{}, false
	}
	c, ok := vals[0].(normalize.Tuple)
	if !ok || !c.T.IsTuple() {
		return result{}, false
	}
	s := d.sub("slice", args[0], args[1])
	if !s.ok {
		return s, true
	}
	origin := strings.ReplaceAll(args[0], "_", "0")
	o := d.step("offset", call("crd2idx", origin, args[1]), fmt.Sprintf("the offset where the slice starts: L at the coordinate with every _ at 0, %s", origin))
	if !o.ok {
		return result{}, false
	}
	r := d.step("slice", "{"+o.text+"} o "+s.text, "{offset} o the slice: the slice's layout, from the offset")
	return r, r.ok // a symbolic stride of a rank-1 slice, (K), is not written back
}

// composedParts derives composed_get_inner/offset/outer: the three parts
// of A o off o B, the one asked for last.
func composedParts(which string) derivation {
	return func(d *deriver, vals []normalize.Value, args []string) (result, bool) {
		if _, ok := vals[0].(normalize.Composed); !ok {
			return result{}, false
		}
		parts := []struct{ name, note string }{
			{"outer", "B, the layout applied first: a coordinate's offset under it"},
			{"offset", "off, added to B's offset"},
			{"inner", "A, applied last to off + B(c): a swizzle (bit arithmetic on the offset) or a layout"},
		}
		var r result
		for _, last := range []bool{false, true} {
			for _, p := range parts {
				if (p.name == which) != last {
					continue
				}
				r = d.step(p.name, call("composed_get_"+p.name, args[0]), p.note)
				if !r.ok {
					return r, true
				}
			}
		}
		return r, true
	}
}

// deriveComposedComposition is composition(S, L), a swizzle on a layout
// (S o 0 o L), and composition(A o off o B, C) = A o off o (B o C): the
// layout applied first is composed, the offset and A stay.
func deriveComposedComposition(d *deriver, vals []normalize.Value, args []string) (result, bool) {
	if len(vals) != 2 {
		return result{}, false
	}
	if _, ok := vals[0].(normalize.Swizzle); ok {
		if _, ok := layoutOf(vals[1]); !ok {
			return result{}, false
		}
		l := d.step("outer", args[1], "L is applied first: a coordinate becomes its offset under L")
		s := d.step("inner", args[0], "then the swizzle, on that offset: its bit arithmetic (swizzle(S, x)) permutes offsets within blocks")
		if !l.ok || !s.ok {
			return result{}, false
		}
		return d.step("compose", s.text+" o 0 o "+l.text, "a swizzle composed with a layout is the composed layout S o 0 o L, with offset 0 between them"), true
	}
	b := d.step("outer", call("composed_get_outer", args[0]), "B, the layout the composed layout applies first")
	off := d.step("offset", call("composed_get_offset", args[0]), "the offset added after B")
	a := d.step("inner", call("composed_get_inner", args[0]), "A, applied last")
	if !b.ok || !off.ok || !a.ok {
		return result{}, false
	}
	bc := d.sub("composition", b.text, args[1])
	if !bc.ok {
		return bc, true
	}
	return d.step("compose", a.text+" o "+off.text+" o "+bc.text, "(A o off o B) o C = A o off o (B o C): only the layout applied first meets C"), true
}

// derivePositionIndependent is as_position_independent_swizzle_layout(S o
// smem_ptr[Nb] o L): the swizzle acts on byte addresses; on N-bit elements
// its lowest bits M shrink by log2(N/8).
func derivePositionIndependent(d *deriver, vals []normalize.Value, args []string) (result, bool) {
	c, ok := vals[0].(normalize.Composed)
	if !ok {
		return result{}, false
	}
	sw, ok := c.C.ByteSwizzle()
	if !ok {
		return result{}, false
	}
	s := d.step("inner", call("composed_get_inner", args[0]), "the swizzle, on byte addresses (a shared-memory pointer's swizzle)")
	l := d.step("outer", call("composed_get_outer", args[0]), "the layout of the elements, kept")
	if !s.ok || !l.ok {
		return result{}, false
	}
	r, _ := d.eval(call(opPositionIndependent, args[0]))
	rc, ok := r.v.(normalize.Composed)
	if !ok {
		return result{}, false
	}
	nsw, ok := rc.C.Outer.(layout.Swizzle)
	if !ok {
		return result{}, false
	}
	m := d.step("base", call("tuple_sub", itoa(int64(sw.M)), itoa(int64(sw.M-nsw.M))), fmt.Sprintf("an element of the pointer's width, %d bits, is 2^%d bytes: the swizzle's base M = %d bits of a byte address is M = %d bits of an element index", c.C.ElemBits, sw.M-nsw.M, sw.M, nsw.M))
	if !m.ok {
		return m, true
	}
	return d.step("recast", fmt.Sprintf("S<%d,%s,%d> o 0 o %s", sw.B, m.text, sw.S, l.text), "the same swizzle on element offsets, applied to the layout with offset 0: it no longer depends on where the pointer lies"), true
}

const opPositionIndependent = "as_position_independent_swizzle_layout"

// deriveBankCheck is bank_check(L, T, ...): the bank-conflict degree banks
// gives, and L itself (a degree above 1 is a warning, W0901).
func deriveBankCheck(d *deriver, vals []normalize.Value, args []string) (result, bool) {
	if _, ok := layoutOf(vals[0]); !ok {
		return result{}, false
	}
	b := d.step("banks", call("banks", args...), "the worst bank-conflict degree of the access (1: conflict-free); above 1, bank_check warns W0901 with the numbers")
	if !b.ok {
		return b, true
	}
	return d.step("layout", args[0], "bank_check returns L itself, so it can wrap a layout where it is used"), true
}

// hasZeroStride reports whether a static layout has a stride-0 leaf.
func hasZeroStride(l layout.Layout) bool {
	st := l.Stride().Flatten()
	if !st.IsTuple() {
		return st.IsInt() && st.Value() == 0
	}
	for i := 0; i < st.Len(); i++ {
		if x := st.At(i); x.IsInt() && x.Value() == 0 {
			return true
		}
	}
	return false
}

// stepOK is step, for a last step that may fail where the call does not
// (a symbol alone, as a shape, is no expression): ok is false then, and the
// call is shown whole.
func (d *deriver) stepOK(rule, expr, note string) (result, bool) {
	r := d.step(rule, expr, note)
	return r, r.ok
}

// inverseComposed derives right_inverse or left_inverse (op) of S o 0 o B as
// CuTe builds it, composition(op(B), S): B's inverse R, with the swizzle
// carried through it (S' o R = R o S), so S' o 0 o R.
func (d *deriver) inverseComposed(op, c string) (result, bool) {
	whole, _ := d.eval(d.annotate(call(op, c)))
	rc, ok := whole.v.(normalize.Composed)
	if !ok {
		return result{}, false // the call fails: its own error says why
	}
	b := d.step("outer", call("composed_get_outer", c), "B, the layout applied first")
	s := d.step("inner", call("composed_get_inner", c), "the swizzle, applied last; a swizzle is its own inverse (XOR twice gives the offset back)")
	if !b.ok || !s.ok {
		return result{}, false
	}
	r := d.sub(op, b.text)
	if !r.ok {
		return r, true
	}
	sw, ok := rc.C.Outer.(layout.Swizzle)
	if !ok {
		return result{}, false
	}
	return d.stepOK("carry", sw.String()+" o 0 o "+r.text, fmt.Sprintf("CuTe's %s of S o 0 o B is composition(%s(B), S): the swizzle carried through the inverse, %s o R = R o %s, so it applies to R's offsets (the law is checked point by point)", op, op, sw, s.text))
}

// onComposedLayout are the operations that act on a composed layout
// A o off o B through the layout B applied first, A and the offset kept
// (CuTe's overloads for ComposedLayout: the functional composition is
// unchanged on B's domain).
var onComposedLayout = []string{
	"coalesce", "flatten", "logical_divide", "zipped_divide", "tiled_divide", "flat_divide",
	"logical_product", "zipped_product", "tiled_product", "flat_product", "blocked_product",
	"raked_product", "tile_to_shape", "group_modes", "take", "select", "append", "prepend",
}

// wrapComposed makes each derivation of onComposedLayout take a composed
// layout as its first operand too; it runs after the derivations it wraps
// are added.
func wrapComposed() {
	for _, op := range onComposedLayout {
		plain, op := derivations[op], op
		derivations[op] = func(d *deriver, vals []normalize.Value, args []string) (result, bool) {
			if _, ok := vals[0].(normalize.Composed); ok {
				return d.onComposed(op, args)
			}
			if plain == nil {
				return result{}, false
			}
			return plain(d, vals, args)
		}
	}
}

// onComposed derives op(A o off o B, ...) as op(B, ...) with A and off kept.
func (d *deriver) onComposed(op string, args []string) (result, bool) {
	b := d.step("outer", call("composed_get_outer", args[0]), "B, the layout the composed layout applies first: "+op+" acts on it, A and the offset are kept")
	off := d.step("offset", call("composed_get_offset", args[0]), "")
	a := d.step("inner", call("composed_get_inner", args[0]), "A, applied last, unchanged")
	if !b.ok || !off.ok || !a.ok {
		return result{}, false
	}
	r := d.sub(op, append([]string{b.text}, args[1:]...)...)
	if !r.ok {
		return result{}, false
	}
	return d.stepOK("compose", a.text+" o "+off.text+" o "+r.text, fmt.Sprintf("A o off o %s(B, ...): B's coordinates rearranged, each still reaching the same offset of B, so A sees the same offsets", op))
}
