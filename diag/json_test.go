package diag

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// noteAndFix is a diagnostic with a detail, a note in another file and a fix.
func noteAndFix() *Diagnostic {
	main := NewFile("main.cute", []byte("B = 8:1\nC = composition(A, 6:3)\n"))
	defs := NewFile("defs.cute", []byte("A = (4,6,8):(2,3,5)\n"))
	return &Diagnostic{
		Code: StrideDivisibility, File: main, Span: Span{27, 30},
		Message: "inner stride 3 and outer prefix product 4 divide neither one another",
		Detail:  "the inner layout 6:3 crosses mode 0 of A",
		Notes:   []Note{{File: defs, Span: Span{4, 19}, Message: "A is defined here"}},
		Fix:     &Fix{Message: "use stride 4", Edits: []Edit{{Span{29, 30}, "4"}}},
	}
}

func renderJSON(t *testing.T, l List) []map[string]any {
	t.Helper()
	var b bytes.Buffer
	if err := RenderAll(&b, JSON{}, l); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	if !strings.HasSuffix(out, "\n") {
		t.Errorf("output does not end in a newline: %q", out)
	}
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if len(lines) != len(l) {
		t.Fatalf("got %d lines for %d diagnostics:\n%s", len(lines), len(l), out)
	}
	var objs []map[string]any
	for i, line := range lines {
		var m map[string]any
		if err := json.Unmarshal([]byte(line), &m); err != nil {
			t.Fatalf("line %d is not JSON: %v\n%s", i+1, err, line)
		}
		objs = append(objs, m)
	}
	return objs
}

func TestJSONFields(t *testing.T) {
	multi := NewFile("x.cute", []byte("A = (4,\n  8):(1,4)\n"))
	l := List{
		noteAndFix(),
		{Code: Aliasing, Severity: Warning, File: multi, Span: Span{4, 18}, Message: "spans two lines"},
		{Code: SwizzleNotBijective, Severity: Info, Span: Span{0, 8}, Message: "S<3,4,2> & no file"},
	}
	got := renderJSON(t, l)
	// JSON numbers decode as float64.
	want := []map[string]any{{
		"file": "main.cute", "line": 2.0, "col": 20.0, "end_line": 2.0, "end_col": 23.0,
		"offset": 27.0, "end_offset": 30.0,
		"severity": "error", "code": "E0400",
		"message": "inner stride 3 and outer prefix product 4 divide neither one another",
		"detail":  "the inner layout 6:3 crosses mode 0 of A",
		"notes": []any{map[string]any{
			"file": "defs.cute", "line": 1.0, "col": 5.0, "end_line": 1.0, "end_col": 20.0,
			"message": "A is defined here",
		}},
		"fix": map[string]any{"message": "use stride 4", "edits": []any{map[string]any{
			"line": 2.0, "col": 22.0, "end_line": 2.0, "end_col": 23.0, "offset": 29.0, "end_offset": 30.0,
			"new_text": "4",
		}}},
	}, {
		"file": "x.cute", "line": 1.0, "col": 5.0, "end_line": 2.0, "end_col": 11.0,
		"offset": 4.0, "end_offset": 18.0,
		"severity": "warning", "code": "W0900", "message": "spans two lines",
	}, {
		"file": "", "line": 1.0, "col": 1.0, "end_line": 1.0, "end_col": 9.0,
		"offset": 0.0, "end_offset": 8.0,
		"severity": "info", "code": "E0504", "message": "S<3,4,2> & no file",
	}}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("JSON objects differ (-want +got):\n%s", diff)
	}
}

func TestJSONKeepsAngleBrackets(t *testing.T) {
	var b bytes.Buffer
	d := &Diagnostic{Code: SwizzleTooWide, Message: "S<8,16,10> is too wide"}
	if err := (JSON{}).Render(&b, List{d}); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(b.String(), `"message":"S<8,16,10> is too wide"`) {
		t.Errorf("message is escaped or missing: %s", b.String())
	}
}

func TestJSONFieldOrder(t *testing.T) {
	var b bytes.Buffer
	d := &Diagnostic{Code: EmptyInput, File: NewFile("f", nil), Message: "empty"}
	if err := (JSON{}).Render(&b, List{d}); err != nil {
		t.Fatal(err)
	}
	want := `{"file":"f","line":1,"col":1,"end_line":1,"end_col":1,"offset":0,"end_offset":0,` +
		`"severity":"error","code":"E0100","message":"empty"}` + "\n"
	if b.String() != want {
		t.Errorf("got  %s\nwant %s", b.String(), want)
	}
}
