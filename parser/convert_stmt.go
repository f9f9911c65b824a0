package parser

import (
	"github.com/cutec/cutec/ast"
	"github.com/cutec/cutec/diag"
	"github.com/cutec/cutec/grammar"
)

// stmt converts one `.cute` statement.
func (c *converter) stmt(s *grammar.Stmt) ast.Stmt {
	sp := spanOf(s.Pos, s.EndPos)
	switch {
	case s.Assert != nil:
		a := s.Assert
		op := ast.Equal
		if grammar.Tok(a.Op).Value == "~" {
			op = ast.Same
		}
		return &ast.AssertStmt{Span: sp, X: c.expr(a.X), Op: op, OpSpan: grammar.Span(a.Op), Y: c.expr(a.Y)}
	case s.Expect != nil:
		e := s.Expect
		code := grammar.Tok(e.Code)
		if !isCodeShape(code.Value) {
			c.add(errCodeShape(c.f, grammar.TokenSpan(code), code.Value))
		}
		return &ast.ExpectStmt{Span: sp, Code: diag.Code(code.Value), CodeSpan: grammar.TokenSpan(code), X: c.expr(e.X)}
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

// descriptor converts a basis descriptor to a tuple of basis entries.
func (c *converter) descriptor(d *grammar.Descriptor) *ast.Tuple {
	if d.Fast != nil {
		return c.fastTuple(d.Fast.(*grammar.FastTuple))
	}
	return c.descGroup(d.Group)
}

// descGroup converts the EBNF's group.
func (c *converter) descGroup(g *grammar.DescGroup) *ast.Tuple {
	n := &ast.Tuple{Span: spanOf(g.Pos, g.EndPos)}
	for _, e := range g.Entries {
		n.Elems = append(n.Elems, c.descEntry(e))
	}
	return n
}

// descEntry converts the EBNF's entry.
func (c *converter) descEntry(e *grammar.DescEntry) ast.Expr {
	switch {
	case e.Group != nil:
		return c.descGroup(e.Group)
	case e.Fraction != nil:
		return c.fraction(e.Fraction)
	}
	b := e.Basis
	if tok := grammar.Tok(b.Tok); tok.Value == "?" {
		return c.dynamicBasis(tok, b.Dims, spanOf(b.Pos, b.EndPos))
	}
	return &ast.Basis{Span: spanOf(b.Pos, b.EndPos), Count: c.count(grammar.Tok(b.Tok)), Dims: c.dims(b.Dims)}
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
