package layout

import "math"

// RightInverse returns the largest right inverse R of l (paper §3.4.1):
// l(R(k)) = k for every k below size(R). Following the chain of strides
// 1, s0·d0, ... through the modes of the coalesced l sorted by stride, it
// skips zero strides rather than stopping at them, so
// right_inverse(((2,2),(2,4)):((0,1),(0,2))) is (2,4):(2,8) (docs/semantics.md §E10). A
// layout without a stride-1 mode has the trivial right inverse 1:0.
//
// Dynamic values follow the dialect: the chain goes on only while the next
// stride provably equals the size covered so far, so a dynamic stride is
// never part of it and a dynamic extent ends it, right_inverse((16,?):(1,16))
// is (16,?):(1,16) and right_inverse((?,4):(1,16)) is ?:1. A dynamic extent
// needs every stride to be a static integer (E0700).
func RightInverse(l Layout) (Layout, error) {
	if r, ok := viaStatic(sRightInverse, l, Layout{}); ok {
		return r, nil
	}
	return rightInverseGeneral(l)
}

// rightInverseGeneral is RightInverse on the general tree.
func rightInverseGeneral(l Layout) (Layout, error) {
	if hasBasisStride(l.stride) {
		return basisInverse("right_inverse", l, rightInverseChain)
	}
	cl := inverseCoalesce(l)
	sh, st := leaves(cl.shape), leaves(cl.stride)
	if err := rightInverseValues(l, sh, st); err != nil {
		return Layout{}, err
	}
	c := calc{op: "right_inverse"}
	inv := rightInverseChain(&c, sh, st, prefixProducts(&c, sh))
	if c.err != nil {
		return Layout{}, c.err
	}
	if hasNegativeStride(st) {
		return inv, checkRightInverse(l, inv)
	}
	return inv, nil
}

// inverseCoalesce is the coalesce right_inverse starts from. Where l has
// symbol leaves, a mode s:d merges into the next one when s·d equals the
// next stride for every value, whatever the next extent, as the static
// coalesce of every instance merges it: right_inverse((4,3,M):(3,1,3))
// follows the one mode (3·M):1 and is (3·M):4, as the static inverse of
// (4,3,8):(3,1,3) is 24:4. (CuTe C++'s bw_coalesce merges only where the
// next extent is static too: with a run-time 8 it keeps 8:3 apart and
// its chain takes the overlapping 4:3, (3,4):(4,1), a smaller inverse.)
// On ? leaves it is Coalesce, which keeps them apart as the dialect does;
// the evaluator names them first (normalize's right_inverse).
func inverseCoalesce(l Layout) Layout {
	if !l.HasSymbols() {
		return Coalesce(l) // ? as the dialect: right_inverse((16,?):(1,16)) is (16,?):(1,16)
	}
	s := &symCalc{op: "right_inverse"}
	sh, st := s.flatTerms(s.named(l))
	osh, ost := s.coalesceTerms(sh, st, false)
	if s.err != nil || len(sh) == 0 {
		return Coalesce(l)
	}
	r := unitLayout
	if len(osh) > 1 || !isOne(osh[0]) {
		r = s.layoutOfTerms(osh, ost)
	}
	return r
}

func hasNegativeStride(st []IntTuple) bool {
	for _, d := range st {
		if d.IsInt() && d.val < 0 {
			return true
		}
	}
	return false
}

// checkRightInverse checks l(inv(k)) = k for every k below size(inv). With
// a negative stride in a mode that is not the last of the chain, CuTe's
// construction reaches negative indices, where l's truncating division
// does not undo it: right_inverse((4,2):(2,-1)) would be (2,4):(-4,1), but
// l(-3) is -6, not 3. Such layouts get an error rather than a wrong
// inverse.
func checkRightInverse(l, inv Layout) error {
	n, err := inv.Size()
	if err != nil || n > maxVerify {
		return newError(CodeDynamicValue, "right_inverse", 0,
			"layout %s has a negative stride, and its right inverse %s cannot be checked point by point", l, inv)
	}
	for k := range n {
		x, err := inv.Eval(Int(k))
		if err != nil {
			return err
		}
		y, err := l.Eval(x)
		if err != nil {
			return err
		}
		if !y.Equal(Int(k)) {
			return errBadValue("right_inverse", "layout %s has a negative stride that CuTe's right inverse %s does not undo: %s(%s(%d)) is %s", l, inv, l, inv, k, y)
		}
	}
	return nil
}

