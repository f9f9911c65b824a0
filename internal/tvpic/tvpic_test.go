package tvpic_test

import (
	"bufio"
	"compress/gzip"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cutec/cutec/diag"
	"github.com/cutec/cutec/internal/heavytest"
	"github.com/cutec/cutec/internal/tvpic"
	"github.com/cutec/cutec/verify"
	"github.com/stretchr/testify/require"
)

// cutecExprs are the objects of testdata/cute/latex, written in cutec's
// language; their C++ (testdata/cute/tiled.tsv, field cpp) is what CuTe
// drew with print_latex.
var cutecExprs = map[string]string{
	"m80_16816_2x2_p32":    "make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN, (2,2,1), [32:1;32:1;16:1])",
	"m80_16816_2x2_nfirst": "make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN, (2,2,1):(2,1,0), [32:1;32:1;16:1])",
	"m70_884_nt":           "make_tiled_mma(SM70_8x8x4_F32F16F16F32_NT, (2,2,1), [32:1;32:1;4:1])",
	"m80_1688_tf32":        "make_tiled_mma(SM80_16x8x8_F32TF32TF32F32_TN, (2,2,1))",
	"fma_16x8_k":           "make_tiled_mma(UniversalFMA, (16,8,1):(8,1,0))",
	"m80_884_f64":          "make_tiled_mma(SM80_8x8x4_F64F64F64F64_TN, (2,2,1), [16:1;32:1;4:1])",
	"m90_64x32_rs":         "make_tiled_mma(SM90_64x32x16_F32BF16BF16_RS)",
	"c_s2r_A_ldsm4":        "make_tiled_copy_A(copy_atom(SM75_U32x4_LDSM_N, half_t), make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN, (2,2,1), [32:1;32:1;16:1]))",
	"c_s2r_B_ldsmT4":       "make_tiled_copy_B(copy_atom(SM75_U16x4_LDSM_T, half_t), make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN, (2,2,1)))",
	"c_g2s_cpasync":        "make_tiled_copy(copy_atom(SM80_CP_ASYNC_CACHEALWAYS, half_t, 128), (16,8):(8,1), (1,8))",
	"c_r2s_C_stsm4":        "make_tiled_copy_C(copy_atom(SM90_U32x4_STSM_N, half_t), make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN, (2,2,1), [32:1;32:1;16:1]))",
	"c_s2r_A_ldsm1":        "make_tiled_copy_A(copy_atom(SM75_U32x1_LDSM_N, half_t), make_tiled_mma(SM80_16x8x8_F32F16F16F32_TN, (1,1,1)))",
}

// picture evaluates a cutec expression and draws it.
func picture(t *testing.T, expr string) *tvpic.Picture {
	t.Helper()
	v, diags := verify.Default().Expr(diag.NewFile("<test>", []byte(expr)))
	require.NotNil(t, v, "%s: %v", expr, diags)
	p, err := tvpic.Of(v)
	require.NoError(t, err)
	return p
}

func gunzip(t *testing.T, path string) string {
	f, err := os.Open(path)
	require.NoError(t, err)
	defer f.Close()
	z, err := gzip.NewReader(f)
	require.NoError(t, err)
	b, err := io.ReadAll(z)
	require.NoError(t, err)
	return string(b)
}

// TestLatexIsCuTes compares every line but the leading comments (CuTe
// prints the layouts there in its own spelling) with CuTe's own
// print_latex of the same object: every cell, its thread, value, colour and
// place, the grids and the labels.
func TestLatexIsCuTes(t *testing.T) {
	files, err := filepath.Glob("../../testdata/cute/latex/*.tex.gz")
	require.NoError(t, err)
	require.GreaterOrEqual(t, len(files), 12)
	for _, path := range files {
		id := strings.TrimSuffix(filepath.Base(path), ".tex.gz")
		t.Run(id, func(t *testing.T) {
			expr, ok := cutecExprs[id]
			require.True(t, ok, "no cutec spelling for %s", id)
			var b strings.Builder
			require.NoError(t, picture(t, expr).Write(&b, "latex"))
			want := body(gunzip(t, path))
			got := body(b.String())
			require.Equal(t, len(want), len(got), "lines")
			for i := range want {
				if want[i] != got[i] {
					t.Fatalf("line %d:\n got  %s\n CuTe %s", i, got[i], want[i])
				}
			}
		})
	}
}

// body is the lines after the leading % comments.
func body(s string) []string {
	var out []string
	sc := bufio.NewScanner(strings.NewReader(s))
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		if len(out) == 0 && strings.HasPrefix(sc.Text(), "%") {
			continue
		}
		out = append(out, sc.Text())
	}
	return out
}

// TestLatexCompiles runs pdflatex on the TikZ pictures of the objects of
// TestLatexIsCuTes, where a TeX is installed (Debian's texlive-latex-base
// and texlive-pictures; CI does not install them, to keep its time). CuTe's
// print_latex writes the standalone class, which is in texlive-latex-extra,
// so the check sets the same picture in the article class: what it checks
// is that every TikZ command cutec writes compiles. (Checked with every
// picture, CUTEC_LATEX_ALL=1: all compile.)
func TestLatexCompiles(t *testing.T) {
	// pdflatex takes most of a minute of the machine for one picture, so
	// the default tests leave it to CUTEC_HEAVY=1 (CI installs no TeX).
	heavytest.Skip(t)
	pdflatex, err := exec.LookPath("pdflatex")
	if err != nil {
		t.Skip("pdflatex is not installed")
	}
	dir := t.TempDir()
	for id, expr := range cutecExprs {
		// pdflatex takes up to 20 s a picture: one small one, and every
		// one with CUTEC_LATEX_ALL=1 (as checked when this test was written).
		if id != "m80_1688_tf32" && os.Getenv("CUTEC_LATEX_ALL") != "1" {
			continue
		}
		var b strings.Builder
		require.NoError(t, picture(t, expr).Write(&b, "latex"))
		src := strings.Replace(b.String(), `\documentclass[convert]{standalone}`, `\documentclass{article}`+"\n"+`\usepackage[paperwidth=200in,paperheight=200in]{geometry}`, 1)
		require.Contains(t, src, `\documentclass{article}`, id)
		tex := filepath.Join(dir, id+".tex")
		require.NoError(t, os.WriteFile(tex, []byte(src), 0o644))
		out, err := exec.Command(pdflatex, "-interaction=nonstopmode", "-halt-on-error", "-output-directory", dir, tex).CombinedOutput()
		require.NoError(t, err, "%s: pdflatex:\n%s", id, out)
		_, err = os.Stat(filepath.Join(dir, id+".pdf"))
		require.NoError(t, err, id)
	}
}
