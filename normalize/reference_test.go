package normalize_test

import (
	"bufio"
	"encoding/json"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/cutec/cutec/diag"
	"github.com/cutec/cutec/normalize"
	"github.com/cutec/cutec/parser"
)

// TestReference evaluates every case of testdata/reference/reference_cases.jsonl
// end to end: parse the expression, evaluate it, compare the canonical text
// (or the failure) with the expectation. The layout package runs the same
// cases against the algebra alone.
func TestReference(t *testing.T) {
	f, err := os.Open("../testdata/reference/reference_cases.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	n := 0
	for sc.Scan() {
		var rc struct {
			Expr   string   `json:"expr"`
			Expect string   `json:"expect"`
			Accept []string `json:"accept"`
		}
		if err := json.Unmarshal(sc.Bytes(), &rc); err != nil {
			t.Fatal(err)
		}
		n++
		got := evalText(t, rc.Expr)
		want := strings.ReplaceAll(rc.Expect, " ", "")
		if got != want && !slices.Contains(rc.Accept, got) {
			t.Errorf("%s\n  got  %s\n  want %s %v", rc.Expr, got, want, rc.Accept)
		}
	}
	if n == 0 {
		t.Fatal("no reference cases")
	}
}

// evalText parses and evaluates an expression and returns its canonical
// text without spaces, or "error" when a coded error diagnostic was given.
func evalText(t *testing.T, src string) string {
	t.Helper()
	file := diag.NewFile("<expr>", []byte(src))
	e, diags := parser.ParseExpr(file)
	if diags.HasErrors() {
		t.Errorf("%s: syntax: %v", src, diags)
		return "syntax error"
	}
	ev := normalize.Evaluator{File: file}
	v, diags := ev.Eval(e)
	if diags.HasErrors() {
		for _, d := range diags {
			if _, ok := diag.Lookup(d.Code); !ok {
				t.Errorf("%s: uncatalogued code %s", src, d.Code)
			}
		}
		return "error"
	}
	if v == nil {
		t.Errorf("%s: no value and no error", src)
		return ""
	}
	return strings.ReplaceAll(v.String(), " ", "")
}
