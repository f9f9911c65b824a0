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
	"github.com/cutec/cutec/internal/suggest"
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
// in path order: RunAll of the one directory.
func Run(dir string, update bool) ([]Result, error) { return RunAll([]string{dir}, update) }

// RunAll checks (or, with update, rewrites) every *.txtar archive under each
// of dirs, in path order within each.
//
// The walk opens regular files only (and symbolic links to them); any other
// entry named *.txtar is returned as a Result with Skipped set, first.
//
// An update writes nothing unless every archive of the run is sound: all
// are checked first, and when one cannot be read or computed (an error) or
// is malformed (Problems), no archive is rewritten, earlier ones included.
// Then each archive that differs is read and computed again and rewritten
// (atomicfile.Replace, which refuses it if it changed since), so that only
// one archive's text is held at a time.
func RunAll(dirs []string, update bool) ([]Result, error) {
	var paths []string
	var results []Result
	for _, dir := range dirs {
		ps, skipped, err := walk(dir)
		if err != nil {
			return results, err
		}
		results = append(results, skipped...)
		paths = append(paths, ps...)
	}
	first := len(results)
	sound := true
	for _, p := range paths {
		r, err := runFile(p, false, !update)
		if err != nil {
			return results, err // nothing was written
		}
		sound = sound && len(r.Problems) == 0
		results = append(results, r)
	}
	if !update || !sound {
		return results, nil
	}
	for i := first; i < len(results); i++ {
		if len(results[i].Mismatches) == 0 {
			continue
		}
		r, err := runFile(results[i].Path, true, false)
		if err != nil {
			return results, err
		}
		results[i] = r
	}
	return results, nil
}

// walk returns the archives under dir in path order, and the entries named
// *.txtar that the walk passes over.
func walk(dir string) (paths []string, skipped []Result, err error) {
	err = filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
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
	sort.Strings(paths)
	return paths, skipped, err
}

// maxArchiveBytes bounds the size of a golden file, read or written: an
// update that would write a larger one is an error, so it never writes an
// archive that the next run refuses.
const maxArchiveBytes = 64 << 20

// maxInputBytes bounds the input section that is computed: every stage's
// output of a .cute input is about 20 times its size and takes about 250
// times its size in allocations, so this keeps a run within about 64 MiB
// of work an archive. A golden scenario is a few kilobytes.
const maxInputBytes = 256 << 10

// runFile checks one archive and, with update, rewrites its sections that
// differ; keep says whether the mismatches keep their texts (for a diff).
func runFile(path string, update, keep bool) (Result, error) {
	old, err := readBounded(path)
	if err != nil {
		return Result{}, err
	}
	ar := txtar.Parse(old)
	input, ok := file(ar, "input")
	if !ok {
		return Result{}, fmt.Errorf("%s: no input section", path)
	}
	if len(input) > maxInputBytes {
		return Result{}, fmt.Errorf("%s: the input section is %d bytes, more than the %d a golden file computes", path, len(input), maxInputBytes)
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
			m := Mismatch{Section: name}
			if keep {
				m.Want, m.Got = want, got[name]
			}
			res.Mismatches = append(res.Mismatches, m)
		}
	}
	if update && len(res.Mismatches) > 0 && len(res.Problems) == 0 {
		text := splice(old, got)
		if len(text) > maxArchiveBytes {
			return res, fmt.Errorf("%s: the updated archive would be %d bytes, more than the %d a golden file may hold; it was not written", path, len(text), maxArchiveBytes)
		}
		if err := atomicfile.Replace(path, old, text); err != nil {
			return res, err
		}
		res.Updated = true
	}
	return res, nil
}

// section is where one file of an archive lies in its text: its marker
// line starts at marker, its data is text[start:end].
type section struct {
	name               string
	marker, start, end int
	crlf               bool // the marker line ends in "\r\n"
}

// sections finds the files of an archive by the rules of txtar.Parse (a
// marker is a line "-- NAME --", with "\n" or "\r\n", at the start of the
// text or after a "\n").
func sections(text []byte) []section {
	var out []section
	for i := 0; ; {
		if name, after, crlf := marker(text[i:]); name != "" {
			if n := len(out); n > 0 {
				out[n-1].end = i
			}
			out = append(out, section{name: name, marker: i, start: i + after, crlf: crlf})
			i += after
			if i >= len(text) {
				break
			}
			continue
		}
		j := bytes.Index(text[i:], []byte("\n-- "))
		if j < 0 {
			break
		}
		i += j + 1
	}
	if n := len(out); n > 0 {
		out[n-1].end = len(text)
	}
	return out
}

