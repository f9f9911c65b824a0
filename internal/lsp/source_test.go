package lsp

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const sourceCu = `#include <cute/tensor.hpp>
using namespace cute;
void f() {
  auto sA = make_layout(make_shape(Int<4>{}, Int<8>{}), make_stride(Int<8>{}, Int<1>{}));
  auto bad = make_layout(make_shape(Int<4>{}, Int<8>{}), make_stride(Int<8>{}));
  auto mma = make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN{});
  auto sB = make_layout(make_shape(m, Int<8>{}));
  print(sA);
}
`

// TestSourceDocument: a .cu document is read as cutec lint reads it (its
// CuTe declarations, internal/sources), not as a .cute file: lint's one
// finding, and hovers with the declarations' values.
func TestSourceDocument(t *testing.T) {
	c := startClient(t)
	c.initialize()
	uri := "file:///k.cu"
	diags := c.open(uri, "cuda-cpp", sourceCu)
	// cutec lint k.cu: one E0300 (shape (4,8), stride (8)) at 5:14.
	require.Len(t, diags, 1)
	assert.Equal(t, "E0300", diags[0].Code)
	assert.Equal(t, Position{Line: 4, Character: 13}, diags[0].Range.Start)

	var h Hover
	c.result("textDocument/hover", at(uri, 3, 8), &h) // on the name sA
	// (4,8):(8,1): size 4*8 = 32, cosize L(31)+1 = 3*8+7*1+1 = 32 (CuTe's
	// cosize, the paper's definition).
	for _, s := range []string{"`sA`: layout", "(4,8):(8,1)", "size 32", "cosize 32", "declared on line 4"} {
		assert.Contains(t, h.Contents.Value, s)
	}
	require.NotNil(t, h.Range)
	assert.Equal(t, Range{Start: Position{3, 7}, End: Position{3, 9}}, *h.Range)

	// On a use of the name below: the same value.
	h = Hover{}
	c.result("textDocument/hover", at(uri, 7, 9), &h)
	assert.Contains(t, h.Contents.Value, "`sA`: layout")
	assert.Contains(t, h.Contents.Value, "cosize 32")

	// On the expression of the tiled MMA: its layouts, as CuTe prints them.
	m := cuteTiled(t, "m80_16816_1x1")
	c.result("textDocument/hover", at(uri, 5, 20), &h)
	assert.Contains(t, h.Contents.Value, "tiled MMA")
	assert.Contains(t, h.Contents.Value, m["layoutA_TV"])

	// A run-time value is not evaluated, and says why.
	h = Hover{}
	c.result("textDocument/hover", at(uri, 6, 8), &h)
	assert.Contains(t, h.Contents.Value, "`sB`: not evaluated: ")
	assert.Contains(t, h.Contents.Value, "the name `m`")
	// Outside any declaration: no hover.
	h = Hover{}
	c.result("textDocument/hover", at(uri, 1, 3), &h)
	assert.Empty(t, h.Contents.Value)

	// Nothing of .cute reading: no completion items, no edits.
	var edits []TextEdit
	c.result("textDocument/formatting", map[string]any{"textDocument": map[string]any{"uri": uri}, "options": map[string]any{"tabSize": 2, "insertSpaces": true}}, &edits)
	assert.Empty(t, edits)
}

// TestSourcePython: a CuTe DSL Python document, hovered on its expression.
func TestSourcePython(t *testing.T) {
	c := startClient(t)
	c.initialize()
	uri := "file:///k.py"
	diags := c.open(uri, "python", "import cutlass.cute as cute\n@cute.jit\ndef k():\n    sA = cute.make_layout((4, 8), stride=(8, 1))\n")
	assert.Empty(t, diags)
	var h Hover
	c.result("textDocument/hover", at(uri, 3, 20), &h)
	for _, s := range []string{"(4,8):(8,1)", "size 32", "cosize 32"} {
		assert.Contains(t, h.Contents.Value, s)
	}
}

// TestSourceHoverFollowsScopes: hovering a name shows the declaration C++
// sees there (docs/sources.md: the reader's scopes), not another
// function's declaration of the same name above it.
func TestSourceHoverFollowsScopes(t *testing.T) {
	c := startClient(t)
	c.initialize()
	uri := "file:///s.cu"
	src := "#include <cute/tensor.hpp>\nusing namespace cute;\n" +
		"auto sA = make_layout(make_shape(Int<2>{}, Int<2>{}));\n" +
		"void f() {\n  auto sA = make_layout(make_shape(Int<4>{}, Int<8>{}));\n}\n" +
		"void g() {\n  print(sA);\n}\n"
	c.open(uri, "cuda-cpp", src)
	var h Hover
	c.result("textDocument/hover", at(uri, 7, 9), &h) // sA in g: the namespace's
	assert.Contains(t, h.Contents.Value, "(2,2):(1,2)")
	assert.Contains(t, h.Contents.Value, "declared on line 3")
}
