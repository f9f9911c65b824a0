package parser

import (
	"github.com/alecthomas/participle/v2/lexer"
	"github.com/cutec/cutec/ast"
	"github.com/cutec/cutec/diag"
	"github.com/cutec/cutec/grammar"
)

// converter turns grammar structs into ast nodes, one method per production,
// collecting the diagnostics the grammar cannot express (integer range,
// values where the LL(1) grammar takes any expression, empty tuple slots).
type converter struct {
	f     *diag.File
	diags diag.List
	slab  slab
}

func (c *converter) add(d *diag.Diagnostic) { c.diags.Add(d) }

// form converts the root struct of a form and checks that the whole input is
// of that form.
func (c *converter) form(form Form, g any) ast.Node {
	switch g := g.(type) {
	case *grammar.Operand:
		switch form {
		case FormExpr:
			return c.operand(g)
		case FormValue:
			return c.literal(c.operand(g))
		}
		return c.wholeOperand(form, g)
	case *grammar.Expr:
		e := c.expr(g)
		if _, ok := e.(*ast.Composed); form == FormComposed && !ok {
			c.add(errWantForm(c.f, e, form))
		}
		if form == FormValue {
			return c.literal(e)
		}
		return e
	case *grammar.Tile:
		return c.tile(g)
	case *grammar.SwizzleForm:
		return c.swizzle(grammar.Tok(g.Name), g.Params, spanOf(g.Pos, g.EndPos))
	case *grammar.Descriptor:
		return c.descriptor(g)
	case *grammar.Stmt:
		return c.stmt(g)
	}
	panic("parser: unknown grammar root")
}

// literal checks the root of FormValue: a value spelled out, with no name,
// call or application anywhere in it (a payload of the dialect is never an
// expression to evaluate).
func (c *converter) literal(e ast.Expr) ast.Expr {
	var bad ast.Expr
	ast.Inspect(e, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.Ident, *ast.Call, *ast.Apply:
			if bad == nil {
				bad = n.(ast.Expr)
			}
			return false
		}
		return bad == nil
	})
	if bad != nil {
		c.add(errUnexpected(c.f, span(bad), FormValue.describe(), describe(bad)))
	}
	return e
}

// wholeOperand converts the root of FormLayout or FormTuple.
func (c *converter) wholeOperand(form Form, g *grammar.Operand) ast.Expr {
	e := c.operand(g)
	switch {
	case form == FormLayout && ast.IsValue(e):
		at := e.End()
		c.add(errUnexpected(c.f, diag.Span{Start: at, End: at}, "`:` and a stride", "end of input"))
	case form == FormLayout:
		if _, ok := e.(*ast.Layout); !ok {
			c.add(errWantForm(c.f, e, form))
		}
	case !ast.IsValue(e):
		c.add(errWantForm(c.f, e, form))
	}
	return e
}

// spanOf returns the span between two participle positions.
func spanOf(pos, end lexer.Position) diag.Span {
	return diag.Span{Start: pos.Offset, End: end.Offset}
}
