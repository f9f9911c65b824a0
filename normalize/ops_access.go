package normalize

import (
	"fmt"

	"github.com/cutec/cutec/diag"
	"github.com/cutec/cutec/layout"
)

// The accessors and structure operations of the dialect on every kind of
// operand they take: layouts, composed layouts, integer tuples (shapes,
// strides, coordinates) and tiles. In the dialect's words a composed layout
// is A o offset o B, A the "inner" and B the "outer" part, B applied first;
// cutec's layout.ComposedLayout calls A Outer and B Inner. The operations
// that restructure a composed layout apply to B and keep A and the offset
// (see lift), as CuTe's overloads for ComposedLayout do.

// The kinds of operand of the accessors, beyond those of ops.go.
const (
	pIndexable        paramKind = iota + 64 // a layout, a tuple or a tile (get, select)
	pShaped                                 // a layout or a tile (shape)
	pFlattenable                            // a layout, a tuple or a tile (flatten)
	pSliceable                              // a layout, a composed layout or a tuple (slice)
	pLayoutOrComposed                       // a layout or a composed layout
	pTile                                   // a tile
	pTupleOrTile                            // a tuple or a tile
	pDiceable                               // a layout, a tuple or a tile (dice)
	pTilerOrComposed                        // a tiler, a layout, a shape or a composed layout (composition)
	pLayoutOrSwizzle                        // a layout or a swizzle (composition's first operand)
)

func init() {
	for k, name := range map[paramKind]string{
		pIndexable: "a layout, a tuple or a tile", pShaped: "a layout or a tile",
		pFlattenable: "a layout, a tuple or a tile", pSliceable: "a layout, a composed layout or a tuple",
		pLayoutOrComposed: "a layout or a composed layout", pTile: "a tile", pTupleOrTile: "a tuple or a tile",
		pDiceable: "a layout, a tuple or a tile", pTilerOrComposed: "a layout, a composed layout, a tiler or a shape",
		pLayoutOrSwizzle: "a layout or a swizzle",
	} {
		paramNames[k] = name
	}
}

// acceptsOperand reports whether a value fits one of the kinds above.
func acceptsOperand(k paramKind, v Value) bool {
	isTuple := v.Kind() == KindInt || v.Kind() == KindTuple
	switch k {
	case pIndexable, pFlattenable, pDiceable:
		return v.Kind() == KindLayout || v.Kind() == KindTiler || isTuple
	case pShaped:
		return v.Kind() == KindLayout || v.Kind() == KindTiler
	case pSliceable:
		return v.Kind() == KindLayout || v.Kind() == KindComposed || isTuple
	case pLayoutOrComposed:
		return v.Kind() == KindLayout || v.Kind() == KindComposed
	case pTile:
		return v.Kind() == KindTiler
	case pTilerOrComposed:
		return v.Kind() == KindComposed || accepts(pTiler, v)
	case pTupleOrTile:
		return v.Kind() == KindTiler || isTuple
	case pLayoutOrSwizzle:
		return v.Kind() == KindLayout || v.Kind() == KindSwizzle
	}
	return acceptsTiled(k, v)
}

// defLifted defines an operation that applies to the inner layout B of a
// composed layout passed as argument arg.
func defLifted(name, doc string, params []paramKind, min, arg int, variadic bool, fn func(a *args) (Value, error)) *operation {
	op := def(name, doc, params, min, fn)
	op.lifts, op.liftArg, op.variadic = true, arg, variadic
	return op
}

func defAccessors() {
	defLifted("get", "get(X, i, ...): the mode of a layout, tuple or tile at a path of indices (none: X itself)",
		[]paramKind{pIndexable, pInt}, 1, 0, true, getMode).inDialect("get")
	defLifted("select", "select(X, i, ...): the given modes of a layout, tuple or tile, in order (none: the empty one)",
		[]paramKind{pIndexable, pInt}, 1, 0, true, selectModes)
	defLifted("shape", "shape(L): the shape of a layout; of a tile, the tuple of its layouts' shapes",
		[]paramKind{pShaped}, 1, 0, false, shapeOf).inDialect("get_shape")
	def("cosize", "cosize(L): one more than the largest offset; of S o off o B, cosize(B)",
		[]paramKind{pLayoutOrComposed}, 1, cosizeOf).withSymbolic(symCosize).inDialect("cosize")
	def("slice", "slice(c, X): the modes of a layout, composed layout or tuple that c leaves as _",
		[]paramKind{pTuple, pSliceable}, 2, sliceOf).inDialect("slice")
	defLifted("dice", "dice(c, X): the modes of a layout, tuple or tile that the static c fixes",
		[]paramKind{pTuple, pDiceable}, 2, 1, false, diceOf).inDialect("dice")
	defLifted("flatten", "flatten(X): the leaves of a layout, tuple or tile as one flat value",
		[]paramKind{pFlattenable}, 1, 0, false, flattenOf).inDialect("flatten")
	defLifted("append_to", "append_to(X, n[, x]): X extended to rank n with modes x (for a layout, 1:0 by default)",
		[]paramKind{pSized, pInt, pSized}, 2, 0, false, func(a *args) (Value, error) { return padTo(a, false) })
	defLifted("prepend_to", "prepend_to(X, n[, x]): X extended to rank n with leading modes x (for a layout, 1:0 by default)",
		[]paramKind{pSized, pInt, pSized}, 2, 0, false, func(a *args) (Value, error) { return padTo(a, true) })
	def("recast_layout", "recast_layout(old_bits, new_bits, L): L (or a composed layout) viewed with elements of another width",
		[]paramKind{pInt, pInt, pLayoutOrComposed}, 3, recastOf).inDialect("recast_layout")
	defComposedParts()
	defLeaves()
	defTupleCasts()
}

