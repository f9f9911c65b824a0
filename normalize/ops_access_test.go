package normalize_test

import (
	"testing"

	"github.com/cutec/cutec/diag"
	"github.com/cutec/cutec/normalize"
)

// TestAccessorKinds: the accessors take layouts, composed layouts, tuples
// and tiles, and give a value of the operand's kind (the dialect's
// Accessors and LayoutAlgebra tests).
func TestAccessorKinds(t *testing.T) {
	for _, c := range []struct {
		src  string
		kind normalize.Kind
		want string
	}{
		{"get((4,8):(1,4))", normalize.KindLayout, "(4,8):(1,4)"},
		{"get((2,3),1)", normalize.KindInt, "3"},
		{"get((4,(?,3)),1,0)", normalize.KindTuple, "?"},
		// get.mlir#tile_mode0: a tile's slot, not a layout.
		{"get([(4,8):(1,4);(2,3):(1,2)],0)", normalize.KindTiler, "(4,8):(1,4)"},
		{"get((4,5):(1,4) o 2 o (2,3):(1,2),0)", normalize.KindComposed, "(4,5):(1,4) o 2 o 2:1"},
		{"select((4,8))", normalize.KindTuple, "()"},
		{"select((4,8):(1,4))", normalize.KindLayout, "():()"},
		{"select([(4,8):(1,4);_;(2,3):(1,2)],1,2)", normalize.KindTiler, "[_;(2,3):(1,2)]"},
		{"shape([(4,8):(1,4);(2,3):(1,2)])", normalize.KindTuple, "((4,8),(2,3))"},
		{"flatten((1,(_,3)))", normalize.KindTuple, "(1,_,3)"},
		{"flatten(5)", normalize.KindInt, "5"},
		{"slice((_,1,_),(2,3,4))", normalize.KindTuple, "(2,4)"},
		{"slice(1,(2,3,4))", normalize.KindTuple, "()"},
		// dice lifts at its second argument.
		{"dice((_,1), (4,5):(1,4) o 2 o (4,3):(1,4))", normalize.KindComposed, "(4,5):(1,4) o 2 o (3):(4)"},
		{"slice((_,1), S<3,4,3> o 0 o (16,8):(1,16))", normalize.KindLayout, "(16):(1)"},
		{"cosize(get(S<3,4,6> o 0 o ((4,3),((3,(2,2)),2)):((1,4),((12,(36,72)),144)),1,0,1))", normalize.KindInt, "109"},
		{"append_to((4,8),4,1)", normalize.KindTuple, "(4,8,1,1)"},
		{"prepend_to(S<3,4,3> o 0 o (4,8):(1,4),4)", normalize.KindComposed, "S<3,4,3> o 0 o (1,1,4,8):(0,0,1,4)"},
		{"composed_get_inner(S<3,5,4> o 0 o (8,4):(1,8))", normalize.KindSwizzle, "S<3,5,4>"},
		{"composed_get_outer((4,8):(1,4) o 0 o (2,4):(1,2))", normalize.KindLayout, "(2,4):(1,2)"},
		{"composed_get_offset((4,8):(1,4) o (0,0) o (2,4):(1,2))", normalize.KindTuple, "(0,0)"},
		{"get_leaves(4)", normalize.KindTuple, "(4)"},
		{"get_leaves([[4:1;8:1];[3:1;_]])", normalize.KindTiler, "[4:1;8:1;3:1;_]"},
		{"get_layouts_from_tile([4:1;_])", normalize.KindTiler, "[4:1]"},
		{"to_shape((?,8))", normalize.KindTuple, "(?,8)"},
	} {
		v, diags := eval(t, c.src, nil)
		if diags.HasErrors() || v.Kind() != c.kind || v.String() != c.want {
			t.Errorf("%s = %v (%v) %v, want the %s %s", c.src, v, kindOf(v), diags, c.kind, c.want)
		}
	}
}

func kindOf(v normalize.Value) string {
	if v == nil {
		return "none"
	}
	return v.Kind().String()
}

// TestAccessorErrors: the operand kinds and values the dialect rejects.
func TestAccessorErrors(t *testing.T) {
	for src, code := range map[string]diag.Code{
		"get((4,2),0,0)":                            diag.ModeOutOfRange,
		"get(S<3,5,4>,0)":                           diag.WrongKind,
		"shape((4,8))":                              diag.WrongKind,
		"shape([(4,8):(1,4);_])":                    diag.BadValue,
		"cosize((2,3):(1,2) o 0 o (4,5):(1,4))":     diag.WrongKind,
		"append_to((4,8),3)":                        diag.WrongKind,
		"append_to(S<3,5,4> o 0 o (8,4):(1,8),3,1)": diag.WrongKind,
		"append_to((4,8),0,1)":                      diag.BadValue,
		"dice((_,?), (8,4):(1,8))":                  diag.DynamicValue,
		"slice((2,1), S<3,5,4> o 0 o (8,4):(1,8))":  diag.CoordMismatch,
		"get_leaves((4,8):(1,4))":                   diag.WrongKind,
		"get_layouts_from_tile([_;_])":              diag.BadValue,
		"to_int_tuple(4@0)":                         diag.WrongKind,
		"to_int_tuple((4,_))":                       diag.WrongKind,
		"to_shape((0,4))":                           diag.WrongKind,
	} {
		v, diags := eval(t, src, nil)
		if v != nil || len(diags) == 0 || diags[0].Code != code {
			t.Errorf("%s = %v %v, want %s", src, v, diags, code)
		}
	}
}

