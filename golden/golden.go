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
	"bytes"
	"fmt"
	"io"
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
	// Problems are what makes the archive itself wrong, whatever its
	// sections hold: a section that appears twice, or an unknown section
	// whose name is close to a known one (a misspelling that -update would
	// otherwise keep beside the real section). An archive with problems
	// fails and is never rewritten.
	Problems []string
	// Skipped says why the walk passed over the path (it is not a regular
	// file); such a result is not an archive.
	Skipped string
	// FactFailures are the facts (see FactsSection) that the recomputed
	// sections break; an update does not clear them.
	FactFailures []string
}

// Run checks (or, with update, rewrites) every *.txtar archive under dir,
// in path order.
//
// The walk opens regular files only (and symbolic links to them); any other
// entry named *.txtar is returned as a Result with Skipped set, first.
func Run(dir string, update bool) ([]Result, error) {
	var paths []string
	var skipped []Result
	err := filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() && strings.HasSuffix(p, ".txtar") {
			if why := irregular(p, d); why != "" {
				skipped = append(skipped, Result{Path: p, Skipped: why})
				return nil
			}
			paths = append(paths, p)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	sort.Strings(paths)
	results := make([]Result, 0, len(paths)+len(skipped))
	results = append(results, skipped...)
	for _, p := range paths {
		r, err := runFile(p, update)
		if err != nil {
			return results, err
		}
		results = append(results, r)
	}
	return results, nil
}

// maxArchiveBytes bounds the size of a golden file.
const maxArchiveBytes = 64 << 20

func runFile(path string, update bool) (Result, error) {
	old, err := readBounded(path)
	if err != nil {
		return Result{}, err
	}
	ar := txtar.Parse(old)
	input, ok := file(ar, "input")
	if !ok {
		return Result{}, fmt.Errorf("%s: no input section", path)
	}
	mode, ok := modeOf(ar.Comment)
	if !ok {
		return Result{}, fmt.Errorf("%s: the archive's comment has no line \"mode: expr\", \"mode: cute\" or \"mode: mlir\" to say how its input is read", path)
	}
	got, err := Compute(mode, input)
	if err != nil {
		return Result{}, fmt.Errorf("%s: %w", path, err)
	}
	res := Result{Path: path, Problems: problems(ar)}
	res.FactFailures = checkFacts(ar, mode, got)
	for _, name := range Sections {
		want, _ := file(ar, name)
		if want != got[name] {
			res.Mismatches = append(res.Mismatches, Mismatch{name, want, got[name]})
		}
	}
	if update && len(res.Mismatches) > 0 && len(res.Problems) == 0 {
		if err := atomicfile.Replace(path, old, txtar.Format(updated(ar, got))); err != nil {
			return res, err
		}
		res.Updated = true
	}
	return res, nil
}

// updated returns the archive with its computed sections replaced by got,
// in place, the missing ones added after the input, and every other
// section (a hand-written "notes", say) kept where it was, byte for byte.
func updated(ar *txtar.Archive, got map[string]string) *txtar.Archive {
	out := &txtar.Archive{Comment: ar.Comment}
	have := map[string]bool{}
	for _, f := range ar.Files {
		have[f.Name] = true
	}
	for _, f := range ar.Files {
		if _, computed := got[f.Name]; computed && isSection(f.Name) {
			f.Data = []byte(got[f.Name])
		}
		out.Files = append(out.Files, f)
		if f.Name == "input" {
			for _, name := range Sections {
				if !have[name] {
					out.Files = append(out.Files, txtar.File{Name: name, Data: []byte(got[name])})
				}
			}
		}
	}
	return out
}

func isSection(name string) bool {
	for _, s := range Sections {
		if s == name {
			return true
		}
	}
	return false
}

// problems lists the sections that appear twice and the unknown sections
// whose names are within two edits of a known one (or equal to one but for
// case or spaces).
func problems(ar *txtar.Archive) []string {
	var out []string
	seen := map[string]bool{}
	known := append([]string{"input"}, Sections...)
	for _, f := range ar.Files {
		if seen[f.Name] {
			out = append(out, fmt.Sprintf("the section %q appears more than once", f.Name))
		}
		seen[f.Name] = true
		if f.Name == "input" || isSection(f.Name) {
			continue
		}
		for _, k := range known {
			if norm := strings.ToLower(strings.TrimSpace(f.Name)); norm == k || editDistance(norm, k) <= 2 {
				out = append(out, fmt.Sprintf("the unknown section %q looks like a misspelling of %q", f.Name, k))
				break
			}
		}
	}
	return out
}

// editDistance is the Levenshtein distance of two short names.
func editDistance(a, b string) int {
	prev := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur := make([]int, len(b)+1)
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev = cur
	}
	return prev[len(b)]
}

// irregular says why the walk passes over an entry, or "" for a regular
// file or a symbolic link to one.
func irregular(p string, d os.DirEntry) string {
	if d.Type().IsRegular() {
		return ""
	}
	if d.Type()&os.ModeSymlink != 0 {
		if fi, err := os.Stat(p); err == nil && fi.Mode().IsRegular() {
			return ""
		}
		return "a symbolic link to something other than a regular file"
	}
	return "not a regular file"
}

// readBounded reads a file of at most maxArchiveBytes.
func readBounded(path string) ([]byte, error) {
	f, _, err := atomicfile.OpenRegular(path) // never blocks; judged after the open
	if err != nil {
		return nil, err
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, maxArchiveBytes+1))
	if err != nil {
		return nil, err
	}
	if len(data) > maxArchiveBytes {
		return nil, fmt.Errorf("%s: more than %d bytes; not a golden file", path, maxArchiveBytes)
	}
	if line := shortMarker(data); line > 0 {
		// txtar.Parse of go-internal v1.16 slices out of range on "-- --".
		return nil, fmt.Errorf("%s:%d: a section marker with no name", path, line)
	}
	return data, nil
}

// shortMarker returns the number of the first line that is both "-- " and
// " --" with nothing between (such as "-- --"), or 0.
func shortMarker(data []byte) int {
	for i, line := range bytes.Split(data, []byte("\n")) {
		line = bytes.TrimSuffix(line, []byte("\r"))
		if bytes.HasPrefix(line, []byte("-- ")) && bytes.HasSuffix(line, []byte(" --")) && len(line) < len("-- x --") {
			return i + 1
		}
	}
	return 0
}

func file(ar *txtar.Archive, name string) (string, bool) {
	for _, f := range ar.Files {
		if f.Name == name {
			return string(f.Data), true
		}
	}
	return "", false
}

// modeOf reads the "mode:" line of an archive's comment; ok is false when
// there is none (an archive must say how its input is read).
func modeOf(comment []byte) (mode string, ok bool) {
	for _, line := range strings.Split(string(comment), "\n") {
		if m, ok := strings.CutPrefix(strings.TrimSpace(line), "mode:"); ok {
			return strings.TrimSpace(m), true
		}
	}
	return "", false
}
