package normalize

import (
	"github.com/cutec/cutec/layout"
)

// operations is the table of operations: a row per operation of the
// algebra (the CuTe paper's), under the names CuTe and pycute use, with its
// argument orders. A row holds the name, the parameters, the one-line
// documentation and the general function, and, where they exist, the
// operation's form on layout.Static values (withStatic1, withStatic2), its
// form on symbols (withSymbolic, ops_symbolic.go) and the CuTe dialect op
// the op checker derives with it (inDialect). Evaluation, `cutec help
// eval`, the language server's completion, the eval fast path, the
// benchmarks, the op checker and the property tests read this table
// (Operations, OperationDoc, Ops); docs/api.md#one-table-of-operations
// names the lists that remain elsewhere for a stage's reason and the test
// that holds each equal to it.
var operations = map[string]*operation{}

func def(name, doc string, params []paramKind, min int, fn func(a *args) (Value, error)) *operation {
	op := &operation{name: name, params: params, min: min, doc: doc, fn: fn}
	operations[name] = op
	return op
}

func defVariadic(name, doc string, params []paramKind, min int, fn func(a *args) (Value, error)) *operation {
	op := def(name, doc, params, min, fn)
	op.variadic = true
	return op
}

// withStatic1 sets the operation's form on one layout.Static operand:
// what the general function tries first on a static integer layout, and
// what the eval fast path runs.
func (op *operation) withStatic1(f func(r, a *layout.Static) bool) *operation {
	op.static1 = f
	return op
}

// withStatic2 sets the operation's form on two layout.Static operands.
func (op *operation) withStatic2(f func(r, a, b *layout.Static) bool) *operation {
	op.static2 = f
	return op
}

// withSymbolic sets the operation's form on symbols (layout.Symbolic).
func (op *operation) withSymbolic(f symbolicForm) *operation {
	op.symbolic = f
	return op
}

// lifted marks an operation that CuTe overloads for ComposedLayout by
// applying it to the inner layout of its first argument (see lift).
func (op *operation) lifted() *operation {
	op.lifts = true
	return op
}

// inDialect names the CuTe dialect op that the op checker (verify) derives
// with this operation: under the same name it is the dialect's op with
// cutec's operand order and meaning, unless verify has a rule of its own
// for it (verify/ir_rules.go).
func (op *operation) inDialect(name string) *operation {
	op.dialect = name
	return op
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
	flagOperations()
}

// flagOperations sets the flags of the operations that lists kept
// elsewhere name (queries, productOps, foldOps): invoke reads a flag
// rather than looking the name up at every call.
func flagOperations() {
	for name, op := range operations {
		op.query = queries[name]
		op.symAnonym = name == "complement" || productOps[name] || foldOps[name]
	}
}

