package main

import (
	"bytes"
	"fmt"
	"io"
)

// syntaxForm is one form of the language for "cutec help syntax": an
// example, what eval prints for it (empty for a statement of a .cute file),
// and a line of explanation. A test evaluates every example.
type syntaxForm struct {
	example, result, doc string
}

// syntaxSection groups forms under a title.
type syntaxSection struct {
	title string
	forms []syntaxForm
}

var syntaxSections = []syntaxSection{
	{"Integers and tuples (shapes, strides, coordinates)", []syntaxForm{
		{"8", "8", "an integer (64-bit, may be negative: -3)"},
		{"_8", "8", "a static integer as CuTe C++ prints it (_8 is 8)"},
		{"?", "?", "a value known only at run time, as CuTe DSL prints it"},
		{"?{i64 div=8}", "?{i64 div=8}", "a dynamic value with the dialect's width and divisibility"},
		{"(4,(2,3))", "(4,(2,3))", "a tuple, nested at will; a trailing comma is allowed: (4,)"},
		{"(1,_)", "(1,_)", "_ keeps a mode: in a coordinate of slice, and in a tile"},
	}},
	{"Basis elements (strides of coordinate layouts)", []syntaxForm{
		{"(4,8):(1@1,1@0)", "(4,8):(1@1,1@0)", "c@i is c times the unit vector of mode i; 1@1@0 is mode 1 of mode 0"},
		{"?@0", "?@0", "a dynamic coefficient"},
		{"1/2@0", "1/2@0", "a ratio-valued count, a descriptor that cannot be lowered (E0201, E0602)"},
	}},
	{"Layouts", []syntaxForm{
		{"(4,8):(1,4)", "(4,8):(1,4)", "shape:stride, congruent trees"},
		{"(_4,_8):(_1,_4)", "(4,8):(1,4)", "CuTe C++'s printed form (spaces and _ are accepted; fmt removes them)"},
		{"8:1", "8:1", "a layout of one mode"},
	}},
	{"Swizzles and composed layouts", []syntaxForm{
		{"S<3,4,3>", "S<3,4,3>", "the swizzle S<B,M,S> (Sw<3,4,3> is the same)"},
		{"S<3,4,3> o 0 o (8,64):(64,1)", "S<3,4,3> o 0 o (8,64):(64,1)", "A o offset o B, the function c -> A(offset + B(c)): A is the inner function, B the outer layout (the dialect's words)"},
		{"(4,5):(1,4) o 2 o (2,3):(1,2)", "(4,5):(1,4) o 2 o (2,3):(1,2)", "A may be a layout: still a composed layout, not a composition (composition(A, B) computes that; A o B without an offset gets W0910)"},
		{"S<3,4,3> o ? o (8,64):(64,1)", "S<3,4,3> o ? o (8,64):(64,1)", "an offset known only at run time (a pointer's offset)"},
		{"{8} o (3,2):(15,100)", "{8} o (3,2):(15,100)", "an offset layout: the layout's offsets plus 8, as slice prints it"},
	}},
	{"Tiles (tilers)", []syntaxForm{
		{"[4:1;8:2]", "[4:1;8:2]", "one layout per mode of the tiled layout"},
		{"[4:1;_]", "[4:1;_]", "_ leaves a mode whole"},
		{"[4;8]", "[4;8]", "a shape stands for its compact layout"},
	}},
	{"Expressions", []syntaxForm{
		{"composition(8:2, 4:1)", "4:2", "an operation of the algebra; cutec help eval lists them all"},
		{"size((4,8):(1,4))", "32", "operations nest and take any kind of value they accept"},
		{`!cute.layout<"(4,8):(1,4)">`, "(4,8):(1,4)", "a wrapper of the MLIR dialect: its payload, read as the wrapper's kind"},
	}},
	{"Pasted from CuTe C++ prints (fmt rewrites them in cutec's spelling)", []syntaxForm{
		{"(_4:_1,_8:_2)", "[4:1;8:2]", "a tiler as CuTe C++ prints one: a tuple with a layout in it is a tile"},
		{"Sw<3,4,3> o smem_ptr[16b](unset) o (_8,_64):(_64,_1)", "S<3,4,3> o smem_ptr[16b](unset) o (8,64):(64,1)", "a GMMA atom as CuTe prints it: the swizzle acts on the bytes of 16-bit elements"},
		{"Sw<3,4,3> o smem_ptr[16b](0x7f00) o (_8,_64):(_64,_1)", "S<3,4,3> o ? o (8,64):(64,1)", "a printed tensor: its pointer is an offset of unknown value"},
		{"gmem_ptr[16b](0x7f00) o (_8,_64):(_64,_1)", "{?} o (8,64):(64,1)", "a pointer and a layout: the layout at an unknown offset"},
		{"Swizzle<3,4,3>{}", "S<3,4,3>", "CuTe C++'s type spelling of a swizzle"},
		{"S<3,3,3> ∘ 0 ∘ (8,64):(64,1)", "S<3,3,3> o 0 o (8,64):(64,1)", "the paper's ∘ is o"},
		{"ArithTuple(_0,_0) o (_128,_64):(_1@0,_1@1)", "{(0,0)} o (128,64):(1@0,1@1)", "an identity tensor as CuTe C++ prints it: the layout at a coordinate offset"},
	}},
	{"CuTe C++ code (read as the values CuTe builds; cute:: may precede any name)", []syntaxForm{
		{"Int<4>{}", "4", "a static integer; _4{} and _4 are the same"},
		{"Shape<_4,Shape<_2,_3>>{}", "(4,(2,3))", "Shape, Stride, Coord, Step: a tuple of the template arguments (int is ?)"},
		{"Layout<Shape<_8,_64>,Stride<_64,_1>>{}", "(8,64):(64,1)", "Layout<Shape, Stride>; Layout<Shape> is column-major"},
		{"make_layout(make_shape(Int<4>{},Int<8>{}), LayoutRight{})", "(4,8):(8,1)", "make_shape, make_stride, make_coord: a tuple; LayoutRight/GenRowMajor or LayoutLeft/GenColMajor as the stride"},
		{"make_tile(Layout<_4,_1>{}, _8{})", "[4:1;8]", "make_tile(...) and Tile<...>: a tile"},
		{"E<1>{}", "1@1", "a basis element; E<1,0> is 1@0@1, as CuTe C++ prints it"},
		{"size<1>(make_layout(make_shape(_4{},make_shape(_2{},_3{}))))", "6", "a mode as a template argument: size<1>(L) is size(get(L, 1)); get<I...>, select<I...>, take<B,E>, group<B,E> too"},
	}},
	{"CuTe DSL code (cute. may precede any name)", []syntaxForm{
		{"cute.make_layout((4,8), stride=(8,1))", "(4,8):(8,1)", "keyword arguments, named as CuTe DSL names the parameters (order=, trg_shape=, tiler=, ...)"},
		{"cute.size((4,8))", "32", "every operation of the algebra, with or without cute."},
		{"cute.make_swizzle(3,3,3)", "S<3,3,3>", "make_swizzle(b, m, s): the swizzle"},
		{"cute.make_composed_layout(cute.make_swizzle(3,3,3), 0, (8,64):(64,1))", "S<3,3,3> o 0 o (8,64):(64,1)", "make_composed_layout(inner, offset, outer) is inner o offset o outer"},
		{"cute.make_layout((4,4), stride=(cute.E(0), cute.E(1)))", "(4,4):(1@0,1@1)", "cute.E(i) is the basis element 1@i (E alone may be a name of yours)"},
	}},
	{"Statements of a .cute file (one a line; # starts a comment)", []syntaxForm{
		{"A = (4,8):(1,4)", "", "defines a name for the lines below"},
		{"assert composition(A, 4:1) == 4:1", "", "== holds when both sides are the same value"},
		{"assert (4,8):(1,4) ~ 32:1", "", "~ holds when both sides are the same function"},
		{"expect E0400 composition((4,6):(1,5), 6:3)", "", "holds when the expression gets that code"},
	}},
}

// printSyntax writes the syntax reference.
func printSyntax(w io.Writer) {
	var b bytes.Buffer
	b.WriteString("The forms of cutec's language, each with an example. A value is an\n" +
		"expression too: \"cutec eval EXAMPLE\" prints its canonical spelling.\n")
	for _, s := range syntaxSections {
		fmt.Fprintf(&b, "\n%s:\n\n", s.title)
		for _, f := range s.forms {
			fmt.Fprintf(&b, "  %s\n      %s\n", f.example, f.doc)
		}
	}
	b.WriteString("\nSpaces are free between tokens; cutec fmt rewrites every value in the\n" +
		"canonical spelling, the one eval prints.\n")
	w.Write(b.Bytes())
}
