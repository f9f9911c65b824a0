package main

import (
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"

	"github.com/cutec/cutec/diag"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestJobsClampedToTheWork: -j is clamped to the work. -j of the largest
// int made the pool's buffer size overflow (makechan panicked), and
// -j 1000000 started a million helpers for a two-line MLIR file.
func TestJobsClampedToTheWork(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "k.mlir")
	require.NoError(t, os.WriteFile(p, []byte("!a = !cute.layout<\"(4,2):(1,4)\">\n!b = !cute.layout<\"8:1\">\n"), 0o644))
	for _, j := range []int{math.MaxInt, 1000000} {
		before := runtime.NumGoroutine()
		var status int
		var stderr string
		alloc := allocated(func() { status, _, stderr = runCmd(nil, "lint", "-j", strconv.Itoa(j), p, dir) })
		assert.Equal(t, exitOK, status, stderr)
		assert.Less(t, alloc, uint64(8*mib), "-j %d allocated %d bytes", j, alloc)
		assert.LessOrEqual(t, runtime.NumGoroutine(), before+2, "goroutines left running")
	}

	// A file's pipeline starts a helper only for a piece that finds none
	// idle: one small piece starts at most one, whatever the workers.
	var sunk int
	pl := newPipeline(math.MaxInt, func(c chunk) int { return len(c.text) }, func(n int, _ bool) { sunk += n })
	pl.send(chunk{text: []byte("8:1\n")})
	pl.close()
	assert.LessOrEqual(t, pl.started, 1)
	assert.Equal(t, 4, sunk)
	assert.Equal(t, maxJobs, pl.workers)
}

// TestLoneCROneRule: a lone "\r" ends a `#` comment in eval as in lint and
// fmt (the lexer's rule, syntax.IsLineEnd). eval passed over the whole line
// "# c\r(4,2):(1,4)" as a comment, while lint read (4,2):(1,4) as code.
func TestLoneCROneRule(t *testing.T) {
	status, out, _ := runCmd([]byte("# a comment\r(4,2):(1,4)\n"), "eval")
	assert.Equal(t, exitOK, status)
	assert.Equal(t, "(4,2):(1,4)\n", out)
	status, out, _ = runCmd([]byte("# a comment\r(4,\n"), "eval")
	assert.Equal(t, exitFindings, status, "the text after the lone CR is code: %q", out)
	// lint reads the same bytes the same way.
	status, out, _ = runCmd([]byte("A = 8:1 # a comment\r\n# c\rB = (4,\n"), "lint", "-")
	assert.Equal(t, exitFindings, status)
	assert.Contains(t, out, "E0102")
	// A blank or comment line by the one rule.
	for _, c := range []struct {
		text  string
		blank bool
	}{{"", true}, {" \t\r", true}, {"# x", true}, {"# x\r", true}, {"# x\r8:1", false}, {"# x\r# y", true}, {"  8", false}} {
		assert.Equal(t, c.blank, isBlankOrComment([]byte(c.text)), "%q", c.text)
	}
}

// TestBasisCountAtMinInt64: -2^63/-2@0 is 2^62@0 (it flipped to -2^62@0,
// and a composition then made a stride of +2^63); -2^63/-1@0 is 2^63, an
// E0701 whose message quotes the count as written, never a flipped value.
func TestBasisCountAtMinInt64(t *testing.T) {
	status, out, _ := runCmd([]byte("-9223372036854775808/-2@0\n-9223372036854775808/-1@0\ncomposition((4):(-9223372036854775808/-2@0), 2:2)\n"), "eval")
	assert.Equal(t, exitFindings, status)
	lines := strings.Split(strings.TrimSpace(out), "\n")
	require.Len(t, lines, 3, out)
	assert.Equal(t, "4611686018427387904@0", lines[0])
	assert.Contains(t, lines[1], "error[E0701]")
	assert.Contains(t, lines[1], "-9223372036854775808/-1")
	assert.Contains(t, lines[2], "error[E0701]") // 2 * 2^62 = 2^63
	assert.NotContains(t, out, "-4611686018427387904")
}

