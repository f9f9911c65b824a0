package main

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"runtime/metrics"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/cutec/cutec/diag"
	"github.com/cutec/cutec/internal/gen"
	"github.com/cutec/cutec/internal/heavytest"
	"github.com/cutec/cutec/parser"
	"github.com/cutec/cutec/verify"
)

// The generated hostile cases: too large to commit, built here. Each must
// get a coded diagnostic or the right result, in time linear in its size.

const million = 1_000_000

// TestHostileDeepNesting gives a nesting 10^6 deep to every entry point:
// each stops at the parser's limit of 256 with E0105 at the 257th group
// (a balanced nesting is 2 MB, a line too long for the streaming commands).
func TestHostileDeepNesting(t *testing.T) {
	open := strings.Repeat("(", million)
	balanced := open + "1" + strings.Repeat(")", million)
	for _, src := range []string{open, balanced} {
		for form, parse := range parseForms {
			n, l := parse(diag.NewFile("deep", []byte(src)))
			if n != nil || firstFinding(l) != "E0105 1:257" {
				t.Errorf("parser.Parse %s of %d bytes: %s", form, len(src), describe(l))
			}
		}
		if _, l := parser.ParseCuteFile(diag.NewFile("deep.cute", []byte(src))); firstFinding(l) != "E0105 1:257" {
			t.Errorf("parser.ParseCuteFile: %s", describe(l))
		}
		if v, l := verify.Default().Expr(diag.NewFile("deep", []byte(src))); v != nil || firstFinding(l) != "E0105 1:257" {
			t.Errorf("verify.Default().Expr: %s", describe(l))
		}
	}
	checkStdin(t, open+"\n", "E0105 1:257")
	checkStdin(t, balanced+"\n", "E0109 1:1")
	mlir := `%0 = cute.static : !cute.shape<"` + open + `">` + "\n"
	if got := checkMLIRReader(t, strings.NewReader(mlir), 2); got != "E0105 1:289" {
		t.Errorf("lint of a payload nested 10^6 deep: %s", got)
	}
	checkLinear(t, "verify of a balanced nesting", func(scale int) linearCase {
		next := variants(strings.Repeat("(", scale*million) + strings.Repeat(")", scale*million))
		return linearCase{
			work: func() { verify.Default().Expr(diag.NewFile("deep", next())) },
			scan: func() { bytes.Count(next(), []byte("(")) },
		}
	})
}

// TestHostileHugeLiteral gives a literal of a million digits (a line
// shorter than the 1 MiB limit) to the parser and the commands.
func TestHostileHugeLiteral(t *testing.T) {
	digits := strings.Repeat("9", million)
	for form, parse := range parseForms {
		if form == "descriptor" || form == "swizzle" {
			continue // not a leaf of these forms: E0101
		}
		if n, l := parse(diag.NewFile("lit", []byte(digits))); n != nil || firstFinding(l) != "E0104 1:1" {
			t.Errorf("parser.Parse %s: %s", form, describe(l))
		}
	}
	checkStdin(t, digits+"\n", "E0104 1:1")
	checkLinear(t, "parse of a long literal", func(scale int) linearCase {
		next := variants(strings.Repeat(digits, scale))
		return linearCase{
			work: func() { parser.ParseExpr(diag.NewFile("lit", next())) },
			scan: func() { bytes.Count(next(), []byte("9")) },
		}
	})
}

// longLineSize is the size of the generated single line: 4 MB by default,
// four times the line limit, and 100 MB with CUTEC_HEAVY=1.
func longLineSize() int64 {
	if heavytest.Enabled() {
		return 100 << 20
	}
	return 4 << 20
}

