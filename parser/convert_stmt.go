package parser

import (
	"github.com/cutec/cutec/ast"
	"github.com/cutec/cutec/diag"
	"github.com/cutec/cutec/grammar"
	"github.com/cutec/cutec/internal/syntax"
)

// stmt converts one `.cute` statement.
func (c *converter) stmt(s *grammar.Stmt) ast.Stmt {
	sp := spanOf(s.Pos, s.EndPos)
	switch {
	case s.Assert != nil:
		a := s.Assert
		op := ast.Equal
		if syntax.Tok(a.Op).Value == "~" {
			op = ast.Same
		}
		return &ast.AssertStmt{Span: sp, X: c.expr(a.X), Op: op, OpSpan: syntax.Span(a.Op), Y: c.expr(a.Y)}
	case s.Expect != nil:
		e := s.Expect
		code := syntax.Tok(e.Code)
		if !isCodeShape(code.Value) {
			c.add(errCodeShape(c.f, syntax.TokenSpan(code), code.Value))
		}
		return &ast.ExpectStmt{Span: sp, Code: diag.Code(code.Value), CodeSpan: syntax.TokenSpan(code), X: c.expr(e.X)}
	}
	if s.Let != nil {
		return c.let(s.Let, sp)
	}
	return c.simple(s.Simple, sp)
}

// simple converts an expression statement or an assignment.
func (c *converter) simple(s *grammar.Simple, sp diag.Span) ast.Stmt {
	x := c.expr(s.X)
	if s.Value == nil {
		return &ast.ExprStmt{Span: sp, X: x}
	}
	id, ok := x.(*ast.Ident)
	if !ok {
		c.add(errAssignTarget(c.f, x))
	}
	return &ast.AssignStmt{Span: sp, Name: id, Value: c.expr(s.Value)}
}

// isCodeShape reports whether s looks like a diagnostic code: a capital letter
// and four digits, as `E0400`. Whether the code exists is checked later.
func isCodeShape(s string) bool {
	if len(s) != 5 || s[0] < 'A' || s[0] > 'Z' {
		return false
	}
	for _, c := range s[1:] {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}
