package parser

import (
	"github.com/alecthomas/participle/v2/lexer"
	"github.com/cutec/cutec/ast"
	"github.com/cutec/cutec/diag"
	"github.com/cutec/cutec/grammar"
	"github.com/cutec/cutec/internal/syntax"
)

// converter turns grammar structs into ast nodes, one method per production,
// collecting the diagnostics the grammar cannot express (integer range,
// values where the LL(1) grammar takes any expression, empty tuple slots).
type converter struct {
	f     *diag.File
	diags diag.List
	slab  slab
	lit   literalCheck // literal's visitor
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
		n := len(c.diags)
		e := c.expr(g)
		switch {
		case form == FormValue:
			return c.literal(e)
		case form == FormComposedLayout && len(c.diags) > n:
			return e // one error is enough: the payload is not a layout
		case form == FormComposedLayout:
			if c.literal(e); len(c.diags) > n {
				return e
			}
		}
		switch e.(type) {
		case *ast.Composed:
		case *ast.Layout:
			if form == FormComposed {
				c.add(errWantForm(c.f, e, form))
			}
		default:
			if form == FormComposed || form == FormComposedLayout {
				c.add(errWantForm(c.f, e, form))
			}
		}
		return e
	case *grammar.SwizzleForm:
		return c.swizzle(syntax.Tok(g.Name), g.Params, spanOf(g.Pos, g.EndPos))
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
	c.lit = literalCheck{}
	ast.Walk(&c.lit, e) // the converter's own visitor: no closure a parse
	if bad := c.lit.bad; bad != nil {
		c.add(errUnexpected(c.f, span(bad), FormValue.describe(), describe(bad)))
	}
	return e
}

// literalCheck finds the first name, call or application in a tree.
type literalCheck struct{ bad ast.Expr }

func (v *literalCheck) Visit(n ast.Node) ast.Visitor {
	switch n := n.(type) {
	case nil:
		return nil
	case *ast.Ident, *ast.Call, *ast.Apply:
		if v.bad == nil {
			v.bad = n.(ast.Expr)
		}
		return nil
	}
	if v.bad != nil {
		return nil
	}
	return v
}

// wholeOperand converts the root of FormLayout, FormTuple, FormIntTuple or
// FormTile.
func (c *converter) wholeOperand(form Form, g *grammar.Operand) ast.Expr {
	n := len(c.diags)
	e := c.operand(g)
	switch {
	case form == FormComposedLayout && len(c.diags) > n:
		// one error is enough, as on the path of expressions (form)
	case form == FormTile:
		return c.tilePayload(e)
	case form == FormIntTuple && ast.IsValue(e):
		c.noUnderscore(e)
	case form == FormLayout && ast.IsValue(e):
		at := e.End()
		c.add(errUnexpected(c.f, diag.Span{Start: at, End: at}, "`:` and a stride", "end of input"))
	case form == FormLayout || form == FormComposedLayout:
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

// noUnderscore reports every `_` in a value of FormIntTuple: the dialect's
// int_tuple, shape and stride do not hold it (Types/int_tuple_errors.mlir).
func (c *converter) noUnderscore(e ast.Expr) {
	ast.Inspect(e, func(n ast.Node) bool {
		if u, ok := n.(*ast.Underscore); ok {
			c.add(errUnexpected(c.f, u.Span, FormIntTuple.describe()+"; `_` is only in a coordinate or a tile", "`_`"))
		}
		return true
	})
}

// tilePayload converts the root of FormTile: a tile `[...]`, or one of the
// dialect's bare tiles (Types/tile.mlir; Accessors/get.mlir#tile_mode0): a
// layout, `_`, or a shape standing for its compact layout.
func (c *converter) tilePayload(e ast.Expr) ast.Expr {
	switch n := e.(type) {
	case *ast.Tile:
		return n
	case *ast.Layout, *ast.Underscore, *ast.Int, *ast.Dynamic, *ast.Tuple:
		return &ast.Tile{Span: span(e), Modes: []ast.Expr{e}, Bare: true}
	}
	c.add(errWantForm(c.f, e, FormTile))
	return e
}