func getMode(a *args) (Value, error) {
	path := a.ints(1)
	switch v := a.vals[0].(type) {
	case Layout:
		return lay(v.L.GetMode(path...))
	case Tiler:
		t, err := v.T.GetMode(path...)
		return Tiler{t}, err
	}
	return tuple(a.tuple(0).GetMode(path...))
}

func selectModes(a *args) (Value, error) {
	idx := a.ints(1)
	switch v := a.vals[0].(type) {
	case Layout:
		return lay(layout.Select(v.L, idx...))
	case Tiler:
		t, err := v.T.Select(idx...)
		return Tiler{t}, err
	}
	t, err := a.tuple(0).Select(idx...)
	return Tuple{t}, err
}

func shapeOf(a *args) (Value, error) {
	if t, ok := a.vals[0].(Tiler); ok {
		return tuple(t.T.Shape())
	}
	return tupleValue(a.layout(0).Shape()), nil
}

// cosizeOf is cosize of a layout, or of a composed layout S o off o B with
// a swizzle S, which permutes offsets within B's codomain: cosize(B). An
// affine A has no such bound in the dialect.
func cosizeOf(a *args) (Value, error) {
	c, ok := a.vals[0].(Composed)
	if !ok {
		return tuple(a.layout(0).CosizeOf())
	}
	if _, isSwizzle := c.C.Outer.(layout.Swizzle); !isSwizzle {
		return nil, kindError("cosize", 0, "cosize of a composed layout is undefined when its inner part A is the affine layout %s, not a swizzle", c.C.Outer)
	}
	return tuple(c.C.Inner.CosizeOf())
}

func sliceOf(a *args) (Value, error) {
	crd := a.tuple(0)
	switch v := a.vals[1].(type) {
	case Layout:
		return lay(layout.Slice(crd, v.L))
	case Composed:
		r, err := v.C.Slice(crd)
		if err != nil {
			return nil, err
		}
		if r.Plain {
			return Layout{r.Layout}, nil
		}
		return Composed{r.Composed}, nil
	}
	t, err := a.tuple(1).Slice(crd)
	return Tuple{t}, err
}

func diceOf(a *args) (Value, error) {
	switch v := a.vals[1].(type) {
	case Layout:
		return lay(layout.Dice(a.tuple(0), v.L))
	case Tiler:
		t, err := v.T.Dice(a.tuple(0))
		return Tiler{t}, err
	}
	t, err := a.tuple(1).Dice(a.tuple(0))
	return Tuple{t}, err
}

func flattenOf(a *args) (Value, error) {
	switch v := a.vals[0].(type) {
	case Layout:
		return Layout{layout.Flatten(v.L)}, nil
	case Tiler:
		return Tiler{v.T.Flatten()}, nil
	}
	return tupleValue(a.tuple(0).Flatten()), nil
}

// padTo is append_to and prepend_to: a layout is padded with layouts (1:0
// by default), a tuple with the given element.
func padTo(a *args, front bool) (Value, error) {
	name, n := "append_to", int(a.int(1))
	pad, padTuple := layout.AppendModeTo, layout.IntTuple.AppendTo
	if front {
		name, pad, padTuple = "prepend_to", layout.PrependModeTo, layout.IntTuple.PrependTo
	}
	if l, ok := a.vals[0].(Layout); ok {
		if a.n() < 3 {
			return lay(pad(l.L, n, unitLayout))
		}
		x, ok := a.vals[2].(Layout)
		if !ok {
			return nil, kindError(name, 2, "a layout is extended with layout modes, not the %s %s", a.vals[2].Kind(), a.vals[2])
		}
		return lay(pad(l.L, n, x.L))
	}
	if a.n() < 3 || a.vals[2].Kind() == KindLayout {
		return nil, kindError(name, 2, "%s of a tuple needs the integer or tuple element to add, as in %s((4,8), 4, 1)", name, name)
	}
	return tuple(padTuple(a.tuple(0), n, a.tuple(2)))
}

// unitLayout is 1:0, the mode append_to and prepend_to add to a layout by
// default.
var unitLayout = layout.MustNew(layout.Int(1), layout.Int(0))

func recastOf(a *args) (Value, error) {
	if c, ok := a.vals[2].(Composed); ok {
		r, err := c.C.Recast(a.int(0), a.int(1))
		if err != nil {
			return nil, err
		}
		return Composed{r}, nil
	}
	return lay(layout.RecastLayout(a.int(0), a.int(1), a.layout(2)))
}

