package verify

import (
	"fmt"
	"strings"
	"testing"

	"github.com/cutec/cutec/diag"
)

// lintLines feeds the lines of text to one Cute session, a window a line
// as lint streams a file, and returns the diagnostics as "line:col code".
func lintLines(t *testing.T, p *Pass, text string) []string {
	t.Helper()
	c := p.NewCute()
	var out []string
	off := 0
	for i, line := range strings.Split(text, "\n") {
		w := diag.NewWindow("t.cute", []byte(line), off, i+1, 1)
		for _, d := range c.Line(w) {
			pos := w.Position(d.Span.Start)
			out = append(out, fmt.Sprintf("%d:%d %s", pos.Line, pos.Col, d.Code))
		}
		off += len(line) + 1
	}
	return out
}

// TestCuteLineCache checks that a closed line repeated gets its diagnostics
// at each of its places, and that a line whose meaning depends on the file
// (a name, defined later) is judged anew each time.
func TestCuteLineCache(t *testing.T) {
	p, err := NewPass(Options{})
	if err != nil {
		t.Fatal(err)
	}
	// size(8:1) is 8, not 4: E0800 (the assertion fails) on each of the three
	// lines, from the cache on the third.
	closed := "assert size(8:1) == 4"
	got := lintLines(t, p, closed+"\n"+closed+"\n\n"+closed)
	want := []string{"1:1 E0800", "2:1 E0800", "4:1 E0800"}
	if strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("a closed line three times: %v, want %v", got, want)
	}
	if v, _ := p.lines.Len(); v != 1 {
		t.Errorf("the cache of lines holds %d lines, want 1 (the closed line, from its second occurrence)", v)
	}
	if p, err = NewPass(Options{}); err != nil {
		t.Fatal(err)
	}
	// X is unknown on line 1 (E0203, at column 13) and 8:1 from line 2 on, so the same
	// line passes on lines 3 and 4.
	open := "assert size(X) == 8"
	got = lintLines(t, p, open+"\n"+"X = 8:1\n"+open+"\n"+open+"\n"+open)
	if strings.Join(got, " ") != "1:13 E0203" {
		t.Errorf("a line with a name defined after its first use: %v, want one finding on line 1", got)
	}
	if v, _ := p.lines.Len(); v != 0 {
		t.Errorf("the cache of lines holds %d lines, want none (a line with a name is never kept)", v)
	}
}

// TestDefinesName checks the quick test that keeps definitions out of the
// cache of lines: a definition or a let, and not a comparison or a call.
func TestDefinesName(t *testing.T) {
	for line, want := range map[string]bool{
		"A = (4,8):(1,4)":           true,
		"  M7=composition(N6, 7:1)": true,
		"let M{div=8}":              true,
		"assert size(A) == 32":      false,
		"A == B":                    false,
		"(4,8):(1,4)":               false,
		"size(A)":                   false,
		"":                          false,
		"# A = 1":                   false,
	} {
		if got := definesName([]byte(line)); got != want {
			t.Errorf("definesName(%q) = %v, want %v", line, got, want)
		}
	}
}
