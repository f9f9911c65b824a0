package layout

import (
	"testing"

	"github.com/cutec/cutec/internal/dialectcases"
)

// Tests of sizes, coordinates and tuple arithmetic with dynamic values.
// Every expected value is a case of NVIDIA's CuTe MLIR dialect test suite
// (cutlass_compiler/cute_ir/test/Dialect/Cute/<source>, restated in
// testdata/dialect/cases.jsonl), or follows from CuTe's definitions where a
// comment says so.

type tupleCase struct {
	source string // the dialect test, or why the value holds
	got    func(t *testing.T) (IntTuple, error)
	want   string // the result, or an error code
}

func runTupleCases(t *testing.T, cases []tupleCase) {
	t.Helper()
	for _, tc := range cases {
		got, err := tc.got(t)
		if len(tc.want) == 5 && tc.want[0] == 'E' {
			wantCode(t, tc.source, err, tc.want)
			continue
		}
		if err != nil {
			t.Errorf("%s: unexpected error %v", tc.source, err)
		} else if !dialectcases.FactsAgree(got.String(), tc.want) {
			t.Errorf("%s: got %s, want %s", tc.source, got, tc.want)
		}
	}
}

func TestSizeOfDynamic(t *testing.T) {
	size := func(s string) func(*testing.T) (IntTuple, error) {
		return func(t *testing.T) (IntTuple, error) { return SizeOf(T(t, s)) }
	}
	each := func(s string) func(*testing.T) (IntTuple, error) {
		return func(t *testing.T) (IntTuple, error) { return ProductEach(T(t, s)) }
	}
	cosize := func(s string) func(*testing.T) (IntTuple, error) {
		return func(t *testing.T) (IntTuple, error) { return L(t, s).CosizeOf() }
	}
	runTupleCases(t, []tupleCase{
		{"SizeIndex/size.mlir#size_of_dynamic", size("(4,(16,32),(?,64))"), "?"},
		{"SizeIndex/size.mlir#size_of_int_tuple", size("(4,(16,32))"), "2048"},
		{"SizeIndex/tuple_product.mlir#product_empty_int_tuple", size("()"), "1"},
		{"SizeIndex/tuple_product_each.mlir#product_each_dynamic_first", each("(?,(3,2))"), "(?,6)"},
		{"SizeIndex/tuple_product_each.mlir#product_each_nested_dynamic_shape", each("((?,5),2)"), "(?,2)"},
		{"SizeIndex/tuple_product_each.mlir#product_each_scalar_int_tuple", each("3"), "(3)"},
		{"SizeIndex/cosize.mlir#cosize_dynamic", cosize("(?,?,?):(?,?,?)"), "?"},
		{"SizeIndex/cosize.mlir#cosize_dynamic_mixed_deep_mode", cosize("3:?"), "?"},
		{"SizeIndex/cosize.mlir#cosize_static_nested", cosize("((4,3),((3,(2,2)),2)):((1,4),((12,(36,72)),144))"), "288"},
		// A mode of extent 1 adds (1-1)·d = 0 whatever its stride, and a
		// stride 0 adds nothing whatever the extent (CuTe's cosize).
		{"cosize(1:?) = 1", cosize("1:?"), "1"},
		{"cosize((?,4):(0,1)) = 4", cosize("(?,4):(0,1)"), "4"},
		// The coshape is (?,3), whose product ?*3 is a multiple of 3.
		{"cosize((?,3):(1@0,1@1)) has a dynamic component", cosize("(?,3):(1@0,1@1)"), "?{div=3}"},
	})
}

