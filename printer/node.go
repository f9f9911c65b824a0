package printer

import (
	"fmt"
	"io"

	"github.com/cutec/cutec/ast"
)

// Append appends the canonical text of n to dst and returns the extended
// buffer. n is any node of package ast: an expression or value, a statement,
// a *ast.File (one statement a line), or a basis entry's *ast.Count or
// *ast.Dim. It panics on a nil node or a node type outside package ast,
// which are programming errors.
func Append(dst []byte, n ast.Node) []byte {
	p := printer{buf: dst}
	p.node(n)
	return p.buf
}

// String returns the canonical text of n; see [Append].
func String(n ast.Node) string {
	return string(Append(nil, n))
}

// Fprint writes the canonical text of n to w; see [Append].
func Fprint(w io.Writer, n ast.Node) error {
	_, err := w.Write(Append(nil, n))
	return err
}

// printer appends canonical text to buf, one method per kind of node.
type printer struct {
	buf []byte
}

func (p *printer) str(s string) { p.buf = append(p.buf, s...) }
func (p *printer) byte(c byte)  { p.buf = append(p.buf, c) }

// node prints any node.
func (p *printer) node(n ast.Node) {
	switch n := n.(type) {
	case ast.Expr:
		p.expr(n)
	case ast.Stmt:
		p.stmt(n)
	case *ast.File:
		p.file(n)
	case *ast.Count:
		p.count(n)
	case *ast.Dim:
		p.int(n.Value)
	default:
		panic(fmt.Sprintf("printer: unknown node type %T", n))
	}
}

// expr prints an expression or value.
func (p *printer) expr(e ast.Expr) {
	switch e := e.(type) {
	case *ast.Int:
		p.int(e.Value)
	case *ast.Dynamic:
		p.dynamic(e)
	case *ast.Underscore:
		p.byte('_')
	case *ast.Basis:
		p.basis(e)
	case *ast.Tuple:
		p.tuple(e)
	case *ast.Layout:
		p.layout(e)
	case *ast.Swizzle:
		p.swizzle(e)
	case *ast.Symbol:
		p.symbol(e)
	case *ast.Product:
		p.product(e)
	default:
		p.compound(e)
	}
}

// compound prints the expressions built from others.
func (p *printer) compound(e ast.Expr) {
	switch e := e.(type) {
	case *ast.Composed:
		p.composed(e)
	case *ast.Accessor:
		p.accessor(e)
	case *ast.Tile:
		p.tile(e)
	case *ast.Wrapper:
		p.wrapper(e)
	case *ast.Ident:
		p.str(e.Name)
	case *ast.Call:
		p.str(e.Fun.Name)
		p.args(e.Args)
	case *ast.Paren:
		p.byte('(')
		p.expr(e.X)
		p.byte(')')
	case *ast.Apply:
		if t, ok := e.Fun.(*ast.Tile); ok && !(t.Bare && len(t.Modes) == 1) {
			// A tuple of layouts applied, (4:1,8:2)(3), prints its tuple
			// as a tile, which a call cannot follow: ([4:1;8:2])(3).
			p.byte('(')
			p.expr(e.Fun)
			p.byte(')')
		} else {
			p.expr(e.Fun)
		}
		p.args(e.Args)
	default:
		panic(fmt.Sprintf("printer: unknown expression type %T", e))
	}
}
