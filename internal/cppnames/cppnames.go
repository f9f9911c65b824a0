// Package cppnames knows the names of CuTe C++ and CuTe DSL that build or
// print a value when written with their arguments (make_shape,
// GenRowMajor, print_layout) and says, when one is written alone and so is
// an unknown name, what it means in cutec; normalize uses the hint in place
// of a suggestion by spelling, which would be wrong (make_shape is not
// to_shape).
package cppnames

// spellings maps names of CuTe C++ and CuTe DSL written alone (without
// the arguments or template arguments that make them a value, which the
// parser reads: make_shape(4,8), Shape<_4,_8>{}, LayoutRight{} in
// make_layout), or that print rather than build a value, to what they mean
// in cutec. An unknown name found here gets this hint instead of the nearest
// name by spelling (make_shape is not to_shape).
var spellings = map[string]string{
	"make_shape":     "make_shape(...) is the tuple of its arguments",
	"make_stride":    "make_stride(...) is the tuple of its arguments",
	"make_coord":     "make_coord(...) is the tuple of its arguments",
	"make_int_tuple": "make_int_tuple(...) is the tuple of its arguments",
	"make_step":      "make_step(...) is the tuple of its arguments",
	"make_tile":      "make_tile(...) is the tile of its arguments, written [A;B] in cutec",
	"make_tiler":     "a tile is make_tile(...) or [A;B]",
	"print_layout":   "to draw a layout, run cutec show EXPR",
	"print_latex":    "to draw a layout, run cutec show -format svg EXPR",
	"print":          "cutec eval EXPR prints a value",
	"GenRowMajor":    "GenRowMajor{} is the stride tag of make_layout(shape, GenRowMajor{})",
	"LayoutRight":    "LayoutRight{} is the stride tag of make_layout(shape, LayoutRight{})",
	"GenColMajor":    "GenColMajor{} is the stride tag of make_layout(shape, GenColMajor{})",
	"LayoutLeft":     "LayoutLeft{} is the stride tag of make_layout(shape, LayoutLeft{})",
	"Shape":          "CuTe C++'s Shape<...>{} is the tuple of its template arguments",
	"Stride":         "CuTe C++'s Stride<...>{} is the tuple of its template arguments",
	"Coord":          "CuTe C++'s Coord<...>{} is the tuple of its template arguments",
	"Step":           "CuTe C++'s Step<...>{} is the tuple of its template arguments",
	"Layout":         "CuTe C++'s Layout<Shape, Stride>{} is the layout shape:stride",
	"Tile":           "CuTe C++'s Tile<...>{} is the tile of its template arguments",
	"Int":            "CuTe C++'s Int<N>{} is the integer N",
	"Swizzle":        "CuTe C++'s Swizzle<B,M,S>{} is the swizzle S<B,M,S>",
	"make_swizzle":   "make_swizzle(b, m, s) is the swizzle S<b,m,s>",
}

// Hint returns what the C++ or DSL name means in cutec.
func Hint(name string) (string, bool) {
	h, ok := spellings[name]
	return h, ok
}
