package layout

import (
	"math"
	"testing"
)

func TestNewRejectsBadLayouts(t *testing.T) {
	tests := []struct {
		shape, stride IntTuple
		code          Code
	}{
		{Ints(4, 8), Tuple(Int(1), Ints(4, 2)), CodeShapeStrideMismatch},
		{Ints(4, 0), Ints(1, 4), CodeNonPositiveShape},
		{Ints(4, -2), Ints(1, 4), CodeNonPositiveShape},
		{Tuple(Int(4), Underscore()), Ints(1, 4), CodeNonPositiveShape},
		{Ints(4, 8), Tuple(Int(1), Underscore()), CodeShapeStrideMismatch},
	}
	for _, tc := range tests {
		_, err := New(tc.shape, tc.stride)
		wantCode(t, tc.shape.String()+":"+tc.stride.String(), err, tc.code)
	}
	if _, err := New(Tuple(), Tuple()); err != nil {
		t.Errorf("the empty layout ():() is valid: %v", err)
	}
}

func TestStringForms(t *testing.T) {
	tests := []struct {
		v    IntTuple
		want string
	}{
		{Int(8), "8"},
		{Tuple(Int(8)), "(8)"},
		{Tuple(), "()"},
		{Basis(1, 0, 1), "1@1@0"},
		{Basis(-2, 3), "-2@3"},
		{Dynamic(0, 0), "?"},
		{Dynamic(64, 0), "?{i64}"},
		{Dynamic(0, 64), "?{div=64}"},
		{Dynamic(64, 128), "?{i64 div=128}"},
		{Underscore(), "_"},
	}
	for _, tc := range tests {
		if got := tc.v.String(); got != tc.want {
			t.Errorf("String() = %s, want %s", got, tc.want)
		}
	}
	if (Layout{}).String() != "0:0" && (Layout{Tuple(), Tuple()}).String() != "():()" {
		t.Error("layout strings")
	}
}

func TestConstructors(t *testing.T) {
	stride, _ := CompactColMajor(T(t, "(4,(2,3))"))
	if stride.String() != "(1,(4,8))" {
		t.Errorf("compact_col_major((4,(2,3))) = %s", stride)
	}
	stride, _ = CompactRowMajor(T(t, "(4,8)"))
	if stride.String() != "(8,1)" {
		t.Errorf("compact_row_major((4,8)) = %s", stride)
	}
	// A mode of extent 1 gets stride 0, as in CuTe.
	stride, _ = CompactColMajor(T(t, "(2,1,4)"))
	if stride.String() != "(1,0,2)" {
		t.Errorf("compact_col_major((2,1,4)) = %s", stride)
	}
	// CuTe's documented examples of make_ordered_layout and make_layout_like.
	o, err := MakeOrderedLayout(T(t, "(2,2,2,2)"), T(t, "(0,2,3,1)"))
	wantLayout(t, "make_ordered_layout", o, err, "(2,2,2,2):(1,4,8,2)")
	like, err := MakeLayoutLike(L(t, "(2,2,2,2):(0,2,4,1)"))
	wantLayout(t, "make_layout_like", like, err, "(2,2,2,2):(0,2,4,1)")
	tiled, err := TileToShape(L(t, "(2,2):(1,2)"), T(t, "(4,6)"))
	wantLayout(t, "tile_to_shape", tiled, err, "((2,2),(2,3)):((1,4),(2,8))")
}

func TestRecast(t *testing.T) {
	// 16-bit elements viewed as 32-bit: the stride-1 mode halves, other
	// strides halve.
	r, err := RecastLayout(16, 32, L(t, "(4,8):(1,4)"))
	wantLayout(t, "recast 16->32", r, err, "(2,8):(1,2)")
	r, err = RecastLayout(32, 16, L(t, "(2,8):(1,2)"))
	wantLayout(t, "recast 32->16", r, err, "(4,8):(1,4)")
	_, err = RecastLayout(16, 32, L(t, "(3,4):(1,3)"))
	wantCode(t, "recast 16->32 of (3,4):(1,3)", err, CodeInexactShapeDiv)
	_, err = RecastLayout(16, 24, L(t, "(4,8):(1,4)"))
	wantCode(t, "recast 16->24", err, CodeRecastDivisibility)
}

func TestTupleArithmetic(t *testing.T) {
	r, err := ShapeDiv(T(t, "(4,5,6)"), Int(40))
	if err != nil || r.String() != "(1,1,3)" {
		t.Errorf("shape_div((4,5,6), 40) = %s, %v", r, err)
	}
	_, err = ShapeDiv(Int(6), Int(4))
	wantCode(t, "shape_div(6, 4)", err, CodeInexactShapeDiv)
	r, err = CeilDiv(T(t, "(4,5,6)"), Int(40))
	if err != nil || r.String() != "(1,1,3)" {
		t.Errorf("ceil_div((4,5,6), 40) = %s, %v", r, err)
	}
	r, err = CeilDiv(Int(7), Int(2))
	if err != nil || r.String() != "4" {
		t.Errorf("ceil_div(7, 2) = %s, %v", r, err)
	}
	_, err = CeilDiv(Int(4), Int(0))
	wantCode(t, "ceil_div(4, 0)", err, CodeDivisionByZero)
	r, _ = TupleAdd(T(t, "(1,(2,3))"), T(t, "(10,(20,30))"))
	if r.String() != "(11,(22,33))" {
		t.Errorf("add = %s", r)
	}
	ip, _ := InnerProduct(T(t, "(1,(2,3))"), T(t, "(10,(20,30))"))
	if ip.String() != "140" {
		t.Errorf("inner_product = %s", ip)
	}
}

