package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cutec/cutec/diag"
	"github.com/cutec/cutec/internal/bridge"
	"github.com/cutec/cutec/internal/corpus"
)

// TestMatrix is the test matrix: every case of internal/corpus (each
// expression of the reference and dialect sets, every golden file, the MLIR
// corpus) goes through every implementation of cutec, which must give the
// same answer:
//
//   - the full path: cutec eval (driver.Eval) and cutec lint;
//   - the eval fast path (internal/evalfast), on every line it takes, in
//     text and in JSON (checkFast);
//   - the web page's entry, webRun (what cutec.wasm gives the page as
//     cutec(args, stdin)), run in-process: eval, and lint of .cute text;
//   - the C ABI's calls (internal/bridge: cutec_eval, cutec_lint);
//   - the language server (cutec lsp), whose published diagnostics must be
//     lint's for every document, and for a document of every expression of
//     a set, one a line, where each line's first error is the one verify
//     (evaluation and every check) reports for the expression;
//   - the Python package over the C ABI (python/cutec), with
//     CUTEC_REQUIRE_PYTHON=1 (the embed stage of CI sets it; the leg builds
//     the shared library).
//
// The parser's fast path is held to participle on the same corpus by the
// parser's tests (validCorpus), and lint's fast reader of .cute lines to
// the full reader by verify's TestCuteFastEqualsFull.
func TestMatrix(t *testing.T) {
	exprs, err := corpus.Exprs("../..")
	require.NoError(t, err)
	if testing.Short() {
		// One goroutine, which teaches the race stage (-short) nothing: a
		// tenth of the expressions there.
		var some []corpus.Expr
		for i := 0; i < len(exprs); i += 10 {
			some = append(some, exprs[i])
		}
		exprs = some
	}
	docs, err := corpus.Docs("../..")
	require.NoError(t, err)
	py := startPython(t)
	t.Run("eval", func(t *testing.T) { matrixEval(t, exprs, py) })
	t.Run("lint", func(t *testing.T) { matrixLint(t, docs, py) })
	t.Run("lsp", func(t *testing.T) { matrixLSP(t, exprs) })
}

// evalAnswer is what an implementation answers for one expression.
type evalAnswer struct {
	Value, Kind string
	Obligations string // JSON
	Code        string // of the error that stops it, "" when it evaluates
	Message     string
	Line, Col   int
}

// answerOfJSON reads the object of one line of "cutec eval -json".
func answerOfJSON(t testing.TB, line []byte) evalAnswer {
	t.Helper()
	var o struct {
		Value, Kind string
		Obligations json.RawMessage
		Error       *struct {
			Code, Message string
			Line, Col     int
		}
	}
	require.NoError(t, json.Unmarshal(line, &o), "%s", line)
	a := evalAnswer{Value: o.Value, Kind: o.Kind, Obligations: "[]"}
	if len(o.Obligations) > 0 {
		a.Obligations = compactJSON(t, o.Obligations)
	}
	if e := o.Error; e != nil {
		a = evalAnswer{Code: e.Code, Message: e.Message, Line: e.Line, Col: e.Col}
	}
	return a
}

// answerOfBridge reads a result of the C ABI's eval.
func answerOfBridge(t testing.TB, r bridge.Result) evalAnswer {
	t.Helper()
	if !r.Failed {
		return evalAnswer{Value: string(r.Value), Kind: r.Kind, Obligations: compactJSON(t, r.ObligationsJSON())}
	}
	var ds []struct {
		Severity, Code, Message string
		Line, Col               int
	}
	require.NoError(t, json.Unmarshal(bridge.DiagnosticsJSON(r.Diags), &ds))
	for _, d := range ds {
		if d.Severity == "error" {
			return evalAnswer{Code: d.Code, Message: d.Message, Line: d.Line, Col: d.Col}
		}
	}
	t.Fatalf("a failed call without an error: %s", bridge.DiagnosticsJSON(r.Diags))
	return evalAnswer{}
}

func compactJSON(t testing.TB, b []byte) string {
	t.Helper()
	var out bytes.Buffer
	require.NoError(t, json.Compact(&out, b))
	return out.String()
}

