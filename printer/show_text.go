package printer

import (
	"bytes"
	"strconv"
)

// appendText appends the table of CuTe's print_layout: the layout, a line
// of column indices, then each row between `+----+` borders with its index
// on the left and `| v ` cells. Cells are right-aligned to the widest of the
// cells, the column indices and (for an integral layout) CuTe's width, the
// digits of the cosize; row indices take at least two digits. Unlike CuTe's,
// no line ends in a space.
//
//	(2,3):(1,2)
//	      0   1   2
//	    +---+---+---+
//	 0  | 0 | 2 | 4 |
//	    +---+---+---+
//	 1  | 1 | 3 | 5 |
//	    +---+---+---+
func (g *Grid) appendText(b []byte) []byte {
	w := g.cellWidth()
	rw := max(2, len(strconv.Itoa(g.Rows-1)))
	indent := bytes.Repeat([]byte{' '}, rw+2)
	b = append(append(b, g.Title...), '\n')
	b = append(b, indent...)
	for n := range g.Cols {
		b = append(b, "  "...)
		b = padLeft(b, strconv.Itoa(n), w)
		if n+1 < g.Cols {
			b = append(b, ' ')
		}
	}
	b = append(b, '\n')
	border := g.border(indent, w)
	for m := range g.Rows {
		b = append(b, border...)
		b = padLeft(b, strconv.Itoa(m), rw)
		b = append(b, "  "...)
		for n := range g.Cols {
			b = append(b, "| "...)
			b = padLeft(b, g.At(m, n).String(), w)
			b = append(b, ' ')
		}
		b = append(b, "|\n"...)
	}
	return append(b, border...)
}

// border returns an indented `+----+----+` line for cells of width w.
func (g *Grid) border(indent []byte, w int) []byte {
	line := append([]byte(nil), indent...)
	dashes := bytes.Repeat([]byte{'-'}, w+2)
	for range g.Cols {
		line = append(append(line, '+'), dashes...)
	}
	return append(line, "+\n"...)
}

// cellWidth returns the width of the widest cell text or column index, and
// at least CuTe's width for an integral layout.
func (g *Grid) cellWidth() int {
	w := max(g.minWidth, len(strconv.Itoa(max(g.Cols-1, 0))))
	for _, c := range g.cells {
		w = max(w, len(c.String()))
	}
	return w
}

// padLeft appends s right-aligned in a field of width w.
func padLeft(b []byte, s string, w int) []byte {
	for i := len(s); i < w; i++ {
		b = append(b, ' ')
	}
	return append(b, s...)
}
