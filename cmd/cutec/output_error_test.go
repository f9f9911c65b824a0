package main

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// fullWriter fails every write, as standard output does on a full disk
// ("> /dev/full").
type fullWriter struct{}

func (fullWriter) Write([]byte) (int, error) { return 0, errors.New("no space left on device") }

// TestOutputErrorsExit2: every command that prints exits 2 when standard
// output cannot be written, and says so on standard error (docs/cli.md:
// "an I/O error (... standard output closed)" is status 2).
func TestOutputErrorsExit2(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "a.cute")
	if err := os.WriteFile(p, []byte("(4, 2):(1,4)\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{
		{"show", "8:1"}, {"fmt", "-l", dir}, {"fmt", "-d", dir}, {"fmt", p}, {"version"}, {"help"},
		{"help", "lint"}, {"--help"}, {"eval", "8:1"}, {"verify", "(3,8):(1,1)"}, {"lint", dir},
		{"show", "-h"},
	} {
		var errOut bytes.Buffer
		e := &env{stdin: strings.NewReader(""), stdout: fullWriter{}, stderr: &errOut, getenv: func(string) string { return "" }}
		if status := run(args, e); status != exitUsage {
			t.Errorf("cutec %s with a full standard output: exit %d, want 2", strings.Join(args, " "), status)
		}
		if !strings.Contains(errOut.String(), "no space left on device") {
			t.Errorf("cutec %s: the write error is not reported: %q", strings.Join(args, " "), errOut.String())
		}
	}
}
