package main

import (
	"bytes"
	"encoding/json"
	"path/filepath"
	"regexp"
	"testing"

	"github.com/cutec/cutec/diag"
	"github.com/cutec/cutec/internal/goldenfile"
	"github.com/google/go-cmp/cmp"
)

// page is docs/diagnostics.md, seen from this package's directory.
var page = filepath.Join("..", "..", "..", "docs", "diagnostics.md")

// TestDocsInSync fails while docs/diagnostics.md differs from what the
// catalogue generates. With CUTEC_UPDATE=1 it rewrites the page instead.
func TestDocsInSync(t *testing.T) {
	want, err := markdown()
	if err != nil {
		t.Fatal(err)
	}
	// go generate ./diag writes the same page.
	goldenfile.Check(t, page, want)
}

var codeHeadingPattern = regexp.MustCompile(`(?m)^### ([EW]\d{4}) `)

func TestEveryCodeHasOneSection(t *testing.T) {
	out, err := markdown()
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, m := range codeHeadingPattern.FindAllSubmatch(out, -1) {
		got = append(got, string(m[1]))
	}
	var want []string
	for _, c := range diag.Catalogue() {
		want = append(want, string(c.Code))
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("code sections differ from the catalogue (-catalogue +page):\n%s", diff)
	}
}

// TestHelpURIsPointAtSections checks that every rule's helpUri in SARIF
// output names the anchor of that code's heading on the page.
func TestHelpURIsPointAtSections(t *testing.T) {
	var b bytes.Buffer
	if err := diag.RenderAll(&b, &diag.SARIF{}, nil); err != nil {
		t.Fatal(err)
	}
	var log struct {
		Runs []struct {
			Tool struct {
				Driver struct {
					Rules []struct{ ID, HelpURI string }
				}
			}
		}
	}
	if err := json.Unmarshal(b.Bytes(), &log); err != nil {
		t.Fatal(err)
	}
	rules := log.Runs[0].Tool.Driver.Rules
	if len(rules) != len(diag.Catalogue()) {
		t.Fatalf("%d rules, want %d", len(rules), len(diag.Catalogue()))
	}
	for i, c := range diag.Catalogue() {
		want := diag.DocsURL + "#" + anchor(codeHeading(c))
		if rules[i].HelpURI != want {
			t.Errorf("%s: helpUri %q, want %q", c.Code, rules[i].HelpURI, want)
		}
	}
}

func TestAnchor(t *testing.T) {
	tests := map[string]string{
		"E0400 stride-divisibility": "e0400-stride-divisibility",
		".cute statements (08xx)":   "cute-statements-08xx",
		"Fold legality (05xx)":      "fold-legality-05xx",
	}
	for heading, want := range tests {
		if got := anchor(heading); got != want {
			t.Errorf("anchor(%q) = %q, want %q", heading, got, want)
		}
	}
}

func TestCodeSpan(t *testing.T) {
	tests := map[string]string{
		"plain":       "`plain`",
		"a `b` c":     "``a `b` c``",
		"`edge`":      "`` `edge` ``",
		"abs(SShift)": "`abs(SShift)`",
	}
	for in, want := range tests {
		if got := codeSpan(in); got != want {
			t.Errorf("codeSpan(%q) = %q, want %q", in, got, want)
		}
	}
}
