// Package golden runs golden files: txtar archives that hold one scenario,
// an input and the expected output of every stage of the pipeline.
//
// An archive's comment names its mode on a line "mode: expr" (the input is
// one value or expression), "mode: cute" (a .cute file) or "mode: mlir" (a
// file with the dialect's wrappers); the rest of the comment describes the
// scenario. Its files are:
//
//	input        the text
//	ast          the parse, dumped with ast.Fprint
//	normalized   the value of each expression, kind and canonical text
//	diagnostics  what the verifier reports, rendered as text
//	printed      the canonical text, as `cutec fmt` would write it
//	facts        (optional) facts from outside the program, see FactsSection
//
// Check recomputes every section from the input and compares; Update
// rewrites the archive with the recomputed sections. The facts section is
// never recomputed or rewritten: every run checks the recomputed sections
// against it, with or without update, so an update cannot approve output
// that contradicts the paper or a reference. Tests run every archive
// under testdata/golden, and CUTEC_UPDATE=1 updates them; `cutec golden DIR`
// does the same for a user's own archives.
package golden

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/rogpeppe/go-internal/txtar"

	"github.com/cutec/cutec/internal/atomicfile"
)

// Sections are the names of the output sections, in order.
var Sections = []string{"ast", "normalized", "diagnostics", "printed"}

// Mismatch is a section whose recomputed text differs from the archive's.
type Mismatch struct {
	Section   string
	Want, Got string
}

// Result is the outcome of one archive.
type Result struct {
	Path       string
	Mismatches []Mismatch
	Updated    bool
	// FactFailures are the facts (see FactsSection) that the recomputed
	// sections break; an update does not clear them.
	FactFailures []string
}

// Run checks (or, with update, rewrites) every *.txtar archive under dir,
// in path order.
func Run(dir string, update bool) ([]Result, error) {
	var paths []string
	err := filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() && strings.HasSuffix(p, ".txtar") {
			paths = append(paths, p)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	sort.Strings(paths)
	results := make([]Result, 0, len(paths))
	for _, p := range paths {
		r, err := runFile(p, update)
		if err != nil {
			return results, err
		}
		results = append(results, r)
	}
	return results, nil
}

func runFile(path string, update bool) (Result, error) {
	ar, err := txtar.ParseFile(path)
	if err != nil {
		return Result{}, err
	}
	input, ok := file(ar, "input")
	if !ok {
		return Result{}, fmt.Errorf("%s: no input section", path)
	}
	got, err := Compute(modeOf(ar.Comment), input)
	if err != nil {
		return Result{}, fmt.Errorf("%s: %w", path, err)
	}
	res := Result{Path: path}
	res.FactFailures = checkFacts(ar, modeOf(ar.Comment), got)
	for _, name := range Sections {
		want, _ := file(ar, name)
		if want != got[name] {
			res.Mismatches = append(res.Mismatches, Mismatch{name, want, got[name]})
		}
	}
	if update && len(res.Mismatches) > 0 {
		out := &txtar.Archive{Comment: ar.Comment, Files: []txtar.File{{Name: "input", Data: []byte(input)}}}
		for _, name := range Sections {
			out.Files = append(out.Files, txtar.File{Name: name, Data: []byte(got[name])})
		}
		keepFacts(out, ar)
		if err := atomicfile.Write(path, txtar.Format(out)); err != nil {
			return res, err
		}
		res.Updated = true
	}
	return res, nil
}

func file(ar *txtar.Archive, name string) (string, bool) {
	for _, f := range ar.Files {
		if f.Name == name {
			return string(f.Data), true
		}
	}
	return "", false
}

// modeOf reads the "mode:" line of an archive's comment; expr by default.
func modeOf(comment []byte) string {
	for _, line := range strings.Split(string(comment), "\n") {
		if m, ok := strings.CutPrefix(strings.TrimSpace(line), "mode:"); ok {
			return strings.TrimSpace(m)
		}
	}
	return "expr"
}
