package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/cutec/cutec/internal/gen"
	"github.com/cutec/cutec/verify"
)

// TestLSPMatchesLint checks that "cutec lsp" publishes for a file exactly
// what "cutec lint -format json" reports on it: the same codes,
// severities, spans (converted back from the protocol's 0-based UTF-16
// positions to 1-based byte columns), messages and located notes. The
// files are the broken examples, the MLIR examples, variants of the IR
// corpus of testdata/mlir with a wrong result type and a generated dump
// with deliberate errors; the corpus itself and the golden files are the
// test matrix's (TestMatrix).
func TestLSPMatchesLint(t *testing.T) {
	files, _ := filepath.Glob("../../examples/broken/*")
	files = slices.DeleteFunc(files, func(f string) bool { return strings.HasSuffix(f, ".md") || strings.HasPrefix(filepath.Base(f), ".") })
	more, _ := filepath.Glob("../../examples/*.mlir")
	files = append(files, more...)
	// The corpus of realistic IR, where the op checker reads ops written
	// over several lines and make_layout's operands defined on lines above.
	corpus, _ := filepath.Glob("../../testdata/mlir/*.mlir")
	// The corpus is clean but for the deliberate W0901 of
	// ampere_copy_banks.mlir; its variants with a wrong result type are not.
	variants := wrongOpVariants(t, append(corpus, more...))
	files = append(files, variants...)
	// The hostile inputs: byte-order marks, CRLF and lone CR line ends,
	// invalid UTF-8, NUL bytes, deep nesting, int64's edges.
	hostile, _ := filepath.Glob("../../testdata/hostile/*.*")
	files = append(files, slices.DeleteFunc(hostile, func(f string) bool { return strings.HasSuffix(f, ".md") })...)
	var buf bytes.Buffer
	if _, err := gen.MLIR(&buf, gen.Options{Seed: 7, Size: 64 << 10, Unique: 0.5, Errors: 0.05}); err != nil {
		t.Fatal(err)
	}
	dump := filepath.Join(t.TempDir(), "dump.mlir")
	if err := os.WriteFile(dump, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	files = append(files, dump)
	// Lines of exactly maxLineLen bytes and one byte more (lint checks the
	// first and reports the second as E0109), in both kinds of file.
	for _, ext := range []string{".cute", ".mlir"} {
		long := filepath.Join(t.TempDir(), "long"+ext)
		text := "A = 4:1\n# " + strings.Repeat("é", (maxLineLen-2)/2) + "\n# " + strings.Repeat("x", maxLineLen-1) + "\nB = (4, 2):(1,2)\n"
		if err := os.WriteFile(long, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		files = append(files, long)
	}
	for _, file := range files {
		t.Run(filepath.Base(file), func(t *testing.T) {
			src, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			// The protocol carries text as JSON strings, which are UTF-8: an
			// editor sends invalid bytes as U+FFFD (json.Marshal does the
			// same), so lint is run on the text the server receives.
			linted := file
			if sent := jsonRoundTrip(t, src); sent != string(src) {
				linted = filepath.Join(t.TempDir(), filepath.Base(file))
				if err := os.WriteFile(linted, []byte(sent), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want := lintFindings(t, linted)
			got := lspFindings(t, file, src)
			t.Logf("lint: %d diagnostics, lsp: %d", len(want), len(got))
			if len(want) == 0 && (filepath.Base(file) == "dump.mlir" || slices.Contains(variants, file) && !strings.HasSuffix(file, "_all.mlir")) {
				t.Errorf("lint found nothing in %s; the comparison proves little", file)
			}
			if strings.Join(got, "\n") != strings.Join(want, "\n") {
				t.Errorf("lsp published\n%s\nlint reported\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
			}
		})
	}
}

// lintFindings runs lint -format json on a file and returns one line per
// diagnostic.
func lintFindings(t *testing.T, file string) []string {
	t.Helper()
	var out, errOut bytes.Buffer
	e := &env{stdin: strings.NewReader(""), stdout: &out, stderr: &errOut, getenv: func(string) string { return "" }}
	run([]string{"lint", "-format", "json", file}, e)
	return jsonFindings(t, out.Bytes())
}

// jsonFindings returns one line per diagnostic of the JSON lines of
// "cutec lint -format json" (the objects of the C ABI's diagnostics, one a
// line): code, severity, span, message and located notes, without the
// file's name.
func jsonFindings(t testing.TB, out []byte) []string {
	t.Helper()
	var lines []string
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		var d struct {
			Code, Severity, Message string
			Line, Col               int
			EndLine                 int `json:"end_line"`
			EndCol                  int `json:"end_col"`
			Notes                   []struct {
				Line, Col int
				EndLine   int `json:"end_line"`
				EndCol    int `json:"end_col"`
				Message   string
			}
		}
		if err := json.Unmarshal(sc.Bytes(), &d); err != nil {
			t.Fatalf("lint wrote %q: %v", sc.Bytes(), err)
		}
		s := fmt.Sprintf("%s %s %d:%d-%d:%d %s", d.Code, d.Severity, d.Line, d.Col, d.EndLine, d.EndCol, d.Message)
		for _, n := range d.Notes {
			if n.Line > 0 {
				s += fmt.Sprintf(" [note %d:%d-%d:%d %s]", n.Line, n.Col, n.EndLine, n.EndCol, n.Message)
			}
		}
		lines = append(lines, s)
	}
	return lines
}

// lspFindings runs "cutec lsp" on a stream that opens the file, shuts down
// and exits, and returns one line per published diagnostic in lint's
// terms.
func lspFindings(t *testing.T, file string, src []byte) []string {
	t.Helper()
	uri := "file://" + filepath.ToSlash(file)
	var in bytes.Buffer
	for _, m := range []map[string]any{
		{"id": 1, "method": "initialize", "params": map[string]any{}},
		{"method": "textDocument/didOpen", "params": map[string]any{"textDocument": map[string]any{"uri": uri, "languageId": "", "version": 1, "text": string(src)}}},
		// Every question on the first line, which must not fail inside.
		{"id": 3, "method": "textDocument/hover", "params": map[string]any{"textDocument": map[string]any{"uri": uri}, "position": map[string]any{"line": 0, "character": 3}}},
		{"id": 4, "method": "textDocument/definition", "params": map[string]any{"textDocument": map[string]any{"uri": uri}, "position": map[string]any{"line": 0, "character": 0}}},
		{"id": 5, "method": "textDocument/formatting", "params": map[string]any{"textDocument": map[string]any{"uri": uri}}},
		{"id": 6, "method": "textDocument/semanticTokens/full", "params": map[string]any{"textDocument": map[string]any{"uri": uri}}},
		{"id": 7, "method": "textDocument/codeAction", "params": map[string]any{"textDocument": map[string]any{"uri": uri}, "range": map[string]any{"start": map[string]any{"line": 0, "character": 0}, "end": map[string]any{"line": 9, "character": 0}}}},
		{"id": 2, "method": "shutdown"},
		{"method": "exit"},
	} {
		m["jsonrpc"] = "2.0"
		b, _ := json.Marshal(m)
		fmt.Fprintf(&in, "Content-Length: %d\r\n\r\n%s", len(b), b)
	}
	var out, errOut bytes.Buffer
	e := &env{stdin: &in, stdout: &out, stderr: &errOut, getenv: func(string) string { return "" }}
	if status := run([]string{"lsp"}, e); status != 0 {
		t.Fatalf("cutec lsp exited %d: %s", status, errOut.String())
	}
	// The protocol's positions count lines ended by "\n", "\r\n" or a lone
	// "\r"; lint's, lines ended by "\n".
	text := jsonRoundTrip(t, src) // the text the server holds
	starts, ends := protocolLines(text)
	col := func(line, char int) string {
		b := starts[line] + byteColOf(text[starts[line]:ends[line]], char)
		lineStart := strings.LastIndexByte(text[:b], '\n') + 1
		return strconv.Itoa(strings.Count(text[:b], "\n")+1) + ":" + strconv.Itoa(b-lineStart+1)
	}
	var found []string
	for _, body := range lspMessages(t, out.Bytes()) {
		var m struct {
			Method string
			Error  *struct {
				Code    int
				Message string
			}
			Params struct {
				Diagnostics []struct {
					Range              lspRange
					Severity           int
					Code, Message      string
					RelatedInformation []struct {
						Location struct{ Range lspRange }
						Message  string
					}
				}
			}
		}
		if err := json.Unmarshal(body, &m); err != nil {
			t.Fatal(err)
		}
		if m.Error != nil && m.Error.Code == -32603 {
			t.Errorf("internal error: %s", m.Error.Message)
		}
		if m.Method != "textDocument/publishDiagnostics" {
			continue
		}
		for _, d := range m.Params.Diagnostics {
			sev := map[int]string{1: "error", 2: "warning", 3: "info"}[d.Severity]
			msg, _, _ := strings.Cut(d.Message, "\n")
			r := d.Range
			s := fmt.Sprintf("%s %s %s-%s %s", d.Code, sev, col(r.Start.Line, r.Start.Character), col(r.End.Line, r.End.Character), msg)
			for _, n := range d.RelatedInformation {
				nr := n.Location.Range
				s += fmt.Sprintf(" [note %s-%s %s]", col(nr.Start.Line, nr.Start.Character), col(nr.End.Line, nr.End.Character), n.Message)
			}
			found = append(found, s)
		}
	}
	return found
}

type lspRange struct {
	Start, End struct{ Line, Character int }
}

// protocolLines splits text into lines as the protocol does, at "\n",
// "\r\n" and a lone "\r", and returns where each line starts and where its
// text ends (before its line break).
func protocolLines(text string) (starts, ends []int) {
	starts = []int{0}
	for i := 0; i < len(text); i++ {
		switch text[i] {
		case '\n':
			ends = append(ends, i)
			starts = append(starts, i+1)
		case '\r':
			ends = append(ends, i)
			if i+1 < len(text) && text[i+1] == '\n' {
				i++
			}
			starts = append(starts, i+1)
		}
	}
	return starts, append(ends, len(text))
}

// byteColOf returns the byte offset of UTF-16 column char of line.
func byteColOf(line string, char int) int {
	n := 0
	for i, r := range line {
		if n >= char {
			return i
		}
		n++
		if r >= 0x10000 && r <= utf8.MaxRune {
			n++
		}
	}
	return len(line)
}

// lspMessages splits a stream of framed messages.
func lspMessages(t *testing.T, b []byte) [][]byte {
	var out [][]byte
	r := bufio.NewReader(bytes.NewReader(b))
	for {
		var length int
		for {
			line, err := r.ReadString('\n')
			if err == io.EOF {
				return out
			}
			line = strings.TrimSpace(line)
			if line == "" {
				break
			}
			if v, ok := strings.CutPrefix(line, "Content-Length: "); ok {
				length, _ = strconv.Atoi(v)
			}
		}
		body := make([]byte, length)
		if _, err := io.ReadFull(r, body); err != nil {
			t.Fatalf("a truncated message: %v", err)
		}
		out = append(out, body)
	}
}

// jsonRoundTrip returns the text a JSON string of src decodes to.
func jsonRoundTrip(t *testing.T, src []byte) string {
	b, err := json.Marshal(string(src))
	if err != nil {
		t.Fatal(err)
	}
	var s string
	if err := json.Unmarshal(b, &s); err != nil {
		t.Fatal(err)
	}
	return s
}

// wrongOpVariants writes, for each MLIR file, copies with wrong result
// types, and returns their names: one copy for each op that the op checker
// reads with the lines around it (make_layout and make_composed_layout
// printed with their result type only, whose operands are defined above;
// an op whose types are on the lines below) with that op's result made
// wrong, and one copy with the result of every op made wrong (so that
// wrong operands flow into the ops below; in a file whose ops the checker
// does not cover, nothing). Lint must report something on the copy of each
// op; the server must then publish what lint reports.
func wrongOpVariants(t *testing.T, files []string) []string {
	dir := t.TempDir()
	var out []string
	write := func(name string, lines []string) {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte(strings.Join(lines, "\n")), 0o644); err != nil {
			t.Fatal(err)
		}
		out = append(out, path)
	}
	for _, file := range files {
		src, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		lines := strings.Split(string(src), "\n")
		all := slices.Clone(lines)
		base := strings.TrimSuffix(filepath.Base(file), ".mlir")
		for i, line := range lines {
			if strings.Contains(line, "= cute.") || strings.HasPrefix(strings.TrimSpace(line), "-> ") {
				all[i] = wrongPayload(line)
			}
			above, below := verify.OpContext([]byte(line))
			r := i // the line of the result type
			if below {
				for r = i + 1; r < len(lines) && r <= i+4 && !strings.HasPrefix(strings.TrimSpace(lines[r]), "-> "); r++ {
				}
				if r >= len(lines) || r > i+4 {
					continue
				}
			} else if !above {
				continue
			}
			one := slices.Clone(lines)
			if one[r] = wrongPayload(lines[r]); one[r] == lines[r] {
				continue
			}
			write(fmt.Sprintf("%s_line%d.mlir", base, r+1), one)
		}
		write(base+"_all.mlir", all)
	}
	return out
}

// wrongPayload changes the last payload of a line, when it is a layout or
// a tuple: a layout S:D becomes (S,2):(D,0), a tuple T becomes (T,2).
func wrongPayload(line string) string {
	end := strings.LastIndex(line, `">`)
	if end < 0 {
		return line
	}
	start := strings.LastIndex(line[:end], `<"`)
	if start < 0 {
		return line
	}
	p := line[start+2 : end]
	prefix := ""
	if o := strings.LastIndex(p, " o "); o >= 0 {
		prefix, p = p[:o+3], p[o+3:]
	}
	var wrong string
	switch {
	case p == "" || strings.ContainsAny(p, "[]S\"<>"):
		return line // a tile, a swizzle or something else: left alone
	case strings.Contains(p, ":"):
		c := strings.LastIndex(p, ":")
		wrong = "(" + p[:c] + ",2):(" + p[c+1:] + ",0)"
	default:
		wrong = "(" + p + ",2)"
	}
	return line[:start+2] + prefix + wrong + line[end:]
}
