package lsp

import (
	"bytes"
	"encoding/json"
	"io"
	"os"
	"strings"
	"testing"

	"github.com/cutec/cutec/internal/gen"
)

// dump5MB returns a generated CuTe IR dump of 5 MB (the style CuTe DSL
// prints; 81014 lines, 53153 payloads), with one value in a thousand wrong
// (27 errors), and a line in its middle that holds a payload.
func dump5MB(b *testing.B) (text string, line int, col int) { return dump(b, 0.001) }

// dump returns a generated 5 MB dump with the given fraction of errors.
func dump(b *testing.B, errors float64) (text string, line int, col int) {
	var buf bytes.Buffer
	if _, err := gen.MLIR(&buf, gen.Options{Seed: 1, Size: 5 << 20, Unique: 0.2, Errors: errors}); err != nil {
		b.Fatal(err)
	}
	text = buf.String()
	lines := strings.Split(text, "\n")
	for i := len(lines) / 2; i < len(lines); i++ {
		if j := strings.Index(lines[i], `!cute.layout<"`); j >= 0 {
			return text, i, j + len(`!cute.layout<"`)
		}
	}
	b.Fatal("no layout in the dump")
	return
}

func benchServer(b *testing.B, text string) (*Server, func(method string, params any)) {
	s, err := NewServer(io.Discard, Options{Format: testFormat})
	if err != nil {
		b.Fatal(err)
	}
	send := func(method string, params any) {
		body, _ := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": 1, "method": method, "params": params})
		s.Handle(body)
	}
	send("initialize", map[string]any{})
	return s, send
}

// BenchmarkOpen5MB measures didOpen of a 5 MB dump: every line checked and
// the diagnostics published.
func BenchmarkOpen5MB(b *testing.B) {
	text, _, _ := dump5MB(b)
	s, _ := benchServer(b, text)
	body, err := json.Marshal(map[string]any{"jsonrpc": "2.0", "method": "textDocument/didOpen",
		"params": map[string]any{"textDocument": map[string]any{"uri": "file:///d.mlir", "version": 1, "text": text}}})
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(text)))
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		s.Handle(body)
	}
}

// BenchmarkChange5MB measures one keystroke in a 5 MB dump: a character
// typed into a payload (or deleted again), the line checked again and the
// diagnostics of the whole document published.
func BenchmarkChange5MB(b *testing.B) { benchChange(b, 0.001) }

// BenchmarkChange5MBManyErrors is BenchmarkChange5MB on a dump with one
// value in five wrong: every keystroke publishes the 10000 diagnostics of
// the cap.
func BenchmarkChange5MBManyErrors(b *testing.B) { benchChange(b, 0.2) }

func benchChange(b *testing.B, errors float64) {
	text, line, col := dump(b, errors)
	_, send := benchServer(b, text)
	uri := "file:///d.mlir"
	send("textDocument/didOpen", map[string]any{"textDocument": map[string]any{"uri": uri, "version": 0, "text": text}})
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		ch := map[string]any{"range": rng(line, col, line, col), "text": "("}
		if i%2 == 1 {
			ch = map[string]any{"range": rng(line, col, line, col+1), "text": ""}
		}
		send("textDocument/didChange", map[string]any{"textDocument": map[string]any{"uri": uri, "version": i + 1}, "contentChanges": []any{ch}})
	}
}

// BenchmarkHover5MB measures a hover on a payload of a 5 MB dump.
func BenchmarkHover5MB(b *testing.B) {
	text, line, col := dump5MB(b)
	_, send := benchServer(b, text)
	uri := "file:///d.mlir"
	send("textDocument/didOpen", map[string]any{"textDocument": map[string]any{"uri": uri, "version": 0, "text": text}})
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		send("textDocument/hover", at(uri, line, col))
	}
}

// BenchmarkChangeCute measures one keystroke in a generated .cute file of
// 64 KB, which is checked again whole (its names flow from line to line).
func BenchmarkChangeCute(b *testing.B) {
	var buf bytes.Buffer
	if _, err := gen.Cute(&buf, gen.Options{Seed: 1, Size: 64 << 10, Unique: 0.2}); err != nil {
		b.Fatal(err)
	}
	uri := "file:///d.cute"
	_, send := benchServer(b, buf.String())
	send("textDocument/didOpen", map[string]any{"textDocument": map[string]any{"uri": uri, "version": 0, "text": buf.String()}})
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		ch := map[string]any{"range": rng(0, 0, 0, 0), "text": "#"}
		if i%2 == 1 {
			ch = map[string]any{"range": rng(0, 0, 0, 1), "text": ""}
		}
		send("textDocument/didChange", map[string]any{"textDocument": map[string]any{"uri": uri, "version": i + 1}, "contentChanges": []any{ch}})
	}
}

// BenchmarkChange5MBOps measures one keystroke in a 5 MB dump made of
// copies of testdata/mlir/ampere_gemm_dump.mlir, whose make_layout and
// make_composed_layout ops read the lines above them: the keystroke is in
// the stride a make_layout below takes, so every such op within reach of
// the changed line (verify.MLIRLookback bytes above them) is checked again in its window.
func BenchmarkChange5MBOps(b *testing.B) {
	src, err := os.ReadFile("../../testdata/mlir/ampere_gemm_dump.mlir")
	if err != nil {
		b.Fatal(err)
	}
	copies := (5 << 20) / len(src)
	text := strings.Repeat(string(src), copies)
	lines := strings.Split(text, "\n")
	line, col := -1, 0
	for i := len(lines) / 2; i < len(lines); i++ {
		if k := strings.Index(lines[i], `= cute.make_stride() : () -> !cute.stride<"`); k >= 0 {
			line, col = i, k+len(`= cute.make_stride() : () -> !cute.stride<"`)
			break
		}
	}
	if line < 0 {
		b.Fatal("no make_stride in the dump")
	}
	_, send := benchServer(b, text)
	uri := "file:///d.mlir"
	send("textDocument/didOpen", map[string]any{"textDocument": map[string]any{"uri": uri, "version": 0, "text": text}})
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		ch := map[string]any{"range": rng(line, col, line, col), "text": "("}
		if i%2 == 1 {
			ch = map[string]any{"range": rng(line, col, line, col+1), "text": ""}
		}
		send("textDocument/didChange", map[string]any{"textDocument": map[string]any{"uri": uri, "version": i + 1}, "contentChanges": []any{ch}})
	}
}
