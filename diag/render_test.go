package diag

import (
	"bytes"
	"errors"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cutec/cutec/internal/goldenfile"
)

func TestNewRenderer(t *testing.T) {
	for _, format := range Formats() {
		r, err := NewRenderer(format)
		if err != nil || r == nil {
			t.Errorf("NewRenderer(%q) = %v, %v", format, r, err)
		}
	}
	if _, err := NewRenderer("xml"); err == nil || !strings.Contains(err.Error(), `"xml"`) {
		t.Errorf("NewRenderer(\"xml\") error = %v, want one naming the format", err)
	}
	r1, _ := NewRenderer("sarif")
	r2, _ := NewRenderer("sarif")
	if r1 == r2 {
		t.Error("NewRenderer must return a fresh SARIF value each time")
	}
	if _, ok := r1.(*SARIF); !ok {
		t.Errorf("NewRenderer(\"sarif\") = %T, want *SARIF", r1)
	}
}

// failWriter fails every write.
type failWriter struct{}

func (failWriter) Write([]byte) (int, error) { return 0, errors.New("disk full") }

func TestRenderersReportWriteErrors(t *testing.T) {
	l := List{{Code: EmptyInput, Message: "m"}}
	for _, format := range Formats() {
		r, _ := NewRenderer(format)
		if err := RenderAll(failWriter{}, r, l); err == nil {
			t.Errorf("%s: want the write error", format)
		}
	}
}

// TestGolden pins every format's output for the sample diagnostics in
// goldenSamples; see golden for how to update.
func TestGolden(t *testing.T) {
	l := goldenSamples()
	for _, g := range []struct {
		file string
		r    Renderer
	}{
		{"render.text.golden", Text{}},
		{"render.nosnippet.golden", Text{NoSnippet: true}},
		{"render.jsonl.golden", JSON{}},
		{"render.sarif.golden", &SARIF{ToolVersion: "test", catalogue: goldenRules(l)}},
		{"render.github.golden", GitHub{}},
	} {
		var b bytes.Buffer
		if err := RenderAll(&b, g.r, l); err != nil {
			t.Fatal(err)
		}
		goldenfile.Check(t, filepath.Join("testdata", g.file), b.Bytes())
	}
}

// goldenSamples is one diagnostic of every kind the renderers treat apart.
func goldenSamples() List {
	src := NewFile("kernel.cute", []byte("A = (4,6,8):(2,3,5)\r\nC = composition(A, 6:3)\r\n\tB = (3,8):(1,1)  # λ\r\nD = ((1@0, 8@1), 1@2\r\n"))
	l := List{
		{Code: StrideDivisibility, File: src, Span: Span{40, 43},
			Message: "inner stride 3 and outer prefix product 4 divide neither one another",
			Detail:  "composition(A, B) needs, at every mode of A that B crosses,\nthat the prefix product and the stride of B divide one another",
			Notes:   []Note{{File: src, Span: Span{4, 19}, Message: "A is defined here"}},
			Fix:     &Fix{Message: "use stride 4", Edits: []Edit{{Span{42, 43}, "4"}}}},
		{Code: Aliasing, Severity: Warning, File: src, Span: Span{51, 62}, Message: "(3,8):(1,1) maps 24 coordinates to 10 offsets"},
		{Code: UnclosedGroup, File: src, Span: Span{90, 90}, Message: "expected `)`, found the end of the line",
			Notes: []Note{{File: src, Span: Span{74, 75}, Message: "to close this `(`"}},
			Fix:   &Fix{Message: "add `)`", Edits: []Edit{{Span{90, 90}, ")"}}}},
		{Code: SwizzleNotBijective, Message: "S<3,4,2>: |S| = 2 is less than B = 3, 100% wrong"},
	}
	return l
}

// goldenRules is the part of the Catalogue that l uses, so that the SARIF
// golden file pins the shape of rules without changing with every new code.
func goldenRules(l List) []CodeInfo {
	var cat []CodeInfo
	for _, c := range catalogue {
		if l.HasCode(c.Code) {
			cat = append(cat, c)
		}
	}
	return cat
}
