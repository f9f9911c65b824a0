package printer

import (
	"bytes"
	"testing"

	"github.com/cutec/cutec/ast"
	"github.com/cutec/cutec/diag"
	"github.com/cutec/cutec/parser"
	"github.com/google/go-cmp/cmp"
)

// FuzzRoundTrip parses any text as an expression and as a `.cute` file, and
// checks that printing never panics, that printed text parses again to a
// tree of the same structure, and that printing it again gives the same
// text; for files, that FormatCute is idempotent.
func FuzzRoundTrip(f *testing.F) {
	for _, c := range exprCases {
		f.Add(c.in)
	}
	for _, c := range stmtCases {
		f.Add(c.in)
	}
	f.Add(messyCute)
	f.Fuzz(func(t *testing.T, src string) {
		if e, diags := parser.ParseExpr(diag.NewFile("<input>", []byte(src))); !diags.HasErrors() {
			fuzzExpr(t, src, String(e))
		}
		if file, diags := parser.ParseCuteFile(diag.NewFile("f.cute", []byte(src))); !diags.HasErrors() {
			fuzzFile(t, src, String(file))
			out, err := FormatCute(file)
			if err != nil {
				t.Fatalf("FormatCute(%q): %v", src, err)
			}
			fuzzFormatted(t, out)
		}
	})
}

// fuzzExpr checks the printed text p1 of an expression parsed from src.
func fuzzExpr(t *testing.T, src, p1 string) {
	e1, _ := parser.ParseExpr(diag.NewFile("<input>", []byte(src)))
	e2, diags := parser.ParseExpr(diag.NewFile("<input>", []byte(p1)))
	if diags.HasErrors() {
		t.Fatalf("%q printed as %q, which does not parse: %v", src, p1, diags.Err())
	}
	if p2 := String(e2); p2 != p1 {
		t.Fatalf("%q printed as %q, then as %q", src, p1, p2)
	}
	if d := sameTree(e1, e2); d != "" && !hasProduct(e1) {
		t.Fatalf("%q and its print %q differ:\n%s", src, p1, d)
	}
}

// fuzzFile checks the printed text p1 of a `.cute` file parsed from src.
func fuzzFile(t *testing.T, src, p1 string) {
	f2, diags := parser.ParseCuteFile(diag.NewFile("f.cute", []byte(p1)))
	if diags.HasErrors() {
		t.Fatalf("file %q printed as %q, which does not parse: %v", src, p1, diags.Err())
	}
	if p2 := String(f2); p2 != p1 {
		t.Fatalf("file %q printed as %q, then as %q", src, p1, p2)
	}
	f1, _ := parser.ParseCuteFile(diag.NewFile("f.cute", []byte(src)))
	if d := cmp.Diff(f1.Stmts, f2.Stmts, spelling, explicitOffset); d != "" && !hasProduct(f1) {
		t.Fatalf("file %q and its print %q differ:\n%s", src, p1, d)
	}
}

// fuzzFormatted checks that a formatted file parses and formats to itself.
func fuzzFormatted(t *testing.T, out []byte) {
	f2, diags := parser.ParseCuteFile(diag.NewFile("f.cute", []byte(string(out))))
	if diags.HasErrors() {
		t.Fatalf("formatted file %q does not parse: %v", out, diags.Err())
	}
	again, err := FormatCute(f2)
	if err != nil || !bytes.Equal(again, out) {
		t.Fatalf("formatting %q again gave %q (%v)", out, again, err)
	}
}

// hasProduct reports whether n holds a symbolic term (ast.Product). The
// printer writes a term in canonical form, its integer factors multiplied
// (`0*00` prints as `0`, `M*2` as `2*M`), which parses to another tree: for
// such input the fuzz targets check that printing is a fixed point, not
// that the trees are the same.
func hasProduct(n ast.Node) bool {
	found := false
	ast.Inspect(n, func(m ast.Node) bool {
		if _, ok := m.(*ast.Product); ok {
			found = true
		}
		return !found
	})
	return found
}
