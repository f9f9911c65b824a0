package normalize

import (
	"github.com/cutec/cutec/layout"
)

// operations are the operations of the algebra (the CuTe paper's) under the
// names CuTe and pycute use, with their argument orders.
var operations = map[string]*operation{}

func def(name, doc string, params []paramKind, min int, fn func(a *args) (Value, error)) {
	operations[name] = &operation{name: name, params: params, min: min, doc: doc, fn: fn}
}

func defVariadic(name, doc string, params []paramKind, min int, fn func(a *args) (Value, error)) {
	def(name, doc, params, min, fn)
	operations[name].variadic = true
}

func lay(l layout.Layout, err error) (Value, error) {
	if err != nil {
		return nil, err
	}
	return Layout{l}, nil
}

func composed(c layout.ComposedLayout, err error) (Value, error) {
	if err != nil {
		return nil, err
	}
	return Composed{c}, nil
}

func integer(n int64, err error) (Value, error) {
	if err != nil {
		return nil, err
	}
	return Int(n), nil
}

func tuple(t layout.IntTuple, err error) (Value, error) {
	if err != nil {
		return nil, err
	}
	return tupleValue(t), nil
}

func init() {
	defQueries()
	defCoordinates()
	defStructure()
	defAlgebra()
	defDividesAndProducts()
	defUtilities()
	defAccessors() // ops_access.go
	defBanks()     // ops_banks.go
	defTiled()     // ops_tiled.go
	// The operations CuTe overloads for ComposedLayout by applying them to
	// the inner layout (see lift).
	for _, name := range []string{"size", "rank", "depth", "composition", "coalesce", "group_modes", "take",
		"logical_divide", "zipped_divide", "tiled_divide", "flat_divide",
		"logical_product", "zipped_product", "tiled_product", "flat_product",
		"blocked_product", "raked_product", "tile_to_shape"} {
		operations[name].lifts = true
	}
}

func defQueries() {
	def("size", "size(L): the number of elements, the product of the shape", []paramKind{pSized}, 1,
		func(a *args) (Value, error) { return tuple(layout.SizeOf(sizedShape(a.vals[0]))) })
	def("rank", "rank(L): the number of modes", []paramKind{pSized}, 1,
		func(a *args) (Value, error) { return Int(sizedShape(a.vals[0]).Rank()), nil })
	def("depth", "depth(L): the nesting depth of the shape", []paramKind{pSized}, 1,
		func(a *args) (Value, error) { return Int(sizedShape(a.vals[0]).Depth()), nil })
	def("stride", "stride(L): the stride", []paramKind{pLayout}, 1,
		func(a *args) (Value, error) { return tupleValue(a.layout(0).Stride()), nil })
}

func sizedShape(v Value) layout.IntTuple {
	switch v := v.(type) {
	case Layout:
		return v.L.Shape()
	case Tuple:
		return v.T
	case Int:
		return layout.Int(int64(v))
	}
	return layout.IntTuple{}
}

func defCoordinates() {
	def("eval", "eval(L, c): the offset of coordinate c under a layout or a composed layout", []paramKind{pAnyLay, pTuple}, 2,
		func(a *args) (Value, error) { return evalAt(a.vals[0], a.tuple(1)) })
	def("composed_eval", "composed_eval(C, c): the offset of c under a composed layout", []paramKind{pComposed, pTuple}, 2,
		func(a *args) (Value, error) { return evalAt(a.vals[0], a.tuple(1)) })
	def("swizzle", "swizzle(S<B,M,S>, x): the swizzled offset", []paramKind{pSwizzle, pInt}, 2,
		func(a *args) (Value, error) { return Int(a.swizzle(0).Apply(a.int(1))), nil })
	def("idx2crd", "idx2crd(i, shape): the natural coordinate of index i", []paramKind{pTuple, pTuple}, 2,
		func(a *args) (Value, error) { return tuple(layout.Idx2Crd(a.tuple(0), a.tuple(1))) })
	def("increment_coord", "increment_coord(c, shape): the coordinate after c, colexicographically", []paramKind{pTuple, pTuple}, 2,
		func(a *args) (Value, error) { return tuple(layout.IncrementCoord(a.tuple(0), a.tuple(1))) })
	def("crd2idx", "crd2idx(c, L) or crd2idx(c, shape[, stride]): the index (offset) of a coordinate", []paramKind{pTuple, pSized, pTuple}, 2,
		func(a *args) (Value, error) {
			if l, ok := a.vals[1].(Layout); ok {
				if a.n() == 3 {
					return nil, &layout.Error{Code: "E0205", Op: "crd2idx", Arg: 2, Mode: -1,
						Msg: "a stride after the layout " + l.String() + ", which has its own"}
				}
				return evalAt(l, a.tuple(0))
			}
			if a.n() == 2 {
				return tuple(layout.Crd2IdxCompact(a.tuple(0), a.tuple(1)))
			}
			return tuple(layout.Crd2Idx(a.tuple(0), a.tuple(1), a.tuple(2)))
		})
	def("slice_and_offset", "slice_and_offset(c, L): {offset} o the sublayout left by the _ of c", []paramKind{pTuple, pLayout}, 2,
		func(a *args) (Value, error) {
			l, off, err := layout.SliceAndOffset(a.tuple(0), a.layout(1))
			if err != nil {
				return nil, err
			}
			return Accessor{off, l}, nil
		})
}

