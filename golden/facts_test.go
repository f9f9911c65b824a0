package golden

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/txtar"

	"github.com/cutec/cutec/diag"
	"github.com/cutec/cutec/normalize"
	"github.com/cutec/cutec/parser"
)

// factPrefixes name the archives of the corpus whose expected output is a
// fact from outside the program (the paper, a reference, the input's
// design); each must have a facts section.
var factPrefixes = []string{"paper_", "errata_", "descriptor_", "diagnostics_", "mlir_broken"}

func TestFactsRequired(t *testing.T) {
	paths, err := filepath.Glob(filepath.Join(corpus, "*.txtar"))
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, p := range paths {
		base := filepath.Base(p)
		for _, prefix := range factPrefixes {
			if !strings.HasPrefix(base, prefix) {
				continue
			}
			n++
			ar, err := txtar.ParseFile(p)
			if err != nil {
				t.Fatal(err)
			}
			if _, ok := facts(ar); !ok {
				t.Errorf("%s: no %q section; its results come from outside the program", p, FactsSection)
			}
		}
	}
	if n < 25 {
		t.Errorf("only %d archives need facts; were they renamed?", n)
	}
}

// TestUpdateKeepsFacts: an update rewrites the computed sections but keeps
// the facts section byte for byte, and still reports the broken fact.
func TestUpdateKeepsFacts(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "a.txtar")
	// complement(4:32, 256) is (32,2):(1,128) (docs/semantics.md §E4); the
	// fact below claims the wrong value the design note gave.
	const factText = "# a wrong fact\nvalue: layout 32:1\nerrors: 0\n"
	src := "mode: expr\n-- input --\ncomplement(4:32, 256)\n-- normalized --\nstale\n-- facts --\n" + factText
	if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, update := range []bool{true, false} {
		results, err := Run(dir, update)
		if err != nil {
			t.Fatal(err)
		}
		r := results[0]
		if update && !r.Updated {
			t.Errorf("update=%v: the stale archive was not updated", update)
		}
		if len(r.FactFailures) != 1 || !strings.Contains(r.FactFailures[0], `want the value "layout 32:1", got "layout (32,2):(1,128)"`) {
			t.Errorf("update=%v: fact failures %q, want the one wrong value", update, r.FactFailures)
		}
		ar, err := txtar.ParseFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if got, _ := facts(ar); got != factText {
			t.Errorf("update=%v: the facts section became %q, want it unchanged", update, got)
		}
		if got, _ := file(ar, "normalized"); got != "layout (32,2):(1,128)\n" {
			t.Errorf("update=%v: the normalized section is %q, want the recomputed value", update, got)
		}
	}
}

func TestCheckFacts(t *testing.T) {
	// Rendered as diag.Text renders: the first line of each diagnostic
	// carries the severity and the code; notes and help lines do not.
	diags := "input:1:1: error[E0300]: x\nnote: input:1:4: y\ninput:2:1: warning[W0900]: z\nhelp: write w\n"
	got := map[string]string{"diagnostics": diags, "normalized": "layout 4:1\n"}
	tests := []struct {
		mode, facts string
		fails       int
	}{
		{"expr", "codes: W0900 E0300\nerrors: 1\nvalue: layout 4:1\n", 0},
		{"expr", "codes: E0300\n", 1},                  // W0900 is missing from the fact
		{"expr", "codes: E0300 W0900 W0900\n", 1},      // a multiset: twice is not once
		{"expr", "errors: 2\n", 1},                     // one error, one warning
		{"expr", "diagnostics: none\n", 1},             // there are two
		{"expr", "value: layout 1:0\n", 1},             // exact text
		{"cute", "value: layout 4:1\n", 1},             // value is for expressions
		{"expr", "# comment only\n\n", 0},              // nothing to check
		{"expr", "size: 4\nwhatever\n", 2},             // an unknown key, not key: value
		{"expr", "diagnostics: some\n", 1},             // only none
		{"expr", "errors: many # not a count\n", 1},    // a count
		{"expr", "codes: E0300 W0900 # trailing\n", 0}, // comments end a line
	}
	for _, tc := range tests {
		ar := &txtar.Archive{Files: []txtar.File{{Name: FactsSection, Data: []byte(tc.facts)}}}
		if f := checkFacts(ar, tc.mode, got); len(f) != tc.fails {
			t.Errorf("%s %q: %d failures %q, want %d", tc.mode, tc.facts, len(f), f, tc.fails)
		}
	}
	if f := checkFacts(&txtar.Archive{}, "expr", got); f != nil {
		t.Errorf("no facts section: %q, want nothing to check", f)
	}
}

// TestSameValueIsExact: the round trip compares values exactly. 4:0 and
// 1:0 are the same function on their domains but not the same layout, and
// (4,1):(1,0) is not 4:1.
func TestSameValueIsExact(t *testing.T) {
	for _, tc := range []struct {
		a, b string
		same bool
	}{
		{"1:0", "1:0", true},
		{"(4,8):(1,4)", "(4, 8):(1, 4)", true},
		{"4:0", "1:0", false},
		{"(4,1):(1,0)", "4:1", false},
		{"(4,8)", "(4,8):(1,4)", false},
	} {
		va, vb := value(t, tc.a), value(t, tc.b)
		if got := sameValue(va, vb); got != tc.same {
			t.Errorf("sameValue(%s, %s) = %v, want %v", tc.a, tc.b, got, tc.same)
		}
	}
}

func value(t *testing.T, src string) normalize.Value {
	t.Helper()
	e, diags := parser.ParseExpr(diag.NewFile("<input>", []byte(src)))
	if e == nil || diags.HasErrors() {
		t.Fatalf("%s: %v", src, diags)
	}
	v, d := eval(src, e)
	if v == nil || d.HasErrors() {
		t.Fatalf("%s: %v", src, d)
	}
	return v
}
