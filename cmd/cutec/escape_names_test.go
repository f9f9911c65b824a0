package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestHostileFileNamesEscaped: a file whose name holds an escape sequence,
// a newline with a forged workflow command and a right-to-left override is
// named escaped (diag.Escape) by the text output of lint, fmt -l, fmt -d
// and the notes of the walk; the github format keeps its own escaping.
func TestHostileFileNamesEscaped(t *testing.T) {
	dir := t.TempDir()
	name := "a\x1b]0;owned\x07\n::error file=x::forged\u202e.cute"
	if err := os.WriteFile(filepath.Join(dir, name), []byte("(4, 2):(1,4)\n"), 0o644); err != nil {
		t.Skip("this file system does not take the name:", err)
	}
	if err := os.Symlink("/dev/zero", filepath.Join(dir, "z\x1b[2J.cute")); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{{"lint", dir}, {"fmt", "-l", dir}, {"fmt", "-d", dir}} {
		_, stdout, stderr := runCmd(nil, args...)
		for _, out := range []string{stdout, stderr} {
			for _, bad := range []string{"\x1b", "\x07", "\n::error", "\u202e"} {
				if strings.Contains(out, bad) {
					t.Errorf("cutec %s prints %q raw:\n%s", args[0], bad, out)
				}
			}
		}
		if !strings.Contains(stdout, `a\x1b]0;owned\x07\n::error file=x::forged\u202e.cute`) {
			t.Errorf("cutec %s does not name the file escaped:\n%s", strings.Join(args, " "), stdout)
		}
	}
	_, stdout, _ := runCmd(nil, "lint", "-format", "github", dir)
	if strings.Contains(stdout, "\n::error file=x") {
		t.Errorf("the github format lets the name forge a command:\n%s", stdout)
	}
}

// TestEvalErrorEscaped: an error line of eval quotes the offending
// character escaped (the parser's message holds it raw); -json escapes as
// JSON does.
func TestEvalErrorEscaped(t *testing.T) {
	_, stdout, _ := runCmd(nil, "eval", "8:1 \u202e", "comp\x1bosition(8:1)")
	if strings.Contains(stdout, "\u202e") || strings.Contains(stdout, "\x1b") {
		t.Errorf("eval prints a control raw:\n%q", stdout)
	}
	if !strings.Contains(stdout, "error[E0106]: invalid character `\\u202e` (U+202E)\n") {
		t.Errorf("eval does not quote the override escaped:\n%q", stdout)
	}
}
