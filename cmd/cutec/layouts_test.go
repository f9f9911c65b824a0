package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A C++ header's declaration that CuTe rejects (a stride of rank 1 for a
// shape of rank 2: CuTe C++'s Layout static_asserts congruence) is reported
// by lint at its place in the header; a named file without CuTe is clean,
// and a walked one is not read.
func TestLintReadsCuteSources(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.cuh")
	require.NoError(t, os.WriteFile(bad, []byte("#include <cute/tensor.hpp>\nconstexpr int kM = 64;\n"+
		"using Good = Layout<Shape<Int<kM>,_8>>;\nusing Bad = Layout<Shape<Int<kM>,_8>, Stride<_1>>;\n"), 0o644))
	plain := filepath.Join(dir, "plain.cpp")
	require.NoError(t, os.WriteFile(plain, []byte("int main() { return 0; }\n"), 0o644))

	status, out, _ := runCmd(nil, "lint", bad)
	assert.Equal(t, exitFindings, status)
	assert.Contains(t, out, "bad.cuh:4:39: error[E0300]")

	status, out, _ = runCmd(nil, "lint", plain)
	assert.Equal(t, exitOK, status)
	assert.Empty(t, out)

	status, out, _ = runCmd(nil, "lint", dir)
	assert.Equal(t, exitFindings, status)
	assert.Contains(t, out, "bad.cuh:4:39")
	assert.NotContains(t, out, "plain.cpp")
}

func TestLayoutsJSON(t *testing.T) {
	status, out, errOut := runCmd(nil, "layouts", "-format", "json", "-v", "../../examples/sources/gemm_smem.cuh")
	require.Equal(t, exitOK, status, errOut)
	var got []struct {
		File         string
		Line, Column int
		Name, Kind   string
		Value        string
	}
	require.NoError(t, json.Unmarshal([]byte(out), &got))
	require.NotEmpty(t, got)
	// CuTe C++ prints make_layout(make_shape(Int<4>{},Int<8>{}), LayoutRight{})
	// as (_4,_8):(_8,_1) (testdata/cute_spellings/cases.tsv); tC is that form
	// at 16x16.
	var tC string
	for _, d := range got {
		if d.Name == "tC" {
			tC = d.Value
			assert.Equal(t, 23, d.Line)
			assert.Equal(t, "layout", d.Kind)
		}
	}
	assert.Equal(t, "(16,16):(16,1)", tC)
	assert.Contains(t, errOut, "skipped gA")

	status, _, _ = runCmd(nil, "layouts", "-format", "xml", "x.cu")
	assert.Equal(t, exitUsage, status)
	status, _, _ = runCmd(nil, "layouts", "/nonexistent/x.cu")
	assert.Equal(t, exitUsage, status)
}

// A directory is walked as lint walks it: its sources that use CuTe, in
// lexical order; a file without CuTe under it is not read, and a file
// named on the command line keeps its place among the arguments.
// (Layout<Shape<_4,_8>> is (_4,_8):(_1,_4), CuTe's compact column-major.)
func TestLayoutsWalksADirectory(t *testing.T) {
	dir := t.TempDir()
	sub := filepath.Join(dir, "sub")
	require.NoError(t, os.MkdirAll(sub, 0o755))
	write := func(p, text string) { require.NoError(t, os.WriteFile(p, []byte(text), 0o644)) }
	write(filepath.Join(dir, "b.cuh"), "#include <cute/tensor.hpp>\nusing B = Layout<Shape<_4,_8>>;\n")
	write(filepath.Join(sub, "a.hpp"), "#include <cute/tensor.hpp>\nusing A = Layout<Shape<_2,_2>>;\n")
	write(filepath.Join(dir, "plain.h"), "using P = Layout<Shape<_3>>;\n")
	write(filepath.Join(dir, "notes.cute"), "L = (2,2):(1,2)\n")

	status, out, errOut := runCmd(nil, "layouts", dir)
	require.Equal(t, exitOK, status, errOut)
	assert.Equal(t, filepath.Join(dir, "b.cuh")+":2:11: B: layout: (4,8):(1,4)\n"+
		filepath.Join(sub, "a.hpp")+":2:11: A: layout: (2,2):(1,2)\n", out)

	// named, a file without CuTe is read, and the order is the arguments'
	status, out, errOut = runCmd(nil, "layouts", filepath.Join(dir, "plain.h"), sub)
	require.Equal(t, exitOK, status, errOut)
	assert.Equal(t, filepath.Join(dir, "plain.h")+":1:11: P: layout: (3):(1)\n"+
		filepath.Join(sub, "a.hpp")+":2:11: A: layout: (2,2):(1,2)\n", out)
}