func defStructure() {
	defVariadic("make_layout", "make_layout(L0, L1, ...): the concatenation; make_layout(shape[, stride]): a layout",
		[]paramKind{pSized}, 1, makeLayout)
	def("append", "append(L, X): L with the mode X appended", []paramKind{pLayout, pLayout}, 2,
		func(a *args) (Value, error) { return Layout{layout.Append(a.layout(0), a.layout(1))}, nil })
	def("prepend", "prepend(L, X): L with the mode X prepended", []paramKind{pLayout, pLayout}, 2,
		func(a *args) (Value, error) { return Layout{layout.Prepend(a.layout(0), a.layout(1))}, nil })
	def("group_modes", "group_modes(L, b, e): the modes [b,e) grouped into one", []paramKind{pLayout, pInt, pInt}, 3,
		func(a *args) (Value, error) { return lay(layout.GroupModes(a.layout(0), int(a.int(1)), int(a.int(2)))) })
	def("take", "take(L, b, e): the modes [b,e)", []paramKind{pLayout, pInt, pInt}, 3,
		func(a *args) (Value, error) { return lay(layout.Take(a.layout(0), int(a.int(1)), int(a.int(2)))) })
	def("coalesce", "coalesce(L[, profile]): L simplified to depth <= 1, whole or by mode", []paramKind{pLayout, pTuple}, 1,
		func(a *args) (Value, error) {
			if a.n() == 2 {
				return lay(layout.CoalesceProfile(a.layout(0), a.tuple(1)))
			}
			return Layout{layout.Coalesce(a.layout(0))}, nil
		})
	def("filter", "filter(L[, profile]): L without stride-0 and extent-1 modes, coalesced", []paramKind{pLayout, pTuple}, 1,
		func(a *args) (Value, error) {
			if a.n() == 2 {
				return lay(layout.FilterProfile(a.layout(0), a.tuple(1)))
			}
			return Layout{layout.Filter(a.layout(0))}, nil
		})
	def("filter_zeros", "filter_zeros(L): L with the extent of stride-0 modes set to 1", []paramKind{pLayout}, 1,
		func(a *args) (Value, error) { return Layout{layout.FilterZeros(a.layout(0))}, nil })
}

// makeLayout is make_layout(L0, L1, ...) on layouts and make_layout(shape)
// or make_layout(shape, stride) on tuples.
func makeLayout(a *args) (Value, error) {
	if a.vals[0].Kind() != KindLayout {
		if a.n() == 1 {
			return lay(layout.Make(a.tuple(0)))
		}
		return lay(layout.New(a.tuple(0), a.tuple(1)))
	}
	ls := make([]layout.Layout, a.n())
	for i, v := range a.vals {
		l, ok := v.(Layout)
		if !ok {
			return nil, layoutArgError("make_layout", i, v)
		}
		ls[i] = l.L
	}
	return Layout{layout.Concat(ls...)}, nil
}

func layoutArgError(op string, i int, v Value) error {
	return &layout.Error{Code: "E0205", Op: op, Msg: "expected a layout, found the " + v.Kind().String() + " " + v.String(), Arg: i, Mode: -1}
}

