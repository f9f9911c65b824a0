package parser

import (
	"testing"

	"github.com/cutec/cutec/ast"
)

// cppSources are the spellings of CuTe C++ and CuTe DSL the parser accepts
// (tilers, pointers of a printed tensor, Swizzle<>, keyword arguments) and
// near misses it refuses.
var cppSources = []string{
	"(_4:_1,_8:_2)", "((_2:_1,_2:_2),_8:_2)", "(4:1,_)", "(4:1,)", "(4:1, 8)",
	"Sw<3,4,3> o smem_ptr[16b](unset) o (_8,_64):(_64,_1)",
	"gmem_ptr[16b](0x7f00) o (_8,_64):(_64,_1)", "gmem_ptr[16b](0xdeadbeef) o 8:1",
	"smem_ptr[16b](0)", "smem_ptr [ 16 b ] ( unset )", "Swizzle<3,4,3>",
	"make_layout((4,8), stride=(8,1))", "make_layout(shape=(4,8), stride=(8,1))",
	"make_ordered_layout((4,8), order=(1,0))", "f(a=1, b=2)",
	// C++ types, tags and calls, DSL calls (testdata/cute_spellings holds what CuTe prints for them).
	"Int<4>{}", "_4{}", "_4 { }", "cute::Int<8>{}", "Shape<_4,_8>{}", "Shape<Shape<_2,_2>,_8>{}",
	"Layout<Shape<_8,_64>,Stride<_64,_1>>{}", "Layout<Shape<_4,Shape<_2,_3>>>{}", "Stride<_1,int>{}",
	"make_layout(make_shape(Int<4>{},Int<8>{}), LayoutRight{})", "make_layout(make_shape(_4{},_8{}), GenRowMajor{})",
	"Swizzle<3,3,3>{}", "cute::Swizzle<3,3,3>", "make_tile(Layout<_4,_1>{}, _8{})", "Tile<Layout<_4,_1>,_8>{}",
	"E<1,0>{}", "E<0>", "ArithTuple(_0,_0) o (_128,_64):(_1@0,_1@1)", "S<3,3,3> ∘ 0 ∘ (8,64):(64,1)",
	"{8} ∘ (4,8):(1,4)", "cute.make_layout((4,8), stride=(8,1))", "cute.size((4,8))", "cute::make_layout((4,8))",
	"cute.make_composed_layout(cute.make_swizzle(3,3,3), 0, (8,64):(64,1))", "cute.E(0)", "make_swizzle(3,3,3)",
	"Copy_Atom<SM75_U32x4_LDSM_N, half_t>", "LayoutRight{}", "Underscore{}", "[Int<4>{};_8{}]", "(_4{}, Int<8>{}):(_1{},_4{})",
	"A{}", "M{div=8}", "_1{}@0", "cute::Layout<cute::Shape<cute::_4, cute::_8>>{}", "(cute::_4, cute::_)", "cute::_x",
	"size<0>(L)", "get<1,0>((4,(2,3)))", "take<0,2>(L)", "group<0,2>(L)", "select<2,0>(L)", "stride<1>(L)(0)",
	"(Layout<Shape<_4,_8>>{})(3)", "Swizzle<3,4,3>{}(200)", "Foo<3>(2)", "Layout<Shape<_4,_8>>{}(3)", "size<x>(L)", "size<0>()",
	// Near misses of the C++ and DSL spellings.
	"Int<4>{", "Int<>", "Int<4,>", "Shape<_4,_8>{1}", "_4{1}", "4{}", "cute.", "cute::", "a.1", "x::(1,2)",
	"Swizzle<3,3>", "S<_3,3,3>", "E<x>", "make_swizzle(3,3)", "make_composed_layout(A, B)", "∘ 4:1", "4:1 ∘",
	// Near misses.
	"foo[16b](unset)", "smem_ptr[16x](unset)", "smem_ptr[16b]", "smem_ptr[b](unset)",
	"smem_ptr[16b](1 2)", "make_layout(stride=(8,1))", "make_layout((4,8), strides=(8,1))",
	"make_layout(stride=(8,1), (4,8))", "size(mode=1)", "make_layout((4,8), stride=)",
	"(4,8)(a=1)", "((4:1,8:2)):(1)", "(A, 4:1)",
}

