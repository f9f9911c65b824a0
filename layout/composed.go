package layout

import "strconv"

// Function is the part A of a composed layout A o offset o B, applied last:
// a Swizzle or a Layout. The dialect (and every user-facing text of cutec)
// calls A the inner function; this package's field is named Outer.
type Function interface {
	String() string
	applyTo(off IntTuple) (IntTuple, error)
}

var (
	_ Function = Swizzle{}
	_ Function = Layout{}
)

func (l Layout) applyTo(off IntTuple) (IntTuple, error) { return l.Eval(off) }

// ComposedLayout is CuTe's ComposedLayout, written A o offset o B: the
// function c ↦ A(Offset + B(c)). Swizzled shared-memory layouts are
// S<B,M,S> o 0 o L.
//
// Words: the dialect's composed_get_inner returns A and composed_get_outer
// returns B, and cutec's messages, help and docs use those words (A the inner
// function, B the outer layout). The Go fields predate that choice and name
// the parts the other way round: Outer is A (the inner function) and Inner is
// B (the outer layout). docs/dialect.md states the mapping for users of the API.
//
// ElemBits is 0 for the composed layouts of the algebra, whose function A
// acts on the offsets B gives. ElemBits = N > 0 is CuTe's smem_ptr_flag_bits<N>
// in the middle, written S<B,M,S> o smem_ptr[Nb](unset) o B (the GMMA
// shared-memory atoms, and the swizzle of a CuTe DSL memref): the offset is 0,
// B gives offsets in N-bit elements, and the swizzle acts on their byte
// addresses. See NewByteSwizzled and PositionIndependent.
type ComposedLayout struct {
	Outer    Function
	Offset   IntTuple
	Inner    Layout
	ElemBits int
}

// NewComposed returns outer o offset o inner after checking the offset's
// form (E0505): an integer or a dynamic value ? for a swizzle, and for an
// outer layout also a tuple of integers and dynamic values (the coordinate
// an outer layout with basis strides takes). Whether a tuple offset fits
// the inner layout's codomain is a rule of the dialect that verify checks.
func NewComposed(outer Function, offset IntTuple, inner Layout) (ComposedLayout, error) {
	if !isOffset(offset) {
		return ComposedLayout{}, errOffset(offset)
	}
	if _, isSwizzle := outer.(Swizzle); isSwizzle && offset.Kind() == KindTuple {
		return ComposedLayout{}, errOffset(offset)
	}
	return ComposedLayout{Outer: outer, Offset: offset, Inner: inner}, nil
}

// isOffset reports whether t is an integer, a dynamic value or a tuple of
// offsets.
func isOffset(t IntTuple) bool {
	switch t.Kind() {
	case KindInt, KindDynamic:
		return true
	case KindTuple:
		for _, e := range t.elems {
			if !isOffset(e) {
				return false
			}
		}
		return true
	}
	return false
}

func errOffset(off IntTuple) *Error {
	return newError(CodeOffsetNotAddable, "composed_layout", -1,
		"the offset %s cannot be added to the inner function's domain", off)
}

// Eval returns Outer(Offset + Inner(crd)). For a byte swizzle
// (ElemBits > 0) it is the element offset the swizzle gives on bytes, the
// value of the position-independent form: S<3,4,3> o smem_ptr[16b](unset) o
// (8,64):(64,1) at 37 is 364, as S<3,3,3> o 0 o (8,64):(64,1) is.
func (c ComposedLayout) Eval(crd IntTuple) (IntTuple, error) {
	if c.ElemBits > 0 {
		pi, err := c.PositionIndependent()
		if err != nil {
			return IntTuple{}, withOp(err, "composed_eval")
		}
		return pi.Eval(crd)
	}
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

// addTuples adds two offsets: integers or dynamic values (see addLeaf), or
// congruent coordinates elementwise (a shorter coordinate is padded with
// zeros).
func (c *calc) addTuples(a, b IntTuple) IntTuple {
	if isStaticInt(a, 0) {
		return b
	}
	if isStaticInt(b, 0) {
		return a
	}
	if a.Kind() != KindTuple && b.Kind() != KindTuple {
		if !isOffset(a) || !isOffset(b) {
			c.fail(errOffset(a))
			return a
		}
		return c.addLeaf(a, b)
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

// String returns the canonical text outer o offset o inner; a byte
// swizzle prints its middle as CuTe does, S<3,4,3> o smem_ptr[16b](unset) o L.
func (c ComposedLayout) String() string {
	var buf [128]byte
	b, _ := c.AppendText(buf[:0])
	return string(b)
}

// AppendText appends the text of c, as String writes it, to b.
func (c ComposedLayout) AppendText(b []byte) ([]byte, error) {
	switch f := c.Outer.(type) {
	case Swizzle:
		b = f.AppendText(b)
	case Layout:
		b, _ = f.AppendText(b)
	default:
		b = append(b, f.String()...)
	}
	b = append(b, " o "...)
	if c.ElemBits > 0 {
		b = strconv.AppendInt(append(b, "smem_ptr["...), int64(c.ElemBits), 10)
		b = append(b, "b](unset)"...)
	} else {
		b, _ = c.Offset.AppendText(b)
	}
	b = append(b, " o "...)
	return c.Inner.AppendText(b)
}

// WithInner returns the composed layout with its layout B replaced,
// keeping the function A, the offset and a byte swizzle's element width:
// how CuTe's overloads for ComposedLayout finish an operation applied to B
// (composition(S o smem_ptr[16b](unset) o L, T) is S o smem_ptr[16b](unset)
// o composition(L, T)).
func (c ComposedLayout) WithInner(inner Layout) (ComposedLayout, error) {
	if c.ElemBits > 0 {
		return NewByteSwizzled(c.Outer.(Swizzle), c.ElemBits, inner)
	}
	return NewComposed(c.Outer, c.Offset, inner)
}
