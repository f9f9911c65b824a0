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
	"banks":     {"layout", "diag"},
	"grammar":   {"diag"},
	"ast":       {"diag"},
	"parser":    {"grammar", "ast", "diag", "internal/gencache"},
	"normalize": {"ast", "layout", "banks", "diag"},
	"verify":    {"parser", "normalize", "ast", "layout", "banks", "diag", "internal/gencache"},
	"printer":   {"ast", "layout", "diag"},
	"golden":    {"parser", "normalize", "verify", "printer", "ast", "layout", "diag", "internal/atomicfile"},
	"format":    {"parser", "printer", "ast", "diag"},

	"internal/atomicfile": {},
	"internal/bridge":     {"format", "verify", "printer", "normalize", "parser", "ast", "layout", "diag"},
	"internal/gencache":   {},
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
		if !checked {
			continue
		}
		seen++
		for _, imp := range fields[1:] {
			if !strings.HasPrefix(imp, module) {
				continue
			}
			dep := strings.TrimPrefix(imp, module)
			if !contains(ok, dep) {
				t.Errorf("%s imports %s, a later stage or an unrelated package", pkg, dep)
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
