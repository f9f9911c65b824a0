package diag

import (
	"bytes"
	"strings"
	"testing"
)

func TestEscape(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"examples/a.cute", "examples/a.cute"},
		{"café/ü.cute", "café/ü.cute"},                                       // printable UTF-8 stays
		{"a\x1b]0;owned\x07.cute", `a\x1b]0;owned\x07.cute`},                 // sets a terminal's title
		{"x\n::error file=y::forged.cute", `x\n::error file=y::forged.cute`}, // a workflow command on a line of its own
		{"tab\there\r", `tab\there\r`},
		{"c1\u009b31m", `c1\u009b31m`},             // the 8-bit CSI
		{"abc\u202egnp.cute", `abc\u202egnp.cute`}, // right-to-left override
		{"\u2066x\u2069", `\u2066x\u2069`},         // isolates
		{"bad\xffutf8", `bad\xffutf8`},
		{"del\x7f", `del\x7f`},
	} {
		if got := Escape(c.in); got != c.want {
			t.Errorf("Escape(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

// TestTextEscapesNamesAndExcerpts: the text renderer prints a hostile file
// name escaped and a bidi override in an excerpt as U+FFFD (one cell, so
// the carets stay aligned).
func TestTextEscapesNamesAndExcerpts(t *testing.T) {
	f := NewFile("evil\x1b[2J\n::error::x.cute", []byte("(4,8):(1,\u202e4)\n"))
	d := &Diagnostic{Code: "E0107", Severity: Error, File: f, Span: Span{Start: 9, End: 12}, Message: "bad \u202e char"}
	var b bytes.Buffer
	if err := RenderAll(&b, Text{}, List{d}); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	for _, bad := range []string{"\x1b", "\u202e", "\n::error"} {
		if strings.Contains(out, bad) {
			t.Errorf("the output holds %q raw:\n%s", bad, out)
		}
	}
	if !strings.HasPrefix(out, `evil\x1b[2J\n::error::x.cute:1:10: `) {
		t.Errorf("the name is not escaped:\n%s", out)
	}
	if !strings.Contains(out, "(4,8):(1,\uFFFD4)\n             ^") {
		t.Errorf("the excerpt does not show the override as U+FFFD under its caret:\n%s", out)
	}
}
