//go:build !js

package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/cutec/cutec/diag"
	"github.com/cutec/cutec/internal/bridge"
	"github.com/cutec/cutec/internal/corpus"
	"github.com/cutec/cutec/internal/evalfast"
)

// The test matrix ("cutec golden -matrix ROOT"): every case of
// internal/corpus under the repository ROOT (each expression of the
// reference and dialect sets, every golden file's input, the MLIR corpus)
// goes through every implementation of cutec the binary holds, which must
// give the same answer:
//
//   - the full path: eval (driver.Eval) and lint;
//   - the eval fast path (internal/evalfast), on every line it takes, in
//     text and in JSON;
//   - the web page's entry, webRun (what cutec.wasm gives the page as
//     cutec(args, stdin)), run in-process: eval, and lint of .cute text;
//   - the C ABI's calls (internal/bridge: cutec_eval, cutec_lint,
//     cutec_verify), which the Python package wraps;
//   - the language server (cutec lsp), whose published diagnostics must be
//     lint's for every document, and for a document of every expression of
//     a set, one a line, where each line's first error is the one verify
//     (evaluation and every check) reports for the expression.
//
// cmd/cutec TestMatrix runs it, and adds the Python package over the C ABI
// where it can build the shared library.

// matrix is one run of the test matrix.
type matrix struct {
	root     string
	dir      string   // where the documents are written for lint
	every    int      // take every nth expression (1: all)
	problems []string // the disagreements, one a line

	Exprs, FastTook, Docs, Sets int // what was put through
}

// runMatrix runs the matrix on the repository at root, with every nth
// expression of the reference sets (1: all). An error is a corpus that
// cannot be read; a disagreement is one of m.problems.
func runMatrix(root string, every int) (*matrix, error) {
	exprs, err := corpus.Exprs(root)
	if err != nil {
		return nil, err
	}
	docs, err := corpus.Docs(root)
	if err != nil {
		return nil, err
	}
	dir, err := os.MkdirTemp("", "cutec-matrix")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	m := &matrix{root: root, dir: dir, every: max(every, 1)}
	var some []corpus.Expr
	for i := 0; i < len(exprs); i += m.every {
		some = append(some, exprs[i])
	}
	for _, c := range some {
		m.eval(c)
	}
	for _, d := range docs {
		if d.Mode != "expr" {
			m.lint(d)
		}
	}
	m.sets(some)
	if m.Docs == 0 {
		m.errorf("%s: no document of mode cute or mlir", root)
	}
	if m.FastTook < m.Exprs/4 {
		m.errorf("the fast path took %d of %d expressions: the matrix no longer tests it", m.FastTook, m.Exprs)
	}
	return m, nil
}

func (m *matrix) errorf(format string, args ...any) {
	m.problems = append(m.problems, fmt.Sprintf(format, args...))
}

// diff reports what two implementations answer when they differ.
func (m *matrix) diff(where, a, b string, want, got any) {
	m.errorf("%s: %s and %s differ:\n  %s: %+v\n  %s: %+v", where, a, b, a, want, b, got)
}

// eval evaluates one expression with every implementation.
func (m *matrix) eval(c corpus.Expr) {
	m.Exprs++
	where := fmt.Sprintf("%s:%d: %q", c.Source, c.Line, c.Text)
	ev := &evaluator{json: true}
	full := ev.appendResult(nil, diag.NewFile("<stdin>", []byte(c.Text)))
	fullA, err := answerOfJSONLine(full.text)
	if err != nil {
		m.errorf("%s: eval -json: %v", where, err)
		return
	}
	took, _, problems := fastAgrees(c.Text)
	if took {
		m.FastTook++
	}
	for _, p := range problems {
		m.errorf("%s: %s", where, p)
	}
	stdout, stderr, _ := webRun([]string{"eval", "-json", "--", c.Text}, "")
	if stdout == "" {
		m.errorf("%s: the page's entry printed nothing: %s", where, stderr)
	} else if web, err := answerOfJSONLine([]byte(stdout)); err != nil || web != fullA {
		m.diff(where, "eval", "the page's entry", fullA, fmt.Sprint(web, err))
	}
	if b, err := answerOfBridgeResult(bridge.Eval([]byte(c.Text))); err != nil || b != withoutPathHint(fullA) {
		m.diff(where, "eval", "the C ABI", fullA, fmt.Sprint(b, err))
	}
}

