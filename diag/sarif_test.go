package diag

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// sarifDoc is the part of a SARIF log the tests read back.
type sarifDoc struct {
	Schema  string `json:"$schema"`
	Version string `json:"version"`
	Runs    []struct {
		Tool struct {
			Driver struct {
				Name           string `json:"name"`
				Version        string `json:"version"`
				InformationURI string `json:"informationUri"`
				Rules          []struct {
					ID                   string `json:"id"`
					Name                 string `json:"name"`
					ShortDescription     struct{ Text string }
					Help                 struct{ Text string }
					HelpURI              string `json:"helpUri"`
					DefaultConfiguration struct{ Level string }
				} `json:"rules"`
			} `json:"driver"`
		} `json:"tool"`
		ColumnKind string           `json:"columnKind"`
		Results    []map[string]any `json:"results"`
	} `json:"runs"`
}

// renderSARIF renders batches as one streamed document and parses it.
func renderSARIF(t *testing.T, s *SARIF, batches ...List) (string, sarifDoc) {
	t.Helper()
	var b bytes.Buffer
	if err := s.Begin(&b); err != nil {
		t.Fatal(err)
	}
	for _, l := range batches {
		if err := s.Render(&b, l); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.End(&b); err != nil {
		t.Fatal(err)
	}
	var doc sarifDoc
	if err := json.Unmarshal(b.Bytes(), &doc); err != nil {
		t.Fatalf("output is not JSON: %v\n%s", err, b.String())
	}
	return b.String(), doc
}

func TestSARIFDocument(t *testing.T) {
	out, doc := renderSARIF(t, &SARIF{ToolVersion: "0.1.0"}, List{noteAndFix()})
	if doc.Version != "2.1.0" || doc.Schema == "" {
		t.Errorf("version %q, $schema %q", doc.Version, doc.Schema)
	}
	if len(doc.Runs) != 1 {
		t.Fatalf("%d runs, want 1", len(doc.Runs))
	}
	run := doc.Runs[0]
	d := run.Tool.Driver
	if d.Name != "cutec" || d.Version != "0.1.0" || d.InformationURI != InformationURI {
		t.Errorf("driver = %q %q %q", d.Name, d.Version, d.InformationURI)
	}
	if run.ColumnKind != "unicodeCodePoints" {
		t.Errorf("columnKind = %q, want unicodeCodePoints", run.ColumnKind)
	}
	if len(d.Rules) != len(catalogue) {
		t.Fatalf("%d rules, want one per catalogue entry (%d)", len(d.Rules), len(catalogue))
	}
	r := d.Rules[ruleIndex(t, "E0400")]
	if r.ID != "E0400" || r.Name != "stride-divisibility" || r.DefaultConfiguration.Level != "error" ||
		r.ShortDescription.Text == "" || r.Help.Text == "" ||
		r.HelpURI != DocsURL+"#e0400-stride-divisibility" {
		t.Errorf("rule E0400 = %+v", r)
	}
	// The document is indented exactly as encoding/json indents it.
	var canon bytes.Buffer
	if err := json.Indent(&canon, compact(t, out), "", "  "); err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(canon.String()+"\n", out); diff != "" {
		t.Errorf("document is not canonically indented (-want +got):\n%s", diff)
	}
}

func TestSARIFResult(t *testing.T) {
	_, doc := renderSARIF(t, &SARIF{}, List{noteAndFix()})
	got := doc.Runs[0].Results
	region := func(sl, sc, el, ec, off, n float64) map[string]any {
		return map[string]any{"startLine": sl, "startColumn": sc, "endLine": el, "endColumn": ec,
			"byteOffset": off, "byteLength": n}
	}
	loc := func(uri string, r map[string]any) map[string]any {
		return map[string]any{"artifactLocation": map[string]any{"uri": uri}, "region": r}
	}
	want := []map[string]any{{
		"ruleId": "E0400", "ruleIndex": float64(ruleIndex(t, "E0400")), "level": "error",
		"message": map[string]any{"text": "inner stride 3 and outer prefix product 4 divide neither one another" +
			"\nthe inner layout 6:3 crosses mode 0 of A"},
		"locations": []any{map[string]any{"physicalLocation": loc("main.cute", region(2, 20, 2, 23, 27, 3))}},
		"relatedLocations": []any{map[string]any{
			"id":               0.0,
			"physicalLocation": loc("defs.cute", region(1, 5, 1, 20, 4, 15)),
			"message":          map[string]any{"text": "A is defined here"},
		}},
		"fixes": []any{map[string]any{
			"description": map[string]any{"text": "use stride 4"},
			"artifactChanges": []any{map[string]any{
				"artifactLocation": map[string]any{"uri": "main.cute"},
				"replacements": []any{map[string]any{
					"deletedRegion":   region(2, 22, 2, 23, 29, 1),
					"insertedContent": map[string]any{"text": "4"},
				}},
			}},
		}},
	}}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("results differ (-want +got):\n%s", diff)
	}
}