// defComposedParts defines the dialect's accessors of A o offset o B, named
// as the dialect names the parts.
func defComposedParts() {
	def("composed_get_inner", "composed_get_inner(A o off o B): A, the swizzle or layout applied last",
		[]paramKind{pComposed}, 1, func(a *args) (Value, error) {
			switch o := a.vals[0].(Composed).C.Outer.(type) {
			case layout.Swizzle:
				return Swizzle{o}, nil
			case layout.Layout:
				return Layout{o}, nil
			}
			return nil, kindError("composed_get_inner", 0, "unknown inner function")
		}).inDialect("composed_get_inner")
	def("composed_get_outer", "composed_get_outer(A o off o B): B, the layout applied first",
		[]paramKind{pComposed}, 1, func(a *args) (Value, error) { return Layout{a.vals[0].(Composed).C.Inner}, nil }).inDialect("composed_get_outer")
	def("as_position_independent_swizzle_layout",
		"as_position_independent_swizzle_layout(S o smem_ptr[Nb](unset) o L): the swizzle on bytes recast to N-bit elements, S' o 0 o L",
		[]paramKind{pComposed}, 1, positionIndependent)
	def("composed_get_offset", "composed_get_offset(A o off o B): the offset off",
		[]paramKind{pComposed}, 1, func(a *args) (Value, error) { return tupleValue(a.vals[0].(Composed).C.Offset), nil }).inDialect("composed_get_offset")
}

// defLeaves defines the dialect's multi-result accessors; cutec returns
// their results as one tuple (or tile) of the results.
func defLeaves() {
	def("get_leaves", "get_leaves(X): the leaves of a tuple as a flat tuple, of a tile as a flat tile (the dialect's results, in order)",
		[]paramKind{pTupleOrTile}, 1, func(a *args) (Value, error) {
			if t, ok := a.vals[0].(Tiler); ok {
				return Tiler{layout.TileTuple(t.T.Leaves()...)}, nil
			}
			t := a.tuple(0)
			if t.Kind() != layout.KindTuple {
				return Tuple{layout.Tuple(t)}, nil
			}
			return Tuple{t.Flatten()}, nil
		})
	def("get_layouts_from_tile", "get_layouts_from_tile(T): the layouts of a tile, depth first, as a flat tile (the dialect's results, in order)",
		[]paramKind{pTile}, 1, func(a *args) (Value, error) {
			t, err := a.vals[0].(Tiler).T.Layouts()
			return Tiler{t}, err
		})
}

// defTupleCasts defines the dialect's conversions between the kinds of
// integer tuple. cutec has one tuple kind, so each is the identity on a
// tuple the target kind can hold.
func defTupleCasts() {
	cast := func(name, kind, what string, positive bool) {
		def(name, name+"(t): the integer tuple t as "+kind+" (t itself; its leaves must be "+what+" or ?)",
			[]paramKind{pTuple}, 1, func(a *args) (Value, error) {
				t := a.tuple(0)
				if bad, ok := firstNonInteger(t, positive); ok {
					return nil, kindError(name, 0, "%s takes an integer tuple of %s, but %s holds %s", name, what, t, bad)
				}
				return tupleValue(t), nil
			}).inDialect(name)
	}
	cast("to_int_tuple", "an int_tuple", "integers", false)
	cast("to_shape", "a shape", "positive integers", true)
	cast("to_stride", "a stride", "integers", false)
	cast("to_coord", "a coordinate", "integers", false)
}

// firstNonInteger returns the first leaf of t that is neither an integer
// (a positive one when positive is set) nor a dynamic value.
func firstNonInteger(t layout.IntTuple, positive bool) (layout.IntTuple, bool) {
	switch t.Kind() {
	case layout.KindTuple:
		for i := 0; i < t.Len(); i++ {
			if bad, ok := firstNonInteger(t.At(i), positive); ok {
				return bad, true
			}
		}
		return layout.IntTuple{}, false
	case layout.KindInt:
		return t, positive && t.Value() <= 0
	case layout.KindDynamic:
		return layout.IntTuple{}, false
	}
	return t, true
}

// kindError is a wrong-kind error about argument arg of op.
func kindError(op string, arg int, format string, args ...any) error {
	return &layout.Error{Code: string(diag.WrongKind), Op: op, Msg: fmt.Sprintf(format, args...), Arg: arg, Mode: -1}
}

// positionIndependent is CuTe's as_position_independent_swizzle_layout:
// the byte swizzle of S<3,4,3> o smem_ptr[16b](unset) o (8,64):(64,1)
// recast to elements, S<3,3,3> o 0 o (8,64):(64,1). As in CuTe, an identity
// swizzle leaves the plain layout, and a composed layout whose swizzle acts
// on elements already is returned as it is.
func positionIndependent(a *args) (Value, error) {
	c := a.vals[0].(Composed).C
	r, err := c.PositionIndependent()
	if err != nil {
		return nil, err
	}
	if sw, ok := r.Outer.(layout.Swizzle); ok && c.ElemBits > 0 && sw.IsIdentity() {
		return Layout{r.Inner}, nil
	}
	return Composed{r}, nil
}