// TestHostileLongLine gives a 4 MB (heavy: 100 MB) single line, then a line with an
// error, to every streaming command: the long line is E0109 at its start,
// skipped without being held, and the next line is still checked.
func TestHostileLongLine(t *testing.T) {
	cute := func() io.Reader {
		return repeatReader("(1,", longLineSize(), "1)\n(4,8):(1,(4,2))\n")
	}
	checkStdinReader(t, cute, "E0109 1:1, E0300 2:10")
	mlir := repeatReader(`%0 = cute.static : !cute.layout<"(4,8):(1,4)"> `, longLineSize(),
		"\n"+`%1 = cute.static : !cute.layout<"(4,8):(1,(4,2))">`+"\n")
	if got := checkMLIRReader(t, mlir, 2); got != "E0109 1:1, E0300 2:43" {
		t.Errorf("lint of an MLIR file with a %d MB line: %s", longLineSize()>>20, got)
	}
	checkLinear(t, "lint of a long line", func(scale int) linearCase {
		input := func() io.Reader { return repeatReader("(1,", int64(scale)*longLineSize()/linearScale, "1)\n") }
		return linearCase{
			work: func() { runCmdReader(input(), "lint") },
			scan: func() { io.Copy(io.Discard, input()) },
		}
	})
}

// TestHostileLargeMLIR lints 100 MB of generated MLIR in CuTe DSL's style
// on two workers: exactly the deliberate errors are found, in time linear
// in the size (against 6.25 MB) and with a heap that does not grow with it.
func TestHostileLargeMLIR(t *testing.T) {
	heavytest.Skip(t)
	const size = 100 << 20
	opts := gen.Options{Seed: 5, Size: size / linearScale, Unique: 0.02, Errors: 1e-4}
	var small time.Duration
	smallPeak := peakHeap(func() {
		small = fastest(3, func() {
			opts.Seed++ // new layouts each run, which the caches have not seen
			lintGenerated(t, opts, 2)
		})
	})
	opts.Seed++
	opts.Size = size
	var st gen.Stats
	var diags diag.List
	var big time.Duration
	bigPeak := peakHeap(func() { big = fastest(1, func() { st, diags = lintGenerated(t, opts, 2) }) })
	if len(diags) != st.Errors || st.Errors == 0 || !onlyErrors(diags) {
		t.Errorf("lint of 100 MB of MLIR: %d diagnostics for %d deliberate errors", len(diags), st.Errors)
	}
	t.Logf("peak heap: %.1f MB at 6.25 MB, %.1f MB at 100 MB", float64(smallPeak)/(1<<20), float64(bigPeak)/(1<<20))
	if bigPeak > 2*smallPeak+16<<20 {
		t.Errorf("the heap grows with the file: %d MB at 6.25 MB, %d MB at 100 MB", smallPeak>>20, bigPeak>>20)
	}
	scan := fastest(2, func() { io.Copy(io.Discard, generated(opts)) })
	checkTimes(t, "lint of generated MLIR", small, big, scan)
}

// lintGenerated streams a generated MLIR input through lint's checker.
func lintGenerated(t *testing.T, opts gen.Options, workers int) (gen.Stats, diag.List) {
	t.Helper()
	var st gen.Stats
	r := generatedStats(opts, &st)
	c := newChecker(nil, workers, verify.Default(), lowerablePass(t))
	var col collector
	if err := c.checkMLIR("gen.mlir", r, &col); err != nil {
		t.Fatal(err)
	}
	r.Close()
	return st, col.result().diags
}

// generated returns a reader of generated MLIR.
func generated(opts gen.Options) io.Reader {
	var st gen.Stats
	return generatedStats(opts, &st)
}

// generatedStats returns a reader of generated MLIR, made as it is read;
// once the reader is at its end, *st holds the generator's counts.
func generatedStats(opts gen.Options, st *gen.Stats) *io.PipeReader {
	pr, pw := io.Pipe()
	go func() {
		var err error
		*st, err = gen.MLIR(pw, opts)
		pw.CloseWithError(err)
	}()
	return pr
}

// checkMLIRReader lints an MLIR stream with lint's checker and lists the
// findings.
func checkMLIRReader(t *testing.T, r io.Reader, workers int) string {
	t.Helper()
	c := newChecker(nil, workers, verify.Default(), lowerablePass(t))
	var col collector
	if err := c.checkMLIR("hostile.mlir", r, &col); err != nil {
		t.Fatal(err)
	}
	return describe(col.result().diags)
}

// checkStdin runs lint, verify and eval on src as standard input.
func checkStdin(t *testing.T, src string, want string) {
	t.Helper()
	checkStdinReader(t, func() io.Reader { return strings.NewReader(src) }, want)
}

