//go:build unix

package main

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/cutec/cutec/internal/gen"
)

// hostileTree makes a directory holding one clean file, a.cute (or
// a.txtar), and the entries a walk must pass over: a symbolic link to
// /dev/zero, a named pipe nobody writes to, and a symbolic link to the
// directory itself. Before the walk policy, lint and fmt -l hung on the
// pipe and ate memory without limit on /dev/zero.
func hostileTree(t *testing.T, ext, clean string) string {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "a"+ext), []byte(clean), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("/dev/zero", filepath.Join(dir, "zero"+ext)); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Mkfifo(filepath.Join(dir, "pipe"+ext), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(".", filepath.Join(dir, "loop"+ext)); err != nil {
		t.Fatal(err)
	}
	return dir
}

// TestWalkSkipsWhatIsNotARegularFile: lint, fmt -l and golden walk the tree
// and check only the regular file, with a note per entry passed over and
// the status of the clean file; the work is bounded in bytes allocated.
func TestWalkSkipsWhatIsNotARegularFile(t *testing.T) {
	cute := hostileTree(t, ".cute", "A = (4,2):(1,4)\n")
	archives := hostileTree(t, ".txtar", "mode: expr\n-- input --\n8:1\n-- ast --\nLayout colon=1 [0,3)\n  Int 8 [0,1)\n  Int 1 [2,3)\n-- normalized --\nlayout 8:1\n-- diagnostics --\n(none)\n-- printed --\n8:1\n")
	for _, args := range [][]string{{"lint", cute}, {"fmt", "-l", cute}, {"golden", archives}} {
		var status int
		var stdout, stderr string
		alloc := allocated(func() { status, stdout, stderr = runCmd(nil, args...) })
		if status != exitOK || stdout != "" {
			t.Errorf("cutec %s: exit %d, stdout %q, stderr %q; want 0 and nothing", args[0], status, stdout, stderr)
		}
		for _, name := range []string{"zero", "pipe", "loop"} {
			if !strings.Contains(stderr, "skipping ") || !strings.Contains(stderr, name) {
				t.Errorf("cutec %s: no note for %s: %q", args[0], name, stderr)
			}
		}
		if alloc > 16*mib {
			t.Errorf("cutec %s allocated %d MiB, more than the bound of 16 MiB", args[0], alloc/mib)
		}
	}
}

// TestFmtRefusesHugeFileUnread: a file of 1 GiB (sparse: it takes no disk)
// is refused by its size, without being read: the bytes allocated are far
// below its size.
func TestFmtRefusesHugeFileUnread(t *testing.T) {
	p := filepath.Join(t.TempDir(), "huge.cute")
	f, err := os.Create(p)
	if err != nil {
		t.Fatal(err)
	}
	if err := f.Truncate(1 << 30); err != nil {
		t.Skip("no sparse file here:", err)
	}
	f.Close()
	for _, args := range [][]string{{"fmt", p}, {"fmt", "-w", p}, {"fmt", "-l", p}} {
		var status int
		var stderr string
		alloc := allocated(func() { status, _, stderr = runCmd(nil, args...) })
		if status != exitUsage || !strings.Contains(stderr, "it was not read") {
			t.Errorf("cutec %s: exit %d, stderr %q; want 2 and a refusal", strings.Join(args[:len(args)-1], " "), status, stderr)
		}
		if alloc > 1*mib {
			t.Errorf("cutec %s allocated %d KiB for a file it refuses", args[0], alloc>>10)
		}
	}
	if fi, _ := os.Stat(p); fi.Size() != 1<<30 {
		t.Errorf("the refused file changed size: %d", fi.Size())
	}
}

// TestFmtLargeFileHeap: fmt of 16 MB of MLIR keeps a heap of a few times
// the file (its text and the formatted text), not of the parse of the whole
// file (a 38 MB file took 1.35 GB): the parse is of chunks of 1 MiB.
func TestFmtLargeFileHeap(t *testing.T) {
	if testing.Short() {
		t.Skip("writes 16 MB")
	}
	p := filepath.Join(t.TempDir(), "big.mlir")
	var buf bytes.Buffer
	if _, err := io.Copy(&buf, generated(gen.Options{Seed: 3, Size: 16 << 20, Unique: 0.02})); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	size := uint64(buf.Len())
	buf = bytes.Buffer{}
	var status int
	var stderr string
	peak := peakHeap(func() { status, _, stderr = runCmd(nil, "fmt", "-l", p) })
	if status != exitOK {
		t.Fatalf("fmt -l: exit %d: %s", status, stderr)
	}
	t.Logf("peak heap %d MiB for a file of %d MiB", peak>>20, size>>20)
	if peak > 4*size+64*mib {
		t.Errorf("peak heap %d MiB for a file of %d MiB: more than 4 times the file and 64 MiB", peak>>20, size>>20)
	}
}

// TestNamedIrregularFileBounded: what is read from a named file that is
// not a regular file stops at its bound with an error.
func TestNamedIrregularFileBounded(t *testing.T) {
	f, err := os.Open("/dev/zero")
	if err != nil {
		t.Skip(err)
	}
	defer f.Close()
	b := &boundedFile{f: f, left: 1000}
	n, err := io.Copy(io.Discard, b)
	if n != 1000 || err == nil || !strings.Contains(err.Error(), "not a regular file") {
		t.Errorf("read %d bytes, error %v; want 1000 and an error", n, err)
	}
}
