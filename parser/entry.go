package parser

import (
	"github.com/cutec/cutec/ast"
	"github.com/cutec/cutec/diag"
)

// ParseExpr parses any expression or value form: a value, layout, swizzle,
// composed layout, accessor, tile, name, call or evaluation; or an input
// that is one dialect wrapper, `!cute.int_tuple<"(1,2)">`, whose payload is
// parsed as its kind's form (an *ast.Wrapper). It is what `cutec eval` uses.
func (p *Parser) ParseExpr(f *diag.File) (ast.Expr, diag.List) {
	n, diags := p.Parse(FormExpr, f)
	e, _ := n.(ast.Expr)
	return e, diags
}

// ParseLayout parses a layout `shape:stride`.
func (p *Parser) ParseLayout(f *diag.File) (*ast.Layout, diag.List) {
	n, diags := p.Parse(FormLayout, f)
	l, _ := n.(*ast.Layout)
	return l, diags
}

// ParseDescriptor parses exactly the basis descriptor EBNF (see
// package grammar): a parenthesized tree of basis entries such as
// `((1@0, 8@1), 1@2)`, with spaces and tabs between tokens (also around the
// whole descriptor) and nothing else: no comments, static markers, trailing
// commas or other leaves. The result is a tuple of *ast.Basis and *ast.Tuple.
func (p *Parser) ParseDescriptor(f *diag.File) (*ast.Tuple, diag.List) {
	n, diags := p.Parse(FormDescriptor, f)
	t, _ := n.(*ast.Tuple)
	return t, diags
}

// ParseTuple parses a value: an integer tuple (shape or coordinate), stride or
// descriptor, `8`, `(4,8)`, `(1,_)`, `(1@0,1@1)`, `?`. The result is an
// *ast.Int, *ast.Dynamic, *ast.Underscore, *ast.Basis or *ast.Tuple.
func (p *Parser) ParseTuple(f *diag.File) (ast.Expr, diag.List) {
	n, diags := p.Parse(FormTuple, f)
	e, _ := n.(ast.Expr)
	return e, diags
}

// ParseTile parses a tile payload: a tile `[...]`, or as the dialect writes
// a `!cute.tile` without brackets, a layout, `_` or a shape (a bare
// *ast.Tile: `(4,8):(1,4)`, `_`, `(2,2)`).
func (p *Parser) ParseTile(f *diag.File) (*ast.Tile, diag.List) {
	n, diags := p.Parse(FormTile, f)
	t, _ := n.(*ast.Tile)
	return t, diags
}

// ParseSwizzle parses a swizzle `S<B,M,S>` or `Sw<B,M,S>`.
func (p *Parser) ParseSwizzle(f *diag.File) (*ast.Swizzle, diag.List) {
	n, diags := p.Parse(FormSwizzle, f)
	s, _ := n.(*ast.Swizzle)
	return s, diags
}

// ParseComposed parses a composed layout `outer o offset o inner` or
// `outer o inner`.
func (p *Parser) ParseComposed(f *diag.File) (*ast.Composed, diag.List) {
	n, diags := p.Parse(FormComposed, f)
	c, _ := n.(*ast.Composed)
	return c, diags
}

// ParseStmt parses one `.cute` line. A blank or comment-only line holds no
// statement: the result is then (nil, nil).
func (p *Parser) ParseStmt(f *diag.File) (ast.Stmt, diag.List) {
	n, diags := p.Parse(FormStmt, f)
	s, _ := n.(ast.Stmt)
	return s, diags
}

// ParseExpr parses f with the default Parser; see Parser.ParseExpr.
func ParseExpr(f *diag.File) (ast.Expr, diag.List) { return defaultParser.ParseExpr(f) }

// ParseLayout parses f with the default Parser; see Parser.ParseLayout.
func ParseLayout(f *diag.File) (*ast.Layout, diag.List) { return defaultParser.ParseLayout(f) }

// ParseDescriptor parses f with the default Parser; see Parser.ParseDescriptor.
func ParseDescriptor(f *diag.File) (*ast.Tuple, diag.List) {
	return defaultParser.ParseDescriptor(f)
}

// ParseTuple parses f with the default Parser; see Parser.ParseTuple.
func ParseTuple(f *diag.File) (ast.Expr, diag.List) { return defaultParser.ParseTuple(f) }

// ParseTile parses f with the default Parser; see Parser.ParseTile.
func ParseTile(f *diag.File) (*ast.Tile, diag.List) { return defaultParser.ParseTile(f) }

// ParseSwizzle parses f with the default Parser; see Parser.ParseSwizzle.
func ParseSwizzle(f *diag.File) (*ast.Swizzle, diag.List) { return defaultParser.ParseSwizzle(f) }

// ParseComposed parses f with the default Parser; see Parser.ParseComposed.
func ParseComposed(f *diag.File) (*ast.Composed, diag.List) { return defaultParser.ParseComposed(f) }

// ParseStmt parses f with the default Parser; see Parser.ParseStmt.
func ParseStmt(f *diag.File) (ast.Stmt, diag.List) { return defaultParser.ParseStmt(f) }

// ParseCuteFile parses f with the default Parser; see Parser.ParseCuteFile.
func ParseCuteFile(f *diag.File) (*ast.File, diag.List) { return defaultParser.ParseCuteFile(f) }