// rightInverseValues checks the flat modes of the coalesced l: non-negative
// integer or dynamic strides, and static integer strides where an extent
// is dynamic.
func rightInverseValues(l Layout, sh, st []IntTuple) error {
	dynShape := !l.shape.IsStatic()
	for _, d := range st {
		switch {
		case d.IsDynamic() && dynShape:
			return newError(CodeDynamicValue, "right_inverse", 0,
				"layout %s has a dynamic extent, so its strides must be static integers, but it has the stride %s", l, d)
		case d.IsDynamic():
		case d.Kind() == KindInt:
			// Negative strides are allowed: CuTe C++ follows the chain on
			// |d| and gives the inverse mode the sign of d.
			if d.val == minInt64 {
				return errOverflow("right_inverse")
			}
		default:
			if err := requireIntStrides("right_inverse", []IntTuple{d}); err != nil {
				return err
			}
		}
	}
	return nil
}

// rightInverseChain follows the chain of strides from 1: each mode whose
// stride is the size covered so far contributes its extent, at its position
// pre in the domain. The result is coalesced. A dynamic stride never
// continues the chain; after a dynamic extent, the size covered is ? and
// no static stride continues it either.
//
// A negative stride d is followed as |d|, and its mode of the inverse has
// the stride -pre (CuTe C++: right_inverse((4):(-1)) is 4:-1, since
// L(R(k)) = -(-k) = k).
func rightInverseChain(c *calc, sh, st []IntTuple, pre []IntTuple) Layout {
	l, _ := rightInverseSteps(c, sh, st, pre)
	return l
}

// rightInverseSteps is rightInverseChain and the strides the chain looked
// for.
func rightInverseSteps(c *calc, sh, st []IntTuple, pre []IntTuple) (Layout, []IntTuple) {
	outS, outD := []IntTuple{Int(1)}, []IntTuple{Int(0)}
	next := Int(1)
	reached := []IntTuple{next}
	for _, i := range sortedByAbsStride(st) {
		if st[i].IsInt() && next.IsInt() && abs(st[i].val) == next.val {
			outS = append(outS, sh[i])
			d := pre[i]
			if st[i].val < 0 {
				d = c.mulLeaf(d, Int(-1))
			}
			outD = append(outD, d)
			next = c.mulLeaf(sh[i], Int(abs(st[i].val)))
			reached = append(reached, next)
		}
	}
	return Coalesce(Layout{Tuple(outS...), Tuple(outD...)}), reached
}

// LeftInverse returns a left inverse L of l (paper §3.4.3) with
// l(L(l(k))) = l(k) for every k in l's domain, and L(l(k)) = k when l is
// injective: left_inverse((4,8):(1,5)) is (5,8):(1,4), which also maps the
// offsets l never reaches. The result is CuTe C++'s where that one satisfies
// the law; for layouts where it does not (some non-injective ones), it is
// the right inverse of (l, complement(l)) as pycute builds it, when that one
// does (docs/semantics.md §D7). The sorted non-zero strides must nest: each a multiple of
// the size covered by the smaller ones (E0503).
func LeftInverse(l Layout) (Layout, error) {
	if r, ok := viaStatic(sLeftInverse, l, Layout{}); ok {
		return r, nil
	}
	return leftInverseGeneral(l)
}