func TestStructure(t *testing.T) {
	l := L(t, "(4,8,2):(1,4,32)")
	g, err := GroupModes(l, 0, 2)
	wantLayout(t, "group_modes", g, err, "((4,8),2):((1,4),32)")
	f := Flatten(L(t, "((4,8),(2,(3,5))):((1,4),(32,(64,192)))"))
	wantLayout(t, "flatten", f, nil, "(4,8,2,3,5):(1,4,32,64,192)")
	s, err := Select(l, 2, 0)
	wantLayout(t, "select", s, err, "(2,4):(32,1)")
	tk, err := Take(l, 1, 3)
	wantLayout(t, "take", tk, err, "(8,2):(4,32)")
	a, err := appendTo(L(t, "8:1"), 3)
	wantLayout(t, "append to rank 3", a, err, "(8,1,1):(1,0,0)")
	p, err := prependTo(L(t, "(4,8):(1,4)"), 3)
	wantLayout(t, "prepend to rank 3", p, err, "(1,4,8):(0,1,4)")
	_, err = GroupModes(l, 1, 4)
	wantCode(t, "group_modes out of range", err, CodeModeOutOfRange)
	c := Concat(L(t, "4:1"), L(t, "(2,3):(4,8)"))
	wantLayout(t, "make_layout", c, nil, "(4,(2,3)):(1,(4,8))")
}

func TestDynamicLeaves(t *testing.T) {
	l := Layout{Tuple(Dynamic(64, 0), Int(8)), Tuple(Int(1), Dynamic(0, 0))}
	if l.Rank() != 2 || l.String() != "(?{i64},8):(1,?)" {
		t.Errorf("dynamic layout %s", l)
	}
	_, err := l.Size()
	wantCode(t, "size of a dynamic shape", err, CodeDynamicValue)
	// CuTe's fold carries ? through: min(?,4) = ? elements fit in the
	// first mode, 4/? = ? are left (the dialect's
	// composition((?,?):(?,?), (4):(1)) = ((?,?)):((?,?))). The stride
	// left after the first mode is ceil_div(1, ?{i64}), an i64 value, so
	// the second stride ? times it is ?{i64} (widths follow the operands).
	r, err := Compose(l, L(t, "4:1"))
	wantLayout(t, "composition with a dynamic leaf", r, err, "(?,?):(1,?{i64})")
	// A dynamic last extent does not stop evaluation: the last mode is
	// unbounded anyway.
	v, err := Layout{Tuple(Int(4), Dynamic(0, 0)), Ints(1, 4)}.Eval(Int(13))
	if err != nil || v.String() != "13" {
		t.Errorf("eval = %s, %v", v, err)
	}
}

func TestOverflow(t *testing.T) {
	big := int64(math.MaxInt32) + 1
	_, err := Layout{Ints(big, big, 4), Ints(1, big, 1)}.Size()
	wantCode(t, "size overflow", err, CodeOverflow)
	_, err = L(t, "(4,8):(9223372036854775807,1)").Cosize()
	wantCode(t, "cosize overflow", err, CodeOverflow)
	_, err = Compose(L(t, "4:4611686018427387904"), L(t, "4:4"))
	wantCode(t, "composition overflow", err, CodeOverflow)
	// |-2^63| does not fit in int64: on the integer fast path and on the
	// general path (basis strides on the left).
	_, err = Compose(L(t, "(3,5):(5,1)"), L(t, "2:-9223372036854775808"))
	wantCode(t, "composition with stride -2^63", err, CodeOverflow)
	_, err = Compose(L(t, "(3,5):(1@0,1@1)"), L(t, "2:-9223372036854775808"))
	wantCode(t, "basis composition with stride -2^63", err, CodeOverflow)
	_, err = Upcast(L(t, "(4,2):(-9223372036854775808,1)"), 2)
	wantCode(t, "upcast of stride -2^63", err, CodeOverflow)
}

func TestRankLimit(t *testing.T) {
	for _, n := range []int{maxRank + 1, math.MaxInt} {
		_, err := appendTo(L(t, "(3,5):(5,1)"), n)
		wantCode(t, "append_to a huge rank", err, CodeBadValue)
		_, err = prependTo(L(t, "(3,5):(5,1)"), n)
		wantCode(t, "prepend_to a huge rank", err, CodeBadValue)
	}
	a, err := appendTo(L(t, "8:1"), maxRank)
	if err != nil || a.Rank() != maxRank {
		t.Errorf("append_to(8:1, maxRank) has rank %d, %v", a.Rank(), err)
	}
}