func TestCrd2IdxDynamic(t *testing.T) {
	eval := func(l, c string) func(*testing.T) (IntTuple, error) {
		return func(t *testing.T) (IntTuple, error) { return L(t, l).Eval(T(t, c)) }
	}
	compact := func(c, s string) func(*testing.T) (IntTuple, error) {
		return func(t *testing.T) (IntTuple, error) { return Crd2IdxCompact(T(t, c), T(t, s)) }
	}
	runTupleCases(t, []tupleCase{
		{"SizeIndex/crd2idx.mlir#dyn_coord", compact("(?,?)", "(4,8)"), "?"},
		{"SizeIndex/crd2idx.mlir#dyn_shape", compact("(1,2)", "(?,8)"), "?"},
		{"SizeIndex/crd2idx.mlir#static_rank2", compact("(1,2)", "(4,8)"), "9"},
		{"SizeIndex/crd2idx_errors.mlir#rank_mismatch", compact("(1,2,3)", "(4,8)"), CodeCoordMismatch},
		{"SizeIndex/layout_eval.mlir#layout_eval_dynamic", eval("(4,8):(1,4)", "(?,?)"), "?"},
		{"SizeIndex/layout_eval.mlir#layout_eval_scalar_coord_nested_layout", eval("(?,(?,?)):(?,(?,?))", "?"), "?"},
		{"SizeIndex/layout_eval.mlir#layout_eval_scaled_basis", eval("(10,20,30):(1@0,1@1,20@1)", "?"), "(?,?)"},
		{"SizeIndex/layout_eval.mlir#layout_eval_scaled_basis_dynamic", eval("(4,5):(?@0,?@1)", "(?,?)"), "(?,?)"},
		{"SizeIndex/layout_eval.mlir#layout_eval_scaled_basis_hierarchical_dynamic_coord",
			eval("((2,3),4):((2@0@0,3@1@0),5@1)", "((?,?),0)"), "((?,?),0)"},
		{"SizeIndex/layout_eval.mlir#layout_eval_scaled_basis_hierarchical_dynamic_coord_single",
			eval("((2,3),4):((2@0@0,3@1@0),5@1)", "?"), "((?,?),?)"},
		{"SizeIndex/layout_eval.mlir#layout_eval_scaled_basis_hierarchical_static_scaled",
			eval("((2,3),4):((2@0@0,3@1@0),5@1)", "3"), "((2,3),0)"},
		{"SizeIndex/layout_eval_errors.mlir#layout_eval_rank_mismatch_dynamic", eval("(4,8):(1,4)", "(?,?,?)"), CodeCoordMismatch},
		// 0 times anything is 0 (layout/dynamic.go): the index 0 splits into
		// zeros even across a dynamic extent, and a dynamic stride met by 0
		// adds nothing.
		{"eval((?,4):(1,?), 0) = 0", eval("(?,4):(1,?)", "0"), "0"},
		{"eval((4,8):(1,?), (3,0)) = 3", eval("(4,8):(1,?)", "(3,0)"), "3"},
		{"integer and basis strides do not mix", eval("(4,8):(?,1@0)", "(1,1)"), CodeMixedStrideKinds},
	})
}

func TestIdx2Crd(t *testing.T) {
	idx := func(i, s string) func(*testing.T) (IntTuple, error) {
		return func(t *testing.T) (IntTuple, error) { return Idx2Crd(T(t, i), T(t, s)) }
	}
	runTupleCases(t, []tupleCase{
		{"SizeIndex/idx2crd.mlir#idx2crd_static", idx("9", "(4,8)"), "(1,2)"},
		{"SizeIndex/idx2crd.mlir#idx2crd_nested_shape_dynamic", idx("?", "(4,(2,3))"), "(?,(?,?))"},
		{"SizeIndex/idx2crd.mlir#idx2crd_mixed_extents", idx("9", "(4,?)"), "(1,2)"},
		{"SizeIndex/idx2crd.mlir#idx2crd_single_dim", idx("?", "(10)"), "(?)"},
		{"SizeIndex/idx2crd.mlir#idx2crd_tuple_index", idx("(1,2)", "(4,8)"), "(1,2)"},
		{"SizeIndex/idx2crd.mlir#idx2crd_nested_tuple_index", idx("(1,(0,1))", "(4,(2,3))"), "(1,(0,1))"},
		{"SizeIndex/idx2crd.mlir#idx2crd_empty_shape", idx("0", "()"), "()"},
		{"SizeIndex/idx2crd_errors.mlir#idx2crd_rank_mismatch_static", idx("(1,2,3)", "(4,8)"), CodeCoordMismatch},
		{"SizeIndex/idx2crd_errors.mlir#idx2crd_nested_rank_mismatch", idx("(?,(?,?))", "(?,(?,?,?))"), CodeCoordMismatch},
		// Mode by mode, a leaf of the index is split over its sub-shape.
		{"idx2crd((5,1),((4,?),8)) splits 5 over (4,?)", idx("(5,1)", "((4,?),8)"), "((1,1),1)"},
		{"an index tuple against a scalar shape", idx("(1,2)", "8"), CodeCoordMismatch},
	})
}