// leftInverseGeneral is LeftInverse on the general tree.
func leftInverseGeneral(l Layout) (Layout, error) {
	if hasBasisStride(l.stride) {
		return basisInverse("left_inverse", l, func(c *calc, sh, st []IntTuple, pre []IntTuple) Layout {
			inv, nested, err := leftInverseMixedRadix(l, sh, st, pre)
			switch {
			case err != nil:
				if e, ok := err.(*Error); ok {
					c.fail(e)
				}
			case !nested:
				c.fail(newError(CodeNoLeftInverse, "left_inverse", 0,
					"layout %s is not injective along one basis direction: its modes overlap there", l))
			}
			return inv
		})
	}
	if !l.shape.IsStatic() {
		return Layout{}, newError(CodeDynamicValue, "left_inverse", 0,
			"layout %s has a dynamic extent: a left inverse needs a static shape", l)
	}
	cl := Coalesce(l)
	sh, st := leaves(cl.shape), leaves(cl.stride)
	if err := requireIntStrides("left_inverse", st); err != nil {
		return Layout{}, err
	}
	if isStaticInt(cl.stride, 0) {
		// Every offset is 0, which 1:0 maps back to (the dialect's
		// left_inverse(4:0) = 1:0).
		return unitLayout, nil
	}
	inv, nested, err := leftInverseCuTe(l, sh, st)
	if err != nil || nested {
		return inv, err
	}
	ok, err := isLeftInverse(l, inv)
	if err != nil || ok {
		return inv, err
	}
	alt := leftInverseNested(sh, st)
	if ok, err := isLeftInverse(l, alt); err == nil && ok {
		return alt, nil
	}
	return Layout{}, newError(CodeNoLeftInverse, "left_inverse", 0,
		"layout %s is not injective and neither construction of a left inverse satisfies l(L(l(k))) = l(k)", l)
}

// leftInverseCuTe is CuTe C++'s left_inverse on the coalesced modes: the
// sorted non-zero strides become the digits of a mixed radix. nested reports
// whether every sorted mode fits below the next stride (s_j·d_j <= d_j+1),
// which makes the result satisfy the law exactly.
func leftInverseCuTe(l Layout, sh, st []IntTuple) (inv Layout, nested bool, err error) {
	c := calc{op: "left_inverse"}
	return leftInverseMixedRadix(l, sh, st, prefixProducts(&c, sh))
}

// leftInverseMixedRadix is leftInverseCuTe with the domain positions pre of
// the modes given.
func leftInverseMixedRadix(l Layout, sh, st []IntTuple, pre []IntTuple) (inv Layout, nested bool, err error) {
	c := calc{op: "left_inverse"}
	order := sortedByStride(st)
	var outS []IntTuple
	outD := []IntTuple{Int(0)}
	covered, reach := int64(1), int64(0)
	nested = true
	for _, i := range order {
		d := st[i].val
		if d == 0 {
			continue
		}
		if d%covered != 0 {
			return Layout{}, false, errNoLeftInverse(l, d, covered)
		}
		nested = nested && reach <= d
		outS = append(outS, Int(d/covered))
		outD = append(outD, pre[i])
		covered, reach = d, c.mul(d, sh[i].val)
	}
	outS = append(outS, sh[order[len(order)-1]])
	if c.err != nil {
		return Layout{}, false, c.err
	}
	return Coalesce(Layout{Tuple(outS...), Tuple(outD...)}), nested, nil
}

// leftInverseNested builds the right inverse of l concatenated with its
// complement, following pycute: the complement fills the gaps between the
// sorted strides (a gap may be empty), and the inverse follows the chain of
// strides from 1 until it breaks.
func leftInverseNested(sh, st []IntTuple) Layout {
	c := calc{op: "left_inverse"}
	// The modes of l in order, then those of its complement.
	var fullS, fullD []int64
	for i := range sh {
		fullS, fullD = append(fullS, sh[i].val), append(fullD, st[i].val)
	}
	current := int64(1)
	for _, m := range sortedModes(sh, st) {
		if m.stride == 0 || m.shape == 1 {
			continue
		}
		fullS, fullD = append(fullS, m.stride/current), append(fullD, current)
		current = c.mul(m.shape, m.stride)
	}
	fullS, fullD = append(fullS, 1), append(fullD, current)
	// Positions of every mode in the domain of (l, complement(l)).
	pre := make([]int64, len(fullS))
	p := int64(1)
	for i, s := range fullS {
		pre[i] = p
		p = c.mul(p, s)
	}
	var outS, outD []IntTuple
	next := int64(1)
	for _, i := range sortedInt64(fullD, fullS, pre) {
		if fullS[i] == 1 {
			continue
		}
		if fullD[i] != next {
			break
		}
		outS, outD = append(outS, Int(fullS[i])), append(outD, Int(pre[i]))
		next = c.mul(fullS[i], fullD[i])
	}
	if len(outS) == 0 || c.err != nil {
		return unitLayout
	}
	return Coalesce(Layout{Tuple(outS...), Tuple(outD...)})
}

