package lsp

import (
	"strings"
	"testing"
)

// TestLoneCR checks that a lone "\r" ends a line for the protocol, as its
// specification says (line endings are "\n", "\r\n" and "\r"), while the
// diagnostics stay lint's.
func TestLoneCR(t *testing.T) {
	c := startClient(t)
	c.initialize()
	uri := "file:///cr.cute"
	// Lint reads one line, "A = 8:1\rB = 4:1\r", and reports E0103 on the
	// trailing "B = 4:1"; for the protocol B starts line 1, so the span is
	// 1:0-1:7.
	ds := c.open(uri, "cute", "A = 8:1\rB = 4:1\r")
	if len(ds) != 1 || ds[0].Code != "E0103" || ds[0].Range != rng(1, 0, 1, 7) {
		t.Fatalf("open: %+v, want E0103 at 1:0-1:7", ds)
	}
	// An edit at a position after the lone "\r": B becomes "# B", a
	// comment, and the line is clean.
	if ds := c.change(uri, 2, rng(1, 0, 1, 0), "# "); len(ds) != 0 {
		t.Errorf("after commenting B out: %+v, want none", ds)
	}
	// The comment is a semantic token on protocol line 1: "# B = 4:1",
	// 9 characters from column 0, ending at the lone "\r".
	var toks semanticTokens
	c.result("textDocument/semanticTokens/full", map[string]any{"textDocument": map[string]any{"uri": uri}}, &toks)
	line, char, found := 0, 0, false
	for k := 0; k+4 < len(toks.Data); k += 5 {
		if toks.Data[k] > 0 {
			char = 0
		}
		line, char = line+toks.Data[k], char+toks.Data[k+1]
		found = found || line == 1 && char == 0 && toks.Data[k+2] == 9
		if line > 1 {
			t.Errorf("a token on line %d: %v", line, toks.Data)
		}
	}
	if !found {
		t.Errorf("semantic tokens %v: want the comment at 1:0, 9 long", toks.Data)
	}

	// MLIR: a hover on a payload after a lone "\r" and one after "\r\n".
	m := "file:///cr.mlir"
	c.open(m, "mlir", "%0 = cute.static : !cute.layout<\"4:1\">\r%1 = cute.static : !cute.layout<\"(2,2):(1,2)\">\r\n%2 = cute.static : !cute.layout<\"(2,4):(4,1)\">\n")
	for _, tc := range []struct {
		line int
		want string
	}{{1, "(2,2):(1,2)"}, {2, "(2,4):(4,1)"}} {
		var h Hover
		c.result("textDocument/hover", at(m, tc.line, 36), &h)
		if !strings.Contains(h.Contents.Value, tc.want) {
			t.Errorf("hover on line %d = %q, want %s", tc.line, h.Contents.Value, tc.want)
		}
		if h.Range == nil || h.Range.Start.Line != tc.line || h.Range.End.Line != tc.line {
			t.Errorf("hover range on line %d = %+v", tc.line, h.Range)
		}
	}
}

// TestLoneCRPositions checks that every byte of a document with every kind
// of line end maps to a protocol position and back, and that the protocol
// lines are those its specification splits the text into.
func TestLoneCRPositions(t *testing.T) {
	text := "ab\rcd\r\ne😀f\r\rg\nh\r"
	d := newDocument("file:///p.cute", "", 0, text)
	// The protocol's lines: "ab", "cd", "e😀f", "", "g", "h", "".
	want := []string{"ab", "cd", "e😀f", "", "g", "h", ""}
	for i, l := range d.lines {
		for b := 0; b <= len(l); b++ {
			crlf := i < len(d.lines)-1 && strings.HasSuffix(l, "\r")
			if b < len(l) && l[b]&0xC0 == 0x80 || crlf && b == len(l) {
				continue // inside a character, or after the "\r" of "\r\n"
			}
			p := d.position(i, b)
			if p.Line >= len(want) {
				t.Fatalf("byte %d of line %d: position %+v, past the %d lines", b, i, p, len(want))
			}
			if li, bi := d.offset(p); li != i || bi != b {
				t.Errorf("byte %d of line %d -> %+v -> byte %d of line %d", b, i, p, bi, li)
			}
		}
	}
	// The end of each protocol line, in UTF-16 units: 😀 counts two.
	for n, w := range want {
		units := len([]rune(w))
		if strings.Contains(w, "😀") {
			units++
		}
		li, b := d.offset(pos(n, 99))
		if p := d.position(li, b); p != pos(n, units) {
			t.Errorf("end of protocol line %d = %+v, want %d:%d", n, p, n, units)
		}
	}
	// Edits at positions after lone "\r"s, and one that adds some.
	for _, e := range []struct {
		r    Range
		text string
		want string
	}{
		{rng(1, 0, 1, 1), "C", "ab\rCd\r\ne😀f\r\rg\nh\r"},
		{rng(3, 0, 3, 0), "z", "ab\rCd\r\ne😀f\rz\rg\nh\r"},
		{rng(6, 0, 6, 0), "end", "ab\rCd\r\ne😀f\rz\rg\nh\rend"},
		{rng(0, 1, 1, 1), "\r\r", "a\r\rd\r\ne😀f\rz\rg\nh\rend"},
	} {
		r := e.r
		d.apply(contentChange{Range: &r, Text: e.text})
		if got := d.text(); got != e.want {
			t.Errorf("after %q at %+v: %q, want %q", e.text, e.r, got, e.want)
		}
		if fresh := newDocument("file:///p.cute", "", 0, d.text()); fresh.lones != d.lones {
			t.Errorf("after %q: %d lone CRs counted, %d in the text", e.text, d.lones, fresh.lones)
		}
	}
	if li, b := d.offset(pos(9, 0)); li != len(d.lines)-1 || b != len(d.lines[li]) {
		t.Errorf("a line past the end maps to %d:%d, want the end of the document", li, b)
	}
}
