package layout

// Layout is the paper's layout L = S:D (Definition 2.17): a shape S and a
// congruent stride D. It maps a coordinate c (an integer or a tuple weakly
// congruent with S) to the inner product of c's natural coordinate with D.
//
// The zero Layout is the empty layout ():().
type Layout struct {
	shape, stride IntTuple
}

// New returns the layout shape:stride after checking that shape and stride
// are congruent (E0300), that every shape leaf is a positive integer or a
// dynamic value (E0304), and that every stride leaf is an integer, a basis
// element or a dynamic value.
func New(shape, stride IntTuple) (Layout, error) {
	if !Congruent(shape, stride) {
		return Layout{}, errShapeStride(shape, stride)
	}
	if err := checkShape(shape); err != nil {
		return Layout{}, err
	}
	if err := checkStride(stride); err != nil {
		return Layout{}, err
	}
	return Layout{shape, stride}, nil
}

// MustNew is New for values known to be valid, such as literals in tests
// and examples. It panics on error.
func MustNew(shape, stride IntTuple) Layout {
	l, err := New(shape, stride)
	if err != nil {
		panic(err)
	}
	return l
}

// Make returns the layout of shape with compact column-major strides, CuTe's
// make_layout(shape).
func Make(shape IntTuple) (Layout, error) {
	if err := checkShape(shape); err != nil {
		return Layout{}, err
	}
	stride, err := CompactColMajor(shape)
	if err != nil {
		return Layout{}, err
	}
	return Layout{shape, stride}, nil
}

func checkShape(s IntTuple) error {
	switch s.Kind() {
	case KindTuple:
		for _, e := range s.elems {
			if err := checkShape(e); err != nil {
				return err
			}
		}
	case KindDynamic:
	case KindInt:
		if s.val <= 0 {
			return errShapeLeaf(s)
		}
	default:
		return errShapeLeaf(s)
	}
	return nil
}

func checkStride(d IntTuple) error {
	switch d.Kind() {
	case KindTuple:
		for _, e := range d.elems {
			if err := checkStride(e); err != nil {
				return err
			}
		}
	case KindInt, KindBasis, KindDynamic:
	default:
		return errStrideLeaf(d)
	}
	return nil
}

// Shape returns the shape of l.
func (l Layout) Shape() IntTuple { return l.shape }

// Stride returns the stride of l.
func (l Layout) Stride() IntTuple { return l.stride }

// Rank returns the rank of l's shape.
func (l Layout) Rank() int { return l.shape.Rank() }

// Depth returns the depth of l's shape.
func (l Layout) Depth() int { return l.shape.Depth() }

// Mode returns the i-th sublayout L_i = S_i:D_i. For a layout with an
// integral shape, Mode(0) is the layout itself.
func (l Layout) Mode(i int) (Layout, error) {
	if i < 0 || i >= l.Rank() {
		return Layout{}, errModeRange("get", i, l.Rank())
	}
	return Layout{l.shape.At(i), l.stride.At(i)}, nil
}

// getLenient returns the sublayout at a path of mode indices, CuTe's
// get<I0,I1,...>, which past a scalar leaf gives the leaf again.
func (l Layout) getLenient(path ...int) (Layout, error) {
	for _, i := range path {
		m, err := l.Mode(i)
		if err != nil {
			return Layout{}, err
		}
		l = m
	}
	return l, nil
}

// Equal reports whether l and m are the same layout: equal shape trees and
// equal strides.
func (l Layout) Equal(m Layout) bool {
	return l.shape.Equal(m.shape) && l.stride.Equal(m.stride)
}

// String returns the canonical text shape:stride, such as (4,(2,2)):(1,(4,8)).
func (l Layout) String() string {
	var buf [64]byte
	b, _ := l.AppendText(buf[:0])
	return string(b)
}

// Size returns |L|, the product of the shape's leaves.
func (l Layout) Size() (int64, error) { return Size(l.shape) }

// Size returns the product of the leaves of a shape (1 for the empty tuple).
func Size(shape IntTuple) (int64, error) {
	c := calc{op: "size"}
	n := c.size(shape)
	return n, c.err
}

// SizeOf returns the product of the leaves of a shape as a leaf, for shapes
// with dynamic extents: the integer when every leaf is static, and ? with
// the product of the divisors when a dynamic leaf enters the product
// (size((4,(16,32),(?,64))) is ?{div=131072}, size(((8,?),?)) is
// ?{div=8}, as CuTe DSL's compiler infers it; dynamic.go has the rules).
// x*1 keeps x as written: size(?{div=8}) is ?{div=8}.
func SizeOf(shape IntTuple) (IntTuple, error) {
	c := calc{op: "size"}
	n := c.sizeLeaf(shape)
	if c.err != nil {
		return IntTuple{}, c.err
	}
	return n, nil
}

// SizeOf returns |L| as a leaf: the integer, or ? with its facts for a
// dynamic shape.
func (l Layout) SizeOf() (IntTuple, error) { return SizeOf(l.shape) }