func TestTupleAddSub(t *testing.T) {
	add := func(a, b string) func(*testing.T) (IntTuple, error) {
		return func(t *testing.T) (IntTuple, error) { return TupleAdd(T(t, a), T(t, b)) }
	}
	sub := func(a, b string) func(*testing.T) (IntTuple, error) {
		return func(t *testing.T) (IntTuple, error) { return TupleSub(T(t, a), T(t, b)) }
	}
	runTupleCases(t, []tupleCase{
		{"Arithmetic/tuple_add.mlir#add_int_tuple_nested", add("((1,2),3)", "((4,5),6)"), "((5,7),9)"},
		{"Arithmetic/tuple_add.mlir#add_rank_mismatch_rhs_longer", add("(1,2)", "(4,5,6)"), "(5,7,6)"},
		{"Arithmetic/tuple_add.mlir#add_inner_rank_mismatch_rhs_deeper", add("((1,2),(3,4))", "((10,11),(20,21,22))"), "((11,13),(23,25,22))"},
		{"Arithmetic/tuple_add.mlir#add_lhs_zero_identity", add("0", "(3,4)"), "(3,4)"},
		{"Arithmetic/tuple_add.mlir#add_zero_rhs", add("(?,?)", "0"), "(?,?)"},
		{"Arithmetic/tuple_add.mlir#add_dyn_static_rhs", add("(?,?)", "(6,2)"), "(?,?)"},
		{"Arithmetic/tuple_add_errors.mlir#lhs_scalar_rhs_tuple", add("3", "(1,2)"), CodeCoordMismatch},
		{"Arithmetic/tuple_add_errors.mlir#rhs_scalar_lhs_tuple", add("(3,4)", "3"), CodeCoordMismatch},
		{"Arithmetic/tuple_add_errors.mlir#nesting_mismatch", add("((1,2),3)", "(4,5)"), CodeCoordMismatch},
		{"Arithmetic/tuple_sub.mlir#sub_rank_mismatch_rhs_longer", sub("(10,8)", "(3,2,5)"), "(7,6,5)"},
		{"Arithmetic/tuple_sub.mlir#sub_inner_rank_mismatch_rhs_deeper", sub("((5,8),(3,4))", "((1,2),(1,1,1))"), "((4,6),(2,3,1))"},
		{"Arithmetic/tuple_sub.mlir#sub_rhs_zero_identity", sub("(5,8)", "0"), "(5,8)"},
		{"Arithmetic/tuple_sub.mlir#sub_dyn_static_rhs", sub("(?,?)", "(6,2)"), "(?,?)"},
		{"Arithmetic/tuple_sub_errors.mlir#zero_lhs_scalar_rhs_tuple", sub("0", "(3,4)"), CodeCoordMismatch},
		{"Arithmetic/tuple_sub_errors.mlir#rhs_scalar_lhs_tuple", sub("(5,8)", "2"), CodeCoordMismatch},
	})
}

