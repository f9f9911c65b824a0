// Package corpus reads the cases every implementation of cutec is held to:
// the golden files (testdata/golden/*.txtar), the reference and dialect
// cases of testdata/ and the MLIR corpus (testdata/mlir). The tests that
// compare two readers or two front ends (the parser's fast path with
// participle, the eval fast path with the full path, the test matrix of
// cmd/cutec) read their inputs here, so a case added to testdata reaches
// every one of them. Which files hold cases is derived from the tree:
// TestEveryTestdataDirIsRead fails when a directory of testdata/ is neither
// read here nor listed in Elsewhere with the tests that read it.
package corpus

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"

	"github.com/rogpeppe/go-internal/txtar"
)

// Expr is one value or expression of a reference set.
type Expr struct {
	Source string // the file, relative to the repository root
	Line   int    // 1-based
	Text   string // the expression
	Expect string // the expected result the file gives, "" when none
}

// Doc is a whole input: a golden file's input or a file of the MLIR corpus.
type Doc struct {
	Path  string // relative to the repository root
	Mode  string // "expr", "cute" or "mlir"
	Input string
}

// exprFiles are the globs of the files of expressions, each with its
// reader: JSON lines with "expr" (and "expect"), or tab-separated lines
// whose first field is the expression and second the expected print.
var exprFiles = []struct {
	glob string
	read func(line string) (expr, expect string, ok bool, err error)
}{
	{"testdata/*/*.jsonl", jsonCase},
	{"testdata/*/cases.tsv", tsvCase},
	{"testdata/cute/tiled.tsv", tiledCase},
}

// Elsewhere lists the directories of testdata/ that hold no expressions or
// documents of the matrix, with what reads them instead.
var Elsewhere = map[string]string{
	"cute":      "CuTe's prints of atoms, tiled objects and retiles: tiled, normalize, internal/tvpic, cmd/cutec layouts_test.go (its C++ spellings of tiled MMAs are read here)",
	"cute_gmma": "CuTe's prints of the GMMA shared-memory atoms: normalize byte_swizzle_test.go",
	"fuzz":      "names for the fuzz targets' seeds",
	"hostile":   "hostile files: cmd/cutec TestHostileFiles and TestLSPMatchesLint",
	"sources":   "CuTe's prints of declarations in CUTLASS sources: internal/sources",
}

// Exprs returns every expression of the reference sets under root (the
// repository), in file and line order, and the input of every golden file
// of mode expr.
func Exprs(root string) ([]Expr, error) {
	var out []Expr
	seen := map[string]bool{}
	for _, f := range exprFiles {
		paths, err := filepath.Glob(filepath.Join(root, f.glob))
		if err != nil {
			return nil, err
		}
		sort.Strings(paths)
		for _, p := range paths {
			rel, _ := filepath.Rel(root, p)
			if seen[rel] {
				continue
			}
			seen[rel] = true
			got, err := readLines(p, rel, f.read)
			if err != nil {
				return nil, err
			}
			out = append(out, got...)
		}
	}
	docs, err := Goldens(root)
	if err != nil {
		return nil, err
	}
	for _, d := range docs {
		if d.Mode == "expr" {
			out = append(out, Expr{Source: d.Path, Line: 1, Text: strings.TrimSuffix(d.Input, "\n")})
		}
	}
	return out, nil
}

// readLines reads the cases of one file, one a line; "#" starts a comment
// line.
func readLines(path, rel string, read func(string) (string, string, bool, error)) ([]Expr, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var out []Expr
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(nil, 1<<20)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		if strings.TrimSpace(line) == "" || strings.HasPrefix(line, "#") {
			continue
		}
		expr, expect, ok, err := read(line)
		if err != nil {
			return nil, fmt.Errorf("%s:%d: %v", rel, n, err)
		}
		if ok {
			out = append(out, Expr{Source: rel, Line: n, Text: expr, Expect: expect})
		}
	}
	return out, sc.Err()
}

func jsonCase(line string) (string, string, bool, error) {
	var c struct {
		Expr   *string
		Expect string
	}
	if err := json.Unmarshal([]byte(line), &c); err != nil {
		return "", "", false, err
	}
	if c.Expr == nil { // a file of other records (cute_gmma's atoms)
		return "", "", false, nil
	}
	return *c.Expr, c.Expect, true, nil
}

func tsvCase(line string) (string, string, bool, error) {
	f := strings.Split(line, "\t")
	if len(f) < 2 {
		return "", "", false, fmt.Errorf("want an expression and its print, tab-separated: %q", line)
	}
	return f[0], f[1], true, nil
}

// tiledCase reads the C++ spelling of a tiled MMA or copy (the rows "ID
// cpp TEXT" of testdata/cute/tiled.tsv).
func tiledCase(line string) (string, string, bool, error) {
	f := strings.Split(line, "\t")
	if len(f) == 3 && f[1] == "cpp" {
		return f[2], "", true, nil
	}
	return "", "", false, nil
}

var modeLine = regexp.MustCompile(`(?m)^mode: (\w+)\s*$`)

// Goldens returns the input of every golden file (testdata/golden), with
// its mode.
func Goldens(root string) ([]Doc, error) {
	paths, err := filepath.Glob(filepath.Join(root, "testdata", "golden", "*.txtar"))
	if err != nil {
		return nil, err
	}
	if len(paths) == 0 {
		return nil, fmt.Errorf("no golden file under %s", root)
	}
	var out []Doc
	for _, p := range paths {
		a, err := txtar.ParseFile(p)
		if err != nil {
			return nil, err
		}
		rel, _ := filepath.Rel(root, p)
		m := modeLine.FindSubmatch(a.Comment)
		if m == nil {
			return nil, fmt.Errorf("%s: no mode line", rel)
		}
		for _, f := range a.Files {
			if f.Name == "input" {
				out = append(out, Doc{Path: rel, Mode: string(m[1]), Input: string(f.Data)})
			}
		}
	}
	return out, nil
}

// Docs returns the golden files' inputs and the files of the MLIR corpus
// (testdata/mlir/*.mlir, mode mlir).
func Docs(root string) ([]Doc, error) {
	out, err := Goldens(root)
	if err != nil {
		return nil, err
	}
	paths, err := filepath.Glob(filepath.Join(root, "testdata", "mlir", "*.mlir"))
	if err != nil {
		return nil, err
	}
	for _, p := range paths {
		data, err := os.ReadFile(p)
		if err != nil {
			return nil, err
		}
		rel, _ := filepath.Rel(root, p)
		out = append(out, Doc{Path: rel, Mode: "mlir", Input: string(data)})
	}
	return out, nil
}
