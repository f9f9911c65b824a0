package explain

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cutec/cutec/diag"
	"github.com/cutec/cutec/internal/gen"
	"github.com/cutec/cutec/internal/heavytest"
	"github.com/cutec/cutec/normalize"
	"github.com/cutec/cutec/parser"
)

// evalText evaluates an expression with the parser and the evaluator alone
// (cutec eval, through the driver, also runs the checks and states the
// obligations): its value's text, or the first error as
// "error[CODE]: message".
func evalText(src string) string {
	f := diag.NewFile("<replay>", []byte(src))
	e, diags := parser.ParseExpr(f)
	var v normalize.Value
	if !diags.HasErrors() {
		ev := normalize.Evaluator{File: f}
		var more diag.List
		v, more = ev.Eval(e)
		diags = append(diags, more...)
	}
	diags.Sort()
	for _, d := range diags {
		if d.Severity == diag.Error {
			return "error[" + string(d.Code) + "]: " + d.Message
		}
	}
	if v == nil {
		return "error: no value"
	}
	return v.String()
}

// replay checks a derivation against the evaluator: every step's expression
// evaluates, alone, to the step's value, and the last value is the value of
// the expression explained. It returns how many steps it checked.
func replay(t *testing.T, src string) (Derivation, int) {
	t.Helper()
	d := Explain(src)
	if len(d.Steps) == 1 && strings.HasPrefix(d.Value, "error: internal error") {
		// The evaluator itself panics on src (cutec eval does too): a
		// defect of the algebra, which the explanation reports as an error.
		t.Logf("the evaluator panics on %s", src)
		return d, 0
	}
	require.NotEmpty(t, d.Steps, src)
	for i, s := range d.Steps {
		require.Equal(t, s.Value, evalText(s.Expr), "%s: step %d (%s) does not replay", src, i+1, s.Rule)
	}
	want := evalText(src)
	require.Equal(t, want, d.Steps[len(d.Steps)-1].Value, "%s: the last step is not the result", src)
	require.Equal(t, want, d.Value, src)
	require.Equal(t, strings.HasPrefix(want, "error"), d.Failed, src)
	return d, len(d.Steps)
}

// TestReplayRandom replays the derivations of thousands of random calls of
// every operation that computes a layout, with static, dynamic and symbolic
// leaves (internal/gen.Algebra): the evaluator is the reference, so an
// explanation cannot drift from what cutec computes.
func TestReplayRandom(t *testing.T) {
	onMismatch = func(c, got, want string) { t.Logf("%s: the derivation reaches %s, the evaluator %s", c, got, want) }
	defer func() { onMismatch = nil }()
	n := 500 // per kind of leaves; 5000 with CUTEC_HEAVY=1
	if heavytest.Enabled() {
		n = 5000
	}
	if testing.Short() {
		n = 300
	}
	drawn := map[string]int{} // the operations called, outermost
	for _, leaves := range []gen.Leaves{gen.Static, gen.Dynamic, gen.Symbolic} {
		steps, derived, failed, mismatched := 0, 0, 0, 0
		for _, src := range gen.Algebra(uint64(7+leaves), n, leaves) {
			op, _, _ := strings.Cut(src, "(")
			if op == "" {
				op = "eval" // (L)(c)
			}
			drawn[op]++
			d, k := replay(t, src)
			steps += k
			if k > 1 {
				derived++
			}
			if d.Failed {
				failed++
			}
			if d.Mismatch > 0 {
				mismatched++
				t.Logf("no derivation reached the value of %s", src)
			}
		}
		t.Logf("leaves %d: %d expressions, %d derived in more than one step, %d failing, %d steps replayed, %d with a sub-derivation replaced by its call",
			leaves, n, derived, failed, steps, mismatched)
		assert.Greater(t, derived, n/3, "most random calls have a derivation of several steps")
		if leaves == gen.Static {
			assert.Zero(t, mismatched, "a static derivation that does not reach the evaluator's value")
		}
	}
	if testing.Short() {
		return
	}
	for op := range derivations {
		// 20 of 1500 calls of each kind: the share of each operation in
		// the draw, at most 20 calls in a longer draw.
		assert.Greater(t, drawn[op], min(20, n/75), "the random expressions (internal/gen.Algebra) call %s too rarely to test its derivation", op)
	}
	t.Logf("%d operations drawn, %d with a derivation", len(drawn), len(derivations))
}

// TestReplayGenerated replays the derivations of the expressions cutec
// eval's benchmarks use (internal/gen.Exprs).
func TestReplayGenerated(t *testing.T) {
	var b strings.Builder
	_, err := gen.Exprs(&b, gen.Options{Seed: 3, Size: 20000, Unique: 1})
	require.NoError(t, err)
	count := 0
	for _, line := range strings.Split(b.String(), "\n") {
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		d, _ := replay(t, line)
		assert.Zero(t, d.Mismatch, line)
		count++
	}
	assert.Greater(t, count, 500)
}

// TestReplayLocal replays local_tile and local_partition, with and without
// a projection: the derivation is CuTe's (cute/tensor_impl.hpp), a
// zipped_divide then a slice, and must reach the evaluator's value.
func TestReplayLocal(t *testing.T) {
	for _, src := range []string{
		"local_tile((8,16):(16,1), (4,8), (1,0))",
		"local_tile((8,16):(16,1), (4,8), 1)",
		"local_tile((8,16,32):(1,8,128), (4,8,2), (1,0,3), (1,_,1))",
		"local_tile(M:1, 4, 2)",
		"local_partition((8,16):(16,1), (2,4):(4,1), 5)",
		"local_partition(((2,4),16):((16,1),64), ((2,2),4):((1,8),2), 13)",
		"local_partition((8,16,32):(1,8,128), (2,4,2):(8,1,4), 9, (1,1,_))",
	} {
		d, k := replay(t, src)
		assert.Zero(t, d.Mismatch, src)
		assert.Greater(t, k, 3, "%s is derived in several steps", src)
		assert.Equal(t, "slice", d.Steps[len(d.Steps)-1].Rule, src)
	}
	// The slice states local_tile's own conditions, as eval does: the
	// block (3,m) of 128 by 64 exists where M > 384 and N > 64*m.
	d, _ := replay(t, "local_tile((M,N):(1,M), (128,64), (3,m))")
	assert.Contains(t, d.Steps[len(d.Steps)-1].Note, "the coordinate lies inside the rest, mode by mode, if M >= 385, N >= 64*m, N != 64*m")
}
