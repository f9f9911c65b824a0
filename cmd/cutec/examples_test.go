package main

import (
	"bytes"
	"os"
	"strings"
	"testing"

	"github.com/cutec/cutec/internal/goldenfile"
)

// runIn runs the command with args in the repository's root and returns its
// exit status and standard output.
func runIn(t *testing.T, args ...string) (int, string) {
	t.Helper()
	t.Chdir("../..")
	var stdout, stderr bytes.Buffer
	e := &env{stdin: strings.NewReader(""), stdout: &stdout, stderr: &stderr, getenv: func(string) string { return "" }}
	status := run(args, e)
	if stderr.Len() > 0 {
		t.Errorf("cutec %s wrote to standard error:\n%s", strings.Join(args, " "), stderr.String())
	}
	return status, stdout.String()
}

// TestExamplesClean is the README's main command: every assert of the
// examples holds and every expect is met, with nothing to report.
func TestExamplesClean(t *testing.T) {
	status, out := runIn(t, "lint", "examples/")
	if status != exitOK || out != "" {
		t.Errorf("cutec lint examples/ exited %d with output:\n%s", status, out)
	}
}

// TestBrokenExamplesReadme keeps examples/broken/README.md showing what
// lint really says. CUTEC_UPDATE=1 rewrites the README's output block.
func TestBrokenExamplesReadme(t *testing.T) {
	status, out := runIn(t, "lint", "examples/broken")
	if status != exitFindings {
		t.Errorf("cutec lint examples/broken exited %d, want %d", status, exitFindings)
	}
	const path = "examples/broken/README.md"
	const start, end = "$ cutec lint examples/broken\n", "$ echo $?\n"
	readme, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	before, rest, ok1 := strings.Cut(string(readme), start)
	shown, after, ok2 := strings.Cut(rest, end)
	if !ok1 || !ok2 {
		t.Fatalf("%s has no block from %q to %q", path, start, end)
	}
	if shown == out {
		return
	}
	if goldenfile.Update() {
		if err := os.WriteFile(path, []byte(before+start+out+end+after), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	t.Errorf("%s does not show lint's output (CUTEC_UPDATE=1 rewrites it); lint says:\n%s", path, out)
}
