package lsp

import (
	"bufio"
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// cuteTiled reads CuTe's prints of the object id from testdata/cute/tiled.tsv
// (printed by CuTe C++ of the NVIDIA/cutlass snapshot, see its README):
// field -> value, with CuTe's static marks (_8) dropped, as cutec prints.
func cuteTiled(t *testing.T, id string) map[string]string {
	t.Helper()
	f, err := os.Open("../../testdata/cute/tiled.tsv")
	require.NoError(t, err)
	defer f.Close()
	out := map[string]string{}
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		parts := strings.SplitN(sc.Text(), "\t", 3)
		if len(parts) == 3 && parts[0] == id {
			out[parts[1]] = strings.ReplaceAll(parts[2], "_", "")
		}
	}
	require.NotEmpty(t, out, id)
	return out
}

// TestHoverTiled: the hover on a tiled MMA or copy shows its layouts, as
// CuTe prints them, and its thread-value picture; a large one gets a note.
func TestHoverTiled(t *testing.T) {
	c := startClient(t)
	c.initialize()
	uri := "file:///t.cute"
	c.open(uri, "cute", "M = make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN)\n"+
		"C = make_tiled_copy(copy_atom(SM80_CP_ASYNC_CACHEALWAYS, half_t, 128), (16,8):(8,1), (1,8))\n"+
		"B = make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN, (8,8,1))\n")
	var h Hover

	m := cuteTiled(t, "m80_16816_1x1")
	c.result("textDocument/hover", at(uri, 0, 0), &h)
	for _, f := range []string{"thr_layout_vmnk", "tile_size", "layoutA_TV", "layoutB_TV", "layoutC_TV"} {
		assert.Contains(t, h.Contents.Value, m[f], f)
	}
	// The picture: thread 31 holds value 7 of A (tvpic's text format).
	assert.Contains(t, h.Contents.Value, "A (M x K, 16 x 16)")
	assert.Contains(t, h.Contents.Value, "T31V7")

	cp := cuteTiled(t, "c_g2s_cpasync")
	c.result("textDocument/hover", at(uri, 1, 0), &h)
	for _, f := range []string{"TiledLayout_TV", "Tiler_MN", "layoutS_TV", "layoutD_TV"} {
		assert.Contains(t, h.Contents.Value, cp[f], f)
	}
	assert.Contains(t, h.Contents.Value, "T127V7")

	// 128 x 64 x 16: the layouts, no picture but a note.
	c.result("textDocument/hover", at(uri, 2, 0), &h)
	assert.Contains(t, h.Contents.Value, "tile_size (M,N,K): (128,64,16)")
	assert.Contains(t, h.Contents.Value, "picture elided")
	assert.NotContains(t, h.Contents.Value, "T0V0")
	assert.Less(t, len(h.Contents.Value), 8<<10)
}
