package parser

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cutec/cutec/internal/syntax"
)

// TestGrammarTypesStayInside checks that no exported declaration of this
// package mentions a type of package grammar or internal/syntax: grammar
// structs and the machinery that builds them never leave
// the parser.
func TestGrammarTypesStayInside(t *testing.T) {
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	for _, fn := range files {
		if strings.HasSuffix(fn, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, fn, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range f.Decls {
			checkDecl(t, fset, d)
		}
	}
}

func checkDecl(t *testing.T, fset *token.FileSet, d ast.Decl) {
	var exported []ast.Node
	switch d := d.(type) {
	case *ast.FuncDecl:
		if d.Name.IsExported() {
			exported = append(exported, d.Type)
		}
	case *ast.GenDecl:
		for _, s := range d.Specs {
			if ts, ok := s.(*ast.TypeSpec); ok && ts.Name.IsExported() {
				exported = append(exported, exportedFields(ts.Type)...)
			}
		}
	}
	for _, n := range exported {
		ast.Inspect(n, func(n ast.Node) bool {
			if sel, ok := n.(*ast.SelectorExpr); ok {
				if id, ok := sel.X.(*ast.Ident); ok && (id.Name == "grammar" || id.Name == "syntax") {
					t.Errorf("%s: exported API mentions %s.%s", fset.Position(n.Pos()), id.Name, sel.Sel.Name)
				}
			}
			return true
		})
	}
}

// exportedFields returns the exported fields of a struct type, or the type.
func exportedFields(e ast.Expr) []ast.Node {
	st, ok := e.(*ast.StructType)
	if !ok {
		return []ast.Node{e}
	}
	var out []ast.Node
	for _, f := range st.Fields.List {
		for _, name := range f.Names {
			if name.IsExported() {
				out = append(out, f.Type)
			}
		}
	}
	return out
}

// TestDefaultMaxDepthIsTheLexers keeps the documented default equal to the
// one the lexer applies on its own.
func TestDefaultMaxDepthIsTheLexers(t *testing.T) {
	if DefaultMaxDepth != syntax.DefaultMaxDepth {
		t.Errorf("parser.DefaultMaxDepth = %d, the lexer's default is %d", DefaultMaxDepth, syntax.DefaultMaxDepth)
	}
}
