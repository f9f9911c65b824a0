package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The tests of this file walk into the walls a newcomer meets in the first
// half hour, and check that each gives a friendly outcome.

// TestWallVerifyOfAPath: verify reads its arguments as expressions, so a
// path is a syntax error, and the help line points to lint.
func TestWallVerifyOfAPath(t *testing.T) {
	path := filepath.Join(t.TempDir(), "a.cute")
	if err := os.WriteFile(path, []byte("A = 8:1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	status, out, _ := runCmd(nil, "verify", path)
	want := "help: verify reads its arguments as values and expressions; to check the file, did you mean `cutec lint " + path + "`?\n"
	if status != exitFindings || !strings.HasSuffix(out, want) {
		t.Errorf("verify %s: %d\n%s", path, status, out)
	}
	// An expression is not taken for a path.
	if status, out, _ := runCmd(nil, "verify", "(4,8):(1,,4)"); strings.Contains(out, "cutec lint") || status != exitFindings {
		t.Errorf("a syntax error that is no path gets the hint: %s", out)
	}
}

// TestWallShowTooLarge: a 300 x 2 layout is refused for its 300 rows, and
// the message says so rather than "more than 256 x 256".
func TestWallShowTooLarge(t *testing.T) {
	status, _, errOut := runCmd(nil, "show", "(300,2):(1,300)")
	want := "it has 300 rows and 2 columns, and at most 256 rows and 256 columns are drawn"
	if status != exitFindings || !strings.Contains(errOut, want) {
		t.Errorf("show of 300 x 2: %d %q", status, errOut)
	}
}

// TestWallGoldenWithoutMode: an archive without a mode line is refused with
// a message naming the line, not read as an expression by default.
func TestWallGoldenWithoutMode(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "a.txtar"), []byte("-- input --\n8:1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	status, _, errOut := runCmd(nil, "golden", dir)
	if status != exitUsage || !strings.Contains(errOut, `no line "mode: expr", "mode: cute" or "mode: mlir"`) {
		t.Errorf("golden of an archive without mode: %d %q", status, errOut)
	}
}

// TestWallExpectOfDisabledCheck: leaving a check out with -disable does not
// turn the expect lines of its codes into E0802; nor does an optional check
// that is not enabled. The other errors of the expression still count.
func TestWallExpectOfDisabledCheck(t *testing.T) {
	path := filepath.Join(t.TempDir(), "suite.cute")
	src := "expect W0900 (3,8):(1,1)\nexpect W0902 (4,1,8):(1,0,4)\n"
	if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{
		{"lint", "-enable", "redundant-mode", path},
		{"lint", "-enable", "redundant-mode", "-disable", "aliasing", path},
		{"lint", "-disable", "W0900", path},
		{"lint", path},
	} {
		if status, out, errOut := runCmd(nil, args...); status != exitOK || out != "" {
			t.Errorf("%v: %d\n%s%s", args, status, out, errOut)
		}
	}
	// An expect whose code the pass reports is still checked.
	if status, out, _ := runCmd(nil, "lint", "-enable", "redundant-mode", "-disable", "aliasing", "-format", "json", path); status != exitOK {
		t.Errorf("%d %s", status, out)
	}
	bad := filepath.Join(t.TempDir(), "bad.cute")
	if err := os.WriteFile(bad, []byte("expect W0900 (3,8):(1,3)\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if status, out, _ := runCmd(nil, "lint", "-format", "json", bad); status != exitFindings || !strings.Contains(out, `"code":"E0802"`) {
		t.Errorf("an unmet expect of a running check: %d %s", status, out)
	}
}
