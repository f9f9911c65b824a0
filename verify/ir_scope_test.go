package verify

import (
	"bytes"
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cutec/cutec/diag"
)

// The scoping rules of the one MLIR reader: aliases to their module, SSA
// names to their function. The files are synthetic imitations of real dumps
// (testdata/mlir/pass_dump_modules.mlir imitates the several modules of the
// hopper fmha pass dump of NVIDIA's CuTe DSL examples; functions_ssa.mlir
// the several functions of the dialect's tests); each says so at its top.

func readCorpus(t *testing.T, name string) []byte {
	t.Helper()
	src, err := os.ReadFile("../testdata/mlir/" + name)
	require.NoError(t, err)
	return src
}

// lineOf returns the offset of the start of the n-th line (1-based) holding
// sub in src.
func lineOf(t *testing.T, src []byte, sub string, n int) int {
	t.Helper()
	at := -1
	for range n {
		i := bytes.Index(src[at+1:], []byte(sub))
		require.GreaterOrEqual(t, i, 0, "%q occurs fewer than %d times", sub, n)
		at += 1 + i
	}
	return bytes.LastIndexByte(src[:at], '\n') + 1
}

// TestAliasesScopedToModule checks that each module of a pass dump sees its
// own definition of an alias that every module defines again with another
// layout, at every offset of the text and through a chain of aliases.
func TestAliasesScopedToModule(t *testing.T) {
	src := readCorpus(t, "pass_dump_modules.mlir")
	v := (*Aliases)(nil).Scan(src)
	for i, want := range []string{`"(128,64):(64,1)">`, `"(128,(64,2)):(64,(1,8192))">`, `"(64,32):(1,64)">`} {
		at := lineOf(t, src, "cute.get_shape(%arg0)", i+1)
		def, ok := v.At(at).Resolve([]byte("!memref_gmem_f16_2"))
		require.True(t, ok, "module %d", i+1)
		assert.True(t, bytes.HasSuffix(def, []byte(want)), "module %d resolves to %s, want its own %s", i+1, def, want)
	}
	// The second module defines no !memref_gmem_f16_3: the first module's
	// is not its own.
	_, ok := v.At(lineOf(t, src, "cute.size(%arg0)", 1)).Resolve([]byte("!memref_gmem_f16_3"))
	assert.False(t, ok, "the second module resolved the first module's alias")
	def, ok := v.At(lineOf(t, src, "cute.size(%arg1)", 2)).Resolve([]byte("!memref_gmem_f16_3"))
	require.True(t, ok)
	assert.Contains(t, string(def), `"(64,32):(1,64)"`, "an alias defined as another resolves to the latter's definition")
}

// TestAliasesChunksAgree checks that a reader that cuts a multi-module
// dump into two windows anywhere (scanning each before it is checked)
// reports what a reader of the whole file reports: nothing on the dump as
// written, and exactly one E0605 when the second module's size is given
// the first module's result (64; mode 1 of (128,(64,2)) has 128 elements).
func TestAliasesChunksAgree(t *testing.T) {
	src := readCorpus(t, "pass_dump_modules.mlir")
	wrong := bytes.Replace(src, []byte(`(!memref_gmem_f16_2) -> !cute.int_tuple<"128">`), []byte(`(!memref_gmem_f16_2) -> !cute.int_tuple<"64">`), 1)
	require.NotEqual(t, src, wrong)
	p := irPass(t)
	for _, tc := range []struct {
		text []byte
		want int
	}{{src, 0}, {wrong, 1}} {
		whole := p.MLIR(diag.NewFile("d.mlir", tc.text))
		require.Equal(t, tc.want, strings.Count(whole.Error(), "E0605"), "whole file:\n%s", whole.Error())
		for cut := 0; cut < len(tc.text); {
			v1 := (*Aliases)(nil).Scan(tc.text[:cut])
			v2 := v1.Scan(tc.text[cut:])
			l := p.MLIRWindow(diag.NewFile("d.mlir", tc.text[:cut]), nil, v1, nil)
			l = append(l, p.MLIRWindow(diag.NewWindow("d.mlir", tc.text[cut:], cut, 1+bytes.Count(tc.text[:cut], []byte("\n")), 1), tc.text[:cut], v2, nil)...)
			assert.Equal(t, tc.want, strings.Count(l.Error(), "E0605"), "cut at offset %d:\n%s", cut, l.Error())
			nl := bytes.IndexByte(tc.text[cut:], '\n')
			if nl < 0 {
				break
			}
			cut += nl + 1
		}
	}
}

