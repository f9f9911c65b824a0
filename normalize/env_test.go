package normalize

import (
	"testing"

	"github.com/cutec/cutec/diag"
	"github.com/cutec/cutec/layout"
)

// TestEnvKeepsValueAndSite checks the compact bindings: a static layout
// comes back equal from its packed form, other values as they were, and a
// redefinition gets the first definition's site with its line.
func TestEnvKeepsValueAndSite(t *testing.T) {
	e := NewEnv()
	line := []byte("A = (4,8):(1,4)")
	w := diag.NewWindow("f.cute", line, 100, 7, 1)
	l := layout.MustNew(layout.Ints(4, 8), layout.Ints(1, 4))
	if _, ok := e.Define("A", Layout{l}, Site{File: w, Span: diag.Span{Start: 0, End: 1}}); !ok {
		t.Fatal("first definition of A refused")
	}
	line[0] = 'X' // the caller reuses its buffer
	if _, ok := e.Define("n", Int(3), Site{Span: diag.Span{Start: 2, End: 3}}); !ok {
		t.Fatal("first definition of n refused")
	}
	v, ok := e.Lookup("A")
	if got, isLayout := v.(Layout); !ok || !isLayout || !got.L.Equal(l) {
		t.Errorf("A = %v, %v; want %s", v, ok, l)
	}
	if v, ok := e.Lookup("n"); !ok || v != Int(3) {
		t.Errorf("n = %v, %v; want 3", v, ok)
	}
	first, ok := e.Define("A", Int(1), Site{})
	if ok {
		t.Fatal("redefinition of A accepted")
	}
	if first.File == nil || string(first.File.Src) != "A = (4,8):(1,4)" || first.File.Name != "f.cute" ||
		first.File.Base != 100 || first.File.BaseLine != 7 || first.Span != (diag.Span{Start: 0, End: 1}) {
		t.Errorf("first site of A: %+v", first)
	}
	if first, ok := e.Define("n", Int(1), Site{}); ok || first.File != nil || first.Span != (diag.Span{Start: 2, End: 3}) {
		t.Errorf("first site of n: %+v, %v", first, ok)
	}
	if got := e.Names(); len(got) != 2 || got[0] != "A" || got[1] != "n" {
		t.Errorf("names %v", got)
	}
}

// TestLayoutAppendTextIsString checks that a Layout value appends what
// String returns.
func TestLayoutAppendTextIsString(t *testing.T) {
	v := Layout{layout.MustNew(layout.Tuple(layout.Int(4), layout.Ints(2, 2)), layout.Tuple(layout.Int(1), layout.Ints(4, -8)))}
	if got, _ := v.AppendText([]byte("=")); string(got) != "="+v.String() {
		t.Errorf("AppendText %q, String %q", got, v.String())
	}
}
