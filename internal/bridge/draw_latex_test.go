package bridge

import (
	"compress/gzip"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/cutec/cutec/diag"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// latexLayouts are the layouts of testdata/cute/print_latex (file name ->
// cutec's spelling): CuTe's print_latex of each, with dynamic integers
// (make_layout(make_shape(4,8), make_stride(8,1)) prints (4,8):(8,1), as
// cutec does), composition(Swizzle<2,0,2>{}, L), composition(Swizzle<3,3,3>{}, 0, L)
// and, for the byte swizzle, composition(Swizzle<1,4,3>{}, smem_ptr_flag_bits<16>{}, L).
var latexLayouts = map[string]string{
	"rowmajor_4x8":     "(4,8):(8,1)",
	"colmajor_4x8":     "(4,8):(1,4)",
	"hierarchical":     "((2,2),(2,4)):((1,8),(2,16))",
	"rank1":            "8:2",
	"rowmajor_3x5":     "(3,5):(5,1)",
	"swizzle_202":      "S<2,0,2> o (4,8):(8,1)",
	"swizzle_333_8x8":  "S<3,3,3> o 0 o (8,8):(8,1)",
	"byte_swizzle_16b": "S<1,4,3> o smem_ptr[16b](unset) o (8,16):(16,1)",
}

// cuteSpelling turns the layout CuTe prints into cutec's spelling: _8 is a
// static 8, Sw<B,M,S> a swizzle.
var cuteSpelling = strings.NewReplacer("Sw<", "S<", "_", "")

// TestDrawLatexIsCuTes checks CUTEC_DRAW_LATEX of a layout and of a swizzled
// layout against CuTe's own print_latex of the same layout, line for line:
// every node with its fill and offset, the grid and the labels. The leading
// comment prints the layout, in cutec's spelling: CuTe prints a byte swizzle
// as the element swizzle it draws (as_position_independent_swizzle_layout),
// so that one comment is not compared.
func TestDrawLatexIsCuTes(t *testing.T) {
	files, err := filepath.Glob("../../testdata/cute/print_latex/*.tex")
	require.NoError(t, err)
	require.Len(t, files, len(latexLayouts))
	for _, path := range files {
		id := strings.TrimSuffix(filepath.Base(path), ".tex")
		t.Run(id, func(t *testing.T) {
			expr, ok := latexLayouts[id]
			require.True(t, ok, "no cutec spelling for %s", id)
			want, err := os.ReadFile(path)
			require.NoError(t, err)
			r := Draw([]byte(expr), 3)
			require.False(t, r.Failed, "%s", r.Diags)
			got := strings.SplitAfter(string(r.Value), "\n")
			wantLines := strings.SplitAfter(string(want), "\n")
			require.Equal(t, len(wantLines), len(got), "lines")
			require.True(t, strings.HasPrefix(got[0], "% Layout: "), got[0])
			if id != "byte_swizzle_16b" {
				assert.Equal(t, cuteSpelling.Replace(wantLines[0]), got[0], "the comment")
			}
			for i := 1; i < len(got); i++ {
				require.Equal(t, wantLines[i], got[i], "line %d", i+1)
			}
		})
	}
}

// TestDrawLatexTiled draws a tiled MMA through the same call: the picture
// of internal/tvpic, compared with CuTe's print_latex of that MMA
// (testdata/cute/latex), but for the leading comments.
func TestDrawLatexTiled(t *testing.T) {
	f, err := os.Open("../../testdata/cute/latex/m70_884_nt.tex.gz")
	require.NoError(t, err)
	defer f.Close()
	zr, err := gzip.NewReader(f)
	require.NoError(t, err)
	want, err := io.ReadAll(zr)
	require.NoError(t, err)
	r := Draw([]byte("make_tiled_mma(SM70_8x8x4_F32F16F16F32_NT, (2,2,1), [32:1;32:1;4:1])"), 3)
	require.False(t, r.Failed, "%s", r.Diags)
	comments := regexp.MustCompile(`(?m)\A(%.*\n)+`)
	assert.Equal(t, comments.ReplaceAllString(string(want), ""), comments.ReplaceAllString(string(r.Value), ""))
	assert.Equal(t, "tiled MMA", r.Kind)
}

// TestDrawLatexRefusesWhatItCannotDraw: a dynamic layout fails as the other
// formats do, and a format past CUTEC_DRAW_LATEX is unknown.
func TestDrawLatexRefusesWhatItCannotDraw(t *testing.T) {
	wantCode(t, Draw([]byte("(4,?):(1,4)"), 3), diag.DynamicValue)
	r := Draw([]byte("8:1"), 4)
	wantCode(t, r, diag.EmbeddingFailure)
	assert.Contains(t, r.Diags[0].Message, "CUTEC_DRAW_LATEX (3)")
}
