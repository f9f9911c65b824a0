// Package arch holds the test that keeps the pipeline's imports pointing
// backwards: each stage imports only the stages before it.
package arch

import (
	"os/exec"
	"strings"
	"testing"
)

const module = "github.com/cutec/cutec/"

// allowed lists, for each package, the cutec packages it may import.
var allowed = map[string][]string{
	"diag":      {},
	"layout":    {},
	"banks":     {"layout", "diag", "tiled", "internal/suggest"},
	"tiled":     {"layout", "diag", "internal/suggest"},
	"grammar":   {"diag"},
	"ast":       {"diag"},
	"parser":    {"grammar", "internal/syntax", "ast", "diag", "internal/gencache", "internal/cppnames", "internal/mlirscan"},
	"normalize": {"ast", "layout", "banks", "tiled", "diag", "internal/cppnames", "internal/suggest"},
	"verify":    {"parser", "normalize", "ast", "layout", "banks", "diag", "internal/gencache", "internal/evalfast", "internal/mlirscan"},
	"printer":   {"ast", "layout", "diag"},
	"golden":    {"parser", "normalize", "verify", "printer", "ast", "layout", "diag", "internal/atomicfile", "internal/suggest"},
	"format":    {"parser", "printer", "ast", "diag"},

	"internal/lsp":        {"parser", "normalize", "verify", "printer", "ast", "layout", "banks", "tiled", "diag", "internal/explain", "internal/driver", "internal/tvpic", "internal/sources", "internal/mlirscan"},
	"internal/atomicfile": {},
	"internal/bridge":     {"format", "verify", "printer", "normalize", "parser", "ast", "layout", "diag", "internal/driver", "internal/tvpic"},
	"internal/gencache":   {},
	"internal/cppnames":   {},
	"internal/suggest":    {},
	// internal/syntax runs package grammar (its lexer, parsers and fast
	// path); only package parser may use it.
	"internal/syntax":    {"grammar", "diag"},
	"internal/ebnfcheck": {},
	"internal/tvpic":     {"tiled", "layout"},
	"internal/evalfast":  {"layout"},
	"internal/explain":   {"parser", "normalize", "ast", "layout", "diag"},

	// internal/driver is what the front ends share (limits, input checks,
	// the default checks, one evaluation with its obligations).
	"internal/driver": {"verify", "normalize", "parser", "ast", "layout", "diag"},
	// internal/sources reads the CuTe declarations of C++ and Python files.
	"internal/sources": {"verify", "normalize", "parser", "diag"},
	// internal/corpus reads the test cases of testdata/ for the tests.
	"internal/corpus": {},
	// internal/mlirscan holds the tokens of MLIR that parser's payload
	// scanner and verify's op checker share.
	"internal/mlirscan": {},
}

// importers lists packages that only some packages may import: the grammar's
// structs and the machinery that runs them are package parser's business.
var importers = map[string][]string{
	"grammar":         {"parser", "internal/syntax"},
	"internal/syntax": {"parser"},
	// The eval fast path is a shortcut of cutec eval and of the lint of
	// .cute lines (verify/cute_fast.go), not a stage.
	"internal/evalfast": {"cmd/cutec", "verify"},
}

func TestImportsPointBackwards(t *testing.T) {
	out, err := exec.Command("go", "list", "-f", "{{.ImportPath}} {{join .Imports \" \"}}", "../../...").Output()
	if err != nil {
		t.Skipf("go list: %v", err)
	}
	seen := 0
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		fields := strings.Fields(line)
		pkg := strings.TrimPrefix(fields[0], module)
		ok, checked := allowed[pkg]
		if checked {
			seen++
		}
		for _, imp := range fields[1:] {
			if !strings.HasPrefix(imp, module) {
				continue
			}
			dep := strings.TrimPrefix(imp, module)
			if checked && !contains(ok, dep) {
				t.Errorf("%s imports %s, a later stage or an unrelated package", pkg, dep)
			}
			if only, limited := importers[dep]; limited && !contains(only, pkg) {
				t.Errorf("%s imports %s, which only %v may import", pkg, dep, only)
			}
		}
	}
	if seen < len(allowed) {
		t.Errorf("checked %d of the %d pipeline packages; is one missing?", seen, len(allowed))
	}
}

func contains(xs []string, x string) bool {
	for _, y := range xs {
		if y == x || strings.HasPrefix(x, y+"/") {
			return true
		}
	}
	return false
}
