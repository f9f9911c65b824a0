package lsp

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestHoverByteSwizzle: the hover of CuTe's GMMA::Layout_K_SW128_Atom<half_t>
// as CuTe C++ prints it keeps its element width (cute/pointer_flagged.hpp:
// smem_ptr[16b](unset) is smem_ptr_flag_bits<16>) and names its parts as
// composed_get_inner and composed_get_outer do; the layout of a
// shared-memory memref with its own swizzle is that same value (the swizzle
// of a CuTe DSL memref acts on bytes, docs/banks.md), and a payload inside a
// type is titled by its place, not by an internal kind.
func TestHoverByteSwizzle(t *testing.T) {
	c := startClient(t)
	c.initialize()
	uri := "file:///gmma.cute"
	c.open(uri, "cute", "A = Sw<3,4,3> o smem_ptr[16b](unset) o (_8,_64):(_64,_1)\n")
	var h Hover
	c.result("textDocument/hover", at(uri, 0, 40), &h)
	for _, s := range []string{"S<3,4,3> o smem_ptr[16b](unset) o (8,64):(64,1)",
		"inner function (composed_get_inner): S<3,4,3>",
		"S<3,4,3> acts on the bytes of 16-bit elements",
		"on elements (as_position_independent_swizzle_layout): S<3,3,3> o 0 o (8,64):(64,1)",
		"outer layout (composed_get_outer): (8,64):(64,1)"} {
		assert.Contains(t, h.Contents.Value, s)
	}

	muri := "file:///m.mlir"
	line := `%0 = cute.static : !cute.memref<f16, smem, align<1024>, S<3,4,3>, "(8,64):(64,1)">` + "\n"
	c.open(muri, "mlir", line)
	c.result("textDocument/hover", at(muri, 0, 70), &h)
	require.NotEmpty(t, h.Contents.Value)
	assert.Contains(t, h.Contents.Value, "the layout of a `memref`")
	assert.Contains(t, h.Contents.Value, "S<3,4,3> o smem_ptr[16b](unset) o (8,64):(64,1)")
	assert.NotContains(t, h.Contents.Value, "quoted")
}
