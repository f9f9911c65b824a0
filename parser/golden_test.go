package parser

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cutec/cutec/ast"
	"github.com/cutec/cutec/internal/goldenfile"
	"github.com/google/go-cmp/cmp"
	"github.com/rogpeppe/go-internal/txtar"
)

// checkDumps compares the dump of each input with the txtar archive
// testdata/name, one file per input named by the input itself. With
// CUTEC_UPDATE=1 it rewrites the archive instead.
func checkDumps(t *testing.T, name string, inputs []string, parse func(string) ast.Node) {
	t.Helper()
	path := filepath.Join("testdata", name)
	got := &txtar.Archive{Comment: []byte("AST dumps (ast.Fprint) of representative inputs; CUTEC_UPDATE=1 rewrites this file.\n")}
	for _, src := range inputs {
		got.Files = append(got.Files, txtar.File{Name: src, Data: []byte(dump(parse(src)))})
	}
	if goldenfile.Update() {
		if err := os.WriteFile(path, txtar.Format(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := txtar.ParseFile(path)
	if err != nil {
		t.Fatalf("%v (run with CUTEC_UPDATE=1 to create it)", err)
	}
	if len(want.Files) != len(got.Files) {
		t.Errorf("%s has %d inputs, the test %d; rerun with CUTEC_UPDATE=1", path, len(want.Files), len(got.Files))
	}
	for i := range min(len(want.Files), len(got.Files)) {
		w, g := want.Files[i], got.Files[i]
		if w.Name != g.Name {
			t.Errorf("%s: input %d is %q, the test's %q", path, i, w.Name, g.Name)
			continue
		}
		if diff := cmp.Diff(strings.Split(string(w.Data), "\n"), strings.Split(string(g.Data), "\n")); diff != "" {
			t.Errorf("%q (-golden +got); rerun with CUTEC_UPDATE=1 if intended:\n%s", g.Name, diff)
		}
	}
}
