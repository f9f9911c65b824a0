package atomicfile

import (
	"os"
	"testing"
)

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
