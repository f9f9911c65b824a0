package atomicfile

import (
	"errors"
	"os"
	"path/filepath"
	"testing"
)

func TestWriteFileAtomicKeepsMode(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "a.cute")
	if err := os.WriteFile(p, []byte("old"), 0o640); err != nil {
		t.Fatal(err)
	}
	if err := Write(p, []byte("new")); err != nil {
		t.Fatal(err)
	}
	checkFile(t, p, "new", 0o640)
	checkOnlyFile(t, dir, "a.cute")
}

func TestWriteFileAtomicFailureLeavesOriginal(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "a.cute")
	if err := os.WriteFile(p, []byte("old"), 0o600); err != nil {
		t.Fatal(err)
	}
	boom := errors.New("boom")
	var seen string
	BeforeRename = func(tmp string) error {
		seen = tmp
		data, _ := os.ReadFile(tmp) // the new text is complete before the rename
		if string(data) != "new" {
			t.Errorf("temporary file holds %q", data)
		}
		return boom
	}
	defer func() { BeforeRename = nil }()
	if err := Write(p, []byte("new")); !errors.Is(err, boom) {
		t.Fatalf("Write error = %v, want %v", err, boom)
	}
	if filepath.Dir(seen) != dir {
		t.Errorf("temporary file %s is not in the file's directory", seen)
	}
	checkFile(t, p, "old", 0o600)
	checkOnlyFile(t, dir, "a.cute") // the temporary file is removed
}

func TestWriteFileAtomicFollowsSymlink(t *testing.T) {
	dir := t.TempDir()
	target := filepath.Join(dir, "target.cute")
	link := filepath.Join(dir, "link.cute")
	if err := os.WriteFile(target, []byte("old"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("target.cute", link); err != nil {
		t.Skip("no symlinks:", err)
	}
	if err := Write(link, []byte("new")); err != nil {
		t.Fatal(err)
	}
	checkFile(t, target, "new", 0o644)
	if fi, err := os.Lstat(link); err != nil || fi.Mode()&os.ModeSymlink == 0 {
		t.Errorf("the link was replaced: %v %v", fi, err)
	}
}

func checkFile(t *testing.T, p, text string, perm os.FileMode) {
	t.Helper()
	data, err := os.ReadFile(p)
	if err != nil || string(data) != text {
		t.Errorf("%s holds %q (%v), want %q", p, data, err, text)
	}
	if fi, err := os.Stat(p); err != nil || fi.Mode().Perm() != perm {
		t.Errorf("%s has mode %v (%v), want %v", p, fi.Mode().Perm(), err, perm)
	}
}

func checkOnlyFile(t *testing.T, dir, name string) {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(entries) != 1 || entries[0].Name() != name {
		var names []string
		for _, e := range entries {
			names = append(names, e.Name())
		}
		t.Errorf("%s holds %v, want only %s", dir, names, name)
	}
}
