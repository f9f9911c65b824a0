package parser

import (
	"github.com/alecthomas/participle/v2/lexer"
	"github.com/cutec/cutec/ast"
	"github.com/cutec/cutec/diag"
	"github.com/cutec/cutec/grammar"
	"github.com/cutec/cutec/internal/syntax"
)

// asSymbol makes a name in a leaf position (a tuple element, either side
// of a layout's colon, a factor of a symbolic term) a symbol; any other
// expression is returned as it is.
func asSymbol(e ast.Expr) ast.Expr {
	if id, ok := e.(*ast.Ident); ok {
		return &ast.Symbol{Span: id.Span, Name: id.Name}
	}
	return e
}

// asValue is asSymbol where a value stands (a tuple element, either side
// of a layout's colon), where (M) is the tuple of one symbol as (4) is the
// tuple of one integer: CuTe prints (M):(1) for a layout of one mode whose
// extent is M. Any other parenthesized expression is returned as it is.
func asValue(e ast.Expr) ast.Expr {
	if p, ok := e.(*ast.Paren); ok {
		if x := asValue(p.X); ast.IsValue(x) {
			return &ast.Tuple{Span: p.Span, Elems: []ast.Expr{x}}
		}
		return e
	}
	return asSymbol(e)
}

// symbol converts `M{div=128}`, a symbol with its fact. A width written in
// the braces (`{i64}`) is accepted by the grammar and ignored: a symbol is
// an integer of any width.
func (c *converter) symbol(name lexer.Token, a *grammar.DynamicAttrs, sp diag.Span) *ast.Symbol {
	s := &ast.Symbol{Span: sp, Name: name.Value}
	if len(a.Width) > 0 {
		// A width is a fact of the dialect's anonymous `?`; a named symbol
		// stands for an integer of any width, and its one fact is its
		// divisor. Dropping the width silently would change the text.
		w := syntax.Tok(a.Width)
		c.add(errUnexpected(c.f, diag.Span{Start: w.Pos.Offset, End: w.Pos.Offset + len(w.Value)},
			"`div=N` (a symbol's fact is its divisor; a width such as `i32` belongs to `?`)", quote(w.Value)))
	}
	if len(a.Div) > 0 {
		s.Div = c.integer(syntax.Tok(a.Div))
	}
	return s
}

// product converts a primary followed by `*factor` and `/divisor` parts
// into a symbolic term; with no parts it is the primary itself.
func (c *converter) product(first ast.Expr, ops []*grammar.MulOp) ast.Expr {
	if len(ops) == 0 {
		return first
	}
	n := &ast.Product{Span: diag.Span{Start: first.Pos(), End: first.End()}, Factors: []ast.Expr{asSymbol(first)}}
	for _, op := range ops {
		if op.Factor != nil {
			n.Factors = append(n.Factors, asSymbol(c.primary(op.Factor)))
		} else {
			d := c.integer(syntax.Tok(op.Div))
			if n.Div != nil {
				// M/4/2 is M/8; a product past int64 is out of range.
				v := n.Div.Value * d.Value
				if d.Value != 0 && v/d.Value != n.Div.Value {
					c.add(errIntRange(c.f, d.Span, syntax.Tok(op.Div).Value))
					v = 1
				}
				n.Div = &ast.Int{Span: diag.Span{Start: n.Div.Span.Start, End: d.Span.End}, Value: v}
			} else {
				n.Div = d
			}
		}
		n.Span.End = op.EndPos.Offset
	}
	return n
}

// let converts `let M{div=128}, K{div=32}`; each name must carry a fact.
func (c *converter) let(l *grammar.Let, sp diag.Span) ast.Stmt {
	n := &ast.LetStmt{Span: sp}
	for _, g := range l.Names {
		tok := syntax.Tok(g.Tok)
		if g.Facts == nil || g.Template != nil || len(g.Args) > 0 {
			c.add(errLetFact(c.f, spanOf(g.Pos, g.EndPos), tok.Value))
			continue
		}
		n.Symbols = append(n.Symbols, c.symbol(tok, g.Facts, spanOf(g.Pos, g.EndPos)))
	}
	return n
}