func TestBasisStrides(t *testing.T) {
	id := L(t, "(4,8):(1@0,1@1)")
	v, err := id.Eval(Int(13))
	if err != nil || v.String() != "(1,3)" {
		t.Errorf("identity(13) = %s, %v", v, err)
	}
	// A layout producing coordinates composes with an integral layout.
	r, err := Compose(id, L(t, "(2,4):(1,8)"))
	wantLayout(t, "identity o (2,4):(1,8)", r, err, "(2,4):(1@0,2@1)")
	// A basis-stride tiler selects modes of the layout it tiles.
	r, err = Compose(L(t, "(4,8):(8,1)"), L(t, "(2,2):(1@1,2@0)"))
	wantLayout(t, "(4,8):(8,1) o (2,2):(1@1,2@0)", r, err, "(2,2):(1,16)")
	// An integer cotarget does not say how the directions are laid out:
	// complement takes basis strides in a shape only; the products
	// complement a block with basis strides in an integer target internally.
	_, err = ComplementTo(id, Int(64))
	wantCode(t, "complement of basis strides to an integer cotarget", err, CodeBasisNotDefined)
	// An integer cotarget counts the codomain as one range: e0 is covered
	// by 4:1@0 and the layout repeats along e1 (the rule of the dialect's
	// logical_product((4,3):(1@0,1@1), (2,5):(1,2))).
	r, err = complementBasisTo(id, Int(64))
	wantLayout(t, "internal complement of basis strides to an integer cotarget", r, err, "2:8@1")
	_, err = RightInverse(L(t, "(4,8):(1@0@1,1@1)"))
	wantCode(t, "right_inverse of basis paths of different depths in mode 1", err, CodeBadValue)
	_, err = Compose(L(t, "(4,8):(1,4)"), L(t, "2:1@2"))
	wantCode(t, "basis outside the codomain", err, CodeBasisOutside)
	wantLayout(t, "coalesce keeps bases apart", Coalesce(L(t, "(4,8):(1@0,1@1)")), nil, "(4,8):(1@0,1@1)")
	wantLayout(t, "coalesce merges bases", Coalesce(L(t, "(4,8):(1@0,4@0)")), nil, "32:1@0")
}

func TestTiler(t *testing.T) {
	r, err := ComposeTiler(L(t, "(8,8):(1,8)"), TileTuple(TileLayout(L(t, "4:1"))))
	wantLayout(t, "composition with a rank-1 tiler drops the other modes", r, err, "(4):(1)")
	r, err = ComposeTiler(L(t, "(8,8):(1,8)"), TileTuple(TileLayout(L(t, "4:1")), TileUnderscore()))
	wantLayout(t, "_ keeps a mode", r, err, "(4,8):(1,8)")
	_, err = ComposeTiler(L(t, "8:1"), TileTuple(TileInt(2), TileInt(2)))
	wantCode(t, "too many tiler modes", err, CodeTilerMismatch)
	tl := TileTuple(TileLayout(L(t, "4:1")), TileUnderscore(), TileTuple(TileInt(2), TileInt(3)))
	// A nested tile keeps its brackets, as the dialect prints `[[_;_];_]`
	// (Accessors/get_layouts_from_tile_errors.mlir#nested_all_underscore_rejected).
	if tl.String() != "[4:1;_;[2;3]]" {
		t.Errorf("tiler String() = %s", tl)
	}
}

func TestMaxCommon(t *testing.T) {
	// Figure 8 style: two layouts sharing the first two contiguous elements.
	a, b := L(t, "(4,8):(1,4)"), L(t, "(2,16):(1,2)")
	r, err := MaxCommonLayout(a, b)
	wantLayout(t, "max_common_layout", r, err, "32:1")
	n, err := MaxCommonVector(L(t, "(4,8):(8,1)"), L(t, "(4,8):(1,4)"))
	if err != nil || n != 1 {
		t.Errorf("max_common_vector = %d, %v; want 1", n, err)
	}
	n, err = MaxCommonVector(L(t, "(2,4):(1,4)"), L(t, "(2,4):(1,2)"))
	if err != nil || n != 2 {
		t.Errorf("max_common_vector = %d, %v; want 2", n, err)
	}
}

// A swizzle's parameters are bounded one by one before they are summed, so
// that no sum overflows into an accepted value.
func TestSwizzleHugeParameters(t *testing.T) {
	for _, p := range [][3]int{
		{3, 4, math.MaxInt64}, {3, 4, math.MinInt64}, {math.MaxInt64, 4, 3}, {3, math.MaxInt64, 3},
		{3, 4, 63}, {3, 4, -63},
	} {
		if _, err := NewSwizzle(p[0], p[1], p[2]); err == nil {
			t.Errorf("S<%d,%d,%d> accepted", p[0], p[1], p[2])
		}
	}
}
