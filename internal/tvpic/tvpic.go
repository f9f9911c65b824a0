// Package tvpic draws the thread-value partitions of a tiled MMA or a tiled
// copy as CuTe's print_latex and print_svg do: the operands A (M x K), B
// (N x K) and C (M x N) of an MMA, or the source and destination tiles of a
// copy side by side, each cell holding the thread and value that own it
// (T5 V2) and coloured by thread. Formats: text, SVG, HTML and LaTeX (TikZ,
// as print_latex emits it).
package tvpic

import (
	"errors"
	"fmt"
	"html"
	"io"
	"strings"

	"github.com/cutec/cutec/layout"
	"github.com/cutec/cutec/tiled"
)

// MaxCells bounds the cells of one panel (a 256 x 256 tile).
const MaxCells = 256 * 256

// ErrTooLarge is wrapped by the error of a panel beyond MaxCells.
var ErrTooLarge = errors.New("tile too large to draw")

// Panel is one tile of a picture: Rows x Cols cells, each owned by the
// first (thread, value) of the TV layout, in thread-major order, whose
// column-major index it is (CuTe's rule: later owners of a cell are
// broadcasts and are not drawn).
type Panel struct {
	Name       string // "A", "B", "C", "S" or "D"
	Rows, Cols int
	TV         layout.Layout
	thr, val   []int32 // per cell (row-major), -1 when no one owns it
}

// Picture is the panels of a tiled MMA (C, A, B) or a tiled copy (S, D).
type Picture struct {
	Title  string
	MMA    bool
	Panels []*Panel
}

// MMA draws a tiled MMA.
func MMA(m *tiled.MMA) (*Picture, error) {
	ts := m.TileSize()
	p := &Picture{Title: m.String(), MMA: true}
	for _, op := range []struct {
		name byte
		r, c int64
	}{{'C', ts[0], ts[1]}, {'A', ts[0], ts[2]}, {'B', ts[1], ts[2]}} {
		tv, err := m.LayoutTV(op.name)
		if err != nil {
			return nil, err
		}
		pn, err := newPanel(string(op.name), op.r, op.c, tv)
		if err != nil {
			return nil, err
		}
		p.Panels = append(p.Panels, pn)
	}
	return p, nil
}

// Copy draws a tiled copy.
func Copy(c *tiled.Copy) (*Picture, error) {
	p := &Picture{Title: c.String()}
	rows, cols := int64(1), int64(1)
	if c.Tiler.IsTuple() {
		rows = c.Tiler.At(0).Value()
		cols = 1
		for i := 1; i < c.Tiler.Len(); i++ {
			n, err := layout.Size(c.Tiler.At(i))
			if err != nil {
				return nil, err
			}
			cols *= n
		}
	} else {
		rows = c.Tiler.Value()
	}
	for _, s := range []byte{'S', 'D'} {
		tv, err := c.LayoutTV(s)
		if err != nil {
			return nil, err
		}
		pn, err := newPanel(string(s), rows, cols, tv)
		if err != nil {
			return nil, err
		}
		p.Panels = append(p.Panels, pn)
	}
	return p, nil
}

func newPanel(name string, rows, cols int64, tv layout.Layout) (*Panel, error) {
	if rows <= 0 || cols <= 0 || rows*cols > MaxCells {
		return nil, fmt.Errorf("%s is %d x %d: %w (at most %d cells)", name, rows, cols, ErrTooLarge, MaxCells)
	}
	p := &Panel{Name: name, Rows: int(rows), Cols: int(cols), TV: tv}
	p.thr = make([]int32, rows*cols)
	p.val = make([]int32, rows*cols)
	for i := range p.thr {
		p.thr[i], p.val[i] = -1, -1
	}
	t0, _ := tv.Mode(0)
	v0, _ := tv.Mode(1)
	nt, err1 := t0.Size()
	nv, err2 := v0.Size()
	if err1 != nil || err2 != nil || nt*nv > 16*MaxCells {
		return nil, fmt.Errorf("the TV layout %s of %s cannot be drawn: %w", tv, name, ErrTooLarge)
	}
	for t := int64(0); t < nt; t++ {
		for v := int64(0); v < nv; v++ {
			idx, err := tv.Eval(layout.Ints(t, v))
			if err != nil {
				return nil, err
			}
			i := idx.Value()
			if i < 0 || i >= rows*cols {
				return nil, fmt.Errorf("the TV layout %s of %s sends (T%d,V%d) to %d, outside its %d x %d tile", tv, name, t, v, i, rows, cols)
			}
			cell := (i%rows)*cols + i/rows
			if p.thr[cell] < 0 {
				p.thr[cell], p.val[cell] = int32(t), int32(v)
			}
		}
	}
	return p, nil
}

