package arch

import (
	"os/exec"
	"strings"
	"testing"
)

// screen is the most lines `go doc` may print for a package outside
// internal/: its whole API on one screen (docs/api.md).
const screen = 60

// wider lists the packages allowed more than a screen, and why.
var wider = map[string]int{
	// The algebra: about seventy CuTe operations, one name each, and the
	// conditions of dynamic results (Obligation, its relations, the naming
	// of ? as ?1, ?2, ...) and the byte-swizzled composed layout.
	"layout": 150,
}

// TestGoDocFitsOnAScreen fails when the go doc of a public package grows
// past its budget: a new exported name should be something a user or the
// next stage needs, and helpers belong under internal/.
func TestGoDocFitsOnAScreen(t *testing.T) {
	out, err := exec.Command("go", "list", "-f", "{{.ImportPath}} {{.Name}}", "../../...").Output()
	if err != nil {
		t.Skipf("go list: %v", err)
	}
	checked := 0
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		path, name, _ := strings.Cut(line, " ")
		pkg := strings.TrimPrefix(path, module)
		if name == "main" || strings.HasPrefix(pkg, "internal/") || strings.Contains(pkg, "/internal/") {
			continue // a command, or a package no user can import: no API
		}
		doc, err := exec.Command("go", "doc", "../../"+pkg).Output()
		if err != nil {
			t.Errorf("go doc %s: %v", pkg, err)
			continue
		}
		checked++
		budget, ok := wider[pkg]
		if !ok {
			budget = screen
		}
		if n := strings.Count(string(doc), "\n"); n > budget {
			t.Errorf("go doc ./%s prints %d lines, over its budget of %d: unexport or move under internal/ what only cutec itself uses", pkg, n, budget)
		}
	}
	if checked < 10 {
		t.Errorf("checked the go doc of %d packages; the public packages are missing", checked)
	}
}