// checkStdinReader runs lint, verify (both -format json) and eval on
// standard input from a fresh reader each, and checks that they all find
// want, a list of "CODE line:col"; fmt must refuse the input with the
// first of them.
func checkStdinReader(t *testing.T, r func() io.Reader, want string) {
	t.Helper()
	first, _, _ := strings.Cut(want, " ")
	status, out, errOut := runCmdReader(r(), "fmt")
	if status != exitUsage || out != "" || !strings.Contains(errOut, "error["+first+"]") {
		t.Errorf("cutec fmt: exit %d, %d bytes out, stderr %.200q; want exit 2 and %s", status, len(out), errOut, first)
	}
	_, out, _ = runCmdReader(r(), "lint", "-format", "json")
	if got := describeJSON(t, out); got != want {
		t.Errorf("cutec lint: %s, want %s", got, want)
	}
	_, out, _ = runCmdReader(r(), "verify", "-json")
	if got := describeJSON(t, out); got != want {
		t.Errorf("cutec verify: %s, want %s", got, want)
	}
	_, out, _ = runCmdReader(r(), "eval")
	var codes []string
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		code, _, _ := strings.Cut(strings.TrimPrefix(line, "error["), "]")
		codes = append(codes, code)
	}
	var wantCodes []string
	for _, f := range strings.Split(want, ", ") {
		code, _, _ := strings.Cut(f, " ")
		wantCodes = append(wantCodes, code)
	}
	if strings.Join(codes, " ") != strings.Join(wantCodes, " ") {
		t.Errorf("cutec eval: %.300q, want the errors %v", out, wantCodes)
	}
}

// runCmdReader runs the command in-process with r as standard input.
func runCmdReader(r io.Reader, args ...string) (status int, stdout, stderr string) {
	var out, errOut bytes.Buffer
	e := &env{stdin: r, stdout: &out, stderr: &errOut, getenv: func(string) string { return "" }}
	status = run(args, e)
	return status, out.String(), errOut.String()
}

// firstFinding describes the first diagnostic of a list.
func firstFinding(l diag.List) string {
	if len(l) == 0 {
		return ""
	}
	return describe(l[:1])
}

// onlyErrors reports whether every diagnostic of l is an error.
func onlyErrors(l diag.List) bool {
	for _, d := range l {
		if d.Severity != diag.Error {
			return false
		}
	}
	return true
}

// repeatReader returns a reader of unit repeated to n bytes (the last copy
// cut short), then tail, without holding the n bytes.
func repeatReader(unit string, n int64, tail string) io.Reader {
	block := strings.Repeat(unit, max(1, (64<<10)/len(unit)))
	return io.MultiReader(&repeater{block: block, left: n}, strings.NewReader(tail))
}

type repeater struct {
	block string
	off   int
	left  int64
}

func (r *repeater) Read(p []byte) (int, error) {
	if r.left == 0 {
		return 0, io.EOF
	}
	if int64(len(p)) > r.left {
		p = p[:r.left]
	}
	n := 0
	for n < len(p) {
		c := copy(p[n:], r.block[r.off:])
		n += c
		r.off = (r.off + c) % len(r.block)
	}
	r.left -= int64(n)
	return n, nil
}

// linearCase is an input of a linearity check: the work to time on it, and
// a plain pass over the same bytes (scanning or reading each once).
type linearCase struct{ work, scan func() }

// checkLinear times the work on an input and on one linearScale times as
// large (prepare builds each and returns its case, so that building is not
// timed; each run must see a text it has not seen before, or the parser's
// cache answers it), and checks the times with checkTimes.
//
// Timing depends on the machine and its load, so it runs only with
// CUTEC_HEAVY=1 (docs/testing.md).
func checkLinear(t *testing.T, what string, prepare func(scale int) linearCase) {
	t.Helper()
	if !heavytest.Enabled() {
		t.Logf("%s: linearity is timed only with %s=1", what, heavytest.Env)
		return
	}
	small := fastest(3, prepare(1).work)
	big := prepare(linearScale)
	checkTimes(t, what, small, fastest(2, big.work), fastest(2, big.scan))
}