func TestDivisionsDynamic(t *testing.T) {
	shapeDiv := func(a, b string) func(*testing.T) (IntTuple, error) {
		return func(t *testing.T) (IntTuple, error) { return ShapeDiv(T(t, a), T(t, b)) }
	}
	ceilDiv := func(a, b string) func(*testing.T) (IntTuple, error) {
		return func(t *testing.T) (IntTuple, error) { return CeilDiv(T(t, a), T(t, b)) }
	}
	ceilDivTile := func(a string, tile Tiler) func(*testing.T) (IntTuple, error) {
		return func(t *testing.T) (IntTuple, error) { return CeilDivTile(T(t, a), tile) }
	}
	runTupleCases(t, []tupleCase{
		{"Arithmetic/shape_div.mlir#div_dyn_static", shapeDiv("(?,?)", "(2,5)"), "(?,?)"},
		{"Arithmetic/shape_div.mlir#div_tuple_scalar_sequential", shapeDiv("(4,5,6)", "40"), "(1,1,3)"},
		{"Arithmetic/shape_div_errors.mlir#zero_divisor", shapeDiv("4", "0"), CodeDivisionByZero},
		{"a static zero divisor fails even for a dynamic dividend", shapeDiv("?", "0"), CodeDivisionByZero},
		{"Arithmetic/ceil_div.mlir#ceil_div_dynamic", ceilDiv("(?,?)", "(?,?)"), "(?,?)"},
		{"Arithmetic/ceil_div.mlir#ceil_div_tuple_scalar", ceilDiv("(4,8)", "2"), "(2,8)"},
		{"Arithmetic/ceil_div.mlir#ceil_div_tuple_tuple_lhs_longer", ceilDiv("(8,10,6)", "(3,4)"), "(3,3,6)"},
		{"Arithmetic/ceil_div_errors.mlir#tiler_rank_exceeds_input", ceilDiv("(4,8)", "(2,4,2)"), CodeCoordMismatch},
		{"Arithmetic/ceil_div.mlir#ceil_div_int_tuple_tile", ceilDivTile("(8,16)", TileTuple(TileLayout(L(t, "(4,8):(1,4)")))), "4"},
		// The test's tile is the one layout (4,8):(1,4), !cute.tile<"(4,8):(1,4)">.
		{"Arithmetic/ceil_div.mlir#ceil_div_shape_tile", ceilDivTile("(16,32)", TileLayout(L(t, "(4,8):(1,4)"))), "16"},
		// A tile of several modes counts mode by mode; extra modes pass
		// through. CuTe DSL's compiler infers these (IR of NVIDIA's example
		// kernels, e.g. examples/python/CuTeDSL/.../*_CuteExpandOps.mlir):
		// ceil_div((?{div=8},?{div=8},?), [128:1;128:1;1:0]) is (?,?,?) and
		// ceil_div((1,1,?), [1:0;1:0]) is (1,1,?); the static
		// instance (512,256,16) gives (512/128, 256/128, 16/1).
		{"ceil_div((512,256,16), [128:1;128:1;1:0])", ceilDivTile("(512,256,16)", TileTuple(TileInt(128), TileInt(128), TileLayout(L(t, "1:0")))), "(4,2,16)"},
		{"ceil_div((?{div=8},?{div=8},?), [128:1;128:1;1:0])", ceilDivTile("(?{div=8},?{div=8},?)", TileTuple(TileInt(128), TileInt(128), TileLayout(L(t, "1:0")))), "(?,?,?)"},
		{"ceil_div((1,1,?), [1:0;1:0])", ceilDivTile("(1,1,?)", TileTuple(TileLayout(L(t, "1:0")), TileLayout(L(t, "1:0")))), "(1,1,?)"},
		// ?{div=256}/128 is exact: the quotient keeps 256/128.
		{"ceil_div((?{div=256},8), [128:1;_])", ceilDivTile("(?{div=256},8)", TileTuple(TileInt(128), TileUnderscore())), "(?{div=2},1)"},
		{"ceil_div((4,8), [2:1;4:1;2:1])", ceilDivTile("(4,8)", TileTuple(TileInt(2), TileInt(4), TileInt(2))), CodeCoordMismatch},
		{"ceil(13/4) by the tile [4]", ceilDivTile("13", TileTuple(TileInt(4))), "4"},
		{"the tile _ has no size", ceilDivTile("(8,16)", TileTuple(TileUnderscore())), CodeBadValue},
	})
}