// sortedInt64 returns the indices ordered by (d, s, p) lexicographically.
func sortedInt64(d, s, p []int64) []int {
	idx := make([]int, len(d))
	for i := range idx {
		idx[i] = i
	}
	less := func(a, b int) bool {
		if d[a] != d[b] {
			return d[a] < d[b]
		}
		if s[a] != s[b] {
			return s[a] < s[b]
		}
		return p[a] < p[b]
	}
	for i := 1; i < len(idx); i++ {
		for j := i; j > 0 && less(idx[j], idx[j-1]); j-- {
			idx[j], idx[j-1] = idx[j-1], idx[j]
		}
	}
	return idx
}

// isLeftInverse checks l(inv(l(k))) = l(k) for every k in l's domain, up to
// maxVerify elements.
func isLeftInverse(l, inv Layout) (bool, error) {
	n, err := l.Size()
	if err != nil {
		return false, withOp(err, "left_inverse")
	}
	if n > maxVerify {
		return false, newError(CodeNoLeftInverse, "left_inverse", 0,
			"layout %s is not injective and too large (%d elements) to check a left inverse point by point", l, n)
	}
	if lf, ok := flatOf(l); ok {
		if invf, ok := flatOf(inv); ok {
			if holds, decided := lf.leftInverse(invf, n); decided {
				return holds, nil
			}
		}
	}
	for k := int64(0); k < n; k++ {
		y, err := l.Eval(Int(k))
		if err != nil {
			return false, err
		}
		x, err := inv.Eval(y)
		if err != nil {
			return false, err
		}
		z, err := l.Eval(x)
		if err != nil {
			return false, err
		}
		if !z.Equal(y) {
			return false, nil
		}
	}
	return true, nil
}

// flat is a layout of static integer leaves as two lists, for checking
// a law point by point without building coordinates.
type flat struct{ shape, stride []int64 }

// flatOf is l as a flat, where its extents are positive integers, its
// strides non-negative integers, and no offset it reaches overflows (the
// case of the point-by-point checks, whose layouts are bounded by
// maxVerify); ok is false otherwise, and the caller evaluates l itself.
func flatOf(l Layout) (flat, bool) {
	sh, st := leaves(l.shape), leaves(l.stride)
	f := flat{make([]int64, len(sh)), make([]int64, len(st))}
	var reach int64
	for i := range sh {
		if !sh[i].IsInt() || !st[i].IsInt() || sh[i].val < 1 || st[i].val < 0 {
			return flat{}, false
		}
		f.shape[i], f.stride[i] = sh[i].val, st[i].val
		if f.stride[i] > maxVerify || f.shape[i] > maxVerify {
			return flat{}, false
		}
		reach += (f.shape[i] - 1) * f.stride[i]
		if reach > 1<<40 {
			return flat{}, false
		}
	}
	return f, len(sh) > 0
}

// eval is the layout at the index k >= 0 of its extended domain: the last
// mode takes what the others leave, as Layout.Eval does.
func (f flat) eval(k int64) int64 {
	var r int64
	last := len(f.shape) - 1
	for i := range last {
		r += (k % f.shape[i]) * f.stride[i]
		k /= f.shape[i]
	}
	return r + k*f.stride[last]
}

// leftInverse checks l(inv(l(k))) = l(k) for the n indices of l;
// decided is false where an index inv gives is out of the bounds flatOf
// keeps (the caller checks with Layout.Eval).
func (l flat) leftInverse(inv flat, n int64) (holds, decided bool) {
	for k := int64(0); k < n; k++ {
		y := l.eval(k)
		x := inv.eval(y)
		if x > 1<<40 {
			return false, false
		}
		if l.eval(x) != y {
			return false, true
		}
	}
	return true, true
}

func requireIntStrides(op string, st []IntTuple) error {
	for _, d := range st {
		switch {
		case d.Kind() == KindBasis:
			return errBasis(op, d)
		case d.Kind() == KindDynamic:
			return errDynamic(op, d)
		case d.val < 0:
			return errBadValue(op, "the negative stride %d is not supported", d.val)
		}
	}
	return nil
}

// prefixProducts returns the exclusive prefix products of the extents,
// which may be dynamic.
func prefixProducts(c *calc, sh []IntTuple) []IntTuple {
	pre := make([]IntTuple, len(sh))
	p := Int(1)
	for i, s := range sh {
		pre[i] = p
		p = c.mulLeaf(p, s)
	}
	return pre
}

