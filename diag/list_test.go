package diag

import (
	"strings"
	"testing"
)

// codesOf lists the codes and messages of l, to compare orders briefly.
func codesOf(l List) string {
	var parts []string
	for _, d := range l {
		parts = append(parts, string(d.Code)+":"+d.Message)
	}
	return strings.Join(parts, " ")
}

func TestListSort(t *testing.T) {
	a := NewFile("a.cute", []byte("0123456789"))
	b := NewFile("b.cute", []byte("0123456789"))
	l := List{
		{Code: "E0101", File: b, Span: Span{0, 1}, Message: "b0"},
		{Code: "W0900", Severity: Warning, File: a, Span: Span{2, 3}, Message: "warn"},
		{Code: "E0300", File: a, Span: Span{2, 3}, Message: "z"},
		{Code: "E0300", File: a, Span: Span{2, 3}, Message: "y"},
		{Code: "E0101", File: a, Span: Span{2, 5}, Message: "longer"},
		{Code: "E0900", File: a, Span: Span{1, 9}, Message: "first"},
		{Code: "E0100", Message: "nofile"},
	}
	l.Sort()
	// No file sorts first (""), then by file, start, end, severity, code, message.
	want := "E0100:nofile E0900:first E0300:y E0300:z W0900:warn E0101:longer E0101:b0"
	if got := codesOf(l); got != want {
		t.Errorf("Sort:\n got %s\nwant %s", got, want)
	}
}

func TestListDedup(t *testing.T) {
	f := NewFile("a.cute", []byte("0123456789"))
	d := func(code Code, start int, msg string) *Diagnostic {
		return &Diagnostic{Code: code, File: f, Span: Span{start, start + 1}, Message: msg}
	}
	l := List{d("E0300", 4, "m"), d("E0101", 1, "m"), d("E0300", 4, "m"), d("E0300", 4, "other"), d("E0101", 1, "m")}
	got := l.Dedup()
	if want := "E0101:m E0300:m E0300:other"; codesOf(got) != want {
		t.Errorf("Dedup = %s, want %s", codesOf(got), want)
	}
}

func TestListCap(t *testing.T) {
	l := List{{Message: "1"}, {Message: "2"}, {Message: "3"}, {Message: "4"}, {Message: "5"}}
	tests := []struct {
		n, keep, left int
	}{
		{2, 2, 3}, {5, 5, 0}, {9, 5, 0}, {0, 5, 0}, {-1, 5, 0},
	}
	for _, tt := range tests {
		got, left := l.Cap(tt.n)
		if len(got) != tt.keep || left != tt.left {
			t.Errorf("Cap(%d) kept %d, left %d; want %d, %d", tt.n, len(got), left, tt.keep, tt.left)
		}
		if len(got) > 0 && got[0].Message != "1" {
			t.Errorf("Cap(%d) does not keep the first diagnostics", tt.n)
		}
	}
}

func TestListErrors(t *testing.T) {
	var empty List
	warnings := List{{Code: "W0900", Severity: Warning, Message: "w"}, {Code: "X", Severity: Info, Message: "i"}}
	mixed := List{{Code: "W0900", Severity: Warning, Message: "w"}, {Code: "E0300", Severity: Error, Message: "e"}}

	if empty.HasErrors() || warnings.HasErrors() || !mixed.HasErrors() {
		t.Error("HasErrors: want false, false, true for empty, warnings, mixed")
	}
	if empty.Err() != nil || warnings.Err() != nil {
		t.Error("Err: want nil without errors")
	}
	err := mixed.Err()
	if err == nil {
		t.Fatal("Err: want an error for a list with an error")
	}
	if got, want := err.Error(), "warning[W0900]: w\nerror[E0300]: e"; got != want {
		t.Errorf("Err().Error() = %q, want %q", got, want)
	}
	if !mixed.HasCode("E0300") || mixed.HasCode("E0301") {
		t.Error("HasCode: want true for E0300, false for E0301")
	}
}

func TestListAdd(t *testing.T) {
	var l List
	l.Add(&Diagnostic{Message: "1"})
	l.Append(List{{Message: "2"}, {Message: "3"}})
	if got := codesOf(l); got != ":1 :2 :3" {
		t.Errorf("Add, Append = %q, want \":1 :2 :3\"", got)
	}
}
