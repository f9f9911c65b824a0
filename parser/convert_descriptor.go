package parser

import (
	"github.com/cutec/cutec/ast"
	"github.com/cutec/cutec/grammar"
	"github.com/cutec/cutec/internal/syntax"
)

// descriptor converts a basis descriptor to a tuple of basis entries.
func (c *converter) descriptor(d *grammar.Descriptor) *ast.Tuple {
	if d.Fast != nil {
		return c.fastTuple(d.Fast.(*grammar.FastTuple))
	}
	return c.descGroup(d.Group)
}

// descGroup converts the EBNF's group.
func (c *converter) descGroup(g *grammar.DescGroup) *ast.Tuple {
	n := c.slab.newTuple()
	*n = ast.Tuple{Span: spanOf(g.Pos, g.EndPos)}
	if len(g.Entries) > 0 {
		n.Elems = c.slab.newExprs(len(g.Entries))
		for i, e := range g.Entries {
			n.Elems[i] = c.descEntry(e)
		}
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
	if tok := syntax.Tok(b.Tok); tok.Value == "?" {
		return c.dynamicBasis(tok, b.Dims, spanOf(b.Pos, b.EndPos))
	}
	return c.basis(spanOf(b.Pos, b.EndPos), c.count(syntax.Tok(b.Tok)), b.Dims)
}
