package screenshot

import (
	"bytes"
	"image"
	"os"
	"path/filepath"
	"testing"

	"github.com/cutec/cutec/banks"
	"github.com/cutec/cutec/internal/goldenfile"
	"github.com/cutec/cutec/layout"
)

// bankDrawing is one picture of "cutec banks -format svg|html" to render,
// and what a person must see in it: one row per thread, and in bank column
// conflictBank a red cell on every row (threads rows in all), red nowhere
// else.
type bankDrawing struct {
	name         string // the screenshot's file name in docs/img
	html         bool
	threads      int
	conflictBank int
}

// The 32x32 f32 row-major tile read by column: thread t reads word 32t,
// which is in bank (32t) mod 32 = 0 for every thread, so all 32 rows of
// the picture are red in bank 0 (docs/banks.md, "A 32x32 f32 tile read by
// column"). Its SVG is docs/banks/column_stride32.svg, which
// cmd/cutec/banks_docs_test.go keeps equal to
// `cutec banks -format svg -tv '(32,1):(1,32)' -width 32 '(32,32):(32,1)' f32`.
var bankDrawings = []bankDrawing{
	{"banks-column-svg.png", false, 32, 0},
	{"banks-column-html.png", true, 32, 0},
}

// columnReport analyzes the column read as the command does.
func columnReport(t *testing.T) *banks.Report {
	tile := banks.TileOf(layout.MustNew(layout.Ints(32, 32), layout.Ints(32, 1)))
	f32, err := banks.LookupElem("f32")
	if err != nil {
		t.Fatal(err)
	}
	acc, err := banks.NewAccess(layout.MustNew(layout.Ints(32, 1), layout.Ints(1, 32)), 32)
	if err != nil {
		t.Fatal(err)
	}
	rep, err := banks.Analyze(tile, f32, acc)
	if err != nil {
		t.Fatal(err)
	}
	return rep
}

func TestBankDrawingsInBrowser(t *testing.T) {
	chromium := browser(t)
	rep := columnReport(t)
	var svg, page bytes.Buffer
	if err := rep.WriteSVG(&svg); err != nil {
		t.Fatal(err)
	}
	if err := rep.WriteHTML(&page); err != nil {
		t.Fatal(err)
	}
	doc, err := os.ReadFile(filepath.Join("..", "..", "docs", "banks", "column_stride32.svg"))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(doc, svg.Bytes()) {
		t.Fatal("docs/banks/column_stride32.svg is not the SVG of the column read drawn here")
	}
	dir := t.TempDir()
	for _, d := range bankDrawings {
		t.Run(d.name, func(t *testing.T) {
			file, data := filepath.Join(dir, d.name+".svg"), svg.Bytes()
			if d.html {
				file, data = filepath.Join(dir, d.name+".html"), page.Bytes()
			}
			img := shootPage(t, chromium, file, data, 1000, 900)
			checkBanks(t, img, d)
			if goldenfile.UpdateScreenshots() {
				update(t, img, filepath.Join("..", "..", "docs", "img", d.name))
			}
		})
	}
}

// red reports whether a pixel is the conflict fill #f08080 (light coral),
// with a margin for the browser's anti-aliasing.
func red(img image.Image, x, y int) bool {
	r, g, b, _ := img.At(x, y).RGBA()
	r, g, b = r>>8, g>>8, b>>8
	return r > 200 && g > 100 && g < 160 && b > 100 && b < 160
}

// The geometry of banks/svg.go, in CSS pixels: the grid's left edge and the
// width of a cell.
const (
	bankLeft = 40
	bankCell = 18
)

// checkBanks checks what a person sees in a bank picture: the red cells
// lie in one bank's column, at the place banks/svg.go draws that bank, and
// a scan down the column, beside the cells' labels, crosses one red cell
// per thread.
func checkBanks(t *testing.T, img image.Image, d bankDrawing) {
	b := img.Bounds()
	minX, maxX := b.Max.X, b.Min.X
	reds := 0
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			if red(img, x, y) {
				reds++
				minX, maxX = min(minX, x), max(maxX, x)
			}
		}
	}
	if reds == 0 {
		t.Fatal("no red cell in the picture: the conflict is not shown")
	}
	// The page puts the SVG at the body's margin (8 CSS pixels in Chromium)
	// for HTML and at the origin for a bare SVG; either way the red must
	// fill one cell's width of the conflict bank's column, no more.
	margin := 0
	if d.html {
		margin = 8
	}
	x0 := (margin + bankLeft + d.conflictBank*bankCell) * scale
	x1 := x0 + bankCell*scale
	if minX < x0-scale || maxX > x1+scale {
		t.Fatalf("red spans x %d..%d, want only bank %d's column, %d..%d", minX, maxX, d.conflictBank, x0, x1)
	}
	// Down the column, 2 CSS pixels inside the cell's left edge (the label
	// is centred), each red cell is a run of red pixels, split from the
	// next by the cell's grey border.
	x := x0 + 2*scale
	runs, in := 0, false
	for y := b.Min.Y; y < b.Max.Y; y++ {
		r := red(img, x, y)
		if r && !in {
			runs++
		}
		in = r
	}
	if runs != d.threads {
		t.Errorf("found %d red cells down bank %d, want one per thread, %d", runs, d.conflictBank, d.threads)
	}
}
