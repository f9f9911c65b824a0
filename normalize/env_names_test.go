package normalize

import (
	"fmt"
	"strings"
	"testing"

	"github.com/cutec/cutec/diag"
	"github.com/cutec/cutec/layout"
)

// defineMany defines n names N0, N1, … in e, each to the layout
// (i+1):1 on a line of its own, and checks that each comes back.
func defineMany(t *testing.T, e *Env, n int) {
	t.Helper()
	for i := range n {
		name := fmt.Sprintf("N%d", i)
		line := []byte(fmt.Sprintf("%s = %d:1", name, i+1))
		w := diag.NewWindow("m.cute", line, 10*i, i+1, 1)
		s, ok := layout.StaticOf(layout.MustNew(layout.Int(int64(i+1)), layout.Int(1)))
		if !ok {
			t.Fatalf("%d:1 is not static", i+1)
		}
		if !e.DefineStatic(name, &s, Site{File: w, Span: diag.Span{Start: 0, End: len(name)}}) {
			t.Fatalf("DefineStatic %s refused", name)
		}
	}
	for i := range n {
		name := fmt.Sprintf("N%d", i)
		var s layout.Static
		if !e.LookupStatic(name, &s) {
			t.Fatalf("%s not found", name)
		}
		// (i+1):1 has one leaf, of extent i+1 and stride 1.
		if ext, str := s.Leaf(0); ext != int64(i+1) || str != 1 {
			t.Fatalf("%s = %d:%d, want %d:1", name, ext, str, i+1)
		}
		if e.DefineStatic(name, &s, Site{}) {
			t.Fatalf("DefineStatic accepted %s again", name)
		}
		first, ok := e.Define(name, Int(1), Site{})
		if ok || first.File == nil || first.File.BaseLine != i+1 || !strings.HasPrefix(string(first.File.Src), name+" = ") {
			t.Fatalf("redefinition of %s: %+v, %v", name, first, ok)
		}
	}
	if got := len(e.Names()); got != n {
		t.Fatalf("%d names, want %d", got, n)
	}
	if _, ok := e.Lookup(fmt.Sprintf("N%d", n)); ok {
		t.Fatalf("N%d found, never defined", n)
	}
}

// TestEnvNamesAcrossChunks: enough names to fill several chunks of
// records (each record holds its line, about 20 bytes) all come back.
func TestEnvNamesAcrossChunks(t *testing.T) {
	e := NewEnv()
	defineMany(t, e, 3*chunkSize/20)
	if len(e.names.chunks) < 2 {
		t.Fatalf("%d chunks, want several", len(e.names.chunks))
	}
}

// TestEnvNamesClash: with every hash the same (the mask keeps no bit),
// every name but the first goes to the table of clashes, and all are
// still found, refused again and listed.
func TestEnvNamesClash(t *testing.T) {
	e := NewEnv()
	e.names.mask = 0
	defineMany(t, e, 500)
	if len(e.names.index) != 1 || len(e.names.clash) != 499 {
		t.Fatalf("index %d, clash %d; want 1 and 499", len(e.names.index), len(e.names.clash))
	}
}

// TestEnvLongLine: a definition on a line longer than a chunk gets a
// chunk of its own, and its site comes back whole.
func TestEnvLongLine(t *testing.T) {
	e := NewEnv()
	defineMany(t, e, 3)
	line := []byte("Long = 4:1  # " + strings.Repeat("x", 2*chunkSize))
	w := diag.NewWindow("l.cute", line, 0, 9, 1)
	if _, ok := e.Define("Long", Int(4), Site{File: w, Span: diag.Span{Start: 0, End: 4}}); !ok {
		t.Fatal("Long refused")
	}
	first, ok := e.Define("Long", Int(5), Site{})
	if ok || first.File == nil || string(first.File.Src) != string(line) {
		t.Fatalf("redefinition of Long: %v, site text of %d bytes", ok, len(first.File.Src))
	}
	if v, ok := e.Lookup("Long"); !ok || v != Int(4) {
		t.Fatalf("Long = %v, %v; want 4", v, ok)
	}
}