func defAlgebra() {
	def("composition", "composition(A, B): A o B, with B a layout, a tiler, a shape or a composed layout; composition(S<B,M,S>, L) is S<B,M,S> o 0 o L", []paramKind{pLayoutOrSwizzle, pTilerOrComposed}, 2,
		func(a *args) (Value, error) {
			if sw, ok := a.vals[0].(Swizzle); ok {
				return swizzleComposition(sw.S, a.vals[1])
			}
			if c, ok := a.vals[1].(Composed); ok {
				return composed(layout.ComposeComposed(a.layout(0), c.C))
			}
			return lay(layout.ComposeTiler(a.layout(0), a.tiler(1)))
		})
	def("complement", "complement(L[, cotarget]): the layout of what L does not reach (a layout cotarget stands for its shape)", []paramKind{pLayout, pSized}, 1,
		func(a *args) (Value, error) {
			if a.n() == 2 {
				return lay(layout.ComplementToCoalesced(a.layout(0), sizedShape(a.vals[1])))
			}
			return lay(layout.Complement(a.layout(0)))
		})
	def("right_inverse", "right_inverse(L): the largest R with L(R(k)) = k (of S o 0 o B: S' o 0 o right_inverse(B))", []paramKind{pAnyLay}, 1,
		func(a *args) (Value, error) {
			if c, ok := a.vals[0].(Composed); ok {
				return composed(c.C.RightInverse())
			}
			return rightInverse(a.layout(0))
		})
	def("left_inverse", "left_inverse(L): an R with L(R(L(k))) = L(k) (of S o 0 o B: S' o 0 o left_inverse(B))", []paramKind{pAnyLay}, 1,
		func(a *args) (Value, error) {
			if c, ok := a.vals[0].(Composed); ok {
				return composed(c.C.LeftInverse())
			}
			return lay(layout.LeftInverse(a.layout(0)))
		})
	def("max_common_layout", "max_common_layout(A, B): the largest contiguous part A and B share", []paramKind{pLayout, pLayout}, 2,
		func(a *args) (Value, error) { return lay(layout.MaxCommonLayout(a.layout(0), a.layout(1))) })
	def("max_common_vector", "max_common_vector(A, B): how many contiguous elements A and B share", []paramKind{pLayout, pLayout}, 2,
		func(a *args) (Value, error) { return integer(layout.MaxCommonVector(a.layout(0), a.layout(1))) })
}

func defDividesAndProducts() {
	tiled := func(name, doc string, f func(layout.Layout, layout.Tiler) (layout.Layout, error)) {
		def(name, doc, []paramKind{pLayout, pTiler}, 2,
			func(a *args) (Value, error) { return lay(f(a.layout(0), a.tiler(1))) })
	}
	tiled("logical_divide", "logical_divide(L, T): L split into (tile, rest)", layout.LogicalDivide)
	tiled("zipped_divide", "zipped_divide(L, T): ((tiles), (rests))", layout.ZippedDivide)
	tiled("tiled_divide", "tiled_divide(L, T): ((tiles), rest0, rest1, ...)", layout.TiledDivide)
	tiled("flat_divide", "flat_divide(L, T): (tile0, tile1, ..., rest0, rest1, ...)", layout.FlatDivide)
	tiled("logical_product", "logical_product(A, B): (A, A* o B), A repeated over B", layout.LogicalProduct)
	tiled("zipped_product", "zipped_product(A, B): ((blocks), (repetitions))", layout.ZippedProduct)
	tiled("tiled_product", "tiled_product(A, B): ((blocks), rep0, rep1, ...)", layout.TiledProduct)
	tiled("flat_product", "flat_product(A, B): (block0, ..., rep0, ...)", layout.FlatProduct)
	def("blocked_product", "blocked_product(A, B): A repeated over B, mode i with mode i", []paramKind{pLayout, pLayout}, 2,
		func(a *args) (Value, error) { return lay(layout.BlockedProduct(a.layout(0), a.layout(1))) })
	def("local_tile", "local_tile(L, tiler, coord[, proj]): {offset} o the tile of zipped_divide(L, tiler) at coord (CuTe's local_tile)",
		[]paramKind{pLayout, pTiler, pTuple, pTuple}, 3, localTile)
	def("local_partition", "local_partition(L, threads, index[, proj]): {offset} o the elements of thread index in every tile (CuTe's local_partition)",
		[]paramKind{pLayout, pLayout, pTuple, pTuple}, 3, localPartition)
	def("raked_product", "raked_product(A, B): A raked across B", []paramKind{pLayout, pLayout}, 2,
		func(a *args) (Value, error) { return lay(layout.RakedProduct(a.layout(0), a.layout(1))) })
}

