package screenshot

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"github.com/cutec/cutec/diag"
	"github.com/cutec/cutec/internal/goldenfile"
	"github.com/cutec/cutec/internal/heavytest"
	"github.com/cutec/cutec/normalize"
	"github.com/cutec/cutec/parser"
	"github.com/cutec/cutec/printer"
)

// drawing is one picture to render and what a person must see in it.
type drawing struct {
	name       string // the screenshot's file name in docs/img
	expr       string
	format     printer.ShowFormat
	rows, cols int
}

// The drawings, one per kind (SVG image and HTML page) and a swizzled
// composed layout. (4,8):(8,1) has 4 rows (mode 0) and 8 columns (mode 1).
var drawings = []drawing{
	{"show-svg.png", "(4,8):(8,1)", printer.ShowSVG, 4, 8},
	{"show-html.png", "(4,8):(8,1)", printer.ShowHTML, 4, 8},
	{"show-swizzle-svg.png", "S<2,1,2> o 0 o (4,8):(8,1)", printer.ShowSVG, 4, 8},
	{"show-tall-html.png", "(8,2):(1,8)", printer.ShowHTML, 8, 2},
}

// browser returns the path of a Chromium, or skips the test (fails it with
// CUTEC_REQUIRE_BROWSER=1). A headless browser costs most of a minute of
// the machine's two cores, so the default "go test ./..." does not start
// one even where it is installed: the browser tests run when
// CUTEC_REQUIRE_BROWSER=1 (the embed and web stages of CI), CUTEC_HEAVY=1,
// CUTEC_CHROMIUM names a browser, or CUTEC_UPDATE_SCREENSHOTS=1 rewrites
// the screenshots.
func browser(t *testing.T) string {
	if os.Getenv("CUTEC_REQUIRE_BROWSER") != "1" && os.Getenv("CUTEC_CHROMIUM") == "" &&
		!heavytest.Enabled() && !goldenfile.UpdateScreenshots() {
		t.Skip("browser test: set CUTEC_REQUIRE_BROWSER=1 or CUTEC_HEAVY=1 to run it (docs/testing.md)")
	}
	if p := os.Getenv("CUTEC_CHROMIUM"); p != "" {
		return p
	}
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	if os.Getenv("CUTEC_REQUIRE_BROWSER") == "1" {
		t.Fatal("CUTEC_REQUIRE_BROWSER=1 but no chromium on PATH (apt-get install -y chromium)")
	}
	t.Skip("no chromium on PATH: the drawings are not checked in a browser (apt-get install -y chromium, or set CUTEC_CHROMIUM)")
	return ""
}

func TestDrawingsInBrowser(t *testing.T) {
	chromium := browser(t)
	dir := t.TempDir()
	for _, d := range drawings {
		t.Run(d.name, func(t *testing.T) {
			img := shootPage(t, chromium, filepath.Join(dir, d.name+"."+d.format.String()), draw(t, d), 640, 400)
			check(t, img, d)
			if goldenfile.UpdateScreenshots() {
				update(t, img, filepath.Join("..", "..", "docs", "img", d.name))
			}
		})
	}
}

// draw returns the drawing of d as "cutec show -format" prints it.
func draw(t *testing.T, d drawing) []byte {
	f := diag.NewFile("<expr>", []byte(d.expr))
	x, diags := parser.ParseExpr(f)
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	v, diags := (&normalize.Evaluator{File: f}).Eval(x)
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	var out bytes.Buffer
	var err error
	switch v := v.(type) {
	case normalize.Layout:
		err = printer.ShowLayout(&out, v.L, d.format)
	case normalize.Composed:
		err = printer.ShowComposed(&out, v.C, d.format)
	default:
		t.Fatalf("%s is a %s", d.expr, v.Kind())
	}
	if err != nil {
		t.Fatal(err)
	}
	return out.Bytes()
}

// scale is the device pixel ratio of the screenshots: at 2 the SVG's 1px
// strokes, centred on whole CSS pixels, cover two whole device pixels
// instead of two half-grey ones, so grid lines are black in both kinds.
const scale = 2

// shootPage writes data to the file page, takes Chromium's screenshot of
// it in a window of w x h CSS pixels, and returns the decoded image.
func shootPage(t *testing.T, chromium, page string, data []byte, w, h int) image.Image {
	t.Helper()
	if err := os.WriteFile(page, data, 0o644); err != nil {
		t.Fatal(err)
	}
	shot := page + ".png"
	screenshotSized(t, chromium, page, shot, w, h)
	raw, err := os.ReadFile(shot)
	if err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(bytes.NewReader(raw))
	if err != nil {
		t.Fatal(err)
	}
	return img
}

// screenshotSized renders page in a fresh headless Chromium profile,
// offline, and writes a PNG of a w x h (CSS pixels) window to shot.
func screenshotSized(t *testing.T, chromium, page, shot string, w, h int) {
	args := append(headless(t), fmt.Sprintf("--force-device-scale-factor=%d", scale),
		"--screenshot="+shot, fmt.Sprintf("--window-size=%d,%d", w, h))
	runChromium(t, chromium, append(args, "file://"+page)...)
}

// headless returns the flags of a headless, offline Chromium with a fresh
// profile.
func headless(t *testing.T) []string {
	return []string{"--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
		"--disable-background-networking", "--disable-component-update", "--disable-sync",
		"--hide-scrollbars", "--user-data-dir=" + filepath.Join(t.TempDir(), "profile")}
}

// runChromium runs Chromium with args and returns its standard output.
func runChromium(t *testing.T, chromium string, args ...string) []byte {
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()
	var stdout, stderr bytes.Buffer
	cmd := exec.CommandContext(ctx, chromium, args...)
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("%s: %v\n%s", chromium, err, stderr.Bytes())
	}
	return stdout.Bytes()
}

