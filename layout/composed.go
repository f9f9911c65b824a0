package layout

// Function is the outer part of a composed layout: a Swizzle or a Layout.
type Function interface {
	String() string
	applyTo(off IntTuple) (IntTuple, error)
}

var (
	_ Function = Swizzle{}
	_ Function = Layout{}
)

func (l Layout) applyTo(off IntTuple) (IntTuple, error) { return l.Eval(off) }

// ComposedLayout is CuTe's ComposedLayout, written outer o offset o inner:
// the function c ↦ Outer(Offset + Inner(c)). Swizzled shared-memory layouts
// are S<B,M,S> o 0 o L.
type ComposedLayout struct {
	Outer  Function
	Offset IntTuple
	Inner  Layout
}

// NewComposed returns outer o offset o inner after checking that the offset
// can be added to the inner layout's offsets and fed to the outer function:
// an integer for a swizzle or an integral layout (E0505).
func NewComposed(outer Function, offset IntTuple, inner Layout) (ComposedLayout, error) {
	if offset.Kind() != KindInt && offset.Kind() != KindTuple {
		return ComposedLayout{}, errOffset(offset)
	}
	if _, isSwizzle := outer.(Swizzle); isSwizzle && offset.Kind() != KindInt {
		return ComposedLayout{}, errOffset(offset)
	}
	return ComposedLayout{outer, offset, inner}, nil
}

func errOffset(off IntTuple) *Error {
	return newError(CodeOffsetNotAddable, "composed_layout", -1,
		"the offset %s cannot be added to the outer function's domain", off)
}

// Eval returns Outer(Offset + Inner(crd)).
func (c ComposedLayout) Eval(crd IntTuple) (IntTuple, error) {
	in, err := c.Inner.Eval(crd)
	if err != nil {
		return IntTuple{}, withOp(err, "composed_eval")
	}
	k := calc{op: "composed_eval"}
	sum := k.addTuples(c.Offset, in)
	if k.err != nil {
		return IntTuple{}, k.err
	}
	out, err := c.Outer.applyTo(sum)
	return out, withOp(err, "composed_eval")
}

// addTuples adds two offsets: integers, or congruent coordinates elementwise
// (a shorter coordinate is padded with zeros).
func (c *calc) addTuples(a, b IntTuple) IntTuple {
	if a.Kind() == KindInt && b.Kind() == KindInt {
		return Int(c.add(a.val, b.val))
	}
	if a.Kind() == KindInt && a.val == 0 {
		return b
	}
	if b.Kind() == KindInt && b.val == 0 {
		return a
	}
	if a.Kind() != KindTuple || b.Kind() != KindTuple {
		c.fail(errOffset(a))
		return a
	}
	n := max(len(a.elems), len(b.elems))
	elems := make([]IntTuple, n)
	for i := range elems {
		x, y := Int(0), Int(0)
		if i < len(a.elems) {
			x = a.elems[i]
		}
		if i < len(b.elems) {
			y = b.elems[i]
		}
		elems[i] = c.addTuples(x, y)
	}
	return Tuple(elems...)
}

// String returns the canonical text outer o offset o inner.
func (c ComposedLayout) String() string {
	return c.Outer.String() + " o " + c.Offset.String() + " o " + c.Inner.String()
}