func TestSARIFColumnsInCodePoints(t *testing.T) {
	// λ is two bytes and one code point; the window starts at column 3 of
	// line 4 and at byte 50 of its file.
	f := NewWindow("dir/λ.cute", []byte("λ = (3,8):(1,1)"), 50, 4, 3)
	d := &Diagnostic{Code: Aliasing, Severity: Warning, File: f, Span: Span{5, 16}, Message: "m"}
	_, doc := renderSARIF(t, &SARIF{}, List{d})
	res := doc.Runs[0].Results[0]
	pl := res["locations"].([]any)[0].(map[string]any)["physicalLocation"].(map[string]any)
	want := map[string]any{
		"artifactLocation": map[string]any{"uri": "dir/%CE%BB.cute"},
		"region": map[string]any{"startLine": 4.0, "startColumn": 7.0, "endLine": 4.0, "endColumn": 18.0,
			"byteOffset": 55.0, "byteLength": 11.0},
	}
	if diff := cmp.Diff(want, pl); diff != "" {
		t.Errorf("location differs (-want +got):\n%s", diff)
	}
	if res["level"] != "warning" || res["ruleId"] != "W0900" {
		t.Errorf("level %v, ruleId %v", res["level"], res["ruleId"])
	}
}

func TestSARIFWithoutFile(t *testing.T) {
	l := List{{Code: "X0001", Severity: Info, Message: "no file",
		Notes: []Note{{Message: "a note"}}, Fix: &Fix{Message: "no edits"}}}
	_, doc := renderSARIF(t, &SARIF{}, l)
	want := []map[string]any{{
		"ruleId": "X0001", "level": "note", "message": map[string]any{"text": "no file"},
		"relatedLocations": []any{map[string]any{"id": 0.0, "message": map[string]any{"text": "a note"}}},
	}}
	if diff := cmp.Diff(want, doc.Runs[0].Results); diff != "" {
		t.Errorf("results differ (-want +got):\n%s", diff)
	}
}

func TestSARIFStreaming(t *testing.T) {
	a := &Diagnostic{Code: EmptyInput, File: NewFile("a.cute", nil), Message: "a"}
	b := &Diagnostic{Code: Aliasing, Severity: Warning, File: NewFile("b.cute", []byte("x")), Span: Span{0, 1}, Message: "b"}
	c := &Diagnostic{Code: NonCanonical, Severity: Warning, File: NewFile("c.cute", []byte("y")), Span: Span{0, 1}, Message: "c"}
	streamed, doc := renderSARIF(t, &SARIF{}, List{a}, nil, List{b, c})
	var whole bytes.Buffer
	if err := RenderAll(&whole, &SARIF{}, List{a, b, c}); err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(whole.String(), streamed); diff != "" {
		t.Errorf("streamed batches differ from one batch (-whole +streamed):\n%s", diff)
	}
	if n := len(doc.Runs[0].Results); n != 3 {
		t.Errorf("%d results, want 3", n)
	}
}

func TestSARIFEmpty(t *testing.T) {
	out, doc := renderSARIF(t, &SARIF{})
	if doc.Runs[0].Results == nil || len(doc.Runs[0].Results) != 0 {
		t.Errorf("want an empty results array, got %v", doc.Runs[0].Results)
	}
	var canon bytes.Buffer
	if err := json.Indent(&canon, compact(t, out), "", "  "); err != nil {
		t.Fatal(err)
	}
	if canon.String()+"\n" != out {
		t.Errorf("empty document is not canonically indented:\n%s", out)
	}
}

func TestSARIFMisuse(t *testing.T) {
	var b bytes.Buffer
	s := &SARIF{}
	if err := s.Render(&b, List{{Code: EmptyInput, Message: "m"}}); err != nil {
		t.Fatalf("Render before Begin: %v", err)
	}
	if err := s.Begin(&b); err == nil {
		t.Error("second Begin: want an error")
	}
	if err := s.End(&b); err != nil {
		t.Fatal(err)
	}
	if err := s.Render(&b, nil); err == nil {
		t.Error("Render after End: want an error")
	}
	if err := s.End(&b); err == nil {
		t.Error("second End: want an error")
	}
	if !json.Valid(b.Bytes()) {
		t.Errorf("document is not valid JSON:\n%s", b.String())
	}
}

func TestFileURI(t *testing.T) {
	tests := map[string]string{
		"a.cute":           "a.cute",
		"dir/my file.mlir": "dir/my%20file.mlir",
		"/abs/x.cute":      "file:///abs/x.cute",
		"<arg1>":           "%3Carg1%3E",
		"100%.cute":        "100%25.cute",
	}
	for name, want := range tests {
		if got := fileURI(name); got != want {
			t.Errorf("fileURI(%q) = %q, want %q", name, got, want)
		}
	}
}

// compact removes the insignificant white space of a JSON text.
func compact(t *testing.T, s string) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := json.Compact(&b, []byte(s)); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// ruleIndex is the position of code in the catalogue, which SARIF's rules
// array follows.
func ruleIndex(t *testing.T, code Code) int {
	t.Helper()
	for i, info := range catalogue {
		if info.Code == code {
			return i
		}
	}
	t.Fatalf("%s is not in the catalogue", code)
	return -1
}
