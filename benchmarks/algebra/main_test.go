package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/cutec/cutec/internal/heavytest"
)

// TestMain makes the test binary the driver of compare_pycute.py when
// ALGEBRA_TEST_DRIVER is set, so that TestCompareScript need not build it.
func TestMain(m *testing.M) {
	if os.Getenv("ALGEBRA_TEST_DRIVER") == "1" {
		main()
		os.Exit(0)
	}
	os.Exit(m.Run())
}

func readTestCases(t *testing.T) []benchCase {
	t.Helper()
	f, err := os.Open("../cases.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	cases, err := readCases(f)
	if err != nil {
		t.Fatal(err)
	}
	return cases
}

// TestRunTable runs every case briefly: both paths agree (time1 checks it)
// and the table has a row per case, each on the Static path.
func TestRunTable(t *testing.T) {
	var out bytes.Buffer
	if err := run(&out, "../cases.txt", time.Millisecond, false); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	cases := readTestCases(t)
	if len(lines) != len(cases)+1 {
		t.Fatalf("%d lines for %d cases:\n%s", len(lines), len(cases), out.String())
	}
	for i, c := range cases {
		if f := strings.Fields(lines[i+1]); f[0] != c.Op || f[1] == "declines" {
			t.Errorf("row %q for case %s", lines[i+1], c.Op)
		}
	}
}

// TestCaseResults checks the results of cases derived by hand.
func TestCaseResults(t *testing.T) {
	// logical_product((3,4):(4,1), (2,5):(1,2)): the complement of the block
	// in 12·cosize(tile) = 12·10 is 10:12, composed with (2,5):(1,2) gives
	// (2,5):(12,24) (the paper's Figure 10 layouts).
	// blocked_product pairs the modes: ((3,2),(4,5)):((4,12),(1,24)).
	// raked_product reverses the pairs: ((2,3),(5,4)):((12,4),(24,1)).
	want := map[string]string{
		"logical_product": "((3,4),(2,5)):((4,1),(12,24))",
		"blocked_product": "((3,2),(4,5)):((4,12),(1,24))",
		"raked_product":   "((2,3),(5,4)):((12,4),(24,1))",
		// Each stride is the product of the extents before it (2·1 = 2,
		// 4·2 = 8, 8·8 = 64): one contiguous mode of 2·4·8·2 = 128.
		"coalesce": "128:1",
	}
	seen := map[string]bool{}
	for _, c := range readTestCases(t) {
		w, ok := want[c.Op]
		if !ok || seen[c.Op] { // the first case of each operation
			continue
		}
		seen[c.Op] = true
		r, err := time1(c, time.Millisecond)
		if err != nil {
			t.Fatal(err)
		}
		if r.Result != w {
			t.Errorf("%s %s %s = %s, want %s", c.Op, c.A, c.B, r.Result, w)
		}
		if r.Static == nil || r.Static.AllocsPerOp != 0 {
			t.Errorf("%s: the Static path declines or allocates: %+v", c.Op, r.Static)
		}
	}
}

// TestCompareScript runs benchmarks/compare_pycute.py without pycute (it
// prints cutec's figures and says so) and with a stand-in pycute (it adds
// pycute's column and the ratios).
func TestCompareScript(t *testing.T) {
	python, ok := heavytest.Python(t, true)
	if !ok {
		t.Skip("runs the comparison script several times: CI's stage compare runs it (CUTEC_REQUIRE_PYTHON=1), as does CUTEC_HEAVY=1")
	}
	dir := t.TempDir()
	// The test binary is the driver (TestMain runs main when asked to).
	bin, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	t.Setenv("ALGEBRA_TEST_DRIVER", "1")
	script := func(extra ...string) string {
		args := append([]string{"../compare_pycute.py", "--driver", bin, "--time", "0.001", "--cases", "../cases.txt"}, extra...)
		out, err := exec.Command(python, args...).CombinedOutput()
		if err != nil {
			t.Fatalf("compare_pycute.py %v: %v\n%s", extra, err, out)
		}
		return string(out)
	}
	n := len(readTestCases(t))

	out := script()
	if !strings.Contains(out, "pycute not given") || strings.Count(out, "\n") != n+3 {
		t.Errorf("without pycute:\n%s", out)
	}

	// A stand-in pycute whose every operation sums 20,000 integers, so
	// that each ratio is large and printed.
	pkg := filepath.Join(dir, "stub", "pycute")
	if err := os.MkdirAll(pkg, 0o755); err != nil {
		t.Fatal(err)
	}
	stub := `import time
class Layout:
    def __init__(self, shape, stride): self.shape, self.stride = shape, stride
def size(l): return 1
def _op(*args): return sum(range(20000))
composition = coalesce = complement = right_inverse = left_inverse = _op
logical_divide = zipped_divide = tiled_divide = logical_product = _op
zipped_product = tiled_product = blocked_product = raked_product = _op
`
	if err := os.WriteFile(filepath.Join(pkg, "__init__.py"), []byte(stub), 0o644); err != nil {
		t.Fatal(err)
	}
	out = script("--pycute", filepath.Join(dir, "stub"))
	if strings.Contains(out, "pycute not given") || !strings.Contains(out, "vs Static") {
		t.Errorf("with a pycute:\n%s", out)
	}
	for _, line := range strings.Split(out, "\n") {
		f := strings.Fields(line)
		if len(f) == 0 || !strings.HasSuffix(f[0], "_divide") && !strings.HasSuffix(f[0], "_product") {
			continue
		}
		// flat_divide and flat_product are not in the stand-in: n/a.
		wantNA := strings.HasPrefix(f[0], "flat_")
		if got := strings.Contains(line, "n/a"); got != wantNA {
			t.Errorf("row %q: n/a is %v, want %v", line, got, wantNA)
		}
	}
}