// TestFactsNeverDropped: divisibility facts whose lcm overflows int64 are
// an E0701 (lcm(2^62, 3) = 3 * 2^62 > 2^63 - 1; the larger fact was kept
// and the other dropped silently), and a value that refutes a fact is an
// E0716, in show -set and for a variable in a symbol's place.
func TestFactsNeverDropped(t *testing.T) {
	status, out, _ := runCmd([]byte("let M{div=4611686018427387904}\nlet M{div=3}\nA = (M,2):(1,M)\nB = (N{div=4611686018427387904},N{div=3}):(1,2)\n"), "lint", "-")
	assert.Equal(t, exitFindings, status)
	assert.Equal(t, 3, strings.Count(out, "error[E0701]"), out)
	for _, c := range []struct {
		args []string
		code string
	}{
		{[]string{"show", "-set", "M=3", "(M{div=2},2):(1,M)"}, "E0716"},
		{[]string{"show", "-set", "M=3", "composition((M{div=2},2):(1,M), 2:1)"}, "E0716"},
		{[]string{"show", "-set", "M=6", "(M{div=4},2):(1,M{div=3})"}, "E0716"}, // lcm(4,3) = 12
	} {
		status, _, stderr := runCmd(nil, c.args...)
		assert.Equal(t, exitFindings, status, "%v", c.args)
		assert.Contains(t, stderr, c.code, "%v", c.args)
	}
	status, out, _ = runCmd(nil, "show", "-set", "M=12", "(M{div=4},2):(1,M{div=3})")
	assert.Equal(t, exitOK, status, out)
	status, out, _ = runCmd([]byte("M = 3\nA = (M{div=2},2):(1,M)\n"), "lint", "-")
	assert.Equal(t, exitFindings, status)
	assert.Contains(t, out, "error[E0716]")
}

// TestDiagnosticsBoundedByBytes: the diagnostics held for a file are
// bounded by their bytes as well as their count (300 lines "X =
// size(<1 MB name>)" ran lint out of memory), and the crossing is an E0705
// at the first diagnostic left out, which says how many were. The bound
// is lowered to 1 MiB here: 12 lines with names of 256 KiB cross it.
func TestDiagnosticsBoundedByBytes(t *testing.T) {
	defer func(b int) { diagByteBudget = b }(diagByteBudget)
	diagByteBudget = 1 << 20
	name := strings.Repeat("n", 256<<10)
	var b strings.Builder
	for i := range 12 {
		fmt.Fprintf(&b, "X%d = size(%s%d)\n", i, name, i)
	}
	status, out, stderr := runCmd([]byte(b.String()), "lint", "-format", "json", "-")
	assert.Equal(t, exitFindings, status, stderr)
	var codes []string
	var held int
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		var d struct{ Code, Message string }
		require.NoError(t, json.Unmarshal([]byte(line), &d))
		codes = append(codes, d.Code)
		held += len(d.Message)
	}
	assert.LessOrEqual(t, held, diagByteBudget+1000)
	require.Len(t, codes, 2, "one diagnostic (a message of 256 KiB and the excerpt of its span, as long) fits in 1 MiB, then the E0705")
	assert.Equal(t, "E0705", codes[len(codes)-1], "the crossing is the last diagnostic, at the first left out")

	// The collector itself: the bytes kept stay within the bound.
	var col collector
	big := strings.Repeat("m", 100<<10)
	for i := range 40 {
		col.keep(diag.List{{Code: diag.UnknownName, Severity: diag.Error, Span: diag.Span{Start: i, End: i + 1}, Message: big}})
	}
	res := col.result()
	assert.LessOrEqual(t, col.bytes, diagByteBudget)
	assert.Equal(t, 40-len(res.diags)+1, res.dropped)
	assert.Equal(t, diag.ValueTooLarge, res.diags[len(res.diags)-1].Code)
	assert.Contains(t, res.diags[len(res.diags)-1].Message, fmt.Sprintf("the %d after it", res.dropped-1))
}
