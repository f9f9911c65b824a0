package layout

// ComposedSlice is the result of slicing a composed layout: a composed
// layout, or a plain layout when a swizzle decays into strides.
type ComposedSlice struct {
	Composed ComposedLayout
	Layout   Layout
	Plain    bool // the result is Layout, not Composed
}

// Slice returns slice(crd, A o off o B), the dialect's cute.slice
// and CuTe's slice of a ComposedLayout (which, like Slice, drops the offset
// of the fixed modes from the result). The coordinate applies to B.
//
// For an affine A (a layout) the fixed modes move into the offset: the
// result is A o (off + B(crd)) o slice(crd, B), with _ taken as 0 and a
// dynamic value making the offset ?.
//
// For a swizzle A, CuTe's slice_and_offset for swizzled layouts: B must be
// static and crd must leave a mode with _. The value of the fixed modes is
// split into the bits the swizzle reads or writes (they join the offset)
// and the bits it does not touch (they leave with the dropped offset). When
// the sliced layout reaches both the bits a swizzle field reads and the
// ones it writes, the result stays swizzled; otherwise the swizzle decays
// into strides and the result is a plain layout.
func (c ComposedLayout) Slice(crd IntTuple) (ComposedSlice, error) {
	sliced, err := Slice(crd, c.Inner)
	if err != nil {
		return ComposedSlice{}, err
	}
	if c.ElemBits > 0 {
		return c.sliceBytes(crd, sliced)
	}
	sw, isSwizzle := c.Outer.(Swizzle)
	if !isSwizzle {
		off, err := c.Inner.Eval(crd) // _ counts as 0; ? stays ?
		if err != nil {
			return ComposedSlice{}, err
		}
		k := calc{op: "slice"}
		sum := k.addTuples(c.Offset, off)
		if k.err != nil {
			return ComposedSlice{}, k.err
		}
		return ComposedSlice{Composed: ComposedLayout{Outer: c.Outer, Offset: sum, Inner: sliced}}, nil
	}
	if allUnderscore(crd) {
		return ComposedSlice{Composed: ComposedLayout{Outer: sw, Offset: c.Offset, Inner: sliced, ElemBits: c.ElemBits}}, nil
	}
	if err := checkSwizzleSlice(crd, c); err != nil {
		return ComposedSlice{}, err
	}
	return sliceSwizzled(crd, sw, c.Offset, c.Inner, sliced)
}

func allUnderscore(t IntTuple) bool {
	if t.Kind() != KindTuple {
		return t.Kind() == KindUnderscore
	}
	for _, e := range t.elems {
		if !allUnderscore(e) {
			return false
		}
	}
	return true
}

// checkSwizzleSlice checks the dialect's conditions on slicing a swizzled
// layout: a static inner layout with integer strides (a swizzle acts on
// integer offsets) and a coordinate with a _.
func checkSwizzleSlice(crd IntTuple, c ComposedLayout) error {
	if !c.Inner.shape.IsStatic() || !c.Inner.stride.IsStatic() {
		return newError(CodeDynamicValue, "slice", 1,
			"slicing the swizzled layout %s needs a static outer layout", c)
	}
	for _, d := range leaves(c.Inner.stride) {
		if d.Kind() != KindInt {
			return errBasis("slice", d)
		}
	}
	if !hasUnderscore(crd) {
		return newError(CodeCoordMismatch, "slice", 0,
			"slicing the swizzled layout %s needs a coordinate with a _, not %s", c, crd)
	}
	return nil
}

func hasUnderscore(t IntTuple) bool {
	if t.Kind() != KindTuple {
		return t.Kind() == KindUnderscore
	}
	for _, e := range t.elems {
		if hasUnderscore(e) {
			return true
		}
	}
	return false
}

