package diag

import (
	"bytes"
	"testing"
)

func renderGitHub(t *testing.T, l ...*Diagnostic) string {
	t.Helper()
	var b bytes.Buffer
	if err := RenderAll(&b, GitHub{}, l); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

func TestGitHubEscaping(t *testing.T) {
	f := NewFile("dir/a,b:c%d.cute", []byte("(4,8):(1,4)\n"))
	d := &Diagnostic{Code: "E0101", File: f, Span: Span{0, 5}, Message: "100% wrong: a, b\r\nnext"}
	// The data keeps ':' and ',' but escapes '%', '\r' and '\n'; the file
	// property escapes all five.
	want := "::error file=dir/a%2Cb%3Ac%25d.cute,line=1,col=1,endLine=1,endColumn=6,title=E0101" +
		"::100%25 wrong: a, b%0D%0Anext\n"
	if got := renderGitHub(t, d); got != want {
		t.Errorf("got  %q\nwant %q", got, want)
	}
}

func TestGitHubPropertyEscaping(t *testing.T) {
	tests := map[string]string{
		"plain":       "plain",
		"a:b,c":       "a%3Ab%2Cc",
		"50%":         "50%25",
		"%3A":         "%253A", // an escape already in the text is escaped again
		"line\r\nnew": "line%0D%0Anew",
	}
	for in, want := range tests {
		if got := escapeProperty(in); got != want {
			t.Errorf("escapeProperty(%q) = %q, want %q", in, got, want)
		}
	}
	if got, want := escapeData("a:b,c%\n"), "a:b,c%25%0A"; got != want {
		t.Errorf("escapeData = %q, want %q", got, want)
	}
}

func TestGitHubSeverities(t *testing.T) {
	f := NewFile("a.cute", []byte("x\n(4, 8)\n"))
	l := List{
		{Code: NonCanonical, Severity: Warning, File: f, Span: Span{5, 6}, Message: "space"},
		{Code: "I0001", Severity: Info, Message: "no file"},
	}
	want := "::warning file=a.cute,line=2,col=4,endLine=2,endColumn=5,title=W0903::space\n" +
		"::notice title=I0001::no file\n"
	if got := renderGitHub(t, l...); got != want {
		t.Errorf("got  %q\nwant %q", got, want)
	}
}

func TestGitHubDetailNotesFix(t *testing.T) {
	want := "::error file=main.cute,line=2,col=20,endLine=2,endColumn=23,title=E0400::" +
		"inner stride 3 and outer prefix product 4 divide neither one another" +
		"%0Athe inner layout 6:3 crosses mode 0 of A" +
		"%0Anote: defs.cute:1:5: A is defined here" +
		"%0Ahelp: use stride 4\n"
	if got := renderGitHub(t, noteAndFix()); got != want {
		t.Errorf("got  %q\nwant %q", got, want)
	}
}