// TestAliasesSameModuleRepeat checks the rule within one module, where a
// name defined again with another text resolves to nothing.
func TestAliasesSameModuleRepeat(t *testing.T) {
	v := (*Aliases)(nil).Scan([]byte("!a = !cute.layout<\"4:1\">\n!a = !cute.layout<\"2:1\">\nmodule {\n}\n"))
	_, ok := v.Resolve([]byte("!a"))
	assert.False(t, ok)
	// An alias chain that loops resolves to nothing, and ends.
	v = (*Aliases)(nil).Scan([]byte("!a = !b\n!b = !a\n"))
	_, ok = v.Resolve([]byte("!a"))
	assert.False(t, ok)
}

// TestOpCheckerFollowsAliasChain checks that the op checker resolves an
// alias defined as another alias (`!a1 = !a0`): the op is checked (not
// skipped), and a wrong result is reported.
func TestOpCheckerFollowsAliasChain(t *testing.T) {
	text := "!a0 = !cute.layout<\"(4,8):(1,4)\">\n!a1 = !a0\n" +
		"%s = cute.get_shape(%x) : (!a1) -> !cute.shape<\"(4,8)\">\n" +
		"%t = cute.get_stride(%x) : (!a1) -> !cute.stride<\"(1,8)\">\n"
	var st OpStats
	l := irPass(t).MLIRChunk(diag.NewFile("a.mlir", []byte(text)), (*Aliases)(nil).Scan([]byte(text)), &st)
	assert.Equal(t, 2, st.Checked, "both ops checked: %+v", st)
	require.Len(t, l, 1, "%s", l.Error())
	assert.Equal(t, diag.OpResultMismatch, l[0].Code)
	assert.Equal(t, 4, l[0].Start().Line, "the get_stride, whose stride of (4,8):(1,4) is (1,4)")
}

// TestSSAScopedToFunction checks that make_layout's operands are looked up
// in its own function: in functions_ssa.mlir @b's `%0` and `%1` are its
// arguments, (4,8) and (1,4), not the values @a defines above; and that a
// wrong result in @b is judged by @b's arguments.
func TestSSAScopedToFunction(t *testing.T) {
	src := readCorpus(t, "functions_ssa.mlir")
	p := irPass(t)
	var st OpStats
	l := p.MLIRChunk(diag.NewFile("f.mlir", src), nil, &st)
	assert.Empty(t, l, "%s", l.Error())
	assert.Equal(t, 4, st.Checked, "every op checked, @b's make_layout with its arguments' types: %+v", st)
	wrong := bytes.Replace(src, []byte(`%2 = cute.make_layout(%0, %1) : !cute.layout<"(4,8):(1,4)">`), []byte(`%2 = cute.make_layout(%0, %1) : !cute.layout<"(2,2):(1,2)">`), 1)
	require.NotEqual(t, src, wrong)
	l = p.MLIRChunk(diag.NewFile("f.mlir", wrong), nil, nil)
	require.Len(t, l, 1, "%s", l.Error())
	assert.Contains(t, l[0].Message, `!cute.layout<"(4,8):(1,4)">`)
	// A definition above in another function, with no argument of that
	// name: the op is skipped, never judged by the other function's value.
	other := "func.func @a() {\n  %0 = cute.get_shape(%l) : (!cute.layout<\"(2,2):(1,2)\">) -> !cute.shape<\"(2,2)\">\n}\n" +
		"func.func @c(%s: !cute.stride<\"(1,4)\">) {\n  %2 = cute.make_layout(%0, %s) : !cute.layout<\"(4,8):(1,4)\">\n}\n"
	st = OpStats{}
	l = p.MLIRChunk(diag.NewFile("c.mlir", []byte(other)), nil, &st)
	assert.Empty(t, l, "%s", l.Error())
	assert.Equal(t, 1, st.Skipped, "%+v", st)
	// The same, with the other function's text above the window (a reader
	// that cut the file between the functions).
	cut := strings.Index(other, "func.func @c")
	st = OpStats{}
	l = p.MLIRWindow(diag.NewWindow("c.mlir", []byte(other[cut:]), cut, 4, 1), []byte(other[:cut]), nil, &st)
	assert.Empty(t, l, "%s", l.Error())
	assert.Equal(t, 1, st.Skipped, "%+v", st)
}
