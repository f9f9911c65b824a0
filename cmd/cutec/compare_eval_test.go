package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/cutec/cutec/internal/gen"
	"github.com/cutec/cutec/internal/heavytest"
)

// TestCompareEvalScript runs benchmarks/compare_eval.py on generated
// expressions, with this test binary as cutec (TestMain runs the command
// when the binary is called cutec): without pycute it prints cutec's
// figures by kind and says so; with a stand-in pycute it times it, excludes
// what the stand-in lacks or rejects, and counts the results that differ.
// Without python3 it is skipped, unless CUTEC_REQUIRE_PYTHON is set (CI's
// .ci/compare sets it).
func TestCompareEvalScript(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the comparison script several times (-short; CI's stage compare runs it)")
	}
	python, ok := heavytest.Python(t, true)
	if !ok {
		t.Skip("runs the comparison script several times: CI's stage compare runs it (CUTEC_REQUIRE_PYTHON=1), as does CUTEC_HEAVY=1")
	}
	dir := t.TempDir()
	cutec := cutecExecutable(t)
	var in bytes.Buffer
	if _, err := gen.Exprs(&in, gen.Options{Seed: 3, Size: 16 << 10}); err != nil {
		t.Fatal(err)
	}
	input := filepath.Join(dir, "exprs.txt")
	if err := os.WriteFile(input, in.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	script := func(extra ...string) string {
		args := append([]string{"../../benchmarks/compare_eval.py", "--cutec", cutec, "--input", input,
			"--runs", "1", "--check", "100", "--procs", "1,2"}, extra...)
		out, err := exec.Command(python, args...).CombinedOutput()
		if err != nil {
			t.Fatalf("compare_eval.py %v: %v\n%s", extra, err, out)
		}
		return string(out)
	}
	lines := 0 // the expressions: the lines but the generator's # header
	for _, l := range strings.Split(in.String(), "\n") {
		if l != "" && !strings.HasPrefix(l, "#") {
			lines++
		}
	}

	out := script()
	for _, want := range []string{"pycute not given", "logical_divide ", "evaluate ", "size ",
		"GOMAXPROCS=1", "GOMAXPROCS=2"} {
		if !strings.Contains(out, want) {
			t.Errorf("without pycute, no %q in:\n%s", want, out)
		}
	}

	// A stand-in pycute: size is right, coalesce is missing, composition
	// raises as pycute's asserts do, and every other operation returns the
	// layout 1:0, which differs from cutec's result.
	pkg := filepath.Join(dir, "stub", "pycute")
	if err := os.MkdirAll(pkg, 0o755); err != nil {
		t.Fatal(err)
	}
	stub := `class Layout:
    def __init__(self, shape, stride=None): self.shape, self.stride = shape, stride
    def __call__(self, i): return 0
def _flat(t): return [x for e in t for x in _flat(e)] if isinstance(t, tuple) else [t]
def size(l):
    n = 1
    for x in _flat(l.shape if isinstance(l, Layout) else l): n *= x
    return n
def composition(a, b): assert False
def _op(*args): return Layout(1, 0)
complement = right_inverse = left_inverse = logical_divide = logical_product = _op
`
	if err := os.WriteFile(filepath.Join(pkg, "__init__.py"), []byte(stub), 0o644); err != nil {
		t.Fatal(err)
	}
	out = script("--pycute", filepath.Join(dir, "stub"))
	for _, want := range []string{"coalesce (pycute has no coalesce)", "composition (pycute raises AssertionError)",
		"overall, the ", "DIFFERENT: ", "pycute raises on: composition("} {
		if !strings.Contains(out, want) {
			t.Errorf("with a stand-in, no %q in:\n%s", want, out)
		}
	}
	// (On so small an input cutec's time may be below what the start-up
	// cost's noise lets the script measure: the ratio is then n/a.)
	if !regexp.MustCompile(`(?m)^size +\d+ +[\d.]+ +[\d.]+ +([\d.]+x|n/a)$`).MatchString(out) {
		t.Errorf("with a stand-in, no ratio for size in:\n%s", out)
	}
	// size agrees; the others the stand-in computes differ; none is lost.
	m := regexp.MustCompile(`results: of (\d+) sampled, (\d+) agree exactly, (\d+) denote .*, (\d+) differ`).FindStringSubmatch(out)
	if m == nil || m[2] == "0" || m[4] == "0" {
		t.Errorf("with a stand-in, the results line is %q in:\n%s", m, out)
	}
	if !strings.HasPrefix(out, strconv.Itoa(lines)+" expressions (") {
		t.Errorf("the count of expressions is not %d:\n%s", lines, out)
	}
}
