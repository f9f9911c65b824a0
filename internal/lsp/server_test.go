package lsp

import (
	"encoding/json"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestSessionCute opens examples/broken/divisibility.cute, whose
// diagnostics README.md shows as lint prints them: E0400 at 5:27-5:30 (on
// "6:3"), E0401 at 6:25-6:28 (on "6:1") and E0404 at 9:5-9:32, 1-based
// lines and byte columns; the protocol's are 0-based.
func TestSessionCute(t *testing.T) {
	src, err := os.ReadFile("../../examples/broken/divisibility.cute")
	if err != nil {
		t.Fatal(err)
	}
	c := startClient(t)
	caps := c.initialize()
	if sync, _ := caps["textDocumentSync"].(map[string]any); sync["change"] != 2.0 {
		t.Errorf("textDocumentSync = %v, want incremental (change 2)", caps["textDocumentSync"])
	}
	uri := "file:///work/divisibility.cute"
	type want struct {
		code string
		r    Range
	}
	check := func(what string, ds []Diagnostic, ws ...want) {
		t.Helper()
		if len(ds) != len(ws) {
			t.Fatalf("%s: diagnostics = %+v, want %d", what, ds, len(ws))
		}
		for i, w := range ws {
			if ds[i].Code != w.code || ds[i].Range != w.r || ds[i].Severity != severityError || ds[i].Source != "cutec" {
				t.Errorf("%s: diagnostic %d = %s %+v sev %d, want %s %+v error", what, i, ds[i].Code, ds[i].Range, ds[i].Severity, w.code, w.r)
			}
		}
	}
	ds := c.open(uri, "cute", string(src))
	check("open", ds, want{"E0400", rng(4, 26, 4, 29)}, want{"E0401", rng(5, 24, 5, 27)}, want{"E0404", rng(8, 4, 8, 31)})

	// Incremental changes: 6:3 becomes 6:4 (the stride 4 and the prefix
	// product 4 divide one another), then the line of First6 goes and the
	// raked_product moves up a line.
	ds = c.change(uri, 2, rng(4, 28, 4, 29), "4")
	check("after 6:4", ds, want{"E0401", rng(5, 24, 5, 27)}, want{"E0404", rng(8, 4, 8, 31)})
	ds = c.change(uri, 3, rng(5, 0, 6, 0), "")
	check("after deleting First6", ds, want{"E0404", rng(7, 4, 7, 31)})

	// Hover on the name A in "composition(A, 6:4)" gives its value:
	// (4,6,8):(2,3,5) has size 4*6*8 = 192 and cosize 1 + 3*2 + 5*3 + 7*5 = 57.
	var h Hover
	c.result("textDocument/hover", at(uri, 4, 23), &h)
	for _, s := range []string{"A: layout", "(4,6,8):(2,3,5)", "size 192", "cosize 57", "rank 3", "depth 1"} {
		if !strings.Contains(h.Contents.Value, s) {
			t.Errorf("hover on A = %q, want %q in it", h.Contents.Value, s)
		}
	}
	if h.Range == nil || *h.Range != rng(4, 23, 4, 24) {
		t.Errorf("hover range = %+v, want the name A at 4:23-4:24", h.Range)
	}

	// Definition of A from its use.
	var locs []Location
	c.result("textDocument/definition", at(uri, 4, 23), &locs)
	if len(locs) != 1 || locs[0].URI != uri || locs[0].Range != rng(3, 0, 3, 1) {
		t.Errorf("definition of A = %+v, want %s 3:0-3:1", locs, uri)
	}
	if s := c.stop(); s != 0 {
		t.Errorf("exit status after shutdown and exit = %d, want 0", s)
	}
}

func TestHoverTable(t *testing.T) {
	c := startClient(t)
	c.initialize()
	uri := "file:///x.cute"
	c.open(uri, "cute", "assert composition((4,8):(1,4), 2) == 2:1\n")
	var h Hover
	c.result("textDocument/hover", at(uri, 0, 21), &h) // on the 4 of the shape
	// The column-major (4,8):(1,4) maps (i,j) to i + 4j: row 1 reads 1, 5,
	// 9, ..., 29, and the layout's measures are size 32, cosize 32.
	for _, s := range []string{"layout", "(4,8):(1,4)", "size 32", "cosize 32", "rank 2", "depth 1", " 1  |  1 |  5 |  9 | 13 | 17 | 21 | 25 | 29 |"} {
		if !strings.Contains(h.Contents.Value, s) {
			t.Errorf("hover = %q, want %q in it", h.Contents.Value, s)
		}
	}
	if h.Range == nil || *h.Range != rng(0, 19, 0, 30) {
		t.Errorf("hover range = %+v, want the whole layout 0:19-0:30", h.Range)
	}
	// On the operation name: its documentation and the result, which is
	// (4,8):(1,4) composed with 2:1, the first two offsets 0 and 1: 2:1.
	c.result("textDocument/hover", at(uri, 0, 9), &h)
	if !strings.Contains(h.Contents.Value, "**composition**") || !strings.Contains(h.Contents.Value, "result: layout") || !strings.Contains(h.Contents.Value, "2:1") {
		t.Errorf("hover on composition = %q", h.Contents.Value)
	}
}

func TestHoverKinds(t *testing.T) {
	c := startClient(t)
	c.initialize()
	uri := "file:///k.cute"
	c.open(uri, "cute", "Sw = S<3,4,3>\nT = [4:1;(2,2):(1,4)]\nU = (4,?{div=8}):(1,4)\nI = (4,8):(1@0,1@1)\nassert rank(I) == 2\n")
	cases := []struct {
		line, char int
		want       []string
	}{
		// On a defined name, the value it gets. S<3,4,3> (CuTe's
		// Swizzle<B,M,S>) XORs the B=3 bits at M+S = 7 into bits M = 4..6.
		{0, 0, []string{"Sw: swizzle", "S<3,4,3>", "XORs bits [7,10) of an offset into bits [4,7)"}},
		{1, 6, []string{"tiler", "rank 2", "mode 1: (2,2):(1,4)"}},
		{2, 0, []string{"U: layout", "rank 2", "?{div=8} ×1"}},
		// On the count of a basis stride: the whole layout it is in, the
		// identity (4,8):(1@0,1@1) of rank 2 and size 32.
		{3, 11, []string{"layout", "(4,8):(1@0,1@1)", "size 32", "rank 2"}},
		// On the assert keyword: nothing to describe.
		{4, 2, nil},
	}
	for _, tc := range cases {
		var h Hover
		c.result("textDocument/hover", at(uri, tc.line, tc.char), &h)
		if tc.want == nil && h.Contents.Value != "" {
			t.Errorf("hover at %d:%d = %q, want none", tc.line, tc.char, h.Contents.Value)
		}
		for _, s := range tc.want {
			if !strings.Contains(h.Contents.Value, s) {
				t.Errorf("hover at %d:%d = %q, want %q in it", tc.line, tc.char, h.Contents.Value, s)
			}
		}
	}
}

func TestHoverExpectCode(t *testing.T) {
	c := startClient(t)
	c.initialize()
	uri := "file:///e.cute"
	c.open(uri, "cute", "expect E0400 composition((4,6):(1,5), 6:3)\n")
	var h Hover
	c.result("textDocument/hover", at(uri, 0, 8), &h)
	// E0400 is the stride divisibility condition of composition (README.md's
	// verify example); the hover gives the catalogue's entry for it.
	if !strings.HasPrefix(h.Contents.Value, "**E0400**") || !strings.Contains(h.Contents.Value, "(error)") {
		t.Errorf("hover on E0400 = %q", h.Contents.Value)
	}
	if h.Range == nil || *h.Range != rng(0, 7, 0, 12) {
		t.Errorf("hover range = %+v, want 0:7-0:12", h.Range)
	}
}

func TestMLIRAliasReferences(t *testing.T) {
	c := startClient(t)
	c.initialize()
	uri := "file:///r.mlir"
	text := "!a = !cute.layout<\"4:1\">\n!ab = !cute.layout<\"8:1\">\nfunc.func @f(%x: !a, %y: !ab, %z: !a)\n"
	c.open(uri, "mlir", text)
	var locs []Location
	c.result("textDocument/references", map[string]any{"textDocument": map[string]any{"uri": uri}, "position": pos(2, 18), "context": map[string]any{"includeDeclaration": false}}, &locs)
	// The uses of !a on line 2 are at bytes 17 and 34; !ab is another name.
	want := []Range{rng(2, 17, 2, 19), rng(2, 34, 2, 36)}
	if len(locs) != len(want) || locs[0].Range != want[0] || locs[1].Range != want[1] {
		t.Errorf("references of !a = %+v, want %+v", locs, want)
	}
	c.result("textDocument/references", map[string]any{"textDocument": map[string]any{"uri": uri}, "position": pos(2, 18), "context": map[string]any{"includeDeclaration": true}}, &locs)
	if len(locs) != 3 || locs[0].Range != rng(0, 0, 0, 2) {
		t.Errorf("references of !a with its declaration = %+v", locs)
	}
}

func TestFormattingAndQuickFix(t *testing.T) {
	c := startClient(t)
	c.initialize()
	uri := "file:///tile.cute"
	// README.md's fmt example: the pycute spelling becomes canonical.
	ds := c.open(uri, "cute", "# a tile\nA = (4, 2) : (1, 4)   # pycute spelling\n")
	if len(ds) != 1 || ds[0].Code != "W0903" || ds[0].Severity != severityWarning {
		t.Fatalf("diagnostics = %+v, want one W0903 warning", ds)
	}
	var edits []TextEdit
	c.result("textDocument/formatting", map[string]any{"textDocument": map[string]any{"uri": uri}, "options": map[string]any{"tabSize": 4, "insertSpaces": true}}, &edits)
	got := applyEdits(t, "# a tile\nA = (4, 2) : (1, 4)   # pycute spelling\n", edits)
	if want := "# a tile\nA = (4,2):(1,4)   # pycute spelling\n"; got != want {
		t.Errorf("formatted = %q, want %q (edits %+v)", got, want, edits)
	}
	if len(edits) != 1 || edits[0].Range.Start.Line != 1 {
		t.Errorf("edits = %+v, want one edit on line 1", edits)
	}
	var actions []codeAction
	c.result("textDocument/codeAction", map[string]any{"textDocument": map[string]any{"uri": uri}, "range": rng(1, 5, 1, 5), "context": map[string]any{"diagnostics": []any{}}}, &actions)
	if len(actions) != 1 || actions[0].Kind != "quickfix" {
		t.Fatalf("code actions = %+v, want one quick fix", actions)
	}
	e := actions[0].Edit.Changes[uri]
	if len(e) != 1 || e[0].NewText != "(4,2):(1,4)" || e[0].Range != rng(1, 4, 1, 19) {
		t.Errorf("quick fix edits = %+v, want (4,2):(1,4) over 1:4-1:19", e)
	}
	// A syntax error: formatting fails with the reason, as fmt does.
	c.change(uri, 2, rng(1, 0, 1, 0), "(((")
	m := c.call("textDocument/formatting", map[string]any{"textDocument": map[string]any{"uri": uri}})
	if m.Error == nil || !strings.Contains(m.Error.Message, "not formatted") {
		t.Errorf("formatting a syntax error: %s %v, want an error", m.Result, m.Error)
	}
}

// applyEdits applies non-overlapping edits to text, as an editor does.
func applyEdits(t *testing.T, text string, edits []TextEdit) string {
	d := newDocument("file:///a", "", 0, text)
	for i := len(edits) - 1; i >= 0; i-- { // the edits are in order
		d.apply(contentChange{Range: &edits[i].Range, Text: edits[i].NewText})
	}
	return d.text()
}

func TestNamesCompletionTokens(t *testing.T) {
	c := startClient(t)
	c.initialize()
	uri := "file:///n.cute"
	text := "L = (4,8):(1,4)\nM = coalesce(L)\nassert size(L) == 32 # L is 4x8\n"
	c.open(uri, "cute", text)
	var locs []Location
	c.result("textDocument/references", map[string]any{"textDocument": map[string]any{"uri": uri}, "position": pos(0, 0), "context": map[string]any{"includeDeclaration": true}}, &locs)
	want := []Range{rng(0, 0, 0, 1), rng(1, 13, 1, 14), rng(2, 12, 2, 13)}
	if len(locs) != len(want) {
		t.Fatalf("references of L = %+v, want %v", locs, want)
	}
	for i, w := range want {
		if locs[i].Range != w {
			t.Errorf("reference %d = %+v, want %+v", i, locs[i].Range, w)
		}
	}
	var list completionList
	c.result("textDocument/completion", at(uri, 1, 8), &list) // after "coal"
	var labels []string
	for _, it := range list.Items {
		labels = append(labels, it.Label)
		if it.Label == "coalesce" && (it.Documentation == nil || it.Documentation.Value == "") {
			t.Errorf("coalesce has no documentation")
		}
	}
	if strings.Join(labels, " ") != "coalesce" {
		t.Errorf("completions of coal = %v, want [coalesce]", labels)
	}
	var toks semanticTokens
	c.result("textDocument/semanticTokens/full", map[string]any{"textDocument": map[string]any{"uri": uri}}, &toks)
	// Decode the first tokens: L (variable, declaration) at 0:0, then the
	// numbers 4, 8, 1, 4 of the first line.
	d := toks.Data
	if len(d) < 10 || d[0] != 0 || d[1] != 0 || d[2] != 1 || d[3] != tokVariable || d[4] != modDeclaration {
		t.Errorf("first token = %v, want L as a declared variable", d[:min(5, len(d))])
	}
	if len(d) >= 10 && (d[5] != 0 || d[6] != 5 || d[7] != 1 || d[8] != tokNumber) {
		t.Errorf("second token = %v, want the number 4 at 0:5", d[5:10])
	}
}

func TestMLIRAliasesAndHover(t *testing.T) {
	src, err := os.ReadFile("../../examples/ampere_tiled_copy.mlir")
	if err != nil {
		t.Fatal(err)
	}
	c := startClient(t)
	c.initialize()
	uri := "file:///ampere_tiled_copy.mlir"
	if ds := c.open(uri, "mlir", string(src)); len(ds) != 0 {
		t.Errorf("examples/ampere_tiled_copy.mlir: %+v, want no diagnostic (lint passes it)", ds)
	}
	lines := strings.Split(string(src), "\n")
	// Find a use of !smem_a after its definition.
	use, col := -1, -1
	for i, l := range lines {
		if j := strings.Index(l, "!smem_a"); j > 0 {
			use, col = i, j+2
			break
		}
	}
	def := -1
	for i, l := range lines {
		if strings.HasPrefix(l, "!smem_a =") {
			def = i
		}
	}
	if def < 0 {
		t.Fatal("the example defines no !smem_a")
	}
	if use < 0 {
		t.Fatal("the example uses no !smem_a")
	}
	var locs []Location
	c.result("textDocument/definition", at(uri, use, col), &locs)
	if len(locs) != 1 || locs[0].Range != rng(def, 0, def, 7) {
		t.Errorf("definition of !smem_a = %+v, want line %d", locs, def)
	}
	var h Hover
	c.result("textDocument/hover", at(uri, def, 3), &h)
	if !strings.Contains(h.Contents.Value, "type alias `!smem_a`") || !strings.Contains(h.Contents.Value, "composed layout") {
		t.Errorf("hover on the alias = %q", h.Contents.Value)
	}
	// Hover on the composed layout of the alias: S<2,3,3> o 0 o
	// (32,32):(32,1), whose outer layout has size 32*32 = 1024, cosize
	// 1 + 31*32 + 31*1 = 1024 and rank 2. The parts are named as the
	// dialect's composed_get_inner (the swizzle) and composed_get_outer
	// (the layout) name them.
	j := strings.Index(lines[def], "!cute.composed_layout")
	c.result("textDocument/hover", at(uri, def, j+5), &h)
	for _, s := range []string{"`!cute.composed_layout`", "inner function (composed_get_inner): S<2,3,3>",
		"outer layout (composed_get_outer): (32,32):(32,1)", "outer layout size 1024", "outer layout cosize 1024", "outer layout rank 2"} {
		if !strings.Contains(h.Contents.Value, s) {
			t.Errorf("hover on the composed layout = %q, want %q", h.Contents.Value, s)
		}
	}
}

func TestUTF16Positions(t *testing.T) {
	c := startClient(t)
	c.initialize()
	uri := "file:///u.mlir"
	// 😀 is 4 bytes of UTF-8 and 2 UTF-16 code units, é 2 bytes and 1 unit:
	// the payload starts at byte 24 but character 21.
	line := `%x = "😀é"() : !cute.layout<"(4, 2) : (1, 4)">`
	ds := c.open(uri, "mlir", line+"\n")
	if len(ds) != 1 || ds[0].Code != "W0903" {
		t.Fatalf("diagnostics = %+v, want one W0903", ds)
	}
	start := strings.Index(line, "(4, 2)")
	if start != 32 {
		t.Fatalf("the payload starts at byte %d; the test expects 32", start)
	}
	// 32 bytes = 29 UTF-16 units (the emoji saves 2, é saves 1).
	if want := rng(0, 29, 0, 29+15); ds[0].Range != want {
		t.Errorf("range = %+v, want %+v", ds[0].Range, want)
	}
	// An edit after the emoji, in UTF-16 columns: replace "(4, 2) : (1, 4)"
	// by the canonical text; the warning goes.
	if ds := c.change(uri, 2, rng(0, 29, 0, 44), "(4,2):(1,4)"); len(ds) != 0 {
		t.Errorf("after the edit: %+v, want none", ds)
	}
}

func TestExitWithoutShutdown(t *testing.T) {
	c := startClient(t)
	c.initialize()
	c.notify("exit", nil)
	if s := c.exitStatus(); s != 1 {
		t.Errorf("exit status without shutdown = %d, want 1 (LSP spec)", s)
	}
}

// frame frames a message body with its Content-Length header.
func frame(body string) string { return fmt.Sprintf("Content-Length: %d\r\n\r\n%s", len(body), body) }

func TestMalformedMessages(t *testing.T) {
	c := startClient(t)
	// Before initialize, a request is refused with ServerNotInitialized.
	if m := c.call("textDocument/hover", at("file:///a", 0, 0)); m.Error == nil || m.Error.Code != codeNotInitialized {
		t.Errorf("hover before initialize: %+v", m.Error)
	}
	c.initialize()
	for _, frame := range []string{
		"Content-Length: 5\r\n\r\n{]]]}",                              // not JSON
		"Content-Length: x\r\n\r\n",                                   // no length
		"Content-Type: a\r\n\r\n",                                     // no Content-Length
		"Content-Length: 2\r\n\r\n[]",                                 // not an object
		"Content-Length: 17\r\n\r\n{\"jsonrpc\":\"2.0\"}",             // no method
		frame(`{"jsonrpc":"2.0","id":{"a":1},"method":"shutdown"}`),   // an object is no id
		frame(`{"jsonrpc":"2.0","id":[1],"method":"shutdown"}`),       // nor an array
		frame(`{"jsonrpc":"2.0","id":true,"method":"shutdown"}`),      // nor a boolean
		frame(`{"jsonrpc":"2.0","id":1.5,"method":"shutdown"}`),       // nor a fraction
		frame(`{"jsonrpc":"2.0","id":7,"metod":"shutdown"}`),          // a misspelt method
		frame(`{"jsonrpc":"2.0","id":1,"method":"initialize"`),        // cut short
		frame(`{"jsonrpc":"2.0","id":1,"method":"shutdown"} trailer`), // text after the object
	} {
		c.raw(frame)
		m := c.next()
		if m.Error == nil || (m.Error.Code != codeParseError && m.Error.Code != codeInvalidRequest) {
			t.Errorf("frame %q: response %+v, want a parse or invalid-request error", frame, m)
		}
		// What is not JSON is a parse error (-32700, JSON-RPC 2.0 section 5.1).
		if !json.Valid([]byte(frame[strings.Index(frame, "\r\n\r\n")+4:])) && !strings.Contains(frame, "Content-Length: x") && !strings.HasPrefix(frame, "Content-Type") {
			assert.Equal(t, codeParseError, m.Error.Code, "frame %q", frame)
		}
		// An id that is not an integer or a string is not echoed.
		if m.ID != nil && string(*m.ID) != "null" && !validID(*m.ID) {
			t.Errorf("frame %q: the response echoes the id %s", frame, *m.ID)
		}
	}
	if m := c.call("no/such/method", nil); m.Error == nil || m.Error.Code != codeMethodNotFound {
		t.Errorf("unknown method: %+v", m.Error)
	}
	if m := c.call("textDocument/hover", map[string]any{"textDocument": 7}); m.Error == nil || m.Error.Code != codeInvalidParams {
		t.Errorf("bad params: %+v", m.Error)
	}
	if m := c.call("textDocument/hover", at("file:///not-open.cute", 0, 0)); m.Error == nil {
		t.Errorf("hover on a closed document: no error")
	}
	// The server still works.
	if ds := c.open("file:///ok.cute", "cute", "A = 4:1\n"); len(ds) != 0 {
		t.Errorf("diagnostics = %+v", ds)
	}
	var raw json.RawMessage
	c.result("textDocument/hover", at("file:///ok.cute", 99, 99), &raw)
	if s := c.stop(); s != 0 {
		t.Errorf("exit status = %d", s)
	}
}
