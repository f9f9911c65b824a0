package main

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/cutec/cutec/internal/atomicfile"
)

// The writers of cutec ("fmt -w" and "golden -update") go through
// internal/atomicfile. These tests fail the write and check that the
// original is untouched, byte for byte, and that no temporary file is left.
// write_unix_test.go fails the write itself and kills the writer.

// messyCute is a .cute file that fmt rewrites, with bytes fmt must keep.
const messyCute = "# a tile\r\nA = (4, 2) : (1, 4)   # pycute\nB = (_2,_2):(_1,_2)\n"

// newGoldenArchive is a golden file with only its mode and input, which
// "golden -update" fills in.
const newGoldenArchive = "mode: expr\nA layout in pycute's spelling.\n-- input --\n(4, 2):(1, 4)\n"

// writeCase is a command that writes a file, and that file.
type writeCase struct {
	name    string
	file    string // the file's name in its directory
	content string // what it holds before the command
	args    func(dir string) []string
}

var writeCases = []writeCase{
	{"fmt -w", "a.cute", messyCute, func(dir string) []string {
		return []string{"fmt", "-w", filepath.Join(dir, "a.cute")}
	}},
	{"golden -update", "a.txtar", newGoldenArchive, func(dir string) []string {
		return []string{"golden", "-update", dir}
	}},
}

// TestWritersChangeTheFile checks that the commands of writeCases do write
// when nothing fails, so that the failure tests below mean something.
func TestWritersChangeTheFile(t *testing.T) {
	for _, c := range writeCases {
		dir, path := setUpWrite(t, c)
		if status, _, errOut := runCmd(nil, c.args(dir)...); status != exitOK {
			t.Errorf("%s: exit %d: %s", c.name, status, errOut)
		}
		if data, _ := os.ReadFile(path); string(data) == c.content {
			t.Errorf("%s did not change %s", c.name, c.file)
		}
		checkOnlyFiles(t, dir, c.file)
	}
}

// TestWriteFailureBeforeRename fails each write just before its rename,
// when the new text is whole in the temporary file.
func TestWriteFailureBeforeRename(t *testing.T) {
	boom := errors.New("injected failure before rename")
	atomicfile.BeforeRename = func(string) error { return boom }
	defer func() { atomicfile.BeforeRename = nil }()
	for _, c := range writeCases {
		dir, path := setUpWrite(t, c)
		status, _, errOut := runCmd(nil, c.args(dir)...)
		if status != exitUsage || !strings.Contains(errOut, boom.Error()) {
			t.Errorf("%s: exit %d, stderr %q; want 2 and the failure", c.name, status, errOut)
		}
		checkUntouched(t, path, c.content)
		checkOnlyFiles(t, dir, c.file)
	}
}

// setUpWrite makes a directory holding the file of c.
func setUpWrite(t *testing.T, c writeCase) (dir, path string) {
	t.Helper()
	dir = t.TempDir()
	path = filepath.Join(dir, c.file)
	if err := os.WriteFile(path, []byte(c.content), 0o640); err != nil {
		t.Fatal(err)
	}
	return dir, path
}

// checkUntouched checks that a file holds exactly its old text and mode.
func checkUntouched(t *testing.T, path, content string) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil || string(data) != content {
		t.Errorf("%s now holds %q (%v), want %q", path, data, err, content)
	}
	if fi, err := os.Stat(path); err != nil || fi.Mode().Perm() != 0o640 {
		t.Errorf("%s: mode %v (%v), want 0640", path, fi.Mode(), err)
	}
}

// checkOnlyFiles checks that dir holds exactly the named files: no
// temporary file is left behind.
func checkOnlyFiles(t *testing.T, dir string, names ...string) {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, e := range entries {
		got = append(got, e.Name())
	}
	if !slices.Equal(got, names) {
		t.Errorf("%s holds %v, want %v", dir, got, names)
	}
}
