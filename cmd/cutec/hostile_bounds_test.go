package main

import (
	"fmt"
	"regexp"
	"runtime"
	"strings"
	"testing"
)

// boundedCase is a command on hostile input with a bound on the work it may
// do, counted rather than timed: the bytes it allocates (runtime.MemStats
// TotalAlloc, all allocations, freed or not) and the bytes it prints. Each
// bound is about ten times what the command takes now and a hundredth of
// what it took before the bound on values (layout.MaxNodes) and drawings
// (printer.MaxCellBytes), so a regression fails whatever the machine's
// speed, and a slow machine does not.
type boundedCase struct {
	name     string
	args     []string
	stdin    string
	status   int
	stderr   string // a regular expression standard error must match
	maxAlloc uint64 // bytes allocated
	maxOut   int    // bytes on standard output
}

// chain returns a .cute file defining A0 and n names, each from the one
// before by step (with %s for the previous name), then the lines of tail.
func chain(n int, step string, tail ...string) string {
	var b strings.Builder
	b.WriteString("A0 = (2,3):(1,2)\n")
	for i := 1; i <= n; i++ {
		prev := fmt.Sprintf("A%d", i-1)
		fmt.Fprintf(&b, "A%d = %s\n", i, strings.ReplaceAll(step, "%s", prev))
	}
	for _, l := range tail {
		b.WriteString(l + "\n")
	}
	return b.String()
}

// names returns a .cute file defining n names, then using n other names.
func names(n int) string {
	var b strings.Builder
	for i := range n {
		fmt.Fprintf(&b, "Name%d = 8:1\n", i)
	}
	for i := range n {
		fmt.Fprintf(&b, "size(Mane%d)\n", i)
	}
	return b.String()
}

const mib = 1 << 20

var boundedCases = []boundedCase{
	// A chain of flattens: 22 lines once took over 20 s and 3 GB.
	{name: "flatten chain", args: []string{"lint", "-"},
		stdin:  chain(22, "flatten(make_layout(%s, %s))", "size(A22)"),
		status: exitFindings, maxAlloc: 400 * mib, maxOut: 64 << 10},
	// size, coalesce and == of A40 never ended: A40 stands for 2^41 leaves.
	{name: "shared chain", args: []string{"lint", "-"},
		stdin:  chain(40, "make_layout(%s, %s)", "size(A40)", "coalesce(A40)", "assert A40 == A40"),
		status: exitFindings, maxAlloc: 20 * mib, maxOut: 64 << 10},
	{name: "eval shared chain", args: []string{"eval"},
		stdin:  "make_layout(make_layout(make_layout((2,3):(1,2),(2,3):(1,2)),(4,5):(1,4)),(2,2):(1,2))\n",
		status: exitOK, maxAlloc: 10 * mib, maxOut: 200},
	// Each line wraps the name before. The walks this made quadratic did not
	// allocate, so the refusal at 257 levels is checked by the hostile file
	// value_chain_deep.cute; this case checks that the 3000 lines after it
	// (unknown names, each with a suggestion) stay bounded.
	{name: "deep chain", args: []string{"lint", "-"},
		stdin:  chain(3000, "make_layout(%s)", "size(A3000)"),
		status: exitFindings, maxAlloc: 200 * mib, maxOut: 8 << 20},
	// Suggestions for 5000 unknown names among 5000 defined ones were a
	// quadratic number of edit distances; a file's budget bounds them.
	{name: "many unknown names", args: []string{"lint", "-"},
		stdin:  names(5000),
		status: exitFindings, maxAlloc: 200 * mib, maxOut: 8 << 20},
	// 71 MB in 47 s and 1.5 GB; the 256x256 layout never ended.
	{name: "show basis cell", args: []string{"show", "(16,16):(1@0,1@65535)"},
		status: exitFindings, stderr: `error\[E0705\]: show: .*cell at row 0, column 0`, maxAlloc: 40 * mib, maxOut: 0},
	{name: "show basis cell 256", args: []string{"show", "(256,256):(1@0,1@65535)"},
		status: exitFindings, stderr: `error\[E0705\]`, maxAlloc: 40 * mib, maxOut: 0},
	{name: "show svg basis cell", args: []string{"show", "-format", "svg", "(256,256):(1@0,1@65535)"},
		status: exitFindings, stderr: `error\[E0705\]`, maxAlloc: 40 * mib, maxOut: 0},
	{name: "basis path", args: []string{"eval", "((2):(1@65535@65535@65535@65535@65535@65535@65535@65535@65535@65535@65535@65535))(1)"},
		status: exitFindings, maxAlloc: 60 * mib, maxOut: 200},
	// The aliasing check decides without enumerating 2^24 elements.
	{name: "aliasing large", args: []string{"verify", "(4096,4096):(1,1)"},
		status: exitOK, stderr: `^$`, maxAlloc: 1 * mib, maxOut: 1000},
}

// TestHostileBoundedWork runs each case and checks its status, its output
// and the bytes it allocated.
func TestHostileBoundedWork(t *testing.T) {
	for _, c := range boundedCases {
		t.Run(c.name, func(t *testing.T) {
			var status int
			var stdout, stderr string
			alloc := allocated(func() {
				status, stdout, stderr = runCmd([]byte(c.stdin), c.args...)
			})
			if status != c.status {
				t.Errorf("exit %d, want %d; stderr:\n%.2000s", status, c.status, stderr)
			}
			if c.stderr != "" && !regexp.MustCompile(c.stderr).MatchString(stderr) {
				t.Errorf("stderr does not match %q:\n%.2000s", c.stderr, stderr)
			}
			if len(stdout) > c.maxOut {
				t.Errorf("%d bytes of output, more than the bound of %d", len(stdout), c.maxOut)
			}
			if alloc > c.maxAlloc {
				t.Errorf("allocated %d MiB, more than the bound of %d MiB", alloc/mib, c.maxAlloc/mib)
			}
			t.Logf("allocated %.1f MiB, printed %d bytes", float64(alloc)/mib, len(stdout))
		})
	}
}

// allocated returns the bytes f allocates, by the heap's running total
// (runtime.MemStats.TotalAlloc): the work of f in memory, whatever the
// collector frees meanwhile and however fast the machine is.
func allocated(f func()) uint64 {
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}