// sortedByAbsStride returns the indices of st ordered by the magnitude of
// the stride (integer leaves; others by their value field), stably.
func sortedByAbsStride(st []IntTuple) []int {
	idx := make([]int, len(st))
	for i := range idx {
		idx[i] = i
	}
	key := func(i int) int64 {
		if st[i].IsInt() {
			return abs(st[i].val)
		}
		return st[i].val
	}
	for i := 1; i < len(idx); i++ {
		for j := i; j > 0 && key(idx[j]) < key(idx[j-1]); j-- {
			idx[j], idx[j-1] = idx[j-1], idx[j]
		}
	}
	return idx
}

// sortedByStride returns the indices of st ordered by stride, stably.
func sortedByStride(st []IntTuple) []int {
	idx := make([]int, len(st))
	for i := range idx {
		idx[i] = i
	}
	for i := 1; i < len(idx); i++ {
		for j := i; j > 0 && st[idx[j]].val < st[idx[j-1]].val; j-- {
			idx[j], idx[j-1] = idx[j-1], idx[j]
		}
	}
	return idx
}

// MaxCommonLayout returns the layout R of the largest number of contiguous
// elements that a and b share: a(R(i)) == i and b(R(i)) == i for i below
// size(R) (paper §3.4.2). It is 1:0 when they share none.
func MaxCommonLayout(a, b Layout) (Layout, error) {
	if namedCommon(a, b) {
		c, err := dynamicCommon("max_common_layout", a, b)
		return c.layout, err
	}
	inv, first, err := staticCommon("max_common_layout", a, b)
	if err != nil || first.stride.Kind() != KindInt || first.stride.val != 1 {
		return unitLayout, err
	}
	r, err := Compose(inv, first)
	return r, withOp(err, "max_common_layout")
}

// MaxCommonVector returns the number of contiguous elements that a and b
// share (at least 1), the size of MaxCommonLayout(a, b).
func MaxCommonVector(a, b Layout) (int64, error) {
	if namedCommon(a, b) {
		c, err := dynamicCommon("max_common_vector", a, b)
		return c.vector, err
	}
	_, first, err := staticCommon("max_common_vector", a, b)
	if err != nil {
		return 0, err
	}
	if first.stride.Kind() != KindInt || first.stride.val != 1 {
		return 1, nil
	}
	return first.shape.val, nil
}

// namedCommon reports whether max_common_* of a and b computes with their ?
// named (dynamicCommon): where one has ? or symbol leaves and neither a
// basis stride.
func namedCommon(a, b Layout) bool {
	return (!isStaticLayout(a) || !isStaticLayout(b)) && !hasBasisStride(a.stride) && !hasBasisStride(b.stride)
}

// staticCommon is the right inverse of b and the first mode of
// coalesce(composition(a, inverse)), an error (E0700) where that mode
// depends on a dynamic value.
func staticCommon(op string, a, b Layout) (inv, first Layout, err error) {
	inv, err = RightInverse(b)
	if err != nil {
		return inv, first, withOp(err, op)
	}
	common, err := Compose(a, inv)
	if err != nil {
		return inv, first, withOp(err, op)
	}
	first = Coalesce(common).modes()[0]
	return inv, first, staticFirstMode(op, first)
}

func isStaticLayout(l Layout) bool { return l.shape.IsStatic() && l.stride.IsStatic() }

// common is what max_common_layout and max_common_vector compute where an
// operand has ? or symbol leaves, and the conditions under which it is
// what the static algebra computes on every instance.
type common struct {
	layout Layout
	vector int64
	conds  []Obligation
}

// dynamicCommon is MaxCommonLayout and MaxCommonVector on operands with ?
// leaves: they are named (DynamicNamer), so that one ? is one symbol
// throughout, computed by symbolicCommon, and the result's names turned
// back into ?.
func dynamicCommon(op string, a, b Layout) (common, error) {
	var namer DynamicNamer
	na, nb := namer.Layout(a), namer.Layout(b)
	c, err := symbolicCommon(op, na, nb)
	c.layout = anonymous(c.layout)
	return c, err
}