// marker is txtar's isMarker with the length of the marker line (its
// newline included) and whether it ends in "\r\n".
func marker(text []byte) (name string, after int, crlf bool) {
	if !bytes.HasPrefix(text, []byte("-- ")) {
		return "", 0, false
	}
	line, after := text, len(text)
	if i := bytes.IndexByte(text, '\n'); i >= 0 {
		line, after = text[:i], i+1
		if i > 0 && line[i-1] == '\r' {
			line, crlf = line[:i-1], true
		}
	}
	if !bytes.HasSuffix(line, []byte(" --")) || len(line) < len("-- ")+len(" --") {
		return "", 0, false
	}
	return strings.TrimSpace(string(line[len("-- ") : len(line)-len(" --")])), after, crlf
}

// splice returns the archive text with the data of its computed sections
// replaced by got and the missing ones added after the input, and every
// other byte kept: the comment, every marker line as written (spaces and
// "\r\n" included), the input and every other section (a hand-written
// "notes"), and the end of the text (with or without a final newline).
func splice(text []byte, got map[string]string) []byte {
	secs := sections(text)
	have := map[string]bool{}
	for _, s := range secs {
		have[s.name] = true
	}
	out := make([]byte, 0, len(text))
	at := 0
	for _, s := range secs {
		if isSection(s.name) {
			out = append(out, text[at:s.start]...)
			out = append(out, got[s.name]...)
			at = s.end
		}
		if s.name != "input" {
			continue
		}
		out = append(out, text[at:s.end]...)
		at = s.end
		nl := "\n"
		if s.crlf {
			nl = "\r\n"
		}
		for _, name := range Sections {
			if have[name] {
				continue
			}
			if len(out) > 0 && out[len(out)-1] != '\n' {
				out = append(out, nl...) // the input's last line, ended as txtar reads it
			}
			out = append(out, "-- "+name+" --"+nl...)
			out = append(out, got[name]...)
			have[name] = true
		}
	}
	return append(out, text[at:]...)
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
// case or spaces). A name more than two bytes longer than every known name
// (after trimming spaces) cannot be one, and is passed over without a copy.
func problems(ar *txtar.Archive) (out []string) {
	seen := map[string]bool{}
	known := append([]string{"input"}, Sections...)
	longest := 0
	for _, k := range known {
		longest = max(longest, len(k))
	}
	more := 0
	add := func(format string, args ...any) {
		if len(out) < maxProblems {
			out = append(out, fmt.Sprintf(format, args...))
		} else {
			more++
		}
	}
	defer func() {
		if more > 0 {
			out = append(out, fmt.Sprintf("and %d more problems", more))
		}
	}()
	for _, f := range ar.Files {
		if seen[f.Name] {
			add("the section %q appears more than once", clip(f.Name))
		}
		seen[f.Name] = true
		if f.Name == "input" || isSection(f.Name) {
			continue
		}
		name := strings.TrimSpace(f.Name)
		if len(name) > longest+2 {
			continue
		}
		norm := strings.ToLower(name)
		for _, k := range known {
			if norm == k || suggest.Distance(norm, k) <= 2 {
				add("the unknown section %q looks like a misspelling of %q", f.Name, k)
				break
			}
		}
	}
	return out
}

// maxProblems bounds the problems listed for one archive; the rest are
// counted.
const maxProblems = 100

// clip shortens a section name for a message.
func clip(name string) string {
	if len(name) > 80 {
		return name[:80] + "..."
	}
	return name
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
// " --" with nothing between (such as "-- --"), or 0. It walks the lines
// in place, allocating nothing.
func shortMarker(data []byte) int {
	for n := 1; len(data) > 0; n++ {
		line := data
		if i := bytes.IndexByte(data, '\n'); i >= 0 {
			line, data = data[:i], data[i+1:]
		} else {
			data = nil
		}
		line = bytes.TrimSuffix(line, []byte("\r"))
		if bytes.HasPrefix(line, []byte("-- ")) && bytes.HasSuffix(line, []byte(" --")) && len(line) < len("-- x --") {
			return n
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