// update writes the screenshot, cropped to the drawing and a margin, to
// path.
func update(t *testing.T, img image.Image, path string) {
	b := img.Bounds()
	box := image.Rectangle{}
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			if lum(img, x, y) < 230 {
				box = box.Union(image.Rect(x, y, x+1, y+1))
			}
		}
	}
	crop := image.NewRGBA(box.Inset(-8 * scale).Intersect(b))
	for y := crop.Rect.Min.Y; y < crop.Rect.Max.Y; y++ {
		for x := crop.Rect.Min.X; x < crop.Rect.Max.X; x++ {
			crop.Set(x, y, img.At(x, y))
		}
	}
	var out bytes.Buffer
	if err := png.Encode(&out, crop); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, out.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
}

// lum returns the luminance of a pixel, 0 (black) to 255 (white).
func lum(img image.Image, x, y int) int {
	r, g, b, _ := img.At(x, y).RGBA()
	return int((299*r + 587*g + 114*b) / 1000 >> 8)
}

// black is the luminance below which a pixel counts as a grid line: the
// borders are #000000 and the darkest fill is #4c4c4c (luminance 76).
const black = 40

// check checks what a person sees in a screenshot.
func check(t *testing.T, img image.Image, d drawing) {
	b := img.Bounds()
	// Not blank: a good share of the page is ink or shading.
	nonWhite := 0
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			if lum(img, x, y) < 230 {
				nonWhite++
			}
		}
	}
	if share := float64(nonWhite) / float64(b.Dx()*b.Dy()); share < 0.02 {
		t.Fatalf("the screenshot is blank: %.1f%% of it is not white", 100*share)
	}
	// The grid: a vertical line is a run of columns that are black over
	// most of the table's height, a horizontal one likewise; rows+1 and
	// cols+1 of them bound the cells.
	xs := lines(b.Dx(), b.Dy(), func(i, j int) bool { return lum(img, b.Min.X+i, b.Min.Y+j) < black })
	ys := lines(b.Dy(), b.Dx(), func(i, j int) bool { return lum(img, b.Min.X+j, b.Min.Y+i) < black })
	if len(xs) != d.cols+1 || len(ys) != d.rows+1 {
		t.Fatalf("found %d vertical and %d horizontal grid lines, want %d and %d (a %dx%d grid)",
			len(xs), len(ys), d.cols+1, d.rows+1, d.rows, d.cols)
	}
	// A legible label in every cell: ink that stands out from the cell's
	// fill, at least 7 CSS pixels tall (a 14px monospace digit is about 10).
	for r := range d.rows {
		for c := range d.cols {
			cell := image.Rect(xs[c]+2*scale, ys[r]+2*scale, xs[c+1]-1, ys[r+1]-1)
			if h := labelHeight(img, cell); h < 7*scale {
				t.Errorf("cell (%d,%d) at %v has no legible label (ink %d px tall)", r, c, cell, h)
			}
		}
	}
}

// lines finds grid lines along one axis of an n x m image: the positions
// i (runs of neighbours merged into their first) where dark(i, j) holds
// for at least 60% of the longest such run of any position.
func lines(n, m int, dark func(i, j int) bool) []int {
	count := make([]int, n)
	best := 0
	for i := range n {
		for j := range m {
			if dark(i, j) {
				count[i]++
			}
		}
		best = max(best, count[i])
	}
	var out []int
	for i := range n {
		if best > 0 && count[i]*10 >= best*6 && (i == 0 || count[i-1]*10 < best*6) {
			out = append(out, i)
		}
	}
	return out
}

// labelHeight returns the height of the ink in a cell: the pixels whose
// luminance differs from the cell's fill (its corner pixel) by more than 100.
func labelHeight(img image.Image, cell image.Rectangle) int {
	if cell.Empty() {
		return 0
	}
	bg := lum(img, cell.Min.X+1, cell.Min.Y+1)
	top, bottom := -1, -1
	for y := cell.Min.Y; y < cell.Max.Y; y++ {
		for x := cell.Min.X; x < cell.Max.X; x++ {
			if d := lum(img, x, y) - bg; d > 100 || d < -100 {
				if top < 0 {
					top = y
				}
				bottom = y
				break
			}
		}
	}
	if top < 0 {
		return 0
	}
	return bottom - top + 1
}

// TestLinesCountsAGrid checks the grid-line finder on a drawn 3x2 grid, so
// that a broken finder cannot pass the browser test by accident.
func TestLinesCountsAGrid(t *testing.T) {
	img := image.NewGray(image.Rect(0, 0, 100, 60))
	for i := range img.Pix {
		img.Pix[i] = 255
	}
	for _, x := range []int{10, 40, 70} { // 3 vertical lines: 2 columns
		for y := 10; y <= 50; y++ {
			img.Pix[y*100+x] = 0
		}
	}
	for _, y := range []int{10, 20, 30, 50} { // 4 horizontal lines: 3 rows
		for x := 10; x <= 70; x++ {
			img.Pix[y*100+x] = 0
		}
	}
	// A glyph-like blot that must not count as a line.
	for y := 12; y < 18; y++ {
		img.Pix[y*100+25] = 0
	}
	dark := func(i, j int) bool { return img.Pix[j*100+i] < black }
	xs := lines(100, 60, dark)
	ys := lines(60, 100, func(i, j int) bool { return img.Pix[i*100+j] < black })
	if fmt.Sprint(xs) != "[10 40 70]" || fmt.Sprint(ys) != "[10 20 30 50]" {
		t.Errorf("lines: got x %v y %v, want [10 40 70] and [10 20 30 50]", xs, ys)
	}
}
