package lsp

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// A hover on a call offers its derivation, with the names of the file
// replaced by their values: complement(4:2, 8) builds (2,1):(1,8), the gap
// below stride 2 and 8/8 = 1 repetition, and returns it coalesced, 2:1
// (pycute's complement; CUTLASS issue 3058).
func TestHoverDerivation(t *testing.T) {
	c := startClient(t)
	c.initialize()
	uri := "file:///d.cute"
	c.open(uri, "cute", "A = 4:2\nC = complement(A, 8)\n")
	var h Hover
	c.result("textDocument/hover", at(uri, 1, 6), &h) // on "complement"
	for _, s := range []string{"derivation", "complement(A, 8)", "filter(4:2) = 4:2", "[gaps] (2,1):(1,8) = (2,1):(1,8)", "= 2:1"} {
		assert.Contains(t, h.Contents.Value, s)
	}
	// A value is not derived.
	c.result("textDocument/hover", at(uri, 0, 5), &h)
	assert.NotContains(t, h.Contents.Value, "derivation")
}

// BenchmarkHoverCall measures a hover on a call in a .cute file, whose
// derivation (the paper's zipped divide, 35 steps) the hover shows.
func BenchmarkHoverCall(b *testing.B) {
	_, send := benchServer(b, "")
	uri := "file:///h.cute"
	send("textDocument/didOpen", map[string]any{"textDocument": map[string]any{"uri": uri, "version": 0, "text": "Z = zipped_divide((8,16):(20,1), [4:1;8:2])\n"}})
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		send("textDocument/hover", at(uri, 0, 6))
	}
}