// TestCppSpellingsFastMatchesReference: the fast path and the tagged
// grammar give the same trees and the same first diagnostic for the new
// spellings (as TestFastMatchesReference does for the rest).
func TestCppSpellingsFastMatchesReference(t *testing.T) {
	for form := range numForms {
		for _, src := range cppSources {
			n1, l1, _ := parseAs(uncached, form, src)
			n2, l2, _ := parseAs(reference, form, src)
			if dump(n1) != dump(n2) {
				t.Errorf("form %d %q:\nfast:\n%s\nreference:\n%s", form, src, dump(n1), dump(n2))
			}
			if firstDiag(l1) != firstDiag(l2) || len(l1) != len(l2) {
				t.Errorf("form %d %q:\nfast:      %s\nreference: %s", form, src, describeDiags(l1), describeDiags(l2))
			}
		}
	}
}

// TestCppSpellingsTrees checks what each accepted spelling denotes: a tuple
// with a layout in it is a tile, a pointer is an offset of unknown value
// (smem_ptr[16b](unset), CuTe's smem_ptr_flag_bits<16>, is a flag), a
// pointer and a layout are an offset layout, keyword arguments are put in
// their places.
func TestCppSpellingsTrees(t *testing.T) {
	kind := func(src string) ast.Node {
		n, l, _ := parseAs(uncached, FormExpr, src)
		if len(l) != 0 {
			t.Fatalf("%q: %s", src, describeDiags(l))
		}
		return n
	}
	if tl, ok := kind("(_4:_1,_8:_2)").(*ast.Tile); !ok || len(tl.Modes) != 2 {
		t.Errorf("(_4:_1,_8:_2) is not a tile of two modes")
	}
	c, ok := kind("Sw<3,4,3> o smem_ptr[16b](unset) o (_8,_64):(_64,_1)").(*ast.Composed)
	if !ok {
		t.Fatal("a swizzled tensor is not a composed layout")
	}
	// CuTe C++ prints smem_ptr_flag_bits<16> as smem_ptr[16b](unset)
	// (cute/pointer_flagged.hpp): the flag of a byte swizzle, not an offset.
	if c.Offset != nil || c.FlagBits != 16 {
		t.Errorf("the flag is not smem_ptr_flag_bits<16>: offset %s, FlagBits %d", dump(c.Offset), c.FlagBits)
	}
	// A pointer with an address in the middle is an offset of unknown value.
	c, ok = kind("Sw<3,4,3> o smem_ptr[16b](0x7f00) o (_8,_64):(_64,_1)").(*ast.Composed)
	if !ok {
		t.Fatal("a swizzled tensor is not a composed layout")
	}
	if _, ok := c.Offset.(*ast.Dynamic); !ok || c.FlagBits != 0 {
		t.Errorf("the pointer is not the offset ?: %s", dump(c.Offset))
	}
	if a, ok := kind("gmem_ptr[16b](0x7f00) o (_8,_64):(_64,_1)").(*ast.Accessor); !ok {
		t.Error("a pointer and a layout are not an offset layout")
	} else if _, ok := a.Offset.(*ast.Dynamic); !ok {
		t.Errorf("the offset is %s", dump(a.Offset))
	}
	call, ok := kind("make_layout((4,8), stride=(8,1))").(*ast.Call)
	if !ok || len(call.Args) != 2 {
		t.Fatalf("make_layout with stride= is not a call of two arguments")
	}
	if _, ok := call.Args[1].(*ast.Tuple); !ok {
		t.Errorf("the stride is %s", dump(call.Args[1]))
	}
	for _, bad := range []string{"foo[16b](unset)", "smem_ptr[16x](unset)", "make_layout(stride=(8,1))",
		"make_layout((4,8), strides=(8,1))", "make_layout(stride=(8,1), (4,8))", "size(mode=1)", "(A, 4:1)"} {
		if n, l, _ := parseAs(uncached, FormExpr, bad); n != nil || len(l) == 0 {
			t.Errorf("%q is accepted", bad)
		}
	}
}