// lint lints one document of mode cute or mlir with every implementation.
func (m *matrix) lint(d corpus.Doc) {
	m.Docs++
	kind := map[string]bridge.Kind{"cute": bridge.Cute, "mlir": bridge.MLIR}[d.Mode]
	file := filepath.Join(m.dir, strings.ReplaceAll(d.Path, "/", "_")+"."+d.Mode)
	if err := os.WriteFile(file, []byte(d.Input), 0o644); err != nil {
		m.errorf("%s: %v", d.Path, err)
		return
	}
	lint, err := lintFindingsOf(file)
	if err != nil {
		m.errorf("%s: lint: %v", d.Path, err)
		return
	}
	m.sameFindings(d.Path, "the language server", lint, func() ([]string, error) { return lspFindingsOf(file, []byte(d.Input)) })
	m.sameFindings(d.Path, "the C ABI", lint, func() ([]string, error) {
		r := bridge.Lint(filepath.Base(file), []byte(d.Input), kind)
		lines, err := arrayLinesOf(bridge.DiagnosticsJSON(r.Diags))
		if err != nil {
			return nil, err
		}
		return jsonFindingsOf(lines)
	})
	if d.Mode == "cute" { // the page lints the editor's .cute text
		m.sameFindings(d.Path, "the page's entry", lint, func() ([]string, error) {
			stdout, _, _ := webRun([]string{"lint", "-format", "json"}, d.Input)
			return jsonFindingsOf([]byte(stdout))
		})
	}
}

// sameFindings wants what other reports to be lint's findings.
func (m *matrix) sameFindings(where, other string, lint []string, get func() ([]string, error)) {
	got, err := get()
	if err != nil {
		m.errorf("%s: %s: %v", where, other, err)
		return
	}
	if strings.Join(got, "\n") != strings.Join(lint, "\n") {
		m.errorf("%s: lint and %s differ:\n  lint:\n    %s\n  %s:\n    %s", where, other,
			strings.Join(lint, "\n    "), other, strings.Join(got, "\n    "))
	}
}

// sets writes the expressions of each set, one a line, as a .cute
// document: the language server publishes lint's diagnostics for it, and
// the first error of each line is the one verify reports for its
// expression (a line that verifies has no error).
func (m *matrix) sets(exprs []corpus.Expr) {
	bySource := map[string][]corpus.Expr{}
	var sources []string
	for _, c := range exprs {
		if strings.ContainsAny(c.Text, "\n\r#") || strings.HasPrefix(c.Source, "testdata/golden/") {
			continue // one line each; a golden's input is its own document
		}
		if bySource[c.Source] == nil {
			sources = append(sources, c.Source)
		}
		bySource[c.Source] = append(bySource[c.Source], c)
	}
	for _, src := range sources {
		m.Sets++
		cases := bySource[src]
		var text strings.Builder
		for _, c := range cases {
			text.WriteString(c.Text + "\n")
		}
		file := filepath.Join(m.dir, strings.ReplaceAll(src, "/", "_")+".cute")
		if err := os.WriteFile(file, []byte(text.String()), 0o644); err != nil {
			m.errorf("%s: %v", src, err)
			continue
		}
		lint, err := lintFindingsOf(file)
		if err != nil {
			m.errorf("%s: lint: %v", src, err)
			continue
		}
		m.sameFindings(src, "the language server", lint, func() ([]string, error) { return lspFindingsOf(file, []byte(text.String())) })
		firstError := map[int]string{}
		for _, f := range lint {
			code, rest, _ := strings.Cut(f, " ")
			sev, rest, _ := strings.Cut(rest, " ")
			span, msg, _ := strings.Cut(rest, " ")
			line, col, _ := strings.Cut(strings.Split(span, "-")[0], ":")
			if sev != "error" {
				continue
			}
			l, _ := strconv.Atoi(line)
			if _, seen := firstError[l]; !seen {
				msg, _, _ = strings.Cut(msg, " [note ")
				firstError[l] = code + " 1:" + col + " " + msg
			}
		}
		for i, c := range cases {
			if notAnExpression(c.Text) {
				continue
			}
			a, err := answerOfBridgeResult(bridge.Verify([]byte(c.Text)))
			want := ""
			if a.Code != "" {
				want = fmt.Sprintf("%s %d:%d %s", a.Code, a.Line, a.Col, a.Message)
			}
			if err != nil || want != firstError[i+1] {
				m.errorf("%s:%d: %q: verify's error and lint's first error on its line differ:\n  verify: %q %v\n  lint:   %q", c.Source, c.Line, c.Text, want, err, firstError[i+1])
			}
		}
	}
}

