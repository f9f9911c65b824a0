package verify

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/cutec/cutec/diag"
)

// opCoverage lints the MLIR files with the defaults of `cutec lint` and
// returns the op checker's counts and the same by op name.
func opCoverage(t *testing.T, files []string) (OpStats, map[string]*OpStats) {
	t.Helper()
	var total OpStats
	byOp := map[string]*OpStats{}
	for _, name := range files {
		src, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		var st OpStats
		mine := map[string]*OpStats{}
		irPass(t).mlirByOp(diag.NewFile(name, src), nil, (*Aliases)(nil).Scan(src), &st, mine)
		var sum OpStats
		for op, c := range mine {
			sum.Add(*c)
			if byOp[op] == nil {
				byOp[op] = new(OpStats)
			}
			byOp[op].Add(*c)
		}
		if sum.Checked != st.Checked || sum.Skipped != st.Skipped || sum.Other != st.Other || sum.Mismatched != st.Mismatched {
			t.Errorf("%s: the counts by op sum to %+v, the totals are %+v", name, sum, st)
		}
		total.Add(st)
	}
	return total, byOp
}

// coverageTable writes the counts by op, the ops the checker leaves (skipped
// or not covered) most often first.
func coverageTable(st OpStats, byOp map[string]*OpStats) string {
	names := make([]string, 0, len(byOp))
	for n := range byOp {
		names = append(names, n)
	}
	sort.Slice(names, func(i, j int) bool {
		a, b := byOp[names[i]], byOp[names[j]]
		if la, lb := a.Skipped+a.Other, b.Skipped+b.Other; la != lb {
			return la > lb
		}
		return names[i] < names[j]
	})
	var b strings.Builder
	fmt.Fprintf(&b, "%-28s %8s %8s %8s\n", "op", "checked", "skipped", "other")
	for _, n := range names {
		c := byOp[n]
		fmt.Fprintf(&b, "%-28s %8d %8d %8d\n", n, c.Checked, c.Skipped, c.Other)
	}
	fmt.Fprintf(&b, "%-28s %8d %8d %8d\n", "(all)", st.Checked, st.Skipped, st.Other)
	return b.String()
}

// TestIROpCoverage counts, per op name, the ops of testdata/mlir the op
// checker checks, skips and does not cover (mlirByOp), and checks that
// the counts by op add up to the totals. `go test -run IROpCoverage -v
// ./verify/` prints the table; with CUTEC_IR_COVERAGE set to a directory
// (the pass dumps of CuTe DSL's examples, say), it prints the table of the
// .mlir files under it as well.
func TestIROpCoverage(t *testing.T) {
	files, _ := filepath.Glob("../testdata/mlir/*.mlir")
	st, byOp := opCoverage(t, files)
	// The corpus checks at least one op of each kind it holds for the checker
	// (TestIRCorpus says which), and only ops it covers are checked.
	for name, c := range byOp {
		if _, ok := opRules[name]; !ok && c.Checked+c.Skipped > 0 {
			t.Errorf("cute.%s has no rule but is counted as checked or skipped: %+v", name, *c)
		}
		if _, ok := opRules[name]; ok && c.Other > 0 {
			t.Errorf("cute.%s has a rule but is counted as not covered: %+v", name, *c)
		}
	}
	t.Logf("testdata/mlir:\n%s", coverageTable(st, byOp))
	if dir := os.Getenv("CUTEC_IR_COVERAGE"); dir != "" {
		var more []string
		filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
			if err == nil && !d.IsDir() && strings.HasSuffix(path, ".mlir") {
				more = append(more, path)
			}
			return nil
		})
		t.Logf("%s (%d files):\n%s", dir, len(more), coverageTable(opCoverage(t, more)))
	}
}

// TestIRViewsCoverage pins what the op checker does with the ops of
// testdata/mlir/public_views.mlir, public IR whose result types the
// compiler wrote (each agrees: the file lints clean, TestIRCorpus). Counted
// by hand from the file: 11 recast_layout, all checked; 10 complement, the
// one against the cotarget (?,?) skipped (the dialect takes it as one mode,
// which cutec does not know as a rule); 3 local_tile, two skipped because
// cutec knows a divisor of the rest mode (?{div=128}, 8192/64) that the
// compiler's type does not state.
func TestIRViewsCoverage(t *testing.T) {
	_, byOp := opCoverage(t, []string{"../testdata/mlir/public_views.mlir"})
	want := map[string]OpStats{
		"recast_layout": {Checked: 11},
		"complement":    {Checked: 9, Skipped: 1},
		"local_tile":    {Checked: 1, Skipped: 2},
		"make_tile":     {Other: 1},
		"make_coord":    {Other: 1},
	}
	for op, w := range want {
		if got := byOp[op]; got == nil || *got != w {
			t.Errorf("cute.%s: got %+v, want %+v", op, got, w)
		}
	}
	if len(byOp) != len(want) {
		t.Errorf("ops counted: %v, want those of %v", byOp, want)
	}
}