// At is the (thread, value) owning row m, column n; (-1,-1) for none.
func (p *Panel) At(m, n int) (thread, value int) {
	return int(p.thr[m*p.Cols+n]), int(p.val[m*p.Cols+n])
}

// Write draws the picture in format: "text", "svg", "html" or "latex".
func (p *Picture) Write(w io.Writer, format string) error {
	var b strings.Builder
	switch format {
	case "text":
		p.text(&b)
	case "svg":
		p.svg(&b)
	case "html":
		b.WriteString("<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>" + html.EscapeString(p.Title) + "</title>\n")
		b.WriteString("<style>body{font-family:sans-serif} svg{display:block} h1{font-size:16px} pre{font-size:12px}</style></head><body>\n")
		p.svg(&b)
		b.WriteString("<h1>" + html.EscapeString(p.Title) + "</h1>\n")
		b.WriteString("<pre>")
		for _, pn := range p.Panels {
			b.WriteString(html.EscapeString(p.panelTitle(pn) + ": TV layout " + pn.TV.String()))
			b.WriteString("\n")
		}
		b.WriteString("</pre>\n</body></html>\n")
	case "latex":
		p.latex(&b)
	default:
		return fmt.Errorf("unknown format %q: text, svg, html or latex", format)
	}
	_, err := io.WriteString(w, b.String())
	return err
}

func (p *Picture) panelTitle(pn *Panel) string {
	dims := map[string]string{"A": "M x K", "B": "N x K", "C": "M x N", "S": "source", "D": "destination"}[pn.Name]
	return fmt.Sprintf("%s (%s, %d x %d)", pn.Name, dims, pn.Rows, pn.Cols)
}

// text draws each panel as a table: a row per index of its first mode,
// a column per index of its second, each cell T<thread>V<value>.
func (p *Picture) text(b *strings.Builder) {
	fmt.Fprintf(b, "%s\n", p.Title)
	order := p.Panels
	if p.MMA {
		order = []*Panel{p.Panels[1], p.Panels[2], p.Panels[0]} // A, B, C
	}
	for _, pn := range order {
		fmt.Fprintf(b, "\n%s: TV layout %s\n", p.panelTitle(pn), pn.TV)
		width := 1
		cells := make([]string, pn.Rows*pn.Cols)
		for m := 0; m < pn.Rows; m++ {
			for n := 0; n < pn.Cols; n++ {
				t, v := pn.At(m, n)
				s := "."
				if t >= 0 {
					s = fmt.Sprintf("T%dV%d", t, v)
				}
				cells[m*pn.Cols+n] = s
				width = max(width, len(s))
			}
		}
		lw := len(fmt.Sprint(pn.Rows - 1))
		fmt.Fprintf(b, "%*s", lw, "")
		for n := 0; n < pn.Cols; n++ {
			fmt.Fprintf(b, " %*d", width, n)
		}
		b.WriteString("\n")
		for m := 0; m < pn.Rows; m++ {
			fmt.Fprintf(b, "%*d", lw, m)
			for n := 0; n < pn.Cols; n++ {
				fmt.Fprintf(b, " %*s", width, cells[m*pn.Cols+n])
			}
			b.WriteString("\n")
		}
	}
}

// The colours of CuTe's TikzColor_TV and SVGColor_TV, by thread mod 8.
var rgb = [8][3]int{{175, 175, 255}, {175, 255, 175}, {255, 255, 175}, {255, 175, 175},
	{210, 210, 255}, {210, 255, 210}, {255, 255, 210}, {255, 210, 210}}

// origin is where a panel's cell (0,0) sits, in cells, (row, column), as
// print_latex places it: for an MMA, C at (0,0), A at (0,-K-1), B
// transposed at (-K-1,0); for a copy, S at (0,0) and D at (0,N+3).
func (p *Picture) origin(i int) (int, int) {
	if p.MMA {
		k := p.Panels[1].Cols
		return [3][2]int{{0, 0}, {0, -k - 1}, {-k - 1, 0}}[i][0], [3][2]int{{0, 0}, {0, -k - 1}, {-k - 1, 0}}[i][1]
	}
	if i == 1 {
		return 0, p.Panels[0].Cols + 3
	}
	return 0, 0
}

// place is the (row, column) of a panel's cell (m, n) in the picture: B is
// drawn transposed, K down and N across, above C.
func (p *Picture) place(i, m, n int) (int, int) {
	r, c := p.origin(i)
	if p.MMA && i == 2 {
		return r + n, c + m
	}
	return r + m, c + n
}

