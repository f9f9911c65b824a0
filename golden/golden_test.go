package golden

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/rogpeppe/go-internal/txtar"

	"github.com/cutec/cutec/ast"
	"github.com/cutec/cutec/diag"
	"github.com/cutec/cutec/internal/goldenfile"
	"github.com/cutec/cutec/normalize"
	"github.com/cutec/cutec/parser"
	"github.com/cutec/cutec/printer"
)

const corpus = "../testdata/golden"

// TestGolden checks every archive of the corpus; CUTEC_UPDATE=1 rewrites
// them (read the diff before committing it).
func TestGolden(t *testing.T) {
	results, err := Run(corpus, goldenfile.Update())
	if err != nil {
		t.Fatal(err)
	}
	if len(results) < 20 {
		t.Fatalf("only %d golden archives", len(results))
	}
	for _, r := range results {
		for _, f := range r.FactFailures {
			t.Errorf("%s: %s (an update never changes a fact: fix the program or, with a source, the fact)", r.Path, f)
		}
		if r.Updated {
			continue
		}
		for _, m := range r.Mismatches {
			t.Errorf("%s: section %s differs (-want +got; CUTEC_UPDATE=1 updates it):\n%s",
				r.Path, m.Section, cmp.Diff(m.Want, m.Got))
		}
	}
}

// TestRoundTrip: for every golden input, the printed form parses back to
// the same value (exactly: same kind, shape and strides), and printing it
// again changes nothing.
func TestRoundTrip(t *testing.T) {
	results, err := Run(corpus, false)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range results {
		ar, err := txtar.ParseFile(r.Path)
		if err != nil {
			t.Fatal(err)
		}
		input, _ := file(ar, "input")
		mode, _ := modeOf(ar.Comment)
		switch mode {
		case "expr":
			roundTripExpr(t, r.Path, strings.TrimSuffix(input, "\n"))
		case "cute":
			roundTripCute(t, r.Path, input)
		}
	}
}

func roundTripExpr(t *testing.T, path, src string) {
	e, diags := parser.ParseExpr(diag.NewFile("<input>", []byte(src)))
	if e == nil || diags.HasErrors() {
		return
	}
	once := printer.String(e)
	e2, diags := parser.ParseExpr(diag.NewFile("<input>", []byte(once)))
	if e2 == nil || diags.HasErrors() {
		t.Errorf("%s: the printed form %q does not parse: %v", path, once, diags)
		return
	}
	if twice := printer.String(e2); twice != once {
		t.Errorf("%s: printing is not idempotent: %q then %q", path, once, twice)
	}
	v1, d1 := eval(src, e)
	v2, _ := eval(once, e2)
	if d1.HasErrors() {
		return
	}
	if !sameValue(v1, v2) {
		t.Errorf("%s: %q is %v but its printed form %q is %v", path, src, v1, once, v2)
	}
}

// sameValue reports whether two values are exactly the same: the same kind
// and canonical text, so the layout 4:0 is not 1:0 although both map their
// one reachable coordinate to 0.
func sameValue(a, b normalize.Value) bool {
	return a != nil && b != nil && normalize.Equal(a, b) && a.String() == b.String()
}

func eval(src string, e ast.Expr) (normalize.Value, diag.List) {
	ev := normalize.Evaluator{File: diag.NewFile("x", []byte(src))}
	return ev.Eval(e)
}

func roundTripCute(t *testing.T, path, src string) {
	f, diags := parser.ParseCuteFile(diag.NewFile("input", []byte(src)))
	if f == nil || diags.HasErrors() {
		return
	}
	once, err := printer.FormatCute(f)
	if err != nil {
		t.Errorf("%s: %v", path, err)
		return
	}
	f2, diags := parser.ParseCuteFile(diag.NewFile("input", []byte(string(once))))
	if f2 == nil || diags.HasErrors() {
		t.Errorf("%s: the formatted file does not parse: %v", path, diags)
		return
	}
	twice, _ := printer.FormatCute(f2)
	if string(twice) != string(once) {
		t.Errorf("%s: formatting is not idempotent:\n%s", path, cmp.Diff(string(once), string(twice)))
	}
}