// crd2idx takes a layout as its second operand, as the dialect's
// cute.crd2idx does; with basis strides the offset keeps the rank of the
// codomain. Operand and result types printed by CuTe DSL's compiler in the
// IR of NVIDIA's example kernels (examples/python/CuTeDSL in CUTLASS).
func TestCrd2IdxOfLayout(t *testing.T) {
	for _, tc := range []struct{ expr, want string }{
		{"crd2idx((0,?,0), (128,32,?):(1,?{div=8},?{div=256}))", "?{div=8}"},
		{"crd2idx(((_,_),(?,_)), ((128,32),(?,?)):((1@0,1@1),(128@0,32@1)))", "(?{div=128},0)"},
		{"crd2idx((?,0,_), (1,3,16):(48,16,1))", "?{div=48}"},
		// By hand: the identity layout maps (0,0) to the coordinate (0,0).
		{"crd2idx((0,0), (2,2):(1@0,1@1))", "(0,0)"},
		{"crd2idx((1,2), (4,8):(1,4), (1,4))", "error"},
	} {
		if got := evalText(t, tc.expr); got != tc.want {
			t.Errorf("%s = %s, want %s", tc.expr, got, tc.want)
		}
	}
}

// eval takes composed layouts, as the dialect's layout_eval does. By hand:
// (4,4):(1,4) maps (1,1) to 5 = 0b101, and S<1,0,2> sets bit 0 to
// bit 0 xor bit 2, giving 0b100 = 4; (4,3):(1,4) maps (1,1) to 5, the
// offset makes it 7, and (4,5):(1,4) maps index 7 = (3,1) to 3+4 = 7.
func TestEvalComposed(t *testing.T) {
	for _, tc := range []struct{ expr, want string }{
		{"eval(S<1,0,2> o 0 o (4,4):(1,4), (1,1))", "4"},
		{"eval((4,5):(1,4) o 2 o (4,3):(1,4), (1,1))", "7"},
	} {
		if got := evalText(t, tc.expr); got != tc.want {
			t.Errorf("%s = %s, want %s", tc.expr, got, tc.want)
		}
	}
}

// local_tile and local_partition show the tile and its offset as
// slice_and_offset does (values derived in layout/local_test.go).
func TestLocalTileOps(t *testing.T) {
	for _, tc := range []struct{ expr, want string }{
		{"local_tile((8,16):(1,8), (2,4), (1,2))", "{66}o(2,4):(1,8)"},
		{"local_tile((?{div=8},?,?):(1,?{div=8},?{div=8}), [128:1;128:1;32:1], (?,?,_), (1,_,1))",
			"{?{div=128}}o(128,32,?,?):(1,?{div=8},?{div=256},?{div=8})"},
		{"local_partition((8,16):(1,8), (2,4):(4,1), 5)", "{9}o(4,4):(2,32)"},
		{"local_partition((8,16):(1,8), (2,4,2):(1,2,8), 3, (1,1,_))", "{9}o(4,4):(2,32)"},
	} {
		if got := evalText(t, tc.expr); got != tc.want {
			t.Errorf("%s = %s, want %s", tc.expr, got, tc.want)
		}
	}
}

// The operations that take composed layouts on the new side (values
// derived in layout/local_test.go): composition with a swizzled layout on
// the right, the inverses of a swizzled layout.
func TestComposedOperands(t *testing.T) {
	for _, tc := range []struct{ expr, want string }{
		{"composition((16):(2), S<1,0,2> o 0 o (4,4):(1,4))", "S<1,1,2>o0o(4,4):(2,8)"},
		{"right_inverse(S<1,0,2> o 0 o (4,4):(1,4))", "S<1,0,2>o0o16:1"},
		{"left_inverse(S<3,3,3> o 0 o (8,64):(64,1))", "S<3,0,-6>o0o(64,8):(8,1)"},
		{"right_inverse((4):(-1))", "4:-1"},
		{"right_inverse(S<1,0,2> o 1 o (4,4):(1,4))", "error"},
	} {
		if got := evalText(t, tc.expr); got != tc.want {
			t.Errorf("%s = %s, want %s", tc.expr, got, tc.want)
		}
	}
}

// crd2idx with basis strides keeps the codomain's rank even when every
// mode is left out: the coordinate (_,_) of the identity layout is (0,0),
// not 0 (by hand: both modes contribute nothing).
func TestCrd2IdxKeepsRank(t *testing.T) {
	if got := evalText(t, "crd2idx((_,_), (128,32):(1@0,1@1))"); got != "(0,0)" {
		t.Errorf("crd2idx((_,_), (128,32):(1@0,1@1)) = %s, want (0,0)", got)
	}
}