// checkTimes fails when the work on the large input (big) takes both more
// than 4*linearScale times the work on the small one (small) and more than
// 1000 times a plain pass over the large input (scan). Super-linear work
// fails both at these sizes (a quadratic pass is 256 times the small run
// and millions of times a scan), while each bound alone may be crossed by
// linear work: the ratio when the small input fits in the processor's
// caches and the large one does not, the scan by work that is heavy per
// byte. The bounds are ratios of times on this machine, never times, and
// each time is the fastest of a few runs, so that a pause does not count.
func checkTimes(t *testing.T, what string, small, big, scan time.Duration) {
	t.Helper()
	t.Logf("%s: %v, and %v on an input %d times as large (%.1fx; %.1fx a plain pass over it)",
		what, small, big, linearScale, float64(big)/float64(small), float64(big)/float64(scan))
	if big > 4*linearScale*small && big > 1000*scan {
		t.Errorf("%s is not linear: %v, and %v on an input %d times as large, which a plain pass reads in %v",
			what, small, big, linearScale, scan)
	}
}

// linearScale is how much larger the input of the second run of a
// linearity check is.
const linearScale = 16

// variants returns a function that returns, on each call, src preceded by
// one more space (0, 1, 2, then again): for the few runs of checkLinear, a
// text the parser's cache has not seen, built before the timer starts.
func variants(src string) func() []byte {
	var vs [][]byte
	for k := range 3 {
		vs = append(vs, []byte(strings.Repeat(" ", k)+src))
	}
	i := 0
	return func() []byte {
		i++
		return vs[(i-1)%len(vs)]
	}
}

// fastest returns the shortest of n runs of f.
func fastest(n int, f func()) time.Duration {
	best := time.Duration(1<<63 - 1)
	for range n {
		start := time.Now()
		f()
		best = min(best, time.Since(start))
	}
	return best
}

// peakHeap runs f and returns the largest heap (bytes in live and
// unswept objects) seen while it ran, sampled every few milliseconds.
func peakHeap(f func()) uint64 {
	runtime.GC()
	var peak atomic.Uint64
	done := make(chan struct{})
	stopped := make(chan struct{})
	go func() {
		defer close(stopped)
		s := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
		for {
			metrics.Read(s)
			if v := s[0].Value.Uint64(); v > peak.Load() {
				peak.Store(v)
			}
			select {
			case <-done:
				return
			case <-time.After(2 * time.Millisecond):
			}
		}
	}()
	f()
	close(done)
	<-stopped
	return peak.Load()
}

// TestHostileManyFindingsOnALine puts thousands of findings on one long
// line: the text output quotes an excerpt of the line for each, not the
// whole line (which made lint's output, and memory, 10000 times the line).
func TestHostileManyFindingsOnALine(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: a 400 KB line of 12 000 findings (the race stage of .ci/run)")
	}
	line := `%0 = cute.static : ` + strings.Repeat(`!cute.layout<"(4,8):(1,(4,2))"> `, 12000) + "\n"
	path := filepath.Join(t.TempDir(), "many.mlir")
	if err := os.WriteFile(path, []byte(line), 0o644); err != nil {
		t.Fatal(err)
	}
	status, out, errOut := runCmd(nil, "lint", path)
	if status != exitFindings || strings.Count(out, "error[E0300]") != maxDiagsPerFile ||
		!strings.Contains(errOut, "2000 more diagnostics left out") {
		t.Errorf("lint: exit %d, %d errors, stderr %q", status, strings.Count(out, "error[E0300]"), errOut)
	}
	if limit := maxDiagsPerFile * 8 * maxSnippetLine; len(out) > limit {
		t.Errorf("lint wrote %d bytes for %d findings on a line of %d bytes", len(out), maxDiagsPerFile, len(line))
	}
	expr := "make_layout(" + strings.Repeat("(4, 8):(1, 4),", 2999) + "(4, 8):(1, 4))\n"
	status, out, _ = runCmd([]byte(expr), "verify")
	if status != exitOK || strings.Count(out, "warning[W0903]") != 3000 || len(out) > 3000*8*maxSnippetLine {
		t.Errorf("verify: exit %d, %d warnings in %d bytes", status, strings.Count(out, "warning[W0903]"), len(out))
	}
}
