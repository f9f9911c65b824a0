package diag

import (
	"bytes"
	"strings"
	"testing"
)

// renderText renders l with the Text renderer r.
func renderText(t *testing.T, r Text, l ...*Diagnostic) string {
	t.Helper()
	var b bytes.Buffer
	if err := RenderAll(&b, r, l); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// The expected outputs below are written by hand from the layout documented
// on Text: header, four-space-indented source and caret lines, "  = " detail,
// note blocks, help line.
func TestTextRender(t *testing.T) {
	main := NewFile("main.cute", []byte("C = composition(A, 6:3)\n"))
	defs := NewFile("defs.cute", []byte("A = (4,6,8):(2,3,5)\n"))
	tests := []struct {
		name string
		d    *Diagnostic
		want string
	}{{
		name: "simple error",
		d: &Diagnostic{Code: ShapeStrideMismatch, File: NewFile("a.cute", []byte("(4,8):(1,(4,2))\n")),
			Span: Span{6, 15}, Message: "shape (4,8) and stride (1,(4,2)) are not congruent"},
		want: "a.cute:1:7: error[E0300]: shape (4,8) and stride (1,(4,2)) are not congruent\n" +
			"    (4,8):(1,(4,2))\n" +
			"          ^~~~~~~~~\n", // nine bytes: ^ and eight ~
	}, {
		name: "tab before the span is copied",
		d: &Diagnostic{Code: NonPositiveShape, File: NewFile("t.cute", []byte("A =\t(4,0):(1,4)")),
			Span: Span{7, 8}, Message: "shape mode 1 is 0"},
		want: "t.cute:1:8: error[E0304]: shape mode 1 is 0\n" +
			"    A =\t(4,0):(1,4)\n" +
			"       \t   ^\n",
	}, {
		name: "multi-byte character before the span",
		d: &Diagnostic{Code: Aliasing, Severity: Warning, File: NewFile("m.cute", []byte("λ = (3,8):(1,1)\n")),
			Span: Span{5, 16}, Message: "(3,8):(1,1) is not injective"},
		// λ is two bytes: column 6 in bytes, but one space in the caret line.
		want: "m.cute:1:6: warning[W0900]: (3,8):(1,1) is not injective\n" +
			"    λ = (3,8):(1,1)\n" +
			"        ^~~~~~~~~~~\n", // eleven characters: ^ and ten ~
	}, {
		name: "span past the end of its line is clipped",
		d: &Diagnostic{Code: UnclosedGroup, File: NewFile("p.cute", []byte("A = (4,8\nB = 1:1\n")),
			Span: Span{4, 17}, Message: "group is not closed"},
		want: "p.cute:1:5: error[E0102]: group is not closed\n" +
			"    A = (4,8\n" +
			"        ^~~~\n",
	}, {
		name: "empty span at end of input",
		d: &Diagnostic{Code: UnexpectedToken, File: NewFile("e.cute", []byte("(4,8):")),
			Span: Span{6, 6}, Message: "expected a stride, found the end of the input"},
		want: "e.cute:1:7: error[E0101]: expected a stride, found the end of the input\n" +
			"    (4,8):\n" +
			"          ^\n",
	}, {
		name: "span on a CRLF line terminator",
		d: &Diagnostic{Code: UnexpectedToken, File: NewFile("e.cute", []byte("(4,8):\r\n")),
			Span: Span{6, 8}, Message: "expected a stride"},
		want: "e.cute:1:7: error[E0101]: expected a stride\n" +
			"    (4,8):\n" +
			"          ^\n",
	}, {
		name: "note in another file, detail and fix",
		d: &Diagnostic{
			Code: StrideDivisibility, File: main, Span: Span{19, 22},
			Message: "inner stride 3 and outer prefix product 4 divide neither one another",
			Detail:  "the inner layout 6:3 crosses mode 0 of A, of extent 4",
			Notes:   []Note{{File: defs, Span: Span{4, 19}, Message: "A is defined here"}},
			Fix:     &Fix{Message: "use stride 4", Edits: []Edit{{Span{21, 22}, "4"}}},
		},
		want: "main.cute:1:20: error[E0400]: inner stride 3 and outer prefix product 4 divide neither one another\n" +
			"    C = composition(A, 6:3)\n" +
			"                       ^~~\n" +
			"  = the inner layout 6:3 crosses mode 0 of A, of extent 4\n" +
			"note: defs.cute:1:5: A is defined here\n" +
			"    A = (4,6,8):(2,3,5)\n" +
			"        ^~~~~~~~~~~~~~~\n" +
			"help: use stride 4\n",
	}, {
		name: "no file",
		d: &Diagnostic{Code: SwizzleNotBijective, Span: Span{0, 8}, Message: "S<3,4,2> has |S| = 2 < B = 3",
			Detail: "a swizzle is a bijection only when |S| >= B\nsee the catalogue",
			Notes:  []Note{{Message: "built from a Go value"}}, Fix: &Fix{Message: "use S<3,4,3>"}},
		want: "error[E0504]: S<3,4,2> has |S| = 2 < B = 3\n" +
			"  = a swizzle is a bijection only when |S| >= B\n" +
			"    see the catalogue\n" +
			"note: built from a Go value\n" +
			"help: use S<3,4,3>\n",
	}, {
		name: "info severity on a later line of a window",
		d: &Diagnostic{Code: "I0000", Severity: Info, File: NewWindow("w.cute", []byte("x\n8:1"), 40, 5, 3),
			Span: Span{2, 5}, Message: "fyi"},
		want: "w.cute:6:1: info[I0000]: fyi\n" +
			"    8:1\n" +
			"    ^~~\n",
	}}
	for _, tt := range tests {
		got := renderText(t, Text{}, tt.d)
		if got != tt.want {
			t.Errorf("%s:\n got:\n%s\nwant:\n%s", tt.name, got, tt.want)
		}
		if first, _, _ := strings.Cut(got, "\n"); first != tt.d.Error() {
			t.Errorf("%s: first line %q differs from Error() %q", tt.name, first, tt.d.Error())
		}
	}
}

func TestTextNoSnippet(t *testing.T) {
	f := NewFile("a.cute", []byte("A = 8:1\nA = 4:1\n"))
	d := &Diagnostic{Code: Redefined, File: f, Span: Span{8, 9}, Message: "A is defined twice",
		Notes: []Note{{File: f, Span: Span{0, 1}, Message: "first defined here"}}}
	want := "a.cute:2:1: error[E0803]: A is defined twice\n" +
		"note: a.cute:1:1: first defined here\n"
	if got := renderText(t, Text{NoSnippet: true}, d); got != want {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
	}
}

func TestTextColor(t *testing.T) {
	f := NewFile("a.cute", []byte("(4, 8)\n"))
	d := &Diagnostic{Code: NonCanonical, Severity: Warning, File: f, Span: Span{3, 4}, Message: "space",
		Notes: []Note{{File: f, Span: Span{0, 1}, Message: "here"}}, Fix: &Fix{Message: "run cutec fmt"}}
	want := "a.cute:1:4: \x1b[1;33mwarning[W0903]\x1b[0m: \x1b[1mspace\x1b[0m\n" +
		"    (4, 8)\n" +
		"       \x1b[1;33m^\x1b[0m\n" +
		"\x1b[1;36mnote\x1b[0m: a.cute:1:1: here\n" +
		"    (4, 8)\n" +
		"    \x1b[1;36m^\x1b[0m\n" +
		"\x1b[1;32mhelp\x1b[0m: run cutec fmt\n"
	if got := renderText(t, Text{Color: true}, d); got != want {
		t.Errorf("got:\n%q\nwant:\n%q", got, want)
	}
}

func TestTextSeveralInOrder(t *testing.T) {
	l := List{
		{Code: EmptyInput, Message: "second"},
		{Code: Aliasing, Severity: Warning, Message: "first"},
	}
	want := "error[E0100]: second\nwarning[W0900]: first\n"
	if got := renderText(t, Text{}, l...); got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

func TestSnippet(t *testing.T) {
	tests := []struct {
		name, src   string
		span        Span
		line, caret string
	}{
		{"multi-byte characters inside the span", "(«x»)", Span{1, 6}, "(«x»)", " ^~~"},
		{"control characters are replaced", "a\x1bb", Span{2, 3}, "a\uFFFDb", "  ^"},
		{"invalid UTF-8 counts one cell per byte", "\xff\xfe:1", Span{2, 4}, "\uFFFD\uFFFD:1", "  ^~"},
		{"span starting inside a character", "«x", Span{1, 3}, "«x", "^~"},
		{"span on the newline", "ab\ncd", Span{2, 3}, "ab", "  ^"},
		{"empty span mid-line", "ab", Span{1, 1}, "ab", " ^"},
		{"empty line at end of file", "ab\n", Span{3, 3}, "", "^"},
		{"span out of range is clamped", "ab", Span{7, 9}, "ab", "  ^"},
		{"end before start is empty", "abc", Span{2, 1}, "abc", "  ^"},
	}
	for _, tt := range tests {
		line, caret := snippet(NewFile("f", []byte(tt.src)), tt.span)
		if line != tt.line || caret != tt.caret {
			t.Errorf("%s: snippet = %q, %q; want %q, %q", tt.name, line, caret, tt.line, tt.caret)
		}
	}
}
