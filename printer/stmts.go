package printer

import (
	"fmt"

	"github.com/cutec/cutec/ast"
)

// stmt prints a `.cute` statement: `A = X`, `assert X == Y`, `assert X ~ Y`,
// `expect CODE X` or `X`.
func (p *printer) stmt(s ast.Stmt) {
	switch s := s.(type) {
	case *ast.AssignStmt:
		p.str(s.Name.Name)
		p.str(" = ")
		p.expr(s.Value)
	case *ast.AssertStmt:
		p.str("assert ")
		p.expr(s.X)
		p.byte(' ')
		p.str(s.Op.String())
		p.byte(' ')
		p.expr(s.Y)
	case *ast.ExpectStmt:
		p.str("expect ")
		p.str(string(s.Code))
		p.byte(' ')
		p.expr(s.X)
	case *ast.ExprStmt:
		p.expr(s.X)
	case *ast.LetStmt:
		p.str("let ")
		for i, sym := range s.Symbols {
			if i > 0 {
				p.str(", ")
			}
			p.symbol(sym)
		}
	default:
		panic(fmt.Sprintf("printer: unknown statement type %T", s))
	}
}

// file prints one statement a line, each ended by "\n".
func (p *printer) file(f *ast.File) {
	for _, s := range f.Stmts {
		p.stmt(s)
		p.byte('\n')
	}
}
