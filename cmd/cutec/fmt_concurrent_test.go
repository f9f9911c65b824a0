package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/cutec/cutec/internal/atomicfile"
	"github.com/cutec/cutec/internal/heavytest"
)

// TestFmtWriteConcurrentWriter proves that fmt -w never loses a byte it did
// not mean to change: a writer appends numbered lines to a file, each
// non-canonical, while fmt -w rewrites it over and over. Every run either
// replaces the file (when nothing changed it meanwhile) or refuses (exit 2)
// and leaves the writer's text. At the end, with one last fmt -w, the file
// must hold every line the writer wrote, in order, formatted: a line lost
// to a rename over a newer text would be missing. A run may also read the
// file in the middle of an append (a read of a regular file is not atomic
// with a write on Linux) and see half a line: that is a syntax error, and
// fmt -w refuses to touch a file with one (exit 2, E01xx), which is right.
func TestFmtWriteConcurrentWriter(t *testing.T) {
	// 100 runs by default, 300 with CUTEC_HEAVY=1 (each run rewrites the
	// whole file, so the time grows with the square).
	lines := 100
	if heavytest.Enabled() {
		lines = 300
	}
	p := filepath.Join(t.TempDir(), "race.cute")
	if err := os.WriteFile(p, []byte("A = (4, 2):(1, 4)\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	// The writer's appends and the rename window of fmt -w exclude each
	// other (atomicfile.Guard): that leaves out only a writer that opens the
	// file before the rename and writes after the check that follows it,
	// microseconds later, which no rename can detect (docs/cli.md).
	var mu sync.Mutex
	atomicfile.Guard = func(f func()) { mu.Lock(); defer mu.Unlock(); f() }
	defer func() { atomicfile.Guard = nil }()
	// Each run of fmt -w overlaps one append, started at the same time.
	runs, refused := 0, 0
	for k := range lines {
		done := make(chan error)
		go func() {
			mu.Lock()
			f, err := os.OpenFile(p, os.O_WRONLY|os.O_APPEND, 0)
			if err == nil {
				_, err = fmt.Fprintf(f, "(4, %d):(1, 4)   # line %d\n", k+1, k)
				f.Close()
			}
			mu.Unlock()
			done <- err
		}()
		status, _, stderr := runCmd(nil, "fmt", "-w", p)
		if err := <-done; err != nil {
			t.Fatal(err)
		}
		runs++
		if status != exitOK {
			if !strings.Contains(stderr, "changed while it was being rewritten") && !strings.Contains(stderr, "error[E01") {
				t.Fatalf("fmt -w: exit %d: %s", status, stderr)
			}
			refused++
		}
	}
	if status, _, stderr := runCmd(nil, "fmt", "-w", p); status != exitOK {
		t.Fatalf("last fmt -w: exit %d: %s", status, stderr)
	}
	got, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	var want strings.Builder
	want.WriteString("A = (4,2):(1,4)\n")
	for k := range lines {
		fmt.Fprintf(&want, "(4,%d):(1,4)   # line %d\n", k+1, k)
	}
	if string(got) != want.String() {
		t.Errorf("after %d runs of fmt -w (%d refused), the file is not every line the writer wrote, formatted:\n%s", runs, refused, got)
	}
	t.Logf("%d runs of fmt -w, %d refused for a concurrent change", runs, refused)
}
