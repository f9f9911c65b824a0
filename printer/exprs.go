package printer

import (
	"strconv"

	"github.com/cutec/cutec/ast"
)

// composed prints `outer o offset o inner`; an omitted offset is printed 0,
// as CuTe prints every ComposedLayout, and a byte swizzle's flag as CuTe
// prints it, smem_ptr[16b](unset).
func (p *printer) composed(c *ast.Composed) {
	p.expr(c.Outer)
	p.str(" o ")
	if c.FlagBits != 0 {
		// CuTe's print of smem_ptr_flag_bits<N>, as layout.ComposedLayout
		// prints it.
		p.str("smem_ptr[")
		p.str(strconv.Itoa(c.FlagBits))
		p.str("b](unset)")
	} else if c.Offset == nil {
		p.byte('0')
	} else {
		p.expr(c.Offset)
	}
	p.str(" o ")
	p.expr(c.Inner)
}

// accessor prints `{offset} o layout`.
func (p *printer) accessor(a *ast.Accessor) {
	p.byte('{')
	p.expr(a.Offset)
	p.str("} o ")
	p.expr(a.Layout)
}

// tile prints `[m0;m1]`, each mode as written (a nested tile stays a tile);
// a bare tile of the dialect is its one mode, without brackets.
func (p *printer) tile(t *ast.Tile) {
	if t.Bare && len(t.Modes) == 1 {
		p.expr(t.Modes[0])
		return
	}
	p.byte('[')
	for i, m := range t.Modes {
		if i > 0 {
			p.byte(';')
		}
		p.expr(m)
	}
	p.byte(']')
}

// args prints an argument list `(a, b)`: ", " between arguments, as CuTe C++
// source writes calls.
func (p *printer) args(list []ast.Expr) {
	p.byte('(')
	for i, a := range list {
		if i > 0 {
			p.str(", ")
		}
		p.expr(a)
	}
	p.byte(')')
}

// wrapper prints a dialect wrapper `!cute.layout<"(4,8):(1,4)">` around its
// canonical payload.
func (p *printer) wrapper(w *ast.Wrapper) {
	if w.Attr {
		p.byte('#')
	} else {
		p.byte('!')
	}
	p.str("cute.")
	p.str(w.Kind)
	p.str(`<"`)
	p.expr(w.Payload)
	p.str(`">`)
}
