package verify_test

import (
	"bufio"
	"encoding/json"
	"github.com/cutec/cutec/internal/dialectcases"
	"os"
	"strings"
	"testing"

	"github.com/cutec/cutec/diag"
	"github.com/cutec/cutec/normalize"
	"github.com/cutec/cutec/verify"
)

// TestDialectCases evaluates the cases of the CuTe MLIR dialect's test
// suite (testdata/dialect/README.md) and checks them against the list of
// known failures: a case fails the test when it fails and is not listed,
// or when it is listed and passes.
func TestDialectCases(t *testing.T) {
	known := knownFailures(t, "../testdata/dialect/known_failures.txt")
	f, err := os.Open("../testdata/dialect/cases.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	n := 0
	deviations := map[deviation]int{}
	for sc.Scan() {
		var c struct{ Expr, Expect, Source string }
		if err := json.Unmarshal(sc.Bytes(), &c); err != nil {
			t.Fatal(err)
		}
		n++
		got := dialectEval(c.Expr)
		// Both sides without spaces, as dialectEval prints: ?{i64 div=16}
		// is ?{i64div=16} on both.
		ok := dialectcases.FactsAgree(got, strings.ReplaceAll(c.Expect, " ", "")) || c.Expect == "error" && strings.HasPrefix(got, "error")
		if !ok {
			if dev, found := documentedDeviation(c.Expr, got, c.Expect); found {
				ok = true
				deviations[dev]++
			}
		}
		_, listed := known[c.Source]
		switch {
		case !ok && !listed:
			t.Errorf("%s: %s\n  got  %s\n  want %s", c.Source, c.Expr, got, c.Expect)
		case ok && listed:
			t.Errorf("%s: %s passes now; remove it from known_failures.txt", c.Source, c.Expr)
		}
		delete(known, c.Source)
	}
	if n == 0 {
		t.Fatal("no dialect cases")
	}
	t.Logf("%d cases; met up to a documented deviation: %v", n, deviations)
	for src := range known {
		t.Errorf("known_failures.txt lists %s, which is not a case", src)
	}
}

// documentedDeviation reports which documented deviation from the dialect
// (dialectDeviation, docs/dialect.md) explains that a case's result
// got differs from the dialect's want: both are layouts, or composed
// layouts with the same outer function and offset whose inner layouts
// differ by the deviation.
func documentedDeviation(expr, got, want string) (deviation, bool) {
	op, _, _ := strings.Cut(expr, "(")
	g, _ := verify.Default().Expr(diag.NewFile("<got>", []byte(got)))
	w, _ := verify.Default().Expr(diag.NewFile("<want>", []byte(want)))
	switch g := g.(type) {
	case normalize.Layout:
		if w, ok := w.(normalize.Layout); ok {
			return dialectDeviation(op, g.L, w.L)
		}
	case normalize.Composed:
		w, ok := w.(normalize.Composed)
		if ok && g.C.Outer.String() == w.C.Outer.String() && g.C.Offset.Equal(w.C.Offset) {
			return dialectDeviation(op, g.C.Inner, w.C.Inner)
		}
	}
	return "", false
}

// dialectEval evaluates an expression with every check and returns its
// canonical text, or "error CODE" for the first error diagnostic.
func dialectEval(src string) string {
	v, diags := verify.Default().Expr(diag.NewFile("<case>", []byte(src)))
	for _, d := range diags {
		if d.Severity == diag.Error {
			return "error " + string(d.Code)
		}
	}
	if v == nil {
		return "no value"
	}
	return strings.ReplaceAll(v.String(), " ", "")
}

// knownFailures reads the sources listed in a known-failures file: one
// source a line, a reason after " # ", blank lines and # comments skipped.
func knownFailures(t *testing.T, path string) map[string]string {
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	m := map[string]string{}
	for _, line := range strings.Split(string(data), "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		src, reason, _ := strings.Cut(line, " # ")
		m[strings.TrimSpace(src)] = reason
	}
	return m
}
