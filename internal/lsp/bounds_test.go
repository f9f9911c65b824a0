package lsp

import (
	"bytes"
	"encoding/json"
	"fmt"
	"runtime"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// boundServer is a server whose output is kept, and a function that sends
// it a request and returns the bytes it allocated to handle it
// (runtime.MemStats.TotalAlloc): work counted in bytes, not seconds.
func boundServer(t *testing.T) (*Server, *bytes.Buffer, func(method string, params any) uint64) {
	var out bytes.Buffer
	s, err := NewServer(&out, Options{Format: testFormat})
	require.NoError(t, err)
	send := func(method string, params any) uint64 {
		body, err := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": 1, "method": method, "params": params})
		require.NoError(t, err)
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		s.Handle(body)
		runtime.ReadMemStats(&after)
		return after.TotalAlloc - before.TotalAlloc
	}
	send("initialize", map[string]any{})
	return s, &out, send
}

func openParams(uri, text string) map[string]any {
	return map[string]any{"textDocument": map[string]any{"uri": uri, "version": 1, "text": text}}
}

// TestLoneCRPositionsLinear: positions on a line of many lone "\r" are
// found from the line's segments, kept until the next edit: the semantic
// tokens of such a line of 960 KB allocated 27538 bytes a byte (every
// position listed every "\r" of the line again; its 20000 comments are
// tokens), and the MLIR of 22 MB took 77 s to its first hover.
func TestLoneCRPositionsLinear(t *testing.T) {
	text := strings.Repeat("A = composition((4,6,8,10):(2,3,5,7), 6:12) # c\r", 2000)
	_, _, send := boundServer(t)
	uri := "file:///cr.cute"
	send("textDocument/didOpen", openParams(uri, text))
	alloc := send("textDocument/semanticTokens/full", map[string]any{"textDocument": map[string]any{"uri": uri}})
	assert.Less(t, alloc, uint64(64*len(text)), "tokens: %d bytes for %d", alloc, len(text))

	mlir := strings.Repeat("%0 = cute.static : !cute.layout<\"(4,8):(1,4)\">\r", 8000)
	uri = "file:///cr.mlir"
	alloc = send("textDocument/didOpen", openParams(uri, mlir))
	assert.Less(t, alloc, uint64(64*len(mlir)), "open: %d bytes for %d", alloc, len(mlir))
	alloc = send("textDocument/hover", at(uri, 6000, 40))
	assert.Less(t, alloc, uint64(8*len(mlir)), "hover: %d bytes for %d", alloc, len(mlir))
}

// TestLargeCuteDocumentBounded: a .cute document over maxAnalysisBytes is
// not analyzed (its syntax tree took about 50 bytes a byte, and a 6.8 MB
// document of lone "\r" ran out of memory on a hover), and an edit of it
// does not check it again whole: it publishes one E0705 of information
// that says it is checked on save, which checks it.
func TestLargeCuteDocumentBounded(t *testing.T) {
	line := "A = composition((4,6,8,10):(2,3,5,7), 6:12) # c\r"
	text := strings.Repeat(line, maxAnalysisBytes/len(line)+1000) // one line of lint, over maxLineLen
	_, out, send := boundServer(t)
	uri := "file:///big.cute"
	send("textDocument/didOpen", openParams(uri, text))
	for _, c := range []struct {
		method string
		params any
	}{
		{"textDocument/hover", at(uri, 5000, 5)},
		{"textDocument/semanticTokens/full", map[string]any{"textDocument": map[string]any{"uri": uri}}},
		{"textDocument/definition", at(uri, 5000, 1)},
		{"textDocument/references", map[string]any{"textDocument": map[string]any{"uri": uri}, "position": pos(5000, 1), "context": map[string]any{"includeDeclaration": true}}},
	} {
		alloc := send(c.method, c.params)
		assert.Less(t, alloc, uint64(len(text)/4), "%s: %d bytes for a document of %d", c.method, alloc, len(text))
	}
	out.Reset()
	alloc := send("textDocument/didChange", map[string]any{"textDocument": map[string]any{"uri": uri, "version": 2},
		"contentChanges": []any{map[string]any{"range": rng(0, 0, 0, 0), "text": "#"}}})
	// The edit copies the one line it is on (here the whole text) and splits
	// it again; nothing checks it.
	assert.Less(t, alloc, uint64(4*len(text)), "an edit: %d bytes for a document of %d", alloc, len(text))
	assert.Contains(t, out.String(), "checked when it is saved")
	assert.Contains(t, out.String(), `"code":"E0705"`)
	out.Reset()
	send("textDocument/didSave", map[string]any{"textDocument": map[string]any{"uri": uri}})
	assert.Contains(t, out.String(), "E0109", "the save checks it: its one line is over the line limit")
}

// TestLongLineLeftOutOfAnalysis: a line over maxAnalysisLine is blanked in
// the analysis rather than parsed (hundreds of bytes a byte); the names on
// the other lines still resolve.
func TestLongLineLeftOutOfAnalysis(t *testing.T) {
	text := "A = 8:1\n" + strings.Repeat("(", maxAnalysisLine+10) + "\nB = A\n"
	_, out, send := boundServer(t)
	uri := "file:///long.cute"
	send("textDocument/didOpen", openParams(uri, text))
	out.Reset()
	alloc := send("textDocument/definition", at(uri, 2, 4))
	assert.Less(t, alloc, uint64(8*len(text)), "definition: %d bytes", alloc)
	assert.Contains(t, out.String(), `"range":{"start":{"line":0,"character":0}`)
}

// TestCuteEditCheckBounded: an edit of a .cute document over
// maxLiveCheckBytes does not check it again whole (every keystroke did);
// one of fewer bytes is checked at every edit.
func TestCuteEditCheckBounded(t *testing.T) {
	line := "A%d = composition((4,6,8,10):(2,3,5,7), 6:12)\n"
	var b strings.Builder
	for i := 0; b.Len() <= maxLiveCheckBytes; i++ {
		fmt.Fprintf(&b, line, i)
	}
	text := b.String()
	_, out, send := boundServer(t)
	uri := "file:///live.cute"
	open := send("textDocument/didOpen", openParams(uri, text))
	out.Reset()
	edit := send("textDocument/didChange", map[string]any{"textDocument": map[string]any{"uri": uri, "version": 2},
		"contentChanges": []any{map[string]any{"range": rng(0, 0, 0, 0), "text": "#"}}})
	assert.Less(t, edit, open/20, "an edit allocated %d bytes, opening %d", edit, open)
	assert.Contains(t, out.String(), "checked when it is saved")
	out.Reset()
	send("textDocument/didSave", map[string]any{"textDocument": map[string]any{"uri": uri}})
	assert.NotContains(t, out.String(), "checked when it is saved")
}
