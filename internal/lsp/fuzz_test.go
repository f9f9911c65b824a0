package lsp

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"
	"strings"
	"testing"
)

// FuzzFrames feeds random bytes to a server as its input stream: it must
// neither panic nor hang, and must end with status 1 (the input ended
// without exit) or the status of an exit it was sent.
func FuzzFrames(f *testing.F) {
	init := `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{}}`
	open := `{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"file:///a.cute","languageId":"cute","version":1,"text":"A = (4,2):(1,4)\n"}}}`
	hover := `{"jsonrpc":"2.0","id":2,"method":"textDocument/hover","params":{"textDocument":{"uri":"file:///a.cute"},"position":{"line":0,"character":5}}}`
	frame := func(s string) string { return fmt.Sprintf("Content-Length: %d\r\n\r\n%s", len(s), s) }
	f.Add([]byte(frame(init) + frame(open) + frame(hover)))
	f.Add([]byte(frame(init) + "Content-Length: 99999999999\r\n\r\n"))
	f.Add([]byte("Content-Length: 3\r\n\r\n{}}" + frame(`{"jsonrpc":"2.0","method":"exit"}`)))
	f.Add([]byte(frame(init) + frame(`{"jsonrpc":"2.0","id":3,"method":"textDocument/didChange","params":{"textDocument":{"uri":"file:///a.cute"},"contentChanges":[{"range":{"start":{"line":-1,"character":9},"end":{"line":0,"character":-4}},"text":"x"}]}}`)))
	f.Fuzz(func(t *testing.T, data []byte) {
		var log, out bytes.Buffer
		status := Serve(bytes.NewReader(data), &out, Options{Format: testFormat, Log: &log})
		if status != 0 && status != 1 {
			t.Errorf("status %d", status)
		}
		if strings.Contains(log.String(), "panicked") {
			t.Errorf("the server panicked:\n%s", log.String())
		}
	})
}

// FuzzDocument opens a random document, edits it at a random range and
// asks every question at a random position. Nothing may panic, and the
// diagnostics after the incremental edit must be those of the edited text
// opened afresh.
func FuzzDocument(f *testing.F) {
	f.Add("A = (4,6,8):(2,3,5)\nB = composition(A, 6:3)\n", false, 1, 19, 1, 22, "6:4", 0, 5)
	f.Add("%0 = cute.static : !cute.layout<\"(4, 2) : (1, 4)\">\n!a = !cute.layout<\"4:1\">\nx !a\n", true, 0, 33, 0, 49, "(4,2):(1,4)", 2, 3)
	f.Add("é😀\r\nL = S<1,2,3> o 0 o (8,8):(8,1)\n", false, 0, 1, 1, 2, "\n\n", 1, 1)
	f.Add("A = 8:1\rB = 4:1\r\nC = 2:1\r", false, 1, 3, 2, 1, "\r", 2, 0)
	// Ops read with the lines around them: make_layout's operands above,
	// an op's types below.
	f.Add("%s = cute.static : !cute.shape<\"(4,8)\">\n%d = cute.static : !cute.stride<\"(8,1)\">\n%l = cute.make_layout(%s, %d) : !cute.layout<\"(4,8):(8,1)\">\n", true, 1, 32, 1, 37, "(1,4)", 2, 12)
	f.Add("%r = cute.coalesce(%a)\n  : (!cute.layout<\"(2,4):(1,2)\">)\n  -> !cute.layout<\"8:1\">\n", true, 2, 20, 2, 23, "(2,4):(1,2)", 0, 8)
	f.Fuzz(func(t *testing.T, text string, mlir bool, l1, c1, l2, c2 int, repl string, hl, hc int) {
		if len(text) > 4096 || len(repl) > 256 {
			return
		}
		uri := "file:///f.cute"
		if mlir {
			uri = "file:///f.mlir"
		}
		s := fuzzServer(t)
		s.call2(t, "initialize", map[string]any{})
		s.call2(t, "textDocument/didOpen", map[string]any{"textDocument": map[string]any{"uri": uri, "version": 1, "text": text}})
		s.call2(t, "textDocument/didChange", map[string]any{"textDocument": map[string]any{"uri": uri, "version": 2},
			"contentChanges": []any{map[string]any{"range": rng(l1, c1, l2, c2), "text": repl}}})
		got := s.lastDiags
		edited := s.s.docs[uri].text()

		fresh := fuzzServer(t)
		fresh.call2(t, "initialize", map[string]any{})
		fresh.call2(t, "textDocument/didOpen", map[string]any{"textDocument": map[string]any{"uri": uri, "version": 1, "text": edited}})
		if !reflect.DeepEqual(got, fresh.lastDiags) {
			t.Errorf("incremental diagnostics\n%s\ndiffer from those of the edited text opened afresh\n%s", got, fresh.lastDiags)
		}
		p := at(uri, hl, hc)
		for _, m := range []string{"textDocument/hover", "textDocument/definition", "textDocument/completion"} {
			s.call2(t, m, p)
		}
		s.call2(t, "textDocument/references", map[string]any{"textDocument": map[string]any{"uri": uri}, "position": pos(hl, hc), "context": map[string]any{"includeDeclaration": true}})
		doc := map[string]any{"textDocument": map[string]any{"uri": uri}}
		s.call2(t, "textDocument/formatting", doc)
		s.call2(t, "textDocument/semanticTokens/full", doc)
		s.call2(t, "textDocument/codeAction", map[string]any{"textDocument": map[string]any{"uri": uri}, "range": rng(0, 0, hl, hc)})
	})
}

// fuzzTarget is a server driven by direct calls of Handle.
type fuzzTarget struct {
	s         *Server
	out       bytes.Buffer
	lastDiags string
}

func fuzzServer(t *testing.T) *fuzzTarget {
	ft := &fuzzTarget{}
	s, err := NewServer(&ft.out, Options{Format: testFormat})
	if err != nil {
		t.Fatal(err)
	}
	ft.s = s
	return ft
}

// call2 sends a request and fails on an internal error (a panic).
func (ft *fuzzTarget) call2(t *testing.T, method string, params any) {
	t.Helper()
	body, _ := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": 1, "method": method, "params": params})
	ft.out.Reset()
	ft.s.Handle(body)
	rd := newReader(&ft.out)
	for {
		b, err := rd.read()
		if err != nil {
			return
		}
		var m message
		if err := json.Unmarshal(b, &m); err != nil {
			t.Fatalf("the server wrote %q", b)
		}
		if m.Error != nil && m.Error.Code == codeInternalError {
			t.Fatalf("%s: %s", method, m.Error.Message)
		}
		if m.Method == "textDocument/publishDiagnostics" {
			var p struct {
				Diagnostics json.RawMessage `json:"diagnostics"`
			}
			json.Unmarshal(m.Params, &p)
			ft.lastDiags = string(p.Diagnostics)
		}
	}
}
