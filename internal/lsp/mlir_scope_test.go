package lsp

import (
	"os"
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cutec/cutec/diag"
	"github.com/cutec/cutec/verify"
)

// lintLines returns the 0-based lines of the diagnostics that lint's pass
// for MLIR (the one the server uses) reports on text read whole, as
// "CODE@line" sorted.
func lintLines(t *testing.T, text string) []string {
	t.Helper()
	p, err := verify.NewPass(verify.Options{Lowerable: true, IR: true})
	require.NoError(t, err)
	var out []string
	for _, d := range p.MLIR(diag.NewFile("x.mlir", []byte(text))) {
		out = append(out, string(d.Code)+"@"+itoa(d.Start().Line-1))
	}
	sort.Strings(out)
	return out
}

func serverLines(ds []Diagnostic) []string {
	var out []string
	for _, d := range ds {
		out = append(out, d.Code+"@"+itoa(d.Range.Start.Line))
	}
	sort.Strings(out)
	return out
}

// TestMLIRLookbackAsLint checks that the server looks back for the
// operands of make_layout as far as lint does (MLIRLookback bytes, not a
// number of lines): the stride is defined 400 short lines above the op, 5
// KB up, and the server reports the wrong result type as lint does.
func TestMLIRLookbackAsLint(t *testing.T) {
	c := startClient(t)
	c.initialize()
	text := "func.func @f() {\n" +
		"  %s = cute.static : !cute.shape<\"(4,8)\">\n" +
		"  %d = cute.static : !cute.stride<\"(8,1)\">\n" +
		strings.Repeat("  // pad\n", 400) +
		// make_layout of (4,8) and (8,1) is (4,8):(8,1), not (4,8):(1,8)
		"  %l = cute.make_layout(%s, %d) : !cute.layout<\"(4,8):(1,8)\">\n" +
		"}\n"
	want := lintLines(t, text)
	require.Equal(t, []string{"E0605@403"}, want, "lint")
	assert.Equal(t, want, serverLines(c.open("file:///far.mlir", "mlir", text)))
	// Past the lookback, neither reports (the op is skipped).
	far := strings.Replace(text, strings.Repeat("  // pad\n", 400), strings.Repeat("  // pad\n", 1200), 1)
	assert.Empty(t, lintLines(t, far))
	assert.Empty(t, c.open("file:///farther.mlir", "mlir", far))
}

// TestMLIRAliasesScopedToModule opens the synthetic pass dump of
// testdata/mlir (several modules that each define `!memref_gmem_f16_2`
// again, as the hopper fmha dump of NVIDIA's CuTe DSL examples does): the
// server reports what lint reports, nothing as written and E0605 on a
// wrong result in the last module, also after lines are added above it;
// and go-to-definition of the alias leads to its own module's definition.
func TestMLIRAliasesScopedToModule(t *testing.T) {
	src, err := os.ReadFile("../../testdata/mlir/pass_dump_modules.mlir")
	require.NoError(t, err)
	c := startClient(t)
	c.initialize()
	uri := "file:///dump.mlir"
	text := string(src)
	assert.Empty(t, c.open(uri, "mlir", text))
	lines := strings.Split(text, "\n")
	last := -1
	for i, l := range lines {
		if strings.Contains(l, `int_tuple<"32">`) {
			last = i
		}
	}
	require.GreaterOrEqual(t, last, 0)
	col := strings.Index(lines[last], `"32"`) + 1
	ds := c.change(uri, 2, rng(last, col, last, col+2), "64")
	wrong := strings.Replace(text, `int_tuple<"32">`, `int_tuple<"64">`, 1)
	require.Equal(t, []string{"E0605@" + itoa(last)}, lintLines(t, wrong))
	assert.Equal(t, lintLines(t, wrong), serverLines(ds))
	// Two lines added at the top move the modules down.
	ds = c.change(uri, 3, rng(0, 0, 0, 0), "// a\n// b\n")
	assert.Equal(t, lintLines(t, "// a\n// b\n"+wrong), serverLines(ds))

	// Definition of the alias used in the second module's function.
	use := -1
	for i, l := range lines {
		if strings.Contains(l, `"(128,(64,2))"`) {
			use = i + 2
		}
	}
	require.GreaterOrEqual(t, use, 0)
	var locs []Location
	c.result("textDocument/definition", at(uri, use, strings.Index(lines[use-2], "!memref_gmem_f16_2")+2), &locs)
	require.Len(t, locs, 1)
	def := locs[0].Range.Start.Line - 2 // the two lines added
	assert.Contains(t, lines[def], `"(128,(64,2)):(64,(1,8192))"`, "the definition of the second module, line %d", def)
}