// notAnExpression reports whether a case is a statement of a .cute file
// (assert, expect) or the dialect's type spelling (!cute.layout<"...">),
// which eval reads and a .cute line does not.
func notAnExpression(text string) bool {
	word, _, _ := strings.Cut(text, " ")
	return strings.HasPrefix(text, "!") || word == "assert" || word == "expect"
}

// fastAgrees compares the eval fast path with the full path on one line,
// in text and in JSON: took reports whether the fast path took it, failed
// whether the line it took is an error, and problems how they differ.
func fastAgrees(line string) (took, failed bool, problems []string) {
	for _, json := range []bool{false, true} {
		ev := &evaluator{json: json}
		fast, ok, fastFailed := ev.appendFast([]byte("prefix "), []byte(line), 1, new(evalfast.Failure))
		if !ok {
			if string(fast) != "prefix " {
				problems = append(problems, fmt.Sprintf("json=%v: a decline of the fast path changed the buffer to %q", json, fast))
			}
			continue
		}
		took, failed = true, fastFailed
		full := ev.appendResult(nil, diag.NewFile("<stdin>", []byte(line)))
		if full.failed != fastFailed || "prefix "+string(full.text) != string(fast) {
			problems = append(problems, fmt.Sprintf("json=%v: fast path %q (failed=%v), full path %q (failed=%v)", json, fast, fastFailed, full.text, full.failed))
		}
	}
	return took, failed, problems
}

// evalAnswer is what an implementation answers for one expression.
type evalAnswer struct {
	Value, Kind string
	Obligations string // JSON
	Code        string // of the error that stops it, "" when it evaluates
	Message     string
	Line, Col   int
}

// answerOfJSONLine reads the object of one line of "cutec eval -json".
func answerOfJSONLine(line []byte) (evalAnswer, error) {
	var o struct {
		Value, Kind string
		Obligations json.RawMessage
		Error       *struct {
			Code, Message string
			Line, Col     int
		}
	}
	if err := json.Unmarshal(line, &o); err != nil {
		return evalAnswer{}, fmt.Errorf("%v: %s", err, line)
	}
	a := evalAnswer{Value: o.Value, Kind: o.Kind, Obligations: "[]"}
	if len(o.Obligations) > 0 {
		var out bytes.Buffer
		if err := json.Compact(&out, o.Obligations); err != nil {
			return evalAnswer{}, err
		}
		a.Obligations = out.String()
	}
	if e := o.Error; e != nil {
		a = evalAnswer{Code: e.Code, Message: e.Message, Line: e.Line, Col: e.Col}
	}
	return a, nil
}

// answerOfBridgeResult reads a result of the C ABI's eval or verify.
func answerOfBridgeResult(r bridge.Result) (evalAnswer, error) {
	if !r.Failed {
		var out bytes.Buffer
		if err := json.Compact(&out, r.ObligationsJSON()); err != nil {
			return evalAnswer{}, err
		}
		return evalAnswer{Value: string(r.Value), Kind: r.Kind, Obligations: out.String()}, nil
	}
	var ds []struct {
		Severity, Code, Message string
		Line, Col               int
	}
	if err := json.Unmarshal(bridge.DiagnosticsJSON(r.Diags), &ds); err != nil {
		return evalAnswer{}, err
	}
	for _, d := range ds {
		if d.Severity == "error" {
			return evalAnswer{Code: d.Code, Message: d.Message, Line: d.Line, Col: d.Col}, nil
		}
	}
	return evalAnswer{}, fmt.Errorf("a failed call without an error: %s", bridge.DiagnosticsJSON(r.Diags))
}