func defQueries() {
	def("size", "size(L): the number of elements, the product of the shape", []paramKind{pSized}, 1,
		func(a *args) (Value, error) { return tuple(layout.SizeOf(sizedShape(a.vals[0]))) }).lifted().withSymbolic(symSize).inDialect("size")
	def("rank", "rank(L): the number of modes", []paramKind{pSized}, 1,
		func(a *args) (Value, error) { return Int(sizedShape(a.vals[0]).Rank()), nil }).lifted().inDialect("rank")
	def("depth", "depth(L): the nesting depth of the shape", []paramKind{pSized}, 1,
		func(a *args) (Value, error) { return Int(sizedShape(a.vals[0]).Depth()), nil }).lifted().inDialect("depth")
	def("stride", "stride(L): the stride", []paramKind{pLayout}, 1,
		func(a *args) (Value, error) { return tupleValue(a.layout(0).Stride()), nil }).inDialect("get_stride")
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
		func(a *args) (Value, error) { return evalAt(a.vals[0], a.tuple(1)) }).inDialect("layout_eval")
	def("composed_eval", "composed_eval(C, c): the offset of c under a composed layout", []paramKind{pComposed, pTuple}, 2,
		func(a *args) (Value, error) { return evalAt(a.vals[0], a.tuple(1)) })
	def("swizzle", "swizzle(S<B,M,S>, x): the swizzled offset", []paramKind{pSwizzle, pInt}, 2,
		func(a *args) (Value, error) { return Int(a.swizzle(0).Apply(a.int(1))), nil })
	def("idx2crd", "idx2crd(i, shape): the natural coordinate of index i", []paramKind{pTuple, pTuple}, 2,
		func(a *args) (Value, error) { return tuple(layout.Idx2Crd(a.tuple(0), a.tuple(1))) }).inDialect("idx2crd")
	def("increment_coord", "increment_coord(c, shape): the coordinate after c, colexicographically", []paramKind{pTuple, pTuple}, 2,
		func(a *args) (Value, error) { return tuple(layout.IncrementCoord(a.tuple(0), a.tuple(1))) }).inDialect("increment_coord")
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
		}).inDialect("crd2idx")
	def("slice_and_offset", "slice_and_offset(c, L): {offset} o the sublayout left by the _ of c", []paramKind{pTuple, pLayout}, 2,
		func(a *args) (Value, error) {
			l, off, err := layout.SliceAndOffset(a.tuple(0), a.layout(1))
			if err != nil {
				return nil, err
			}
			return Accessor{off, l}, nil
		}).assuming(extentNotOne | stridePositive)
}

func defStructure() {
	defVariadic("make_layout", "make_layout(L0, L1, ...): the concatenation; make_layout(shape[, stride]): a layout",
		[]paramKind{pSized}, 1, makeLayout).inDialect("make_layout")
	def("append", "append(L, X): L with the mode X appended", []paramKind{pLayout, pLayout}, 2,
		func(a *args) (Value, error) { return Layout{layout.Append(a.layout(0), a.layout(1))}, nil })
	def("prepend", "prepend(L, X): L with the mode X prepended", []paramKind{pLayout, pLayout}, 2,
		func(a *args) (Value, error) { return Layout{layout.Prepend(a.layout(0), a.layout(1))}, nil })
	def("group_modes", "group_modes(L, b, e): the modes [b,e) grouped into one", []paramKind{pLayout, pInt, pInt}, 3,
		func(a *args) (Value, error) { return lay(layout.GroupModes(a.layout(0), int(a.int(1)), int(a.int(2)))) }).lifted().inDialect("group_modes")
	def("take", "take(L, b, e): the modes [b,e)", []paramKind{pLayout, pInt, pInt}, 3,
		func(a *args) (Value, error) { return lay(layout.Take(a.layout(0), int(a.int(1)), int(a.int(2)))) }).lifted()
	def("coalesce", "coalesce(L[, profile]): L simplified to depth <= 1, whole or by mode", []paramKind{pLayout, pTuple}, 1,
		func(a *args) (Value, error) {
			if a.n() == 2 {
				return lay(layout.CoalesceProfile(a.layout(0), a.tuple(1)))
			}
			return Layout{layout.Coalesce(a.layout(0))}, nil
		}).lifted().assuming(extentNotOne).withStatic1((*layout.Static).Coalesce).withSymbolic(symCoalesceOp).inDialect("coalesce")
	def("filter", "filter(L[, profile]): L without stride-0 and extent-1 modes, coalesced", []paramKind{pLayout, pTuple}, 1,
		func(a *args) (Value, error) {
			if a.n() == 2 {
				return lay(layout.FilterProfile(a.layout(0), a.tuple(1)))
			}
			return Layout{layout.Filter(a.layout(0))}, nil
		}).assuming(extentNotOne | strideNotZero).withSymbolic(symFilter).inDialect("filter")
	def("filter_zeros", "filter_zeros(L): L with the extent of stride-0 modes set to 1", []paramKind{pLayout}, 1,
		func(a *args) (Value, error) { return Layout{layout.FilterZeros(a.layout(0))}, nil }).assuming(extentNotOne | strideNotZero).inDialect("filter_zeros")
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
		}).lifted().assuming(extentNotOne | stridePositive | firstOnly).withStatic2((*layout.Static).Compose).withSymbolic(symComposition).inDialect("composition")
	def("complement", "complement(L[, cotarget]): the layout of what L does not reach (a layout cotarget stands for its shape)", []paramKind{pLayout, pSized}, 1,
		func(a *args) (Value, error) {
			if a.n() == 2 {
				return lay(layout.ComplementToCoalesced(a.layout(0), sizedShape(a.vals[1])))
			}
			return lay(layout.Complement(a.layout(0)))
		}).withStatic1((*layout.Static).Complement).withSymbolic(symComplementTo).inDialect("complement")
	def("right_inverse", "right_inverse(L): the largest R with L(R(k)) = k (of S o 0 o B: S' o 0 o right_inverse(B))", []paramKind{pAnyLay}, 1,
		func(a *args) (Value, error) {
			if c, ok := a.vals[0].(Composed); ok {
				return composed(c.C.RightInverse())
			}
			return rightInverse(a.layout(0))
		}).assuming(extentNotOne | stridePositive).withStatic1((*layout.Static).RightInverse).inDialect("right_inverse")
	def("left_inverse", "left_inverse(L): an R with L(R(L(k))) = L(k) (of S o 0 o B: S' o 0 o left_inverse(B))", []paramKind{pAnyLay}, 1,
		func(a *args) (Value, error) {
			if c, ok := a.vals[0].(Composed); ok {
				return composed(c.C.LeftInverse())
			}
			return lay(layout.LeftInverse(a.layout(0)))
		}).assuming(extentNotOne | stridePositive).withStatic1((*layout.Static).LeftInverse).inDialect("left_inverse")
	def("max_common_layout", "max_common_layout(A, B): the largest contiguous part A and B share", []paramKind{pLayout, pLayout}, 2,
		func(a *args) (Value, error) { return lay(layout.MaxCommonLayout(a.layout(0), a.layout(1))) }).assuming(extentNotOne | stridePositive).inDialect("max_common_layout")
	def("max_common_vector", "max_common_vector(A, B): how many contiguous elements A and B share", []paramKind{pLayout, pLayout}, 2,
		func(a *args) (Value, error) { return integer(layout.MaxCommonVector(a.layout(0), a.layout(1))) }).assuming(extentNotOne | stridePositive).inDialect("max_common_vector")
}

