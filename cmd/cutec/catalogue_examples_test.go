package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/cutec/cutec/diag"
)

// proseExamples gives the input of the catalogue examples written in words
// (docs/diagnostics.md shows the words), as a .cute file.
var proseExamples = map[diag.Code]string{
	diag.NestingTooDeep: strings.Repeat("(", 257) + "8" + strings.Repeat(")", 257) + "\n",
	diag.InvalidUTF8:    "A = (4,8):(1,\xff)\n",
	diag.LineTooLong:    "A = (" + strings.Repeat("1,", 1<<20) + "1)\n",
	diag.Redefined:      "A = 8:1\nA = 8:1\n",
}

// unreachable lists the codes that no input reaches, with the reason; the
// catalogue says so in the code's example.
var unreachable = map[diag.Code]string{
	// verify's TestFunctionChanged feeds the check a wrong result.
	diag.FunctionChanged: "a guard on cutec's own algebra",
	// internal/bridge's tests reach it through the C ABI's entry points.
	diag.EmbeddingFailure: "only the C ABI reports it",
}

var singleCodeSpan = regexp.MustCompile("^`([^`]*)`$")

// TestCatalogueExamples runs the example of every code of the catalogue
// through the command, as a user who copies it from docs/diagnostics.md
// would, and requires exactly that code: no other diagnostic. An example
// is one code span holding a value or expression (run by verify), a
// statement of a .cute file or a line of MLIR (linted as such a file; see
// exampleKind); an example in words needs its input in proseExamples, and
// a code no input reaches an entry in unreachable.
func TestCatalogueExamples(t *testing.T) {
	dir := t.TempDir()
	enable := strings.Join(optionalChecks(), ",") // an example of an optional check shows its code
	for _, c := range diag.Catalogue() {
		if why, ok := unreachable[c.Code]; ok {
			if !strings.Contains(c.Example, "no input") {
				t.Errorf("%s is unreachable (%s), but its example does not say so: %s", c.Code, why, c.Example)
			}
			continue
		}
		var args []string
		if src, ok := proseExamples[c.Code]; ok {
			path := filepath.Join(dir, string(c.Code)+".cute")
			if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
				t.Fatal(err)
			}
			args = []string{"lint", "-enable", enable, "-format", "json", path}
		} else if m := singleCodeSpan.FindStringSubmatch(c.Example); m != nil {
			in := m[1]
			switch kind := exampleKind(in); kind {
			case "cute", "mlir":
				path := filepath.Join(dir, string(c.Code)+"."+kind)
				if err := os.WriteFile(path, []byte(in+"\n"), 0o644); err != nil {
					t.Fatal(err)
				}
				args = []string{"lint", "-enable", enable, "-format", "json", path}
			default:
				args = []string{"verify", "-enable", enable, "-json", "--", in}
			}
		} else {
			t.Errorf("%s: the example %q is neither one code span nor in proseExamples", c.Code, c.Example)
			continue
		}
		_, out, errOut := runCmd(nil, args...)
		codes := codesOfJSON(t, out)
		if len(codes) != 1 || codes[0] != string(c.Code) {
			t.Errorf("%s: the example %s gives %v, want exactly %s\n%s%s", c.Code, c.Example, codes, c.Code, out, errOut)
		}
	}
}

// codesOfJSON returns the distinct codes of JSON-lines diagnostics.
func codesOfJSON(t *testing.T, out string) []string {
	t.Helper()
	seen := map[string]bool{}
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		if line == "" {
			continue
		}
		var d struct{ Code string }
		if err := json.Unmarshal([]byte(line), &d); err != nil {
			t.Fatalf("%q: %v", line, err)
		}
		seen[d.Code] = true
	}
	var codes []string
	for c := range seen {
		codes = append(codes, c)
	}
	sort.Strings(codes)
	return codes
}
