package printer

import (
	"strconv"

	"github.com/cutec/cutec/ast"
)

// int prints an integer without a static marker; -0 is 0.
func (p *printer) int(v int64) { p.buf = strconv.AppendInt(p.buf, v, 10) }

// dynamic prints `?`, `?{i64}`, `?{div=64}` or `?{i64 div=128}`, with the
// width and divisor as written (a divisor of 1 is kept: dropping it is
// normalization).
func (p *printer) dynamic(d *ast.Dynamic) {
	p.byte('?')
	if d.Width == 0 && d.Div == nil {
		return
	}
	p.byte('{')
	if d.Width != 0 {
		p.byte('i')
		p.int(int64(d.Width))
		if d.Div != nil {
			p.byte(' ')
		}
	}
	if d.Div != nil {
		p.str("div=")
		p.int(d.Div.Value)
	}
	p.byte('}')
}

// count prints a basis count: `16`, a fraction `1/2` as written, or `?`.
func (p *printer) count(c *ast.Count) {
	if c.Dynamic {
		p.byte('?')
		return
	}
	p.int(c.Num)
	if c.Fraction {
		p.byte('/')
		p.int(c.Den)
	}
}

// basis prints `count@dim@dim`, dimensions in written order (innermost
// first).
func (p *printer) basis(b *ast.Basis) {
	p.count(&b.Count)
	for _, d := range b.Dims {
		p.byte('@')
		p.int(d.Value)
	}
}

// tuple prints `(a,b)` with no spaces and no trailing comma; a rank-1 tuple
// keeps its parentheses.
func (p *printer) tuple(t *ast.Tuple) {
	p.byte('(')
	for i, e := range t.Elems {
		if i > 0 {
			p.byte(',')
		}
		p.expr(e)
	}
	if len(t.Elems) == 1 && t.Trailing && symbolic(t.Elems[0]) {
		// `(M,)` is a tuple of one symbol; `(M)` outside a layout would be
		// the name M in parentheses.
		p.byte(',')
	}
	p.byte(')')
}

// symbolic reports whether e is a symbol or a symbolic term.
func symbolic(e ast.Expr) bool {
	switch e.(type) {
	case *ast.Symbol, *ast.Product:
		return true
	}
	return false
}

// layout prints `shape:stride`.
func (p *printer) layout(l *ast.Layout) {
	p.expr(l.Shape)
	p.byte(':')
	p.expr(l.Stride)
}

// swizzle prints `S<B,M,S>`, also for CuTe C++'s `Sw<B,M,S>`.
func (p *printer) swizzle(s *ast.Swizzle) {
	p.str("S<")
	p.int(s.B.Value)
	p.byte(',')
	p.int(s.M.Value)
	p.byte(',')
	p.int(s.S.Value)
	p.byte('>')
}