// matrixEval evaluates every expression with every implementation.
func matrixEval(t *testing.T, exprs []corpus.Expr, py *pythonLeg) {
	took := 0
	var pyIn []string
	var want []bridge.Result
	for _, c := range exprs {
		where := fmt.Sprintf("%s:%d: %q", c.Source, c.Line, c.Text)
		ev := &evaluator{json: true}
		full := ev.appendResult(nil, diag.NewFile("<stdin>", []byte(c.Text)))
		fullA := answerOfJSON(t, full.text)
		if checkFast(t, c.Text) {
			took++
		}
		stdout, stderr, _ := webRun([]string{"eval", "-json", "--", c.Text}, "")
		if stdout == "" {
			t.Errorf("%s: the page's entry printed nothing: %s", where, stderr)
		} else if web := answerOfJSON(t, []byte(stdout)); web != fullA {
			t.Errorf("%s: the page's entry and eval differ (-eval +page):\n%s", where, cmp.Diff(fullA, web))
		}
		r := bridge.Eval([]byte(c.Text))
		if b := answerOfBridge(t, r); b != withoutPathHint(fullA) {
			t.Errorf("%s: the C ABI and eval differ (-eval +C ABI):\n%s", where, cmp.Diff(fullA, b))
		}
		if py != nil {
			pyIn = append(pyIn, mustJSON(t, map[string]any{"op": "eval", "text": c.Text}))
			want = append(want, r)
		}
	}
	t.Logf("%d expressions; the fast path took %d", len(exprs), took)
	if took < len(exprs)/4 {
		t.Errorf("the fast path took %d of %d expressions: the matrix no longer tests it", took, len(exprs))
	}
	if py != nil {
		py.compare(t, "eval", pyIn, want)
	}
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

// matrixLint lints every document of mode cute or mlir with every
// implementation; the documents of mode expr are matrixEval's.
func matrixLint(t *testing.T, docs []corpus.Doc, py *pythonLeg) {
	dir := t.TempDir()
	var pyIn []string
	var want []bridge.Result
	n := 0
	for _, d := range docs {
		if d.Mode == "expr" {
			continue
		}
		n++
		kind := map[string]bridge.Kind{"cute": bridge.Cute, "mlir": bridge.MLIR}[d.Mode]
		file := filepath.Join(dir, strings.ReplaceAll(d.Path, "/", "_")+"."+d.Mode)
		require.NoError(t, os.WriteFile(file, []byte(d.Input), 0o644))
		lint := lintFindings(t, file)
		if got := lspFindings(t, file, []byte(d.Input)); !slices_equal(got, lint) {
			t.Errorf("%s: the language server and lint differ (-lint +lsp):\n%s", d.Path, cmp.Diff(lint, got))
		}
		r := bridge.Lint(filepath.Base(file), []byte(d.Input), kind)
		if got := jsonFindings(t, arrayLines(t, bridge.DiagnosticsJSON(r.Diags))); !slices_equal(got, lint) {
			t.Errorf("%s: the C ABI and lint differ (-lint +C ABI):\n%s", d.Path, cmp.Diff(lint, got))
		}
		if d.Mode == "cute" { // the page lints the editor's .cute text
			stdout, _, _ := webRun([]string{"lint", "-format", "json"}, d.Input)
			if got := jsonFindings(t, []byte(stdout)); !slices_equal(got, lint) {
				t.Errorf("%s: the page's entry and lint differ (-lint +page):\n%s", d.Path, cmp.Diff(lint, got))
			}
		}
		if py != nil {
			pyIn = append(pyIn, mustJSON(t, map[string]any{"op": "lint", "name": filepath.Base(file), "kind": int(kind), "text": d.Input}))
			want = append(want, r)
		}
	}
	require.Positive(t, n, "no document of mode cute or mlir")
	if py != nil {
		py.compare(t, "lint", pyIn, want)
	}
}

// matrixLSP writes the expressions of each set, one a line, as a .cute
// document: the language server publishes lint's diagnostics for it, and
// the first error of each line is the one verify reports for its
// expression (a line that verifies has no error).
func matrixLSP(t *testing.T, exprs []corpus.Expr) {
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
	dir := t.TempDir()
	for _, src := range sources {
		cases := bySource[src]
		var text strings.Builder
		for _, c := range cases {
			text.WriteString(c.Text + "\n")
		}
		file := filepath.Join(dir, strings.ReplaceAll(src, "/", "_")+".cute")
		require.NoError(t, os.WriteFile(file, []byte(text.String()), 0o644))
		lint := lintFindings(t, file)
		if got := lspFindings(t, file, []byte(text.String())); !slices_equal(got, lint) {
			t.Errorf("%s: the language server and lint differ (-lint +lsp):\n%s", src, cmp.Diff(lint, got))
		}
		firstError := map[int]string{}
		for _, f := range lint {
			code, rest, _ := strings.Cut(f, " ")
			sev, rest, _ := strings.Cut(rest, " ")
			span, msg, _ := strings.Cut(rest, " ")
			line, col, _ := strings.Cut(strings.Split(span, "-")[0], ":")
			if sev != "error" {
				continue
			}
			var l int
			fmt.Sscan(line, &l)
			if _, seen := firstError[l]; !seen {
				msg, _, _ = strings.Cut(msg, " [note ")
				firstError[l] = code + " 1:" + col + " " + msg
			}
		}
		for i, c := range cases {
			if notAnExpression(c.Text) {
				continue
			}
			a := answerOfBridge(t, bridge.Verify([]byte(c.Text)))
			want := ""
			if a.Code != "" {
				want = fmt.Sprintf("%s %d:%d %s", a.Code, a.Line, a.Col, a.Message)
			}
			assert.Equal(t, want, firstError[i+1], "%s:%d: %q: verify's error and lint's first error on its line", c.Source, c.Line, c.Text)
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

func slices_equal(a, b []string) bool { return strings.Join(a, "\n") == strings.Join(b, "\n") }

// arrayLines returns the objects of a JSON array one a line.
func arrayLines(t testing.TB, array []byte) []byte {
	t.Helper()
	var objs []json.RawMessage
	require.NoError(t, json.Unmarshal(array, &objs))
	var out bytes.Buffer
	for _, o := range objs {
		out.Write(o)
		out.WriteByte('\n')
	}
	return out.Bytes()
}

func mustJSON(t testing.TB, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	require.NoError(t, err)
	return string(b)
}

// pythonLeg runs the Python package on the C ABI built from the tree.
type pythonLeg struct {
	python, lib string
}

// startPython builds the shared library for the Python package and returns
// the leg, or nil where it does not run: building the library takes a
// minute of the machine (longer than the rest of the matrix a hundred
// times over), so the leg runs with CUTEC_REQUIRE_PYTHON=1, as the embed
// stage of CI sets it, and then fails without python3.
func startPython(t *testing.T) *pythonLeg {
	if os.Getenv("CUTEC_REQUIRE_PYTHON") == "" {
		t.Log("the Python leg runs with CUTEC_REQUIRE_PYTHON=1 (the embed stage of CI)")
		return nil
	}
	python, err := exec.LookPath("python3")
	if err != nil {
		t.Fatal("python3 is not installed (CUTEC_REQUIRE_PYTHON is set)")
	}
	lib := filepath.Join(t.TempDir(), "libcutec.so")
	out, err := exec.Command("go", "build", "-buildmode=c-shared", "-o", lib, "../../capi").CombinedOutput()
	require.NoError(t, err, "building the C ABI: %s", out)
	return &pythonLeg{python: python, lib: lib}
}

// pythonDriver reads requests, one JSON object a line, and answers each
// with what the package's native layer returns.
const pythonDriver = `
import json, sys
from cutec import _native
for line in sys.stdin:
    q = json.loads(line)
    if q["op"] == "eval":
        r = _native.eval_(q["text"])
    else:
        r = _native.lint(q["name"], q["text"], q["kind"])
    print(json.dumps({"ok": r.ok, "value": None if r.value is None else r.value.decode("utf-8", "surrogateescape"),
        "kind": r.kind, "diagnostics": r.diagnostics, "obligations": r.obligations, "notes": r.notes}))
`

// compare runs the requests through Python and wants each answer to be
// the C ABI's result as the package reads it.
func (p *pythonLeg) compare(t *testing.T, what string, requests []string, want []bridge.Result) {
	cmd := exec.Command(p.python, "-c", pythonDriver)
	cmd.Dir = "../../python"
	cmd.Env = append(os.Environ(), "CUTEC_LIBRARY="+p.lib, "PYTHONPATH=.")
	cmd.Stdin = strings.NewReader(strings.Join(requests, "\n") + "\n")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	require.NoError(t, err, "python: %s", stderr.String())
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(nil, 64<<20)
	i := 0
	for ; sc.Scan(); i++ {
		require.Less(t, i, len(want), "python answered more than it was asked")
		r := want[i]
		var value any
		if r.HasValue {
			value = string(r.Value)
		}
		var kind any
		if r.Kind != "" {
			kind = r.Kind
		}
		exp := map[string]any{"ok": !r.Failed, "value": value, "kind": kind,
			"diagnostics": json.RawMessage(bridge.DiagnosticsJSON(r.Diags)), "obligations": json.RawMessage(r.ObligationsJSON()), "notes": string(r.Notes)}
		var got, wantV any
		require.NoError(t, json.Unmarshal(sc.Bytes(), &got))
		require.NoError(t, json.Unmarshal([]byte(mustJSON(t, exp)), &wantV))
		if diff := cmp.Diff(wantV, got); diff != "" {
			t.Errorf("%s %s: Python and the C ABI differ (-C ABI +Python):\n%s", what, requests[i], diff)
		}
	}
	assert.Equal(t, len(want), i, "python answered %d of %d", i, len(want))
}