// sizeLeaf is the product of the leaves of s, an integer or dynamic leaf.
func (c *calc) sizeLeaf(s IntTuple) IntTuple {
	if s.Kind() != KindTuple {
		c.checkScalar(s)
		return s
	}
	n := Int(1)
	for _, e := range s.elems {
		n = c.mulLeaf(n, c.sizeLeaf(e))
	}
	return n
}

func (c *calc) size(s IntTuple) int64 {
	if s.Kind() != KindTuple {
		return c.value(s)
	}
	n := int64(1)
	for _, e := range s.elems {
		n = c.mul(n, c.size(e))
	}
	return n
}

// Cosize returns the size of l's codomain: one more than the largest offset
// reached when every stride is taken by its magnitude, CuTe's cosize. For
// basis strides it is the product of the codomain's extents (its coshape).
func (l Layout) Cosize() (int64, error) {
	var f ints
	if f.load(&l.shape, &l.stride) {
		c := calc{op: "cosize"}
		n := f.cosize(&c)
		return n, c.errOrNil()
	}
	co, err := l.Coshape()
	if err != nil {
		return 0, err
	}
	c := calc{op: "cosize"}
	n := c.size(co)
	return n, c.err
}

// CosizeOf returns cosize(L) as a leaf: the integer when it is static, and
// ? when a dynamic extent or stride enters it. Each mode's last coordinate
// is its extent minus one, so a mode of extent 1 adds nothing whatever its
// stride: cosize((?,1):(?,?)) is ?, cosize(1:?) is 1.
func (l Layout) CosizeOf() (IntTuple, error) {
	if l.shape.IsStatic() && l.stride.IsStatic() {
		n, err := l.Cosize()
		return Int(n), err
	}
	c := calc{op: "cosize"}
	last := mapLeaves(l.shape, func(s IntTuple) IntTuple { return c.subLeaf(s, Int(1)) })
	if c.err != nil {
		return IntTuple{}, c.err
	}
	off, err := Crd2Idx(last, l.shape, mapLeaves(l.stride, absLeaf))
	if err != nil {
		return IntTuple{}, withOp(err, "cosize")
	}
	co := mapLeaves(off, func(t IntTuple) IntTuple { return c.addLeaf(t, Int(1)) })
	n := c.sizeLeaf(co)
	if c.err != nil {
		return IntTuple{}, c.err
	}
	return n, nil
}

// Coshape returns the extents of l's codomain: the offset of the last
// coordinate, with strides taken by magnitude, plus one in every component.
func (l Layout) Coshape() (IntTuple, error) {
	absl := Layout{l.shape, mapLeaves(l.stride, absLeaf)}
	n, err := l.Size()
	if err != nil {
		return IntTuple{}, withOp(err, "cosize")
	}
	last, err := absl.Eval(Int(n - 1))
	if err != nil {
		return IntTuple{}, withOp(err, "cosize")
	}
	c := calc{op: "cosize"}
	co := mapLeaves(last, func(t IntTuple) IntTuple {
		if t.IsDynamic() {
			// The last offset of a dynamic stride is no integer: a ?
			// read as its divisor field gave cosize((2,2):(1,?)) = 1, and
			// logical_product by such a tiler the strides 0.
			c.fail(newError(CodeDynamicValue, "cosize", -1, "the cosize of %s depends on the dynamic value %s", l, t))
			return t
		}
		return Int(c.add(t.val, 1))
	})
	return co, c.err
}

func absLeaf(t IntTuple) IntTuple {
	if t.Kind() == KindInt || t.Kind() == KindBasis {
		t.val = abs(t.val)
	}
	return t
}

// mapLeaves returns t with f applied to every leaf. A tuple none of whose
// leaves f changes is returned as it is, without a copy (IntTuples are
// never written once built).
func mapLeaves(t IntTuple, f func(IntTuple) IntTuple) IntTuple { return mapLeavesIn(t, f, nil) }

// mapLeavesIn is mapLeaves with the elements of the tuples it copies from
// arena (a symbolic operation's array of tuple elements, which the result
// keeps); nil allocates each on its own.
func mapLeavesIn(t IntTuple, f func(IntTuple) IntTuple, arena *[]IntTuple) IntTuple {
	if t.Kind() != KindTuple {
		return f(t)
	}
	var elems []IntTuple
	for i, e := range t.elems {
		m := mapLeavesIn(e, f, arena)
		if elems == nil {
			if sameNode(m, e) {
				continue
			}
			if arena == nil {
				elems = make([]IntTuple, len(t.elems))
			} else {
				n := len(t.elems)
				if cap(*arena)-len(*arena) < n {
					*arena = make([]IntTuple, 0, max(n, 16))
				}
				k := len(*arena)
				*arena = (*arena)[:k+n]
				elems = (*arena)[k : k+n : k+n]
			}
			copy(elems, t.elems[:i])
		}
		elems[i] = m
	}
	if elems == nil {
		return t
	}
	return Tuple(elems...)
}

// sameNode reports whether a and b are the same node: the same leaf, or
// the same tuple storage.
func sameNode(a, b IntTuple) bool {
	if a.val != b.val || a.leaf != b.leaf || len(a.elems) != len(b.elems) || (a.elems == nil) != (b.elems == nil) {
		return false
	}
	return len(a.elems) == 0 || &a.elems[0] == &b.elems[0]
}
