// Package cppnames knows the spellings of CuTe C++ and CuTe DSL that build or
// print a value without denoting one (make_shape, Shape<_4,_8>{},
// GenRowMajor, print_layout), and says how cutec writes the same thing. The
// parser uses it for type spellings it cannot parse, normalize for unknown
// names; either way the hint replaces a suggestion by spelling, which would
// be wrong (make_shape is not to_shape).
package cppnames

import "regexp"

// spellings maps names of CuTe C++ and CuTe DSL that build or print a
// value, and so are no operation of cutec's algebra, to cutec's way of
// writing the same thing. An unknown name found here gets this hint instead
// of the nearest name by spelling (make_shape is not to_shape).
var spellings = map[string]string{
	"make_shape":     "a shape is written as a tuple: make_shape(4,8) is (4,8)",
	"make_stride":    "a stride is written as a tuple: make_stride(1,4) is (1,4)",
	"make_coord":     "a coordinate is written as a tuple: make_coord(1,2) is (1,2)",
	"make_int_tuple": "an integer tuple is written as a tuple: (4,8)",
	"make_step":      "a step is written as a tuple: (1,0)",
	"make_tile":      "a tile is written in brackets: make_tile(4:1, 8:2) is [4:1;8:2]",
	"make_tiler":     "a tile is written in brackets: [4:1;8:2]",
	"print_layout":   "to draw a layout, run cutec show EXPR",
	"print_latex":    "to draw a layout, run cutec show -format svg EXPR",
	"print":          "cutec eval EXPR prints a value",
	"GenRowMajor":    "a row-major layout is make_ordered_layout((4,8),(1,0)), which is (4,8):(8,1)",
	"LayoutRight":    "a row-major layout is make_ordered_layout((4,8),(1,0)), which is (4,8):(8,1)",
	"GenColMajor":    "column-major is the default: make_layout((4,8)) is (4,8):(1,4)",
	"LayoutLeft":     "column-major is the default: make_layout((4,8)) is (4,8):(1,4)",
	"Shape":          "CuTe C++'s type Shape<_4,_8> is written as the tuple (4,8)",
	"Stride":         "CuTe C++'s type Stride<_1,_4> is written as the tuple (1,4)",
	"Coord":          "CuTe C++'s type Coord<_1,_2> is written as the tuple (1,2)",
	"Step":           "CuTe C++'s type Step<_1,_0> is written as the tuple (1,0)",
	"Layout":         "CuTe C++'s type Layout<Shape<_4,_8>, Stride<_1,_4>> is written (4,8):(1,4)",
	"Tile":           "CuTe C++'s type Tile<...> is written in brackets: [4:1;8:2]",
	"Int":            "CuTe C++'s Int<8>{} is written 8 (or _8)",
	"Swizzle":        "a swizzle is written S<3,4,3> (or Swizzle<3,4,3>)",
	"make_swizzle":   "a swizzle is written S<3,4,3>",
}

// Hint returns how cutec writes what the C++ or DSL name builds.
func Hint(name string) (string, bool) {
	h, ok := spellings[name]
	return h, ok
}

// typeSpelling matches a C++ type or tag written as a value: a name of the
// table followed by template arguments or braces, as in Shape<_4,_8>{} or
// LayoutRight{}.
var typeSpelling = regexp.MustCompile(`\b(Shape|Stride|Layout|Tile|Int|Step|Coord|LayoutRight|LayoutLeft|GenRowMajor|GenColMajor)\s*[<{]`)

// TypeSpelling finds a C++ type spelling in src and returns the hint for
// it; the parser attaches it to the syntax error such text causes.
func TypeSpelling(src string) (string, bool) {
	m := typeSpelling.FindStringSubmatch(src)
	if m == nil {
		return "", false
	}
	return Hint(m[1])
}
