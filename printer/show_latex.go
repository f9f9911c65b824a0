package printer

import (
	"strconv"

	"github.com/cutec/cutec/layout"
)

// tikzGreys are the fills of CuTe's TikzColor_BWx8, the colouring
// print_latex gives a layout: offset modulo 8 picks one (shade).
var tikzGreys = [8]string{"black!00", "black!40", "black!20", "black!60", "black!10", "black!50", "black!30", "black!70"}

// appendLatex appends the TikZ picture CuTe's print_latex writes for the
// layout (cute/util/print_latex.hpp), line for line: a node per cell,
// filled by its offset modulo 8, the grid and the row and column labels,
// in a standalone LaTeX document. The leading comment prints the layout in
// cutec's spelling (CuTe prints its own: _8 for a static 8, Sw<B,M,S> for
// a swizzle). As print_latex appends a mode 1:0 to a layout of rank 1, such
// a layout is drawn as one column, where the other formats draw one row;
// CuTe refuses a layout of rank 3 or more, which is drawn as the other
// formats draw it (mode 0 down, the other modes across).
func (g *Grid) appendLatex(b []byte) []byte {
	rows, cols := g.Rows, g.Cols
	at := g.At
	if g.column {
		rows, cols = g.Cols, 1
		at = func(m, _ int) layout.IntTuple { return g.At(0, m) }
	}
	b = append(b, "% Layout: "...)
	b = append(b, g.latexTitle...)
	b = append(b, "\n\\documentclass[convert]{standalone}\n\\usepackage{tikz}\n\n\\begin{document}\n"+
		"\\begin{tikzpicture}[x={(0cm,-1cm)},y={(1cm,0cm)},every node/.style={minimum size=1cm, outer sep=0pt}]\n\n"...)
	for m := range rows {
		for n := range cols {
			v := at(m, n)
			b = append(b, "\\node[fill="...)
			b = append(b, tikzGreys[shade(v)]...)
			b = append(b, "] at ("...)
			b = strconv.AppendInt(b, int64(m), 10)
			b = append(b, ',')
			b = strconv.AppendInt(b, int64(n), 10)
			b = append(b, ") {"...)
			b = append(b, v.String()...)
			b = append(b, "};\n"...)
		}
	}
	b = append(b, "\\draw[color=black,thick,shift={(-0.5,-0.5)}] (0,0) grid ("...)
	b = strconv.AppendInt(b, int64(rows), 10)
	b = append(b, ',')
	b = strconv.AppendInt(b, int64(cols), 10)
	b = append(b, ");\n\n"...)
	label := func(r, c, x int) {
		b = append(b, "\\node at ("...)
		b = strconv.AppendInt(b, int64(r), 10)
		b = append(b, ',')
		b = strconv.AppendInt(b, int64(c), 10)
		b = append(b, ") {\\Large{\\texttt{"...)
		b = strconv.AppendInt(b, int64(x), 10)
		b = append(b, "}}};\n"...)
	}
	for m := range rows {
		label(m, -1, m)
	}
	for n := range cols {
		label(-1, n, n)
	}
	return append(b, "\\end{tikzpicture}\n\\end{document}\n"...)
}

// latexAppend returns l as print_latex draws it: a layout of rank 1 with
// the mode 1:0 appended (CuTe's append<2>), others as they are.
func latexAppend(l layout.Layout) layout.Layout {
	if l.Shape().Rank() == 1 {
		return layout.Append(l, layout.MustNew(layout.Int(1), layout.Int(0)))
	}
	return l
}
