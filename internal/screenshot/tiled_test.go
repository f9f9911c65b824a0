package screenshot

import (
	"bytes"
	"image"
	"path/filepath"
	"testing"

	"github.com/cutec/cutec/diag"
	"github.com/cutec/cutec/internal/goldenfile"
	"github.com/cutec/cutec/internal/tvpic"
	"github.com/cutec/cutec/verify"
)

// The pictures of `cutec show` of a tiled MMA and a tiled copy, rendered by
// Chromium: every cell of every panel must show the colour of the thread
// that owns it (CuTe's palette, by thread mod 8) where tvpic places it. The
// owners are the ones the LaTeX test (internal/tvpic) checks against CuTe's
// print_latex.
var tiledDrawings = []struct {
	name, expr string
	html       bool
}{
	{"tiled-mma-svg.png", "make_tiled_mma(SM80_16x8x8_F32F16F16F32_TN)", false},
	{"tiled-mma-html.png", "make_tiled_mma(SM80_16x8x8_F32F16F16F32_TN)", true},
	{"tiled-copy-svg.png", "make_tiled_copy_A(copy_atom(SM75_U32x1_LDSM_N, half_t), make_tiled_mma(SM80_16x8x8_F32F16F16F32_TN))", false},
}

func TestTiledDrawingsInBrowser(t *testing.T) {
	chromium := browser(t)
	dir := t.TempDir()
	for _, d := range tiledDrawings {
		t.Run(d.name, func(t *testing.T) {
			v, diags := verify.Default().Expr(diag.NewFile("<test>", []byte(d.expr)))
			if v == nil {
				t.Fatalf("%s: %v", d.expr, diags)
			}
			pic, err := tvpic.Of(v)
			if err != nil {
				t.Fatal(err)
			}
			var buf bytes.Buffer
			format, ext := "svg", ".svg"
			if d.html {
				format, ext = "html", ".html"
			}
			if err := pic.Write(&buf, format); err != nil {
				t.Fatal(err)
			}
			img := shootPage(t, chromium, filepath.Join(dir, d.name+ext), buf.Bytes(), 1000, 900)
			margin := 0
			if d.html {
				margin = 8
			}
			checkCells(t, img, pic, margin)
			if goldenfile.UpdateScreenshots() {
				update(t, img, filepath.Join("..", "..", "docs", "img", d.name))
			}
		})
	}
}

// checkCells samples each cell 3 CSS pixels inside its left edge, halfway
// down (clear of its border and of its centred T and V labels), and
// compares the colour with the owner's.
func checkCells(t *testing.T, img image.Image, pic *tvpic.Picture, margin int) {
	bad := 0
	for i, pn := range pic.Panels {
		for m := 0; m < pn.Rows; m++ {
			for n := 0; n < pn.Cols; n++ {
				x, y := pic.CellXY(i, m, n)
				px, py := (margin+x+3)*scale, (margin+y+10)*scale
				th, _ := pn.At(m, n)
				want := tvpic.ThreadRGB(th)
				r, g, b, _ := img.At(px, py).RGBA()
				got := [3]int{int(r >> 8), int(g >> 8), int(b >> 8)}
				if !near(got, want) {
					if bad++; bad <= 5 {
						t.Errorf("%s cell (%d,%d) of T%d at (%d,%d) px is rgb%v, want rgb%v", pn.Name, m, n, th, px, py, got, want)
					}
				}
			}
		}
	}
	if bad > 0 {
		t.Errorf("%d cells show another colour than their thread's", bad)
	}
}

func near(a, b [3]int) bool {
	for i := range a {
		if d := a[i] - b[i]; d > 6 || d < -6 {
			return false
		}
	}
	return true
}
