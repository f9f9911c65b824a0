package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// lintText lints text as a file named name with -j j and returns what
// lint printed.
func lintText(t *testing.T, name, text, j string) string {
	t.Helper()
	file := filepath.Join(t.TempDir(), name)
	require.NoError(t, os.WriteFile(file, []byte(text), 0o644))
	var out strings.Builder
	e := &env{stdin: strings.NewReader(""), stdout: &out, stderr: &out, getenv: func(string) string { return "" }}
	run([]string{"lint", "-j", j, file}, e)
	return out.String()
}

// TestLintAliasesScopedToModule lints a pass dump of two modules that each
// define `!memref_gmem_f16_2` (as the hopper fmha dump of NVIDIA's CuTe DSL
// examples does at its lines 7 and 16,022, see
// testdata/mlir/pass_dump_modules.mlir), the second far enough down to be
// read in a later chunk: each module's ops are judged by its own
// definition, so the dump is clean with one worker and with two, and a
// wrong result in the second module is reported once.
func TestLintAliasesScopedToModule(t *testing.T) {
	module := func(layout, shape, size string) string {
		return "!memref_gmem_f16_2 = !cute.memref<f16, gmem, align<32>, \"" + layout + "\">\n" +
			"module attributes {gpu.container_module} {\n  gpu.module @kernels {\n    func.func @fmha_fwd(%arg0: !memref_gmem_f16_2) {\n" +
			strings.Repeat("      %0 = cute.get_shape(%arg0) : (!memref_gmem_f16_2) -> !cute.shape<\""+shape+"\">\n", 1500) +
			"      %1 = cute.size(%arg0) <{mode = [1]}> : (!memref_gmem_f16_2) -> !cute.int_tuple<\"" + size + "\">\n" +
			"      return\n    }\n  }\n}\n"
	}
	first := "// -----// IR Dump After CuteFoldStatic (cute-fold-static) //----- //\n" + module("(128,64):(64,1)", "(128,64)", "64")
	require.Greater(t, len(first), chunkSize, "the second module must start in a later chunk")
	second := "// -----// IR Dump After CuteExpandOps (cute-expand-ops) //----- //\n" + module("(128,(64,2)):(64,(1,8192))", "(128,(64,2))", "128")
	third := module("(64,32):(1,64)", "(64,32)", "32") // no header: the module line alone ends the second
	for _, j := range []string{"1", "2"} {
		assert.Empty(t, lintText(t, "dump.mlir", first+second+third, j), "lint -j %s", j)
		wrong := strings.Replace(third, `int_tuple<"32">`, `int_tuple<"64">`, 1)
		out := lintText(t, "dump.mlir", first+second+wrong, j)
		assert.Equal(t, 1, strings.Count(out, "E0605"), "lint -j %s:\n%s", j, out)
		assert.Contains(t, out, `int_tuple<"32">, which cutec derives`, "lint -j %s", j)
	}
}

// TestLintSSAScopedToFunction lints testdata/mlir/functions_ssa.mlir,
// where `%0` is defined by an op of @a and is an argument of @b: @b's
// make_layout takes its operand from @b's arguments (no false E0605), with
// one worker and with two.
func TestLintSSAScopedToFunction(t *testing.T) {
	src, err := os.ReadFile("../../testdata/mlir/functions_ssa.mlir")
	require.NoError(t, err)
	for _, j := range []string{"1", "2"} {
		assert.Empty(t, lintText(t, "f.mlir", string(src), j), "lint -j %s", j)
	}
}