// latex writes the TikZ picture exactly as CuTe's print_latex does, but for
// its leading comment lines, which print the layouts in cutec's spelling.
func (p *Picture) latex(b *strings.Builder) {
	if p.MMA {
		for _, pn := range p.Panels {
			fmt.Fprintf(b, "%% Layout%s: %s\n", pn.Name, pn.TV)
		}
	} else {
		fmt.Fprintf(b, "%% Layout S TV: %s\n%% Layout D TV: %s\n", p.Panels[0].TV, p.Panels[1].TV)
	}
	b.WriteString("\\documentclass[convert]{standalone}\n\\usepackage{tikz}\n\n\\begin{document}\n" +
		"\\begin{tikzpicture}[x={(0cm,-1cm)},y={(1cm,0cm)},every node/.style={minimum size=1cm, outer sep=0pt}]\n\n")
	color := func(t int) string {
		c := rgb[t%8]
		return fmt.Sprintf("{rgb,255:red,%d;green,%d;blue,%d}", c[0], c[1], c[2])
	}
	// Nodes are listed in CuTe's order: by thread, then value.
	nodes := func(i int) {
		pn := p.Panels[i]
		type at struct{ t, v, m, n int }
		var list []at
		for m := 0; m < pn.Rows; m++ {
			for n := 0; n < pn.Cols; n++ {
				if t, v := pn.At(m, n); t >= 0 {
					list = append(list, at{t, v, m, n})
				}
			}
		}
		sortOwners(list, func(a at) (int, int) { return a.t, a.v })
		for _, c := range list {
			r, col := p.place(i, c.m, c.n)
			fmt.Fprintf(b, "\\node[fill=%s] at (%d,%d) {\\shortstack{T%d \\\\ V%d}};\n", color(c.t), r, col, c.t, c.v)
		}
	}
	grid := func(r0, c0, r1, c1 int) {
		fmt.Fprintf(b, "\\draw[color=black,thick,shift={(-0.5,-0.5)}] (%d,%d) grid (%d,%d);\n\n", r0, c0, r1, c1)
	}
	label := func(r, c, x int) { fmt.Fprintf(b, "\\node at (%d,%d) {\\Large{\\texttt{%d}}};\n", r, c, x) }
	if p.MMA {
		mm, nn, kk := p.Panels[0].Rows, p.Panels[0].Cols, p.Panels[1].Cols
		nodes(0)
		grid(0, 0, mm, nn)
		nodes(1)
		grid(0, -kk-1, mm, -1)
		for m := 0; m < mm; m++ {
			label(m, -kk-2, m)
		}
		for k := 0; k < kk; k++ {
			label(-1, k-kk-1, k)
		}
		nodes(2)
		grid(-kk-1, 0, -1, nn)
		for n := 0; n < nn; n++ {
			label(-kk-2, n, n)
		}
		for k := 0; k < kk; k++ {
			label(k-kk-1, -1, k)
		}
	} else {
		mm, nn := p.Panels[0].Rows, p.Panels[0].Cols
		nodes(0)
		grid(0, 0, mm, nn)
		for m := 0; m < mm; m++ {
			label(m, -1, m)
		}
		for n := 0; n < nn; n++ {
			label(-1, n, n)
		}
		nodes(1)
		grid(0, nn+3, mm, nn+nn+3)
		for m := 0; m < mm; m++ {
			label(m, nn+nn+3, m)
		}
		for n := 0; n < nn; n++ {
			label(-1, n+nn+3, n)
		}
	}
	b.WriteString("\\end{tikzpicture}\n\\end{document}\n")
}

// svg draws the picture as CuTe's print_svg lays out an MMA (20-unit
// cells; A left of C, B above it), and a copy's S and D side by side.
const svgCell = 20

// bounds is the top-left (row, column) of the SVG drawing, a cell beyond
// the panels for the labels; extent its bottom-right.
func (p *Picture) bounds() (minR, minC int) {
	minR, minC, _, _ = p.extent()
	return minR, minC
}

func (p *Picture) extent() (minR, minC, maxR, maxC int) {
	for i, pn := range p.Panels {
		r0, c0 := p.place(i, 0, 0)
		r1, c1 := p.place(i, pn.Rows-1, pn.Cols-1)
		minR, minC = min(minR, r0, r1), min(minC, c0, c1)
		maxR, maxC = max(maxR, r0, r1), max(maxC, c0, c1)
	}
	return minR - 1, minC - 1, maxR, maxC
}