func defDividesAndProducts() {
	tiled := func(name, doc string, f func(layout.Layout, layout.Tiler) (layout.Layout, error)) *operation {
		return def(name, doc, []paramKind{pLayout, pTiler}, 2,
			func(a *args) (Value, error) { return lay(f(a.layout(0), a.tiler(1))) })
	}
	product := func(name, doc string, f func(layout.Layout, layout.Tiler) (layout.Layout, error), sym symbolicForm) *operation {
		return def(name, doc, []paramKind{pLayout, pTiler}, 2,
			dynamicProduct(func(a *args) (Value, error) { return lay(f(a.layout(0), a.tiler(1))) }, sym)).withSymbolic(sym)
	}
	ranked := func(name, doc string, f func(layout.Layout, layout.Layout) (layout.Layout, error), sym symbolicForm) *operation {
		return def(name, doc, []paramKind{pLayout, pLayout}, 2,
			dynamicProduct(func(a *args) (Value, error) { return lay(f(a.layout(0), a.layout(1))) }, sym)).withSymbolic(sym)
	}
	tiled("logical_divide", "logical_divide(L, T): L split into (tile, rest)", layout.LogicalDivide).lifted().assuming(extentNotOne | stridePositive).withStatic2((*layout.Static).LogicalDivide).withSymbolic(symLogicalDivide).inDialect("logical_divide")
	tiled("zipped_divide", "zipped_divide(L, T): ((tiles), (rests))", layout.ZippedDivide).lifted().assuming(extentNotOne | stridePositive).withStatic2((*layout.Static).ZippedDivide).withSymbolic(symZippedDivide).inDialect("zipped_divide")
	tiled("tiled_divide", "tiled_divide(L, T): ((tiles), rest0, rest1, ...)", layout.TiledDivide).lifted().assuming(extentNotOne | stridePositive).withStatic2((*layout.Static).TiledDivide).withSymbolic(symTiledDivide).inDialect("tiled_divide")
	tiled("flat_divide", "flat_divide(L, T): (tile0, tile1, ..., rest0, rest1, ...)", layout.FlatDivide).lifted().assuming(extentNotOne | stridePositive).withStatic2((*layout.Static).FlatDivide).withSymbolic(symFlatDivide).inDialect("flat_divide")
	product("logical_product", "logical_product(A, B): (A, A* o B), A repeated over B", layout.LogicalProduct, symLogicalProduct).lifted().withStatic2((*layout.Static).LogicalProduct).inDialect("logical_product")
	product("zipped_product", "zipped_product(A, B): ((blocks), (repetitions))", layout.ZippedProduct, symZippedProduct).lifted().withStatic2((*layout.Static).ZippedProduct).inDialect("zipped_product")
	product("tiled_product", "tiled_product(A, B): ((blocks), rep0, rep1, ...)", layout.TiledProduct, symTiledProduct).lifted().withStatic2((*layout.Static).TiledProduct).inDialect("tiled_product")
	product("flat_product", "flat_product(A, B): (block0, ..., rep0, ...)", layout.FlatProduct, symFlatProduct).lifted().withStatic2((*layout.Static).FlatProduct).inDialect("flat_product")
	ranked("blocked_product", "blocked_product(A, B): A repeated over B, mode i with mode i", layout.BlockedProduct, symBlockedProduct).lifted().withStatic2((*layout.Static).BlockedProduct).inDialect("blocked_product")
	def("local_tile", "local_tile(L, tiler, coord[, proj]): {offset} o the tile of zipped_divide(L, tiler) at coord (CuTe's local_tile)",
		[]paramKind{pLayout, pTiler, pTuple, pTuple}, 3, localTile).assuming(extentNotOne | stridePositive).withSymbolic(symLocalTile).inDialect("local_tile")
	def("local_partition", "local_partition(L, threads, index[, proj]): {offset} o the elements of thread index in every tile (CuTe's local_partition)",
		[]paramKind{pLayout, pLayout, pTuple, pTuple}, 3, localPartition).withSymbolic(symLocalPartition)
	ranked("raked_product", "raked_product(A, B): A raked across B", layout.RakedProduct, symRakedProduct).lifted().withStatic2((*layout.Static).RakedProduct).inDialect("raked_product")
}