func defUtilities() {
	def("make_identity_layout", "make_identity_layout(shape): the layout mapping each coordinate to itself", []paramKind{pTuple}, 1,
		func(a *args) (Value, error) { return lay(layout.MakeIdentityLayout(a.tuple(0))) })
	def("make_ordered_layout", "make_ordered_layout(shape, order): a compact layout ordered by order", []paramKind{pTuple, pTuple}, 2,
		func(a *args) (Value, error) { return lay(layout.MakeOrderedLayout(a.tuple(0), a.tuple(1))) })
	def("make_layout_like", "make_layout_like(L): a compact layout with L's shape and stride order", []paramKind{pAnyLay}, 1,
		func(a *args) (Value, error) {
			if c, ok := a.vals[0].(Composed); ok {
				return lay(c.C.MakeLayoutLike())
			}
			return lay(layout.MakeLayoutLike(a.layout(0)))
		})
	def("tile_to_shape", "tile_to_shape(L, shape[, order]): L repeated to the target shape", []paramKind{pLayout, pTuple, pTuple}, 2,
		func(a *args) (Value, error) {
			if a.n() == 3 {
				return lay(layout.TileToShapeOrdered(a.layout(0), a.tuple(1), a.tuple(2)))
			}
			return lay(layout.TileToShape(a.layout(0), a.tuple(1)))
		})
	def("upcast", "upcast(L, n): L viewed in units n times wider", []paramKind{pLayoutOrComposed, pInt}, 2,
		func(a *args) (Value, error) {
			if c, ok := a.vals[0].(Composed); ok {
				return composed(c.C.Recast(1, a.int(1))) // CuTe's upcast<N> of a ComposedLayout
			}
			return lay(layout.Upcast(a.layout(0), a.int(1)))
		})
	def("downcast", "downcast(L, n): L viewed in units n times narrower", []paramKind{pLayoutOrComposed, pInt}, 2,
		func(a *args) (Value, error) {
			if c, ok := a.vals[0].(Composed); ok {
				return composed(c.C.Recast(a.int(1), 1))
			}
			return lay(layout.Downcast(a.layout(0), a.int(1)))
		})
	def("compact_col_major", "compact_col_major(shape): the column-major stride", []paramKind{pTuple}, 1,
		func(a *args) (Value, error) { return tuple(layout.CompactColMajor(a.tuple(0))) })
	def("compact_row_major", "compact_row_major(shape): the row-major stride", []paramKind{pTuple}, 1,
		func(a *args) (Value, error) { return tuple(layout.CompactRowMajor(a.tuple(0))) })
	def("shape_div", "shape_div(a, b): shape division (one must divide the other)", []paramKind{pTuple, pTuple}, 2,
		func(a *args) (Value, error) { return tuple(layout.ShapeDiv(a.tuple(0), a.tuple(1))) })
	def("ceil_div", "ceil_div(a, b): rounded-up division of shapes; by a tile, the tiles per mode ([T] of one mode: in all); by a layout, by its shape", []paramKind{pTuple, pDivisor}, 2,
		func(a *args) (Value, error) {
			switch d := a.vals[1].(type) {
			case Tiler:
				return tuple(layout.CeilDivTile(a.tuple(0), d.T))
			case Layout:
				return tuple(layout.CeilDiv(a.tuple(0), d.L.Shape()))
			}
			return tuple(layout.CeilDiv(a.tuple(0), a.tuple(1)))
		})
	def("product", "product(t): the product of a tuple's leaves", []paramKind{pTuple}, 1,
		func(a *args) (Value, error) { return tuple(layout.SizeOf(a.tuple(0))) })
	def("product_each", "product_each(t): the product of each mode", []paramKind{pTuple}, 1,
		func(a *args) (Value, error) { return tuple(layout.ProductEach(a.tuple(0))) })
	def("sum", "sum(t): the sum of a tuple's leaves", []paramKind{pTuple}, 1,
		func(a *args) (Value, error) { return integer(layout.Sum(a.tuple(0))) })
	def("inner_product", "inner_product(a, b): the sum of the leafwise products", []paramKind{pTuple, pTuple}, 2,
		func(a *args) (Value, error) { return tuple(layout.InnerProduct(a.tuple(0), a.tuple(1))) })
	def("tuple_add", "tuple_add(a, b): leafwise sum", []paramKind{pTuple, pTuple}, 2,
		func(a *args) (Value, error) { return tuple(layout.TupleAdd(a.tuple(0), a.tuple(1))) })
	def("tuple_sub", "tuple_sub(a, b): leafwise difference", []paramKind{pTuple, pTuple}, 2,
		func(a *args) (Value, error) { return tuple(layout.TupleSub(a.tuple(0), a.tuple(1))) })
	def("tuple_mul", "tuple_mul(a, b): leafwise product", []paramKind{pTuple, pTuple}, 2,
		func(a *args) (Value, error) { return tuple(layout.TupleMul(a.tuple(0), a.tuple(1))) })
	def("tuple_div", "tuple_div(a, b): leafwise quotient, truncated toward zero", []paramKind{pTuple, pTuple}, 2,
		func(a *args) (Value, error) { return tuple(layout.TupleDiv(a.tuple(0), a.tuple(1))) })
	def("tuple_mod", "tuple_mod(a, b): leafwise remainder, with the sign of a", []paramKind{pTuple, pTuple}, 2,
		func(a *args) (Value, error) { return tuple(layout.TupleMod(a.tuple(0), a.tuple(1))) })
	def("equal", "equal(a, b): whether two tuples or two layouts are equal (? when decided at run time)", []paramKind{pSized, pSized}, 2, equal)
	def("elem_less", "elem_less(a, b): whether a < b at every leaf of two congruent tuples", []paramKind{pTuple, pTuple}, 2,
		func(a *args) (Value, error) {
			t, err := layout.ElemLess(a.tuple(0), a.tuple(1))
			if err != nil {
				return nil, err
			}
			return Bool{t}, nil
		})
}