// FuzzRoundTrip: print(parse(x)) parses back and printing it again changes
// nothing, for every golden input and its mutations.
func FuzzRoundTrip(f *testing.F) {
	results, err := Run(corpus, false)
	if err != nil {
		f.Fatal(err)
	}
	for _, r := range results {
		ar, _ := txtar.ParseFile(r.Path)
		if input, ok := file(ar, "input"); ok && hasMode(ar.Comment, "expr") {
			f.Add(strings.TrimSuffix(input, "\n"))
		}
	}
	f.Fuzz(func(t *testing.T, src string) {
		e, diags := parser.ParseExpr(diag.NewFile("<input>", []byte(src)))
		if e == nil || diags.HasErrors() {
			return
		}
		once := printer.String(e)
		e2, diags := parser.ParseExpr(diag.NewFile("<input>", []byte(once)))
		if e2 == nil || diags.HasErrors() {
			t.Fatalf("%q printed as %q, which does not parse: %v", src, once, diags)
		}
		if twice := printer.String(e2); twice != once {
			t.Fatalf("%q: printing is not idempotent: %q then %q", src, once, twice)
		}
	})
}

func hasMode(comment []byte, want string) bool {
	mode, ok := modeOf(comment)
	return ok && mode == want
}

// TestArchiveWithoutMode: an archive that does not say how its input is
// read is refused with a message that names the missing line, not read as
// an expression by default.
func TestArchiveWithoutMode(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "nomode.txtar")
	if err := os.WriteFile(path, []byte("a layout\n-- input --\n8:1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err := Run(dir, false)
	if err == nil || !strings.Contains(err.Error(), `no line "mode: expr"`) {
		t.Errorf("an archive without a mode line: %v", err)
	}
}

func writeArchive(t *testing.T, dir, name, text string) string {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// TestUpdateKeepsUnknownSections: -update rewrites the computed sections
// and keeps a hand-written one, byte for byte, where it was.
func TestUpdateKeepsUnknownSections(t *testing.T) {
	dir := t.TempDir()
	p := writeArchive(t, dir, "a.txtar", "mode: expr\n-- input --\n8:1\n-- notes --\nwritten by hand\n")
	res, err := Run(dir, true)
	if err != nil || len(res) != 1 || !res[0].Updated {
		t.Fatalf("Run = %+v, %v; want one updated archive", res, err)
	}
	data, _ := os.ReadFile(p)
	if !strings.HasSuffix(string(data), "-- printed --\n8:1\n-- notes --\nwritten by hand\n") {
		t.Errorf("the notes section is not kept after the computed ones:\n%s", data)
	}
	if res, _ := Run(dir, false); len(res[0].Mismatches) != 0 || len(res[0].Problems) != 0 {
		t.Errorf("the updated archive does not check clean: %+v", res[0])
	}
}

// TestDuplicateAndMisspeltSectionsFail: a second input (which an update
// silently dropped) and a misspelt section are problems; the archive is
// not rewritten.
func TestDuplicateAndMisspeltSectionsFail(t *testing.T) {
	for _, text := range []string{
		"mode: expr\n-- input --\n8:1\n-- input --\n4:1\n",
		"mode: expr\n-- input --\n8:1\n-- printd --\n8:1\n",
		"mode: expr\n-- input --\n8:1\n-- Printed --\n8:1\n",
	} {
		dir := t.TempDir()
		p := writeArchive(t, dir, "a.txtar", text)
		res, err := Run(dir, true)
		if err != nil || len(res) != 1 || len(res[0].Problems) != 1 || res[0].Updated {
			t.Errorf("%q: Run = %+v, %v; want one problem and no update", text, res, err)
		}
		if data, _ := os.ReadFile(p); string(data) != text {
			t.Errorf("%q: the archive was rewritten:\n%s", text, data)
		}
	}
}

// TestNamelessMarkerIsAnError: "-- --" made txtar.Parse (go-internal
// v1.16) slice out of range and golden panic; it is an error now.
func TestNamelessMarkerIsAnError(t *testing.T) {
	for _, text := range []string{"mode: expr\n-- input --\n8:1\n-- --\n", "-- --\r\n", "-- --"} {
		dir := t.TempDir()
		writeArchive(t, dir, "a.txtar", text)
		if _, err := Run(dir, true); err == nil || !strings.Contains(err.Error(), "a section marker with no name") {
			t.Errorf("%q: Run error = %v, want a section marker with no name", text, err)
		}
	}
}