func defUtilities() {
	def("make_identity_layout", "make_identity_layout(shape): the layout mapping each coordinate to itself", []paramKind{pTuple}, 1,
		func(a *args) (Value, error) { return lay(layout.MakeIdentityLayout(a.tuple(0))) }).inDialect("make_identity_layout")
	def("make_ordered_layout", "make_ordered_layout(shape, order): a compact layout ordered by order", []paramKind{pTuple, pTuple}, 2,
		func(a *args) (Value, error) { return lay(layout.MakeOrderedLayout(a.tuple(0), a.tuple(1))) }).inDialect("make_ordered_layout")
	def("make_layout_like", "make_layout_like(L): a compact layout with L's shape and stride order", []paramKind{pAnyLay}, 1,
		func(a *args) (Value, error) {
			if c, ok := a.vals[0].(Composed); ok {
				return lay(c.C.MakeLayoutLike())
			}
			return lay(layout.MakeLayoutLike(a.layout(0)))
		}).assuming(extentNotOne).inDialect("make_layout_like")
	def("tile_to_shape", "tile_to_shape(L, shape[, order]): L repeated to the target shape", []paramKind{pLayout, pTuple, pTuple}, 2,
		func(a *args) (Value, error) {
			if a.n() == 3 {
				return lay(layout.TileToShapeOrdered(a.layout(0), a.tuple(1), a.tuple(2)))
			}
			return lay(layout.TileToShape(a.layout(0), a.tuple(1)))
		}).lifted().assuming(extentNotOne | stridePositive).inDialect("tile_to_shape")
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
		func(a *args) (Value, error) { return tuple(layout.CompactColMajor(a.tuple(0))) }).assuming(extentNotOne)
	def("compact_row_major", "compact_row_major(shape): the row-major stride", []paramKind{pTuple}, 1,
		func(a *args) (Value, error) { return tuple(layout.CompactRowMajor(a.tuple(0))) }).assuming(extentNotOne)
	def("shape_div", "shape_div(a, b): shape division (one must divide the other)", []paramKind{pTuple, pTuple}, 2,
		func(a *args) (Value, error) { return tuple(layout.ShapeDiv(a.tuple(0), a.tuple(1))) }).inDialect("shape_div")
	def("ceil_div", "ceil_div(a, b): rounded-up division of shapes; by a tile, the tiles per mode ([T] of one mode: in all); by a layout, by its shape", []paramKind{pTuple, pDivisor}, 2,
		func(a *args) (Value, error) {
			switch d := a.vals[1].(type) {
			case Tiler:
				return tuple(layout.CeilDivTile(a.tuple(0), d.T))
			case Layout:
				return tuple(layout.CeilDiv(a.tuple(0), d.L.Shape()))
			}
			return tuple(layout.CeilDiv(a.tuple(0), a.tuple(1)))
		}).inDialect("ceil_div")
	def("product", "product(t): the product of a tuple's leaves", []paramKind{pTuple}, 1,
		func(a *args) (Value, error) { return tuple(layout.SizeOf(a.tuple(0))) })
	def("product_each", "product_each(t): the product of each mode", []paramKind{pTuple}, 1,
		func(a *args) (Value, error) { return tuple(layout.ProductEach(a.tuple(0))) }).inDialect("product_each")
	def("sum", "sum(t): the sum of a tuple's leaves", []paramKind{pTuple}, 1,
		func(a *args) (Value, error) { return integer(layout.Sum(a.tuple(0))) })
	def("inner_product", "inner_product(a, b): the sum of the leafwise products", []paramKind{pTuple, pTuple}, 2,
		func(a *args) (Value, error) { return tuple(layout.InnerProduct(a.tuple(0), a.tuple(1))) })
	def("tuple_add", "tuple_add(a, b): leafwise sum", []paramKind{pTuple, pTuple}, 2,
		func(a *args) (Value, error) { return tuple(layout.TupleAdd(a.tuple(0), a.tuple(1))) }).inDialect("tuple_add")
	def("tuple_sub", "tuple_sub(a, b): leafwise difference", []paramKind{pTuple, pTuple}, 2,
		func(a *args) (Value, error) { return tuple(layout.TupleSub(a.tuple(0), a.tuple(1))) }).inDialect("tuple_sub")
	def("tuple_mul", "tuple_mul(a, b): leafwise product", []paramKind{pTuple, pTuple}, 2,
		func(a *args) (Value, error) { return tuple(layout.TupleMul(a.tuple(0), a.tuple(1))) }).inDialect("tuple_mul")
	def("tuple_div", "tuple_div(a, b): leafwise quotient, truncated toward zero", []paramKind{pTuple, pTuple}, 2,
		func(a *args) (Value, error) { return tuple(layout.TupleDiv(a.tuple(0), a.tuple(1))) }).inDialect("tuple_div")
	def("tuple_mod", "tuple_mod(a, b): leafwise remainder, with the sign of a", []paramKind{pTuple, pTuple}, 2,
		func(a *args) (Value, error) { return tuple(layout.TupleMod(a.tuple(0), a.tuple(1))) }).inDialect("tuple_mod")
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