// withoutPathHint is a's message without the hint eval adds to a syntax
// error of an argument that looks like a file's path (hint_path.go): the
// C ABI evaluates text, never a command line, and gives none.
func withoutPathHint(a evalAnswer) evalAnswer {
	prefix, _, _ := strings.Cut(pathHint("eval", ""), ";")
	if i := strings.Index(a.Message, "; "+prefix); i >= 0 {
		a.Message = a.Message[:i]
	}
	return a
}

// arrayLinesOf returns the objects of a JSON array one a line.
func arrayLinesOf(array []byte) ([]byte, error) {
	var objs []json.RawMessage
	if err := json.Unmarshal(array, &objs); err != nil {
		return nil, err
	}
	var out bytes.Buffer
	for _, o := range objs {
		out.Write(o)
		out.WriteByte('\n')
	}
	return out.Bytes(), nil
}

// lintFindingsOf runs "cutec lint -format json" on file in-process and
// returns its findings (see jsonFindingsOf).
func lintFindingsOf(file string) ([]string, error) {
	var out, errOut bytes.Buffer
	e := &env{stdin: strings.NewReader(""), stdout: &out, stderr: &errOut, getenv: func(string) string { return "" }}
	run([]string{"lint", "-format", "json", file}, e)
	return jsonFindingsOf(out.Bytes())
}

// jsonFindingsOf returns one line per diagnostic of the JSON lines of
// "cutec lint -format json" (the objects of the C ABI's diagnostics, one a
// line): code, severity, span, message and located notes, without the
// file's name.
func jsonFindingsOf(out []byte) ([]string, error) {
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
			return nil, fmt.Errorf("lint wrote %q: %v", sc.Bytes(), err)
		}
		s := fmt.Sprintf("%s %s %d:%d-%d:%d %s", d.Code, d.Severity, d.Line, d.Col, d.EndLine, d.EndCol, d.Message)
		for _, n := range d.Notes {
			if n.Line > 0 {
				s += fmt.Sprintf(" [note %d:%d-%d:%d %s]", n.Line, n.Col, n.EndLine, n.EndCol, n.Message)
			}
		}
		lines = append(lines, s)
	}
	return lines, sc.Err()
}

// lspFindingsOf runs "cutec lsp" in-process on a stream that opens the file
// (with src as its text), asks every question on its first line, shuts
// down and exits, and returns one line per published diagnostic in lint's
// terms (see jsonFindingsOf). An internal error of the server is an error.
func lspFindingsOf(file string, src []byte) ([]string, error) {
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
		return nil, fmt.Errorf("cutec lsp exited %d: %s", status, errOut.String())
	}
	// The protocol's positions count lines ended by "\n", "\r\n" or a lone
	// "\r"; lint's, lines ended by "\n".
	text := jsonRoundTripOf(src) // the text the server holds
	starts, ends := protocolLines(text)
	col := func(line, char int) string {
		b := starts[line] + byteColOf(text[starts[line]:ends[line]], char)
		lineStart := strings.LastIndexByte(text[:b], '\n') + 1
		return strconv.Itoa(strings.Count(text[:b], "\n")+1) + ":" + strconv.Itoa(b-lineStart+1)
	}
	msgs, err := lspMessagesOf(out.Bytes())
	if err != nil {
		return nil, err
	}
	var found []string
	for _, body := range msgs {
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
			return nil, err
		}
		if m.Error != nil && m.Error.Code == -32603 {
			return nil, fmt.Errorf("internal error: %s", m.Error.Message)
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
	return found, nil
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

// lspMessagesOf splits a stream of framed messages.
func lspMessagesOf(b []byte) ([][]byte, error) {
	var out [][]byte
	r := bufio.NewReader(bytes.NewReader(b))
	for {
		var length int
		for {
			line, err := r.ReadString('\n')
			if err == io.EOF {
				return out, nil
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
			return nil, fmt.Errorf("a truncated message: %v", err)
		}
		out = append(out, body)
	}
}

// jsonRoundTripOf returns the text a JSON string of src decodes to: what a
// language client sends of a file that is not UTF-8.
func jsonRoundTripOf(src []byte) string {
	b, _ := json.Marshal(string(src)) // a string always marshals
	var s string
	_ = json.Unmarshal(b, &s)
	return s
}
