package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cutec/cutec/internal/bridge"
	"github.com/cutec/cutec/internal/corpus"
	"github.com/cutec/cutec/internal/heavytest"
)

// TestMatrix is the test matrix, "cutec golden -matrix" (matrix.go): every
// case of internal/corpus (each expression of the reference and dialect
// sets, every golden file, the MLIR corpus) goes through every
// implementation of cutec the binary holds (the full path, the eval fast
// path, the web page's entry, the C ABI's calls, the language server),
// which must give the same answer; and, with CUTEC_REQUIRE_PYTHON=1 (the
// embed stage of CI sets it; the leg builds the shared library), through
// the Python package over the C ABI.
//
// The parser's fast path is held to participle on the same corpus by the
// parser's tests (validCorpus), and lint's fast reader of .cute lines to
// the full reader by verify's TestCuteFastEqualsFull.
func TestMatrix(t *testing.T) {
	every := 1
	if testing.Short() {
		// One goroutine, which teaches the race stage (-short) nothing: a
		// tenth of the expressions there.
		every = 10
	}
	m, err := runMatrix("../..", every)
	require.NoError(t, err)
	for _, p := range m.problems {
		t.Error(p)
	}
	t.Logf("%d expressions (the fast path took %d), %d documents, %d sets", m.Exprs, m.FastTook, m.Docs, m.Sets)
	require.Positive(t, m.Docs, "no document of mode cute or mlir")
	require.Positive(t, m.Sets, "no set of expressions through the language server")
	if py := startPython(t); py != nil {
		pythonMatrix(t, py, every)
	}
}

// TestMatrixFindsADisagreement: the matrix reports implementations that
// differ, with where and which: two lists of findings, and two answers of
// eval. The tree's corpus agrees, so the comparisons are given answers that
// differ, written by hand.
func TestMatrixFindsADisagreement(t *testing.T) {
	m := &matrix{}
	m.sameFindings("x.cute", "the language server", []string{"E0101 error 1:1-1:2 a"}, func() ([]string, error) { return nil, nil })
	require.Len(t, m.problems, 1)
	assert.Contains(t, m.problems[0], "x.cute: lint and the language server differ")
	m.diff("x:1", "eval", "the C ABI", evalAnswer{Value: "4:1"}, evalAnswer{Value: "4:2"})
	require.Len(t, m.problems, 2)
	assert.Contains(t, m.problems[1], "x:1: eval and the C ABI differ")
}

// pythonMatrix puts the matrix's expressions and documents through the
// Python package, whose answers must be the C ABI's.
func pythonMatrix(t *testing.T, py *pythonLeg, every int) {
	exprs, err := corpus.Exprs("../..")
	require.NoError(t, err)
	var in []string
	var want []bridge.Result
	for i := 0; i < len(exprs); i += every {
		in = append(in, mustJSON(t, map[string]any{"op": "eval", "text": exprs[i].Text}))
		want = append(want, bridge.Eval([]byte(exprs[i].Text)))
	}
	py.compare(t, "eval", in, want)
	docs, err := corpus.Docs("../..")
	require.NoError(t, err)
	in, want = nil, nil
	for _, d := range docs {
		if d.Mode == "expr" {
			continue
		}
		kind := map[string]bridge.Kind{"cute": bridge.Cute, "mlir": bridge.MLIR}[d.Mode]
		name := strings.ReplaceAll(d.Path, "/", "_") + "." + d.Mode
		in = append(in, mustJSON(t, map[string]any{"op": "lint", "name": name, "kind": int(kind), "text": d.Input}))
		want = append(want, bridge.Lint(name, []byte(d.Input), kind))
	}
	py.compare(t, "lint", in, want)
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
	python, ok := heavytest.Python(t, false)
	if !ok {
		t.Log("the Python leg runs with CUTEC_REQUIRE_PYTHON=1 (the embed stage of CI)")
		return nil
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

// TestGoldenMatrixUsage: -matrix takes one repository root and no
// -update (exit 2), and a root without the corpus is an error (exit 2),
// never an empty matrix that passes.
func TestGoldenMatrixUsage(t *testing.T) {
	for _, args := range [][]string{
		{"golden", "-matrix"},
		{"golden", "-matrix", "a", "b"},
		{"golden", "-matrix", "-update", "."},
		{"golden", "-matrix", t.TempDir()},
	} {
		status, stdout, stderr := runCmd(nil, args...)
		assert.Equal(t, exitUsage, status, "%v: %s%s", args, stdout, stderr)
		assert.NotEmpty(t, stderr, "%v says why", args)
	}
}
