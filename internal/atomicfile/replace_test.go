package atomicfile

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func writeOld(t *testing.T, text string, perm os.FileMode) (dir, path string) {
	t.Helper()
	dir = t.TempDir()
	path = filepath.Join(dir, "a.cute")
	if err := os.WriteFile(path, []byte(text), perm); err != nil {
		t.Fatal(err)
	}
	return dir, path
}

func appendTo(t *testing.T, path, text string) {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if _, err := f.WriteString(text); err != nil {
		t.Fatal(err)
	}
}

func TestReplaceKeepsModeAndReplaces(t *testing.T) {
	dir, p := writeOld(t, "old", 0o640)
	if err := Replace(p, []byte("old"), []byte("new")); err != nil {
		t.Fatal(err)
	}
	checkFile(t, p, "new", 0o640)
	checkOnlyFile(t, dir, "a.cute")
}

// TestReplaceRefusesChangedBeforeRead: the text given as old is not what
// the file holds (another writer wrote after the read, or truncated the
// file during it): nothing is written.
func TestReplaceRefusesChangedBeforeRead(t *testing.T) {
	for _, now := range []string{"old and more", "ol", "olD"} {
		dir, p := writeOld(t, now, 0o644)
		if err := Replace(p, []byte("old"), []byte("new")); !errors.Is(err, ErrChanged) {
			t.Fatalf("file %q: Replace error = %v, want ErrChanged", now, err)
		}
		checkFile(t, p, now, 0o644)
		checkOnlyFile(t, dir, "a.cute")
	}
}

// TestReplaceRefusesChangeWhileWriting: a writer appends while the new
// text is being written (before the check): refused, the appended text
// kept.
func TestReplaceRefusesChangeWhileWriting(t *testing.T) {
	dir, p := writeOld(t, "old\n", 0o644)
	BeforeRename = func(string) error { appendTo(t, p, "X\n"); return nil }
	defer func() { BeforeRename = nil }()
	if err := Replace(p, []byte("old\n"), []byte("new\n")); !errors.Is(err, ErrChanged) {
		t.Fatalf("Replace error = %v, want ErrChanged", err)
	}
	checkFile(t, p, "old\nX\n", 0o644)
	checkOnlyFile(t, dir, "a.cute")
}

// TestReplaceRestoresChangeAtRename: a writer appends to the old file after
// the last check, just before the rename (it holds the old file open): the
// rename happens, is detected through the old file and undone, so the
// writer's text is what the path holds.
func TestReplaceRestoresChangeAtRename(t *testing.T) {
	dir, p := writeOld(t, "old\n", 0o644)
	AfterCheck = func(path string) { appendTo(t, path, "X\n") }
	defer func() { AfterCheck = nil }()
	if err := Replace(p, []byte("old\n"), []byte("new\n")); !errors.Is(err, ErrChanged) {
		t.Fatalf("Replace error = %v, want ErrChanged", err)
	}
	checkFile(t, p, "old\nX\n", 0o644)
	checkOnlyFile(t, dir, "a.cute")
}

func TestReplaceRefusesHardLinks(t *testing.T) {
	dir, p := writeOld(t, "old", 0o644)
	if err := os.Link(p, filepath.Join(dir, "b.cute")); err != nil {
		t.Skip("no hard links here:", err)
	}
	err := Replace(p, []byte("old"), []byte("new"))
	if err == nil || !strings.Contains(err.Error(), "2 hard links") {
		t.Fatalf("Replace error = %v, want a refusal for 2 hard links", err)
	}
	checkFile(t, p, "old", 0o644)
	checkFile(t, filepath.Join(dir, "b.cute"), "old", 0o644)
}

// TestReplaceReadOnly: a file that cannot be opened for writing is not
// replaced (gofmt's rule: its write opens the file in place). Root can open
// a 0444 file for writing, as it can with gofmt, so the test runs only for
// other users.
func TestReplaceReadOnly(t *testing.T) {
	if os.Geteuid() == 0 {
		t.Skip("root may write a read-only file, as gofmt does")
	}
	_, p := writeOld(t, "old", 0o444)
	if err := Replace(p, []byte("old"), []byte("new")); !errors.Is(err, os.ErrPermission) {
		t.Fatalf("Replace error = %v, want a permission error", err)
	}
	checkFile(t, p, "old", 0o444)
}