func TestOrderedConstructorsDynamic(t *testing.T) {
	ordered := func(s, o string) func(*testing.T) (IntTuple, error) {
		return func(t *testing.T) (IntTuple, error) {
			l, err := MakeOrderedLayout(T(t, s), T(t, o))
			return l.stride, err
		}
	}
	like := func(s string) func(*testing.T) (IntTuple, error) {
		return func(t *testing.T) (IntTuple, error) {
			l, err := MakeLayoutLike(L(t, s))
			return l.stride, err
		}
	}
	likeComposed := func(outer Function, inner string) func(*testing.T) (IntTuple, error) {
		return func(t *testing.T) (IntTuple, error) {
			l, err := (ComposedLayout{Outer: outer, Offset: Int(6), Inner: L(t, inner)}).MakeLayoutLike()
			return l.stride, err
		}
	}
	runTupleCases(t, []tupleCase{
		{"AdvancedConstructors/make_ordered_layout.mlir#dynamic_shape", ordered("(4,3,?,2)", "(2,1,3,4)"), "(3,1,12,?)"},
		{"AdvancedConstructors/make_ordered_layout.mlir#all_dynamic_shape", ordered("(?,?)", "(0,1)"), "(1,?)"},
		{"AdvancedConstructors/make_ordered_layout.mlir#rank3_dyn_alternate_order", ordered("(4,3,?)", "(3,1,2)"), "(?,1,3)"},
		{"AdvancedConstructors/make_ordered_layout.mlir#nested_order_with_non_hier_order", ordered("(2,(2,2),2)", "(0,2,1)"), "(1,(4,8),2)"},
		{"AdvancedConstructors/make_ordered_layout.mlir#noncanonical_order", ordered("(2,(2,2),2)", "(2,1,3)"), "(4,(1,2),8)"},
		{"AdvancedConstructors/make_ordered_layout.mlir#nested_order", ordered("(2,(2,2),2)", "(0,(2,3),1)"), "(1,(4,8),2)"},
		{"AdvancedConstructors/make_ordered_layout_errors.mlir#order_not_congruent", ordered("(4,2)", "(0,1,2)"), CodeCoordMismatch},
		{"AdvancedConstructors/make_ordered_layout_errors.mlir#order_partial_dynamic", ordered("(4,2)", "(0,?)"), CodeDynamicValue},
		{"an order tuple against a shape leaf", ordered("(2,(2,2))", "(0,(1,(2,3)))"), CodeCoordMismatch},
		{"AdvancedConstructors/make_layout_like.mlir#dynamic_strides", like("(8,?,4,?):(?,?,?,1)"), "(?,?,?,1)"},
		{"AdvancedConstructors/make_layout_like.mlir#all_dynamic", like("(?,?):(?,?)"), "(1,?)"},
		{"AdvancedConstructors/make_layout_like.mlir#nested_reordered", like("(2,(3,4)):(8,(1,3))"), "(12,(1,3))"},
		{"make_layout_like((2,2,2,2):(0,2,4,1)) keeps the stride 0", like("(2,2,2,2):(0,2,4,1)"), "(0,2,4,1)"},
		// AdvancedConstructors/make_layout_like_errors.mlir#basis_stride_src
		// is an error in the dialect; cutec orders basis strides as the
		// coordinates they reach are laid out, mode 0 fastest (a deviation,
		// docs/dialect.md): 1@0 ranks first, 1@1 second, so (4,2) gets the
		// column-major strides (1,4).
		{"make_layout_like((4,2):(1@0,1@1))", like("(4,2):(1@0,1@1)"), "(1,4)"},
		// 1@1 before 1@0 in the modes: mode 1 (ranked first) gets 1, mode 0
		// gets 2, the row-major strides of (4,2).
		{"make_layout_like((4,2):(1@1,1@0))", like("(4,2):(1@1,1@0)"), "(2,1)"},
		// The paper's Table 7 layout: ranks 1@0 < 1@1 < 12@1, so the mode
		// (1,0) of extent 4 gets 1, mode 0 (extent 4) gets 4 and mode (1,1)
		// gets 4*4 = 16.
		{"make_layout_like((4,(4,2)):(1@1,(1@0,12@1)))", like("(4,(4,2)):(1@1,(1@0,12@1))"), "(4,(1,16))"},
		// The identity layout of (2,(3,4)) has the strides
		// (1@0,(1@0@1,1@1@1)), paths (0), (1,0), (1,1) in that order, so the
		// column-major strides (1,(2,6)).
		{"make_layout_like of an identity layout", like("(2,(3,4)):(1@0,(1@0@1,1@1@1))"), "(1,(2,6))"},
		// A zero stride keeps 0 and takes no room; a dynamic coefficient
		// ranks after the static ones of its direction.
		{"make_layout_like((4,2,3):(1@0,0,1@1))", like("(4,2,3):(1@0,0,1@1)"), "(1,0,4)"},
		{"make_layout_like((4,2,3):(?@0,2@1,1@0))", like("(4,2,3):(?@0,2@1,1@0)"), "(3,12,1)"},
		// A nonzero integer stride beside basis strides has no direction.
		{"make_layout_like((4,2):(1,1@1))", like("(4,2):(1,1@1)"), CodeBasisNotDefined},
		{"make_layout_like((4,2):(-1@0,1@1))", like("(4,2):(-1@0,1@1)"), CodeBadValue},
		{"AdvancedConstructors/make_layout_like.mlir#composed_dynamic_b", likeComposed(Swizzle{3, 4, 3}, "(?,2):(2,?)"), "(1,?)"},
		{"AdvancedConstructors/make_layout_like.mlir#composed_layout_src", likeComposed(Swizzle{3, 4, 3}, "(8,2):(2,16)"), "(1,8)"},
		{"AdvancedConstructors/make_layout_like_errors.mlir#composed_layout_a_src", likeComposed(L(t, "(4,5):(1,4)"), "(2,3):(1,2)"), CodeBadValue},
	})
}

