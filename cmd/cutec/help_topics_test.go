package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cutec/cutec/diag"
)

// TestSyntaxExamples evaluates every example of "cutec help syntax": a value
// or expression must print the result the reference shows, and the
// statements, written one a line into a .cute file, must lint clean.
func TestSyntaxExamples(t *testing.T) {
	var stmts []string
	for _, s := range syntaxSections {
		for _, f := range s.forms {
			if f.result == "" {
				stmts = append(stmts, f.example)
				continue
			}
			status, out, errOut := runCmd(nil, "eval", "--", f.example)
			if status != exitOK || out != f.result+"\n" {
				t.Errorf("eval %s: status %d, %q%s; the syntax help shows %s", f.example, status, out, errOut, f.result)
			}
		}
	}
	path := filepath.Join(t.TempDir(), "syntax.cute")
	if err := os.WriteFile(path, []byte(strings.Join(stmts, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if status, out, errOut := runCmd(nil, "lint", path); status != exitOK || out != "" {
		t.Errorf("the statements of the syntax help do not lint clean: %d\n%s%s", status, out, errOut)
	}
	status, out, _ := runCmd(nil, "help", "syntax")
	if status != exitOK || !strings.Contains(out, "S<3,4,3> o 0 o (8,64):(64,1)") {
		t.Errorf("help syntax: %d\n%s", status, out)
	}
}

// TestExplainEveryCode explains every code of the catalogue, by code (in
// either case) and by name, through "cutec explain" and "cutec help". The
// example of a code is run, and what cutec says about it names the code.
func TestExplainEveryCode(t *testing.T) {
	for _, c := range diag.Catalogue() {
		for _, args := range [][]string{
			{"explain", string(c.Code)},
			{"explain", strings.ToLower(string(c.Code))},
			{"help", string(c.Code)},
			{"help", c.Name},
		} {
			status, out, errOut := runCmd(nil, args...)
			if status != exitOK || !strings.HasPrefix(out, string(c.Code)+" "+c.Name+" ("+c.Severity.String()+")\n") {
				t.Errorf("%v: status %d\n%s%s", args, status, out, errOut)
			}
		}
		_, out, _ := runCmd(nil, "explain", string(c.Code))
		if _, runnable := exampleInput(c.Example); runnable {
			_, said, ok := strings.Cut(out, "What cutec says about it:\n")
			if !ok || !strings.Contains(said, "["+string(c.Code)+"]") {
				t.Errorf("explain %s does not show what cutec says about its example:\n%s", c.Code, out)
			}
			if false || !strings.Contains(out, "["+string(c.Code)+"]") {
				t.Errorf("explain %s does not show what cutec says about its example:\n%s", c.Code, out)
			}
		}
	}
}

// TestExplainUnknownCode: an unknown code is a usage error with a
// suggestion.
func TestExplainUnknownCode(t *testing.T) {
	status, out, errOut := runCmd(nil, "explain", "E0410")
	// E0400 is one substitution away from E0410, and the first code of the
	// catalogue at that distance (E0401 is one swap away).
	want := "cutec explain: E0410 is not a code of the catalogue; did you mean E0400? (docs/diagnostics.md lists them)\n" +
		"Run 'cutec help explain' for usage.\n"
	if status != exitUsage || out != "" || errOut != want {
		t.Errorf("explain E0410: %d %q %q", status, out, errOut)
	}
	status, _, errOut = runCmd(nil, "help", "stride-divisibilty")
	if status != exitUsage || !strings.Contains(errOut, `did you mean "stride-divisibility"?`) {
		t.Errorf("help of a misspelled code name: %d %q", status, errOut)
	}
}
