package printer

import (
	"bufio"
	"bytes"
	"encoding/xml"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/cutec/cutec/internal/goldenfile"
	"github.com/cutec/cutec/internal/heavytest"
	"github.com/cutec/cutec/layout"
)

// showText draws src as text.
func showText(t *testing.T, src string) string {
	t.Helper()
	g, err := gridOf(t, src)
	if err != nil {
		t.Fatalf("%s: %v", src, err)
	}
	var b strings.Builder
	if err := g.Write(&b, ShowText); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// The tables below are written by hand: offsets from the layout function,
// and CuTe's print_layout look (cell width = digits of the cosize for an
// integral layout, else the widest cell; `+----` borders; `| v ` cells).
var showCases = []struct{ in, want string }{
	{"(4,8):(1,4)", `(4,8):(1,4)
       0    1    2    3    4    5    6    7
    +----+----+----+----+----+----+----+----+
 0  |  0 |  4 |  8 | 12 | 16 | 20 | 24 | 28 |
    +----+----+----+----+----+----+----+----+
 1  |  1 |  5 |  9 | 13 | 17 | 21 | 25 | 29 |
    +----+----+----+----+----+----+----+----+
 2  |  2 |  6 | 10 | 14 | 18 | 22 | 26 | 30 |
    +----+----+----+----+----+----+----+----+
 3  |  3 |  7 | 11 | 15 | 19 | 23 | 27 | 31 |
    +----+----+----+----+----+----+----+----+
`},
	{"(2,3):(3,1)", `(2,3):(3,1)
      0   1   2
    +---+---+---+
 0  | 0 | 1 | 2 |
    +---+---+---+
 1  | 3 | 4 | 5 |
    +---+---+---+
`},
	// cosize 10: CuTe's width is two digits although no offset has two
	{"(2,5):(1,2)", `(2,5):(1,2)
       0    1    2    3    4
    +----+----+----+----+----+
 0  |  0 |  2 |  4 |  6 |  8 |
    +----+----+----+----+----+
 1  |  1 |  3 |  5 |  7 |  9 |
    +----+----+----+----+----+
`},
	// rank 1: one row
	{"4:2", `4:2
      0   1   2   3
    +---+---+---+---+
 0  | 0 | 2 | 4 | 6 |
    +---+---+---+---+
`},
	// hierarchical mode 0: row m is the integral coordinate m into (2,2)
	{"((2,2),3):((1,6),2)", `((2,2),3):((1,6),2)
       0    1    2
    +----+----+----+
 0  |  0 |  2 |  4 |
    +----+----+----+
 1  |  1 |  3 |  5 |
    +----+----+----+
 2  |  6 |  8 | 10 |
    +----+----+----+
 3  |  7 |  9 | 11 |
    +----+----+----+
`},
	// rank 3: modes 1 and 2 together are the columns, colexicographically
	{"(2,2,2):(4,1,2)", `(2,2,2):(4,1,2)
      0   1   2   3
    +---+---+---+---+
 0  | 0 | 1 | 2 | 3 |
    +---+---+---+---+
 1  | 4 | 5 | 6 | 7 |
    +---+---+---+---+
`},
	// S<1,1,1> XORs bit 2 into bit 1: 4->6, 5->7, 6->4, 7->5
	{"S<1,1,1> o 0 o (4,2):(1,4)", `S<1,1,1> o 0 o (4,2):(1,4)
      0   1
    +---+---+
 0  | 0 | 6 |
    +---+---+
 1  | 1 | 7 |
    +---+---+
 2  | 2 | 4 |
    +---+---+
 3  | 3 | 5 |
    +---+---+
`},
	// a layout as the outer function: (4,5):(5,1) at 2 + (m + 2n)
	{"(4,5):(5,1) o 2 o (2,3):(1,2)", `(4,5):(5,1) o 2 o (2,3):(1,2)
       0    1    2
    +----+----+----+
 0  | 10 |  1 | 11 |
    +----+----+----+
 1  | 15 |  6 | 16 |
    +----+----+----+
`},
	// basis strides: coordinates
	{"(2,3):(1@0,1@1)", `(2,3):(1@0,1@1)
          0       1       2
    +-------+-------+-------+
 0  | (0,0) | (0,1) | (0,2) |
    +-------+-------+-------+
 1  | (1,0) | (1,1) | (1,2) |
    +-------+-------+-------+
`},
	// negative strides, and column indices wider than the cells
	{"(1,12):(0,-1)", `(1,12):(0,-1)
        0     1     2     3     4     5     6     7     8     9    10    11
    +-----+-----+-----+-----+-----+-----+-----+-----+-----+-----+-----+-----+
 0  |   0 |  -1 |  -2 |  -3 |  -4 |  -5 |  -6 |  -7 |  -8 |  -9 | -10 | -11 |
    +-----+-----+-----+-----+-----+-----+-----+-----+-----+-----+-----+-----+
`},
}

func TestShowText(t *testing.T) {
	for _, c := range showCases {
		if got := showText(t, c.in); got != c.want {
			t.Errorf("show %s:\n%s\nwant:\n%s", c.in, got, c.want)
		}
	}
}

// readFigure10 reads the paper's Figure 10 table kept by package layout.
func readFigure10(t *testing.T) [][]string {
	t.Helper()
	f, err := os.Open("../layout/testdata/figure10.tsv")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var rows [][]string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if line := sc.Text(); line != "" && !strings.HasPrefix(line, "#") {
			rows = append(rows, strings.Split(line, "\t"))
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return rows
}

// TestShowFigure10 draws the paper's Figure 10 layout as a 6x20 table whose
// entries are those of the figure.
func TestShowFigure10(t *testing.T) {
	const fig10 = "((3,2),(4,5)):((4,12),(1,24))"
	want := readFigure10(t)
	g, err := gridOf(t, fig10)
	if err != nil {
		t.Fatal(err)
	}
	if g.Rows != 6 || g.Cols != 20 || len(want) != 6 {
		t.Fatalf("grid is %dx%d, figure has %d rows; want 6x20", g.Rows, g.Cols, len(want))
	}
	for m, row := range want {
		if len(row) != 20 {
			t.Fatalf("figure row %d has %d entries", m, len(row))
		}
		for n, w := range row {
			if got := g.At(m, n).String(); got != w {
				t.Errorf("cell (%d,%d) = %s, figure has %s", m, n, got, w)
			}
		}
	}
	text := showText(t, fig10)
	lines := strings.Split(text, "\n")
	// title, column indices, 6 rows each below a border, the last border, ""
	if len(lines) != 2+2*6+1+1 || lines[0] != fig10 {
		t.Fatalf("unexpected table:\n%s", text)
	}
	wantRow5 := " 5  |  20 |  21 |  22 |  23 |  44 |  45 |  46 |  47 |  68 |  69 |  70 |  71 |  92 |  93 |  94 |  95 | 116 | 117 | 118 | 119 |"
	if lines[13] != wantRow5 {
		t.Errorf("row 5 is\n%s\nwant\n%s", lines[13], wantRow5)
	}
}

func TestShowErrors(t *testing.T) {
	cases := []struct {
		in   string
		want error
	}{
		{"(?,2):(1,4)", ErrDynamic},
		{"(4,2):(1,?{i64})", ErrDynamic},
		{"S<3,4,3> o 0 o (8,?):(64,1)", ErrDynamic},
		{"(257,1):(1,0)", ErrTooLarge},
		{"257:1", ErrTooLarge},
		{"(2,(16,17)):(1,(2,32))", ErrTooLarge},
		{"(65536,65536):(1,65536)", ErrTooLarge},
	}
	for _, c := range cases {
		start := time.Now()
		_, err := gridOf(t, c.in)
		if !errors.Is(err, c.want) {
			t.Errorf("%s: error %v, want %v", c.in, err, c.want)
		} else if !strings.Contains(err.Error(), c.in) {
			t.Errorf("%s: error %q does not name the layout", c.in, err)
		}
		if time.Since(start) > time.Second && heavytest.Enabled() { // an absolute time: heavy only (docs/testing.md)
			t.Errorf("%s: took %v", c.in, time.Since(start))
		}
	}
	// A size past int64 is refused by the algebra, without drawing.
	huge := "(4294967296,4294967296,4294967296):(1,1,1)"
	if _, err := gridOf(t, huge); err == nil {
		t.Errorf("%s: no error", huge)
	}
}

// TestShowLimit draws the largest grid allowed.
func TestShowLimit(t *testing.T) {
	g, err := gridOf(t, "(256,256):(256,1)")
	if err != nil {
		t.Fatal(err)
	}
	if g.Rows != MaxRows || g.Cols != MaxCols || g.At(255, 255).Value() != 255*256+255 {
		t.Errorf("grid %dx%d, last cell %v", g.Rows, g.Cols, g.At(255, 255))
	}
}

// TestShowRowIndexWidth: past 99 rows the row indices widen and the table
// stays aligned.
func TestShowRowIndexWidth(t *testing.T) {
	text := showText(t, "(101,1):(1,0)")
	lines := strings.Split(text, "\n")
	if lines[1] != "         0" || lines[2] != "     +-----+" || lines[3] != "  0  |   0 |" || lines[203] != "100  | 100 |" {
		t.Errorf("unexpected lines:\n%s", strings.Join(lines[:4], "\n"))
	}
}

func TestShowHelpers(t *testing.T) {
	l := layout.MustNew(layout.Ints(2, 2), layout.Ints(1, 2))
	var b strings.Builder
	if err := ShowLayout(&b, l, ShowText); err != nil {
		t.Fatal(err)
	}
	want := "(2,2):(1,2)\n      0   1\n    +---+---+\n 0  | 0 | 2 |\n    +---+---+\n 1  | 1 | 3 |\n    +---+---+\n"
	if b.String() != want {
		t.Errorf("ShowLayout:\n%s\nwant:\n%s", b.String(), want)
	}
	sw, _ := layout.NewSwizzle(1, 1, 1)
	c, _ := layout.NewComposed(sw, layout.Int(0), l)
	b.Reset()
	if err := ShowComposed(&b, c, ShowText); err != nil || !strings.HasPrefix(b.String(), "S<1,1,1> o 0 o (2,2):(1,2)\n") {
		t.Errorf("ShowComposed: %v\n%s", err, b.String())
	}
	if err := ShowLayout(io.Discard, l, ShowFormat(9)); err == nil {
		t.Error("an unknown format drew")
	}
	dyn := layout.MustNew(layout.Tuple(layout.Dynamic(64, 1)), layout.Ints(1))
	if err := ShowLayout(io.Discard, dyn, ShowSVG); !errors.Is(err, ErrDynamic) {
		t.Errorf("dynamic layout: %v", err)
	}
}

func TestParseShowFormat(t *testing.T) {
	for _, f := range []ShowFormat{ShowText, ShowSVG, ShowHTML} {
		if g, err := ParseShowFormat(f.String()); err != nil || g != f {
			t.Errorf("ParseShowFormat(%q) = %v, %v", f.String(), g, err)
		}
	}
	if ShowSVG.String() != "svg" || ShowHTML.String() != "html" || ShowText.String() != "text" {
		t.Error("format names")
	}
	if _, err := ParseShowFormat("png"); err == nil {
		t.Error("png accepted")
	}
}

// render draws src in format f.
func render(t *testing.T, src string, f ShowFormat) []byte {
	t.Helper()
	g, err := gridOf(t, src)
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := g.Write(&b, f); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// TestShowSVG checks the SVG of a small swizzled layout by hand: well-formed
// XML, the escaped title, one rectangle per cell plus the background, and
// each cell filled with CuTe's grey for its offset modulo 8.
func TestShowSVG(t *testing.T) {
	const src = "S<1,1,1> o 0 o (4,2):(1,4)"
	svg := render(t, src, ShowSVG)
	checkXML(t, svg)
	s := string(svg)
	if !strings.HasPrefix(s, `<svg xmlns="http://www.w3.org/2000/svg"`) || !strings.HasSuffix(s, "</svg>\n") {
		t.Errorf("not a standalone SVG:\n%s", s)
	}
	if !strings.Contains(s, "<title>S&lt;1,1,1&gt; o 0 o (4,2):(1,4)</title>") {
		t.Error("title missing or not escaped")
	}
	if n := strings.Count(s, "<rect"); n != 8+1 {
		t.Errorf("%d rectangles, want 9", n)
	}
	// offset 6 (row 0, column 1) is black!30, offset 7 is black!70 with white text
	if !strings.Contains(s, `fill="#b2b2b2" stroke="#000000"/><text x="85" y="80" fill="#000000">6</text>`) {
		t.Errorf("cell (0,1) is not offset 6 in black!30:\n%s", s)
	}
	if !strings.Contains(s, `fill="#4c4c4c" stroke="#000000"/><text x="85" y="120" fill="#ffffff">7</text>`) {
		t.Errorf("cell (1,1) is not offset 7 in black!70:\n%s", s)
	}
	if !bytes.Equal(svg, render(t, src, ShowSVG)) {
		t.Error("SVG is not deterministic")
	}
}

// TestShowHTML checks the page of a small layout by hand.
func TestShowHTML(t *testing.T) {
	page := string(render(t, "(2,2):(1@0,1@1)", ShowHTML))
	for _, want := range []string{
		"<!DOCTYPE html>\n", "<title>(2,2):(1@0,1@1)</title>", "td.g7{background:#4c4c4c;color:#ffffff}",
		"<caption>(2,2):(1@0,1@1)</caption>\n<tr><th></th><th>0</th><th>1</th></tr>\n",
		`<tr><th>0</th><td class="g0">(0,0)</td><td class="g1">(0,1)</td></tr>`,
		`<tr><th>1</th><td class="g1">(1,0)</td><td class="g2">(1,1)</td></tr>`,
		"</table>\n</body>\n</html>\n",
	} {
		if !strings.Contains(page, want) {
			t.Errorf("page lacks %q:\n%s", want, page)
		}
	}
	esc := string(render(t, "S<1,1,1> o 0 o (2,2):(1,2)", ShowHTML))
	if !strings.Contains(esc, "<caption>S&lt;1,1,1&gt; o 0 o (2,2):(1,2)</caption>") {
		t.Errorf("caption not escaped:\n%s", esc)
	}
}

// TestShowGolden keeps the full SVG and HTML of an 8x8 XOR swizzle.
func TestShowGolden(t *testing.T) {
	for _, f := range []ShowFormat{ShowSVG, ShowHTML} {
		out := render(t, "S<3,0,3> o 0 o (8,8):(8,1)", f)
		if f == ShowSVG {
			checkXML(t, out)
		}
		goldenfile.Check(t, filepath.Join("testdata", "swizzle_8x8."+f.String()), out)
	}
}

// checkXML fails unless b is well-formed XML.
func checkXML(t *testing.T, b []byte) {
	t.Helper()
	d := xml.NewDecoder(bytes.NewReader(b))
	for {
		_, err := d.Token()
		if err == io.EOF {
			return
		}
		if err != nil {
			t.Fatalf("not well-formed XML: %v", err)
		}
	}
}