// symbolicCommon follows CuTe's max_common_layout (cute/layout.hpp) on
// named leaves: the right inverse of b, coalesced as CuTe's right_inverse
// coalesces it; common = coalesce(composition(a, inverse)); the answer is
// its first mode where that one is static with the stride 1
// (composition(inverse, first) for the layout, its extent for the
// vector), 1:0 (1) where the stride is another integer, and an error
// (E0700) where it depends on a value, since the answer then depends on
// it. The conditions are the inverse's (RightInverseConditions), those
// of both compositions (the divisibility of the paper's eq. 20 and 21:
// max_common_vector(((4),(?,2,16)):((-1),(16,1,?)), ((2,8)):((0,-1))) is
// an error for ?1 = 3), and those of the first mode: the next mode would
// merge into it where its stride equals the first mode's extent
// (max_common_layout((2,?,8):(1,N,-4), 4:1) is 2:1 only if N != 2), or
// follow it where the mode between has the extent 1.
func symbolicCommon(op string, a, b Layout) (common, error) {
	out := common{layout: unitLayout, vector: 1}
	if !namedCommon(a, b) {
		return out, newError(CodeBasisNotDefined, op, -1, "the operands %s and %s have basis strides", a, b)
	}
	for _, o := range new(Symbolic).RightInverseConditions(b) {
		o.Op = op
		out.conds = append(out.conds, o)
	}
	inv, err := RightInverse(b)
	if err != nil {
		return out, withOp(err, op)
	}
	s := &symCalc{op: op, fresh: 1 << 20} // fresh names apart from the named ?
	if sh, st := s.flatTerms(inv); len(sh) > 0 {
		osh, ost := s.coalesceTerms(sh, st, false)
		if len(osh) > 1 || !isOne(osh[0]) {
			inv = s.layoutOfTerms(osh, ost)
		}
	}
	cm := s.compose(a, inv)
	if s.err != nil {
		return out, s.err
	}
	sh, st := s.flatTerms(cm)
	var idx []int
	for i := range sh {
		if !isOne(sh[i]) {
			idx = append(idx, i)
		}
	}
	if len(idx) == 0 {
		out.conds = append(out.conds, s.obl...)
		return out, nil // every extent 1: the stride of 1:0 is not 1
	}
	p, d := sh[idx[0]], st[idx[0]]
	k := 1
	for ; k < len(idx) && s.mul(p, d).Equal(st[idx[k]]); k++ {
		p = s.mul(p, sh[idx[k]]) // merged for every value
	}
	if s.err != nil {
		return out, s.err
	}
	out.conds = append(out.conds, s.obl...)
	first := Layout{Sym(p), Sym(d)}
	if !p.IsInt() || !d.IsInt() {
		return out, staticFirstMode(op, anonymous(first))
	}
	if d.Coef != 1 {
		return out, nil
	}
	if k < len(idx) {
		j := idx[k]
		if mayEqual(p, st[j]) {
			out.conds = append(out.conds, notEqual(op, st[j], p))
		}
		if !sh[j].IsInt() && k+1 < len(idx) {
			out.conds = append(out.conds, Obligation{Op: op, D: Term{Coef: 1, Div: 1}, T: sh[j], Rel: RelNotEqual})
		}
	}
	out.vector = p.Coef
	if op != "max_common_layout" {
		return out, nil
	}
	s2 := &symCalc{op: op, fresh: 1 << 21}
	r := s2.compose(inv, first)
	if s2.err != nil {
		return out, s2.err
	}
	out.conds = append(out.conds, s2.obl...)
	out.layout = r
	return out, nil
}

// MaxCommonConditions are the conditions under which max_common_layout
// (op) or max_common_vector of a and b, whose ? are named
// (DynamicNamer), is what the static algebra computes on every instance
// (symbolicCommon).
func (*Symbolic) MaxCommonConditions(op string, a, b Layout) []Obligation {
	c, err := symbolicCommon(op, a, b)
	if err != nil {
		return nil
	}
	return c.conds
}

// staticFirstMode fails with E0700 where the first mode of the common
// layout, whose extent is the answer, depends on a dynamic value: the
// number of common contiguous elements is then not known statically.
func staticFirstMode(op string, first Layout) error {
	if first.shape.IsDynamic() || first.stride.IsDynamic() {
		return newError(CodeDynamicValue, op, -1, "the common contiguous run %s depends on a dynamic value", first)
	}
	return nil
}

