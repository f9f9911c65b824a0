package printer

import (
	"fmt"
	"html"
	"strconv"
)

// SVG geometry, in pixels.
const (
	svgCellHeight = 40
	svgMinCell    = 40
	svgCharWidth  = 9  // an upper bound for a 14px monospace digit
	svgPad        = 16 // space around a cell's text
	svgTitleY     = 20 // baseline of the title
	svgTop        = 60 // top of the grid, below the title and the column indices
	svgMargin     = 8
)

// appendSVG appends a standalone SVG image of g: the layout as its title, a
// grid of cells with their offsets, each filled with one of CuTe's eight
// greys, column indices above and row indices to the left.
func (g *Grid) appendSVG(b []byte) []byte {
	cw := max(svgMinCell, svgCharWidth*g.cellWidth()+svgPad)
	lw := svgCharWidth*len(strconv.Itoa(max(g.Rows-1, 0))) + svgPad
	width := max(lw+g.Cols*cw+svgMargin, svgCharWidth*len(g.Title)+2*svgMargin)
	height := svgTop + g.Rows*svgCellHeight + svgMargin
	title := html.EscapeString(g.Title)
	b = fmt.Appendf(b, `<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" font-family="monospace" font-size="14">`+"\n", width, height, width, height)
	b = fmt.Appendf(b, "<title>%s</title>\n", title)
	b = fmt.Appendf(b, `<rect width="%d" height="%d" fill="#ffffff"/>`+"\n", width, height)
	b = fmt.Appendf(b, `<text x="%d" y="%d">%s</text>`+"\n", svgMargin, svgTitleY, title)
	b = append(b, `<g text-anchor="middle" dominant-baseline="central" fill="#555555">`+"\n"...)
	for n := range g.Cols {
		b = fmt.Appendf(b, `<text x="%d" y="%d">%d</text>`+"\n", lw+n*cw+cw/2, svgTop-svgCellHeight/4, n)
	}
	for m := range g.Rows {
		b = fmt.Appendf(b, `<text x="%d" y="%d">%d</text>`+"\n", lw/2, svgTop+m*svgCellHeight+svgCellHeight/2, m)
	}
	b = append(b, "</g>\n"...)
	return append(g.appendSVGCells(b, lw, cw), "</svg>\n"...)
}

// appendSVGCells appends the cells of the grid, whose left edge is at x0 and
// whose cells are cw pixels wide.
func (g *Grid) appendSVGCells(b []byte, x0, cw int) []byte {
	b = append(b, `<g text-anchor="middle" dominant-baseline="central" stroke-width="1">`+"\n"...)
	for m := range g.Rows {
		for n := range g.Cols {
			v := g.At(m, n)
			level := shade(v)
			x, y := x0+n*cw, svgTop+m*svgCellHeight
			b = fmt.Appendf(b, `<rect x="%d" y="%d" width="%d" height="%d" fill="%s" stroke="#000000"/>`, x, y, cw, svgCellHeight, fill(level))
			b = fmt.Appendf(b, `<text x="%d" y="%d" fill="%s">%s</text>`+"\n", x+cw/2, y+svgCellHeight/2, ink(level), html.EscapeString(v.String()))
		}
	}
	return append(b, "</g>\n"...)
}
