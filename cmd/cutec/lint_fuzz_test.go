package main

import (
	"bytes"
	"strings"
	"testing"

	"github.com/cutec/cutec/diag"
	"github.com/cutec/cutec/verify"
)

// FuzzLint lints any bytes as a .cute file (also how lint reads a plain
// file of one layout a line) or as an MLIR file, through the command's
// checker, and checks every diagnostic: a catalogued code, a span inside
// its window, a window holding the input's own bytes at its offset, and a
// line and column that match the offset in the input. MLIR is checked with
// one and with two workers, which must agree.
func FuzzLint(f *testing.F) {
	addFileSeeds(f, func(data []byte, isMLIR bool) { f.Add(data, isMLIR) })
	f.Add([]byte("A = (4,2):(1,4)\r\nA = 8:1\n\xef\xbb\xbf"), false)
	f.Add([]byte("\xef\xbb\xbfB = (4, 2):(1,4)\n"), false)
	lowerable, err := (&checkFlags{}).pass(true)
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, data []byte, isMLIR bool) {
		if len(data) > 64<<10 {
			return // keep each input cheap
		}
		one := lintBytes(t, data, isMLIR, 1, lowerable)
		checkLintDiags(t, data, one)
		if isMLIR {
			if two := lintBytes(t, data, true, 2, lowerable); describe(two) != describe(one) {
				t.Fatalf("two workers: %s; one worker: %s", describe(two), describe(one))
			}
		}
	})
}

// lintBytes checks data as lint checks a file.
func lintBytes(t *testing.T, data []byte, isMLIR bool, workers int, lowerable *verify.Pass) diag.List {
	t.Helper()
	c := newChecker(nil, workers, verify.Default(), lowerable)
	var col collector
	var err error
	if isMLIR {
		err = c.checkMLIR("fuzz.mlir", bytes.NewReader(data), &col)
	} else {
		err = c.checkCute("fuzz.cute", bytes.NewReader(data), &col)
	}
	if err != nil {
		t.Fatal(err)
	}
	return col.result().diags
}

// checkLintDiags checks the diagnostics of lint on the input data.
func checkLintDiags(t *testing.T, data []byte, l diag.List) {
	t.Helper()
	for _, d := range l {
		if _, ok := diag.Lookup(d.Code); !ok {
			t.Fatalf("uncatalogued code %s: %v", d.Code, d)
		}
		checkSpan(t, data, d.File, d.Span, d.Error())
		for _, n := range d.Notes {
			checkSpan(t, data, n.File, n.Span, "note of "+d.Error())
		}
	}
}

// checkSpan checks that a span lies inside its window, that the window
// holds the input's bytes at its offset, and that the span's line and
// column are those of its offset in the input.
func checkSpan(t *testing.T, data []byte, f *diag.File, s diag.Span, what string) {
	t.Helper()
	if f == nil {
		t.Fatalf("%s: no file", what)
	}
	if s.Start < 0 || s.Start > s.End || s.End > len(f.Src) {
		t.Fatalf("%s: span %v outside its window of %d bytes", what, s, len(f.Src))
	}
	if f.Base < 0 || f.Base+len(f.Src) > len(data) || !bytes.Equal(data[f.Base:f.Base+len(f.Src)], f.Src) {
		t.Fatalf("%s: the window at %d does not hold the input's bytes", what, f.Base)
	}
	for _, off := range []int{s.Start, s.End} {
		p := f.Position(off)
		abs := f.Base + off
		lineStart := bytes.LastIndexByte(data[:abs], '\n') + 1
		line := strings.Count(string(data[:abs]), "\n") + 1
		if p.Offset != abs || p.Line != line || p.Col != abs-lineStart+1 {
			t.Fatalf("%s: offset %d resolves to %+v, want line %d col %d", what, abs, p, line, abs-lineStart+1)
		}
	}
}