// sliceSwizzled slices sw o off o b at crd, sliced being slice(crd, b).
func sliceSwizzled(crd IntTuple, sw Swizzle, off IntTuple, b, sliced Layout) (ComposedSlice, error) {
	if sw.IsIdentity() {
		return ComposedSlice{Layout: sliced, Plain: true}, nil
	}
	onlyZY := sw.projection()
	reach, err := Compose(onlyZY, sliced)
	if err != nil {
		return ComposedSlice{}, errSwizzleSlice(err, sw, off, b, crd)
	}
	n, err := reach.Size()
	if err != nil {
		return ComposedSlice{}, err
	}
	active, err := reach.Eval(Int(n - 1))
	if err != nil {
		return ComposedSlice{}, err
	}
	diced, _ := pick(crd, b.shape, false)
	dicedStride, _ := pick(crd, b.stride, false)
	fixed, err := Compose(onlyZY, Layout{diced, dicedStride})
	if err != nil {
		return ComposedSlice{}, errSwizzleSlice(err, sw, off, b, crd)
	}
	dicedCrd, _ := pick(crd, crd, false)
	k := calc{op: "slice"}
	offZY := xorLeaf(off, k.evalMixed(fixed, dicedCrd))
	if k.err != nil {
		return ComposedSlice{}, k.err
	}
	if a := active.val; a&^sw.Apply(a) != 0 {
		// The sliced layout reaches a bit the swizzle reads and the bit it
		// writes: it stays swizzled.
		return ComposedSlice{Composed: ComposedLayout{Outer: sw, Offset: offZY, Inner: sliced}}, nil
	}
	l, err := sw.decay(offZY, sliced)
	if err != nil {
		return ComposedSlice{}, errSwizzleSlice(err, sw, off, b, crd)
	}
	return ComposedSlice{Layout: l, Plain: true}, nil
}

// errSwizzleSlice reports that the fields of a swizzle do not compose with
// the part of a layout a slice keeps or fixes, keeping the code of the
// composition's error.
func errSwizzleSlice(err error, sw Swizzle, off IntTuple, b Layout, crd IntTuple) error {
	code, why := CodeBadValue, err.Error()
	if e, ok := err.(*Error); ok {
		code, why = e.Code, e.Msg
	}
	return newError(code, "slice", -1, "unable to slice %s at %s: the swizzle's bit fields do not compose with its modes (%s)",
		ComposedLayout{Outer: sw, Offset: off, Inner: b}, crd, why)
}

// evalMixed is l at crd, where crd may hold dynamic leaves: a mode at a
// dynamic coordinate contributes 0 when all its strides are 0, and makes
// the result ? otherwise.
func (c *calc) evalMixed(l Layout, crd IntTuple) IntTuple {
	if crd.IsStatic() {
		v, err := l.Eval(crd)
		c.failWith(err)
		return v
	}
	if crd.Kind() == KindTuple && l.shape.Kind() == KindTuple && len(crd.elems) == len(l.shape.elems) {
		sum := Int(0)
		for i, e := range crd.elems {
			sum = c.addLeaf(sum, c.evalMixed(Layout{l.shape.elems[i], l.stride.elems[i]}, e))
		}
		return sum
	}
	for _, d := range leaves(l.stride) {
		if !isStaticInt(d, 0) {
			return dyn()
		}
	}
	return Int(0)
}

// xorLeaf is the bitwise exclusive or of two integer or dynamic leaves:
// x xor 0 is x, facts included (a slice at 0 keeps the offset
// ?{div=16} of S<3,3,3> o ?{div=16} o L, as in CuTe DSL's IR); any other
// xor with a dynamic value is ?.
func xorLeaf(a, b IntTuple) IntTuple {
	switch {
	case a.Kind() == KindInt && b.Kind() == KindInt:
		return Int(a.val ^ b.val)
	case isStaticInt(b, 0):
		return a
	case isStaticInt(a, 0):
		return b
	}
	return dyn()
}

// failWith keeps err, an error of this package, as the calculation's first
// failure.
func (c *calc) failWith(err error) {
	if err == nil {
		return
	}
	e, ok := err.(*Error)
	if !ok {
		e = errBadValue(c.op, "%v", err)
	}
	c.fail(e)
}

// sliceBytes slices a byte swizzle as CuTe's slice_and_offset for
// smem_ptr_flag_bits does: when the fixed modes lie at offset 0 the result
// is the same byte swizzle of the sliced layout; otherwise the slice is
// that of the position-independent form (on elements).
func (c ComposedLayout) sliceBytes(crd IntTuple, sliced Layout) (ComposedSlice, error) {
	off, err := c.Inner.Eval(crd) // _ counts as 0
	if err != nil {
		return ComposedSlice{}, err
	}
	if isStaticInt(off, 0) {
		r, err := c.WithInner(sliced)
		return ComposedSlice{Composed: r}, err
	}
	pi, err := c.PositionIndependent()
	if err != nil {
		return ComposedSlice{}, withOp(err, "slice")
	}
	return pi.Slice(crd)
}
