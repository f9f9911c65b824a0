package printer

import (
	"os/exec"
	"strings"
	"testing"
)

// TestDependencies keeps the pipeline's imports pointing backwards: the
// printer may use ast, layout and diag of this module, never the parser or
// the later stages (tests may use the parser).
func TestDependencies(t *testing.T) {
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command to list dependencies")
	}
	out, err := exec.Command(goTool, "list", "-deps", ".").Output()
	if err != nil {
		t.Fatalf("go list -deps: %v", err)
	}
	const module = "github.com/cutec/cutec/"
	allowed := map[string]bool{"ast": true, "layout": true, "diag": true, "printer": true}
	for _, pkg := range strings.Fields(string(out)) {
		rel, ok := strings.CutPrefix(pkg, module)
		if !ok {
			continue
		}
		if top, _, _ := strings.Cut(rel, "/"); !allowed[top] {
			t.Errorf("printer depends on %s; it may import only ast, layout and diag", pkg)
		}
	}
}