func (p *Picture) svg(b *strings.Builder) {
	const cell = svgCell
	minR, minC, maxR, maxC := p.extent()
	w, h := (maxC-minC+2)*cell, (maxR-minR+2)*cell
	fmt.Fprintf(b, "<svg width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" xmlns=\"http://www.w3.org/2000/svg\">\n", w, h, w, h)
	fmt.Fprintf(b, "<title>%s</title>\n", html.EscapeString(p.Title))
	xy := func(r, c int) (int, int) { return (c - minC) * cell, (r - minR) * cell }
	text := func(x, y, size int, s string) {
		fmt.Fprintf(b, "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\" dominant-baseline=\"central\" font-family=\"sans-serif\" font-size=\"%d\">%s</text>\n", x, y, size, s)
	}
	for i, pn := range p.Panels {
		fmt.Fprintf(b, "<g id=\"%s\">\n", pn.Name)
		for m := 0; m < pn.Rows; m++ {
			for n := 0; n < pn.Cols; n++ {
				r, c := p.place(i, m, n)
				x, y := xy(r, c)
				t, v := pn.At(m, n)
				if t < 0 {
					fmt.Fprintf(b, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"rgb(255,255,255)\" stroke=\"black\"/>\n", x, y, cell, cell)
					continue
				}
				col := rgb[t%8]
				fmt.Fprintf(b, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"rgb(%d,%d,%d)\" stroke=\"black\" data-t=\"%d\" data-v=\"%d\"/>\n", x, y, cell, cell, col[0], col[1], col[2], t, v)
				text(x+cell/2, y+cell/4, 8, fmt.Sprintf("T%d", t))
				text(x+cell/2, y+3*cell/4, 8, fmt.Sprintf("V%d", v))
			}
		}
		// Labels: the index of each row and column, outside the panel.
		rows, cols := pn.Rows, pn.Cols
		for m := 0; m < rows; m++ {
			r, c := p.place(i, m, 0)
			if p.MMA && i == 2 { // B, transposed: N across, labelled above
				r, c = p.place(i, m, 0)
				r--
			} else {
				c--
			}
			x, y := xy(r, c)
			text(x+cell/2, y+cell/2, 12, fmt.Sprint(m))
		}
		for n := 0; n < cols; n++ {
			r, c := p.place(i, 0, n)
			if p.MMA && i == 2 { // and K down, labelled on the left
				r, c = p.place(i, 0, n)
				c--
			} else {
				r--
			}
			x, y := xy(r, c)
			text(x+cell/2, y+cell/2, 12, fmt.Sprint(n))
		}
		b.WriteString("</g>\n")
	}
	b.WriteString("</svg>\n")
}

// sortOwners sorts cells by (thread, value), the order CuTe visits them.
func sortOwners[T any](list []T, key func(T) (int, int)) {
	less := func(a, b T) bool {
		at, av := key(a)
		bt, bv := key(b)
		return at < bt || at == bt && av < bv
	}
	// insertion into buckets by thread keeps this linear for TV pictures
	buckets := map[int][]T{}
	maxT := -1
	for _, x := range list {
		t, _ := key(x)
		buckets[t] = append(buckets[t], x)
		maxT = max(maxT, t)
	}
	list = list[:0]
	for t := 0; t <= maxT; t++ {
		bs := buckets[t]
		for i := 1; i < len(bs); i++ {
			for j := i; j > 0 && less(bs[j], bs[j-1]); j-- {
				bs[j], bs[j-1] = bs[j-1], bs[j]
			}
		}
		list = append(list, bs...)
	}
}

// Of draws a value of cutec's evaluation: a tiled MMA or a tiled copy
// (normalize's values, which give their object with MMA() or Copy()).
func Of(v any) (*Picture, error) {
	var p *Picture
	var err error
	switch m := v.(type) {
	case interface{ MMA() *tiled.MMA }:
		p, err = MMA(m.MMA())
	case interface{ Copy() *tiled.Copy }:
		p, err = Copy(m.Copy())
	default:
		return nil, fmt.Errorf("not a tiled MMA or a tiled copy: %v", v)
	}
	if err == nil {
		if s, ok := v.(fmt.Stringer); ok {
			p.Title = s.String() // the value as cutec prints it
		}
	}
	return p, err
}

// CellXY is the top-left corner, in SVG units (CSS pixels), of the cell
// (m, n) of panel i in the SVG drawing.
func (p *Picture) CellXY(i, m, n int) (x, y int) {
	minR, minC := p.bounds()
	r, c := p.place(i, m, n)
	return (c - minC) * svgCell, (r - minR) * svgCell
}

// ThreadRGB is the colour of a thread's cells (white for no owner).
func ThreadRGB(thread int) [3]int {
	if thread < 0 {
		return [3]int{255, 255, 255}
	}
	c := rgb[thread%8]
	return [3]int{c[0], c[1], c[2]}
}
