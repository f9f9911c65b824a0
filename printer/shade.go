package printer

import "github.com/cutec/cutec/layout"

// greys are the eight fills of CuTe's black-and-white TikZ colouring
// (TikzColor_BWx8: black!00, !40, !20, !60, !10, !50, !30, !70), as RGB.
var greys = [8]string{"#ffffff", "#999999", "#cccccc", "#666666", "#e5e5e5", "#808080", "#b2b2b2", "#4c4c4c"}

// shade returns the grey level of a cell, 0 to 7, as CuTe picks it: the
// offset modulo 8. A coordinate offset (basis strides) is shaded by the sum
// of its components.
func shade(v layout.IntTuple) int {
	return int(((leafSum(v) % 8) + 8) % 8)
}

// leafSum returns the sum of the integer leaves of v (wrapping on overflow,
// which only changes a shade).
func leafSum(v layout.IntTuple) int64 {
	if !v.IsTuple() {
		return v.Value()
	}
	var s int64
	for i := range v.Len() {
		s += leafSum(v.At(i))
	}
	return s
}

// fill returns the RGB fill of a grey level.
func fill(level int) string { return greys[level] }

// ink returns the text colour that reads on a grey level: white on the three
// darkest (black!50 and darker), black elsewhere.
func ink(level int) string {
	switch level {
	case 3, 5, 7:
		return "#ffffff"
	}
	return "#000000"
}
