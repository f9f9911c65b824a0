package printer

import (
	"slices"

	"github.com/cutec/cutec/ast"
)

// symbol prints a symbol with its fact: M, M{div=128}.
func (p *printer) symbol(s *ast.Symbol) {
	p.str(s.Name)
	if s.Div != nil {
		p.str("{div=")
		p.int(s.Div.Value)
		p.byte('}')
	}
}

// product prints a symbolic term canonically: the integer factors
// multiplied into one coefficient first (omitted when 1), then the symbols
// in lexicographic order, then the divisor: 4*M*N, M/128. A product with a
// factor that is not an integer or a symbol (an error normalization
// reports), or whose coefficient overflows, is printed factor by factor as
// written.
func (p *printer) product(n *ast.Product) {
	coef, overflow := int64(1), false
	var syms []*ast.Symbol
	var other []ast.Expr
	for _, f := range n.Factors {
		switch f := f.(type) {
		case *ast.Int:
			if c := coef * f.Value; f.Value != 0 && (c/f.Value != coef || c == -1<<63) {
				overflow = true
			} else {
				coef = c
			}
		case *ast.Symbol:
			syms = append(syms, f)
		default:
			other = append(other, f)
		}
	}
	div := int64(0)
	if n.Div != nil {
		div = n.Div.Value
	}
	if !overflow && div > 0 {
		// Lowest terms: 4*M/2 is 2*M.
		g := gcd(coef, div)
		coef, div = coef/g, div/g
	}
	if overflow || len(other) > 0 {
		// As written: a product with a factor that is not an integer or a
		// symbol is an error of normalization, and simplified it could
		// print as something that is no product at all ((0)*1 as (0)).
		for i, f := range n.Factors {
			if i > 0 {
				p.byte('*')
			}
			p.expr(f)
		}
	} else {
		slices.SortStableFunc(syms, func(a, b *ast.Symbol) int {
			switch {
			case a.Name < b.Name:
				return -1
			case a.Name > b.Name:
				return 1
			}
			return 0
		})
		first := true
		sep := func() {
			if !first {
				p.byte('*')
			}
			first = false
		}
		if coef != 1 || len(syms)+len(other) == 0 {
			sep()
			p.int(coef)
		}
		for _, s := range syms {
			sep()
			p.symbol(s)
		}
		for _, o := range other {
			sep()
			p.expr(o)
		}
	}
	// After an integer, `/` would join it into a ratio token (`6/4`), so the
	// divisor of a term without symbols (an error normalization reports:
	// `6 / 4` is not an integer, `0 / 0` has no divisor) is spaced.
	slash := "/"
	if lastInt := len(syms)+len(other) == 0; overflow {
		_, lastInt = n.Factors[len(n.Factors)-1].(*ast.Int)
		if lastInt {
			slash = " / "
		}
	} else if lastInt {
		slash = " / "
	}
	switch {
	case n.Div == nil:
	case overflow || n.Div.Value <= 0:
		p.str(slash)
		p.int(n.Div.Value)
	case div > 1:
		p.str(slash)
		p.int(div)
	}
}

func gcd(a, b int64) int64 {
	if a < 0 {
		a = -a
	}
	for b != 0 {
		a, b = b, a%b
	}
	return a
}