func TestIncrementCoord(t *testing.T) {
	inc := func(c, s string) func(*testing.T) (IntTuple, error) {
		return func(t *testing.T) (IntTuple, error) { return IncrementCoord(T(t, c), T(t, s)) }
	}
	runTupleCases(t, []tupleCase{
		{"SizeIndex/increment_coord.mlir#increment_coord_static", inc("(1,2)", "(4,8)"), "(2,2)"},
		{"SizeIndex/increment_coord.mlir#increment_coord_static_wrap", inc("(3,2)", "(4,8)"), "(0,3)"},
		{"SizeIndex/increment_coord.mlir#increment_coord_nested", inc("(1,(2,0))", "(4,(3,8))"), "(2,(2,0))"},
		{"SizeIndex/increment_coord.mlir#increment_coord_oob_chain (step 1)", inc("(2,2,2)", "(3,3,3)"), "(0,0,3)"},
		{"SizeIndex/increment_coord.mlir#increment_coord_oob_chain (step 2)", inc("(0,0,3)", "(3,3,3)"), "(1,0,3)"},
		{"SizeIndex/increment_coord.mlir#increment_coord_chain (step 3)", inc("(2,0,0,0)", "(3,3,3,3)"), "(0,1,0,0)"},
		{"SizeIndex/increment_coord.mlir#increment_coord_dynamic", inc("(?,?)", "(4,8)"), "(?,?)"},
		{"SizeIndex/increment_coord.mlir#increment_coord_static_coord", inc("(1,2)", "(?,8)"), "(?,?)"},
		{"SizeIndex/increment_coord.mlir#increment_coord_hierarchical_dyn", inc("((?,?),(?,?))", "((?,3),(3,3))"), "((?,?),(?,?))"},
		{"SizeIndex/increment_coord_errors.mlir#increment_coord_rank_mismatch_static", inc("(1,2,3)", "(4,8)"), CodeCoordMismatch},
		{"SizeIndex/increment_coord_errors.mlir#increment_coord_structure_mismatch", inc("((0,0),0,0)", "(3,3,3)"), CodeCoordMismatch},
		{"SizeIndex/increment_coord_errors.mlir#increment_coord_has_underscore", inc("(_,0,0)", "(3,3,3)"), CodeBadValue},
		// CuTe's increment carries when a leaf becomes equal to its extent:
		// a nested last leaf carries into the next mode, the very last
		// leaf never wraps.
		{"increment((1,(2,3)),(2,(3,4))) carries through the nested mode", inc("(1,(2,3))", "(2,(3,4))"), "(0,(0,4))"},
		{"a scalar coordinate is its own last leaf", inc("7", "8"), "8"},
	})
}

