package cppnames

import "testing"

// TestTypeSpelling: C++ type spellings and tags written as values are
// found; cutec's own forms with `<` (swizzles) and C++ names used as plain
// names are not.
func TestTypeSpelling(t *testing.T) {
	for src, want := range map[string]bool{
		"Shape<_4,_8>{}":                    true,
		"make_layout((4,8), LayoutRight{})": true,
		"Layout<Shape<_4,_8>>{}":            true,
		"Int<8>{}":                          true,
		"S<3,4,3>":                          false,
		"Sw<3,4,3> o 0 o (8,64):(64,1)":     false,
		"Swizzle<3,4,3>":                    false, // accepted by the parser
		"MyShape<4>":                        false, // not a word of the table
		"Shape":                             false, // a plain name: normalize's unknown name
	} {
		if _, got := TypeSpelling(src); got != want {
			t.Errorf("TypeSpelling(%q) = %v, want %v", src, got, want)
		}
	}
	if h, ok := Hint("make_shape"); !ok || h == "" {
		t.Error("make_shape has no hint")
	}
}