// RightInverseConditions are the conditions under which the right inverse
// of l, whose ? are named (DynamicNamer), is the static inverse of every
// instance, following CuTe's right_inverse: coalesce, then the chain of
// strides from 1 (inverse_seq). Both decide on equalities of values that
// a ? may make true for some values only:
//   - coalesce merges s:d into the next mode s':d' when s·d = d': each
//     pair the terms do not decide states s·d != d'
//     (right_inverse((2,?,16):(1,1,2)) is (2,16):(1,2·?) only if ?1 != 2;
//     for 2 the modes ?:1 and 16:2 are one, and the inverse is 2:1);
//   - the chain takes the first mode whose stride is the size covered so
//     far: a stride that may equal a size the chain looks for would
//     extend it for that value (right_inverse(4:?) is 4:1 when ? is 1,
//     1:0 otherwise), so each such pair states ?1 != 1.
//
// A ? extent of 1 (dropped by coalesce) and a ? stride that is not
// positive are what the operation assumes (W0919), not stated here.
func (*Symbolic) RightInverseConditions(l Layout) []Obligation {
	if hasBasisStride(l.stride) {
		return nil
	}
	var out []Obligation
	cl := inverseCoalesce(l)
	sh, st := leaves(cl.shape), leaves(cl.stride)
	c := calc{op: "right_inverse"}
	_, reached := rightInverseSteps(&c, sh, st, prefixProducts(&c, sh))
	for i, d := range st {
		t, ok := d.Term()
		if !ok || isStaticInt(sh[i], 1) {
			continue
		}
		if t.IsInt() {
			t.Coef = abs(t.Coef)
		}
		for _, n := range reached {
			nt, ok := n.Term()
			if !ok || !mayEqual(t, nt) || t.IsInt() && t.Coef < leastExtent(nt) || t.IsInt() && onlyAtOnes(nt, t.Coef) {
				continue // decided: by the values, or a size beyond the stride; or an extent 1 (assumed)
			}
			out = append(out, notEqual("right_inverse", t, nt))
		}
	}
	return append(out, mergeConditions("right_inverse", l)...)
}

// mergeConditions are the pairs of neighbouring modes of l (named ?, the
// static extents 1 left out, as coalesce drops them) whose merge the terms
// do not decide: s·d != d' for each, so that coalesce merges the same
// modes for every value.
func mergeConditions(op string, l Layout) []Obligation {
	s := &symCalc{op: op}
	sh, st := s.flatTerms(l)
	if s.err != nil {
		return nil
	}
	var out []Obligation
	prev := -1
	for i := range sh {
		if isOne(sh[i]) {
			continue
		}
		if prev >= 0 {
			p, ok := sh[prev].Mul(st[prev])
			if ok && !p.Equal(st[i]) && mayEqual(p, st[i]) {
				out = append(out, notEqual(op, p, st[i]))
			}
		}
		prev = i
	}
	return out
}

// leastExtent is the least value of t, a product of extents (each at
// least its known divisor), or 0 where t is not one (a quotient).
func leastExtent(t Term) int64 {
	if t.Div != 1 || t.Coef < 1 {
		return 0
	}
	n := t.Coef
	for _, f := range t.Facts {
		if f < 1 || n > math.MaxInt64/f {
			return 0
		}
		n *= f
	}
	return n
}

// mayEqual reports whether the terms a and b may be equal for some values
// the terms do not decide: not two integers, and not an integer that the
// other's known divisor does not divide (3·? is never 8).
func mayEqual(a, b Term) bool {
	if a.IsInt() && b.IsInt() {
		return false
	}
	if b.IsInt() {
		a, b = b, a
	}
	if a.IsInt() {
		if k := b.KnownDivisor(); k > 1 && a.Coef%k != 0 {
			return false
		}
	}
	return true
}

// notEqual states a != b, an integer on the right (?1 != 128), so that
// the same condition found twice reads the same.
func notEqual(op string, a, b Term) Obligation {
	if a.IsInt() && !b.IsInt() {
		a, b = b, a
	}
	return Obligation{Op: op, D: b, T: a, Rel: RelNotEqual}
}

// onlyAtOnes reports whether the product of extents t equals v only where
// each of its extents is 1 (v is its coefficient and it has no facts).
func onlyAtOnes(t Term, v int64) bool {
	if t.Div != 1 || t.Coef != v {
		return false
	}
	for _, f := range t.Facts {
		if f != 1 {
			return false
		}
	}
	return true
}