// equal is the dialect's equal: two tuples or two layouts, not one of each.
func equal(a *args) (Value, error) {
	l0, isLayout := a.vals[0].(Layout)
	l1, bothLayouts := a.vals[1].(Layout)
	switch {
	case isLayout && bothLayouts:
		return Bool{layout.LayoutEqual(l0.L, l1.L)}, nil
	case isLayout || a.vals[1].Kind() == KindLayout:
		return nil, &layout.Error{Code: "E0205", Op: "equal", Arg: 1, Mode: -1,
			Msg: "cannot compare the " + a.vals[0].Kind().String() + " " + a.vals[0].String() +
				" with the " + a.vals[1].Kind().String() + " " + a.vals[1].String()}
	}
	return Bool{layout.TupleEqual(a.tuple(0), a.tuple(1))}, nil
}

// localTile is local_tile(L, tiler, coord[, proj]), the tile and its
// offset, shown as slice_and_offset shows them.
func localTile(a *args) (Value, error) {
	l, off, err := func() (layout.Layout, layout.IntTuple, error) {
		if a.n() == 4 {
			return layout.LocalTileProj(a.layout(0), a.tiler(1), a.tuple(2), a.tuple(3))
		}
		return layout.LocalTile(a.layout(0), a.tiler(1), a.tuple(2))
	}()
	if err != nil {
		return nil, err
	}
	return Accessor{off, l}, nil
}

// localPartition is local_partition(L, threads, index[, proj]), the
// thread's elements and their first offset.
func localPartition(a *args) (Value, error) {
	l, off, err := func() (layout.Layout, layout.IntTuple, error) {
		if a.n() == 4 {
			return layout.LocalPartitionProj(a.layout(0), a.layout(1), a.tuple(2), a.tuple(3))
		}
		return layout.LocalPartition(a.layout(0), a.layout(1), a.tuple(2))
	}()
	if err != nil {
		return nil, err
	}
	return Accessor{off, l}, nil
}

// swizzleComposition is CuTe's composition(Swizzle, Layout), how SM80
// builds its shared-memory atoms: the composed layout S o 0 o L, whose
// swizzle acts on L's offsets (elements).
func swizzleComposition(sw layout.Swizzle, b Value) (Value, error) {
	l, ok := b.(Layout)
	if !ok {
		return nil, kindError("composition", 1, "a swizzle composes with a layout (S o 0 o L), not the %s %s", b.Kind(), b)
	}
	return composed(layout.NewComposed(sw, layout.Int(0), l.L))
}