func TestCompare(t *testing.T) {
	tests := []struct {
		source string
		got    func(t *testing.T) (Truth, error)
		want   string
	}{
		{"Arithmetic/equal.mlir#equal_int_tuple", tupleEq("(3,4)", "(3,4)"), "true"},
		{"Arithmetic/equal.mlir#equal_shape", tupleEq("(3,4)", "(3,5)"), "false"},
		{"Arithmetic/equal.mlir#equal_nested", tupleEq("((?,?),?)", "((?,?),?)"), "?"},
		{"a static difference decides equal despite a dynamic leaf", tupleEq("(?,3)", "(?,4)"), "false"},
		{"tuples of different profiles are not equal", tupleEq("(3,4)", "(3,4,5)"), "false"},
		{"basis leaves of different modes are not equal", tupleEq("(?@0)", "(?@1)"), "false"},
		{"Arithmetic/equal.mlir#equal_layout", func(t *testing.T) (Truth, error) {
			return LayoutEqual(L(t, "(4,8):(1,4)"), L(t, "(4,8):(1,4)")), nil
		}, "true"},
		{"Arithmetic/elem_less.mlir#elem_less_int_tuple", elemLess("(3,4)", "(5,6)"), "true"},
		{"Arithmetic/elem_less.mlir#elem_less_nested", elemLess("(?,(2,?))", "(?,(?,?))"), "?"},
		{"elem_less needs a < b at every leaf", elemLess("(?,7)", "(5,6)"), "false"},
		{"Arithmetic/elem_less_errors.mlir#non_congruent_scalar_tuple", elemLess("3", "(3,4)"), CodeCoordMismatch},
	}
	for _, tc := range tests {
		got, err := tc.got(t)
		if tc.want[0] == 'E' {
			wantCode(t, tc.source, err, tc.want)
		} else if err != nil || got.String() != tc.want {
			t.Errorf("%s: got %s (%v), want %s", tc.source, got, err, tc.want)
		}
	}
}

func tupleEq(a, b string) func(t *testing.T) (Truth, error) {
	return func(t *testing.T) (Truth, error) { return TupleEqual(T(t, a), T(t, b)), nil }
}

func elemLess(a, b string) func(t *testing.T) (Truth, error) {
	return func(t *testing.T) (Truth, error) { return ElemLess(T(t, a), T(t, b)) }
}

func TestTupleMulDivMod(t *testing.T) {
	op := func(f func(a, b IntTuple) (IntTuple, error), a, b string) func(*testing.T) (IntTuple, error) {
		return func(t *testing.T) (IntTuple, error) { return f(T(t, a), T(t, b)) }
	}
	runTupleCases(t, []tupleCase{
		// Operand and result types that CuTe DSL's compiler printed in the
		// IR of NVIDIA's example kernels (examples/python/CuTeDSL in CUTLASS).
		{"tuple_mul(?, 2) is ?{div=2}", op(TupleMul, "?", "2"), "?{div=2}"},
		{"tuple_mul(32, ?) is ?{div=32}", op(TupleMul, "32", "?"), "?{div=32}"},
		{"tuple_mul(?, 1) is ?", op(TupleMul, "?", "1"), "?"},
		{"tuple_mul(?, ?) is ?", op(TupleMul, "?", "?"), "?"},
		{"tuple_div(?{div=64}, 2) is ?{div=32}", op(TupleDiv, "?{div=64}", "2"), "?{div=32}"},
		{"tuple_div(?, 1) is ?", op(TupleDiv, "?", "1"), "?"},
		{"tuple_div(?, ?) is ?", op(TupleDiv, "?", "?"), "?"},
		{"tuple_mod(?, ?{div=8}) is ?", op(TupleMod, "?", "?{div=8}"), "?"},
		// The example, and by hand: 2·? is even, i64·4 is an i64
		// multiple of 4; 16 does not divide 8, so nothing is known of
		// ?{div=8}/16; x mod 8 for x a multiple of 12 is a multiple of
		// gcd(12, 8) = 4; C's / and % truncate toward zero.
		{"tuple_mul(?, 128)", op(TupleMul, "?", "128"), "?{div=128}"},
		{"tuple_mul((2,?{div=4}),(?,?{i64}))", op(TupleMul, "(2,?{div=4})", "(?,?{i64})"), "(?{div=2},?{i64 div=4})"},
		{"tuple_div(?{div=8}, 16)", op(TupleDiv, "?{div=8}", "16"), "?"},
		{"tuple_mod(?{div=12}, 8)", op(TupleMod, "?{div=12}", "8"), "?{div=4}"},
		{"tuple_div((7,-7),(2,2))", op(TupleDiv, "(7,-7)", "(2,2)"), "(3,-3)"},
		{"tuple_mod((7,-7),(2,2))", op(TupleMod, "(7,-7)", "(2,2)"), "(1,-1)"},
		{"tuple_div(?, 0)", op(TupleDiv, "?", "0"), CodeDivisionByZero},
		{"tuple_mod(5, 0)", op(TupleMod, "5", "0"), CodeDivisionByZero},
		{"tuple_mul((1,2), 3)", op(TupleMul, "(1,2)", "3"), CodeCoordMismatch},
	})
}
