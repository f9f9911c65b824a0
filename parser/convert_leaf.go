package parser

import (
	"strconv"
	"strings"

	"github.com/alecthomas/participle/v2/lexer"
	"github.com/cutec/cutec/ast"
	"github.com/cutec/cutec/diag"
	"github.com/cutec/cutec/grammar"
	"github.com/cutec/cutec/internal/syntax"
)

// leaf converts a Leaf of the tagged grammar.
func (c *converter) leaf(l grammar.Leaf) ast.Expr {
	switch l := l.(type) {
	case *grammar.Number:
		return c.number(l)
	case *grammar.Fraction:
		return c.fraction(l)
	case *grammar.Dynamic:
		return c.dynamic(l)
	case *grammar.Underscore:
		return &ast.Underscore{Span: spanOf(l.Pos, l.EndPos)}
	}
	panic("parser: unknown leaf")
}

// number converts an integer, or a basis entry when dimensions follow.
func (c *converter) number(n *grammar.Number) ast.Expr {
	if tok := syntax.Tok(n.Tok); len(n.Init) > 0 && tok.Type != syntax.TokStatic {
		c.add(errUnexpected(c.f, syntax.Span(n.Init), "no `{}` after "+tok.Value+" (CuTe C++ writes _"+tok.Value+"{} or Int<"+tok.Value+">{})", "`{`"))
	}
	if len(n.Dims) == 0 {
		return c.integer(syntax.Tok(n.Tok))
	}
	return c.basis(spanOf(n.Pos, n.EndPos), c.count(syntax.Tok(n.Tok)), n.Dims)
}

// fraction converts a basis entry with a fractional count.
func (c *converter) fraction(f *grammar.Fraction) ast.Expr {
	return c.basis(spanOf(f.Pos, f.EndPos), c.count(syntax.Tok(f.Tok)), f.Dims)
}

// basis returns a basis entry, taken with its dimensions from the slab.
func (c *converter) basis(at diag.Span, cnt ast.Count, dims []*grammar.Dim) *ast.Basis {
	b := c.slab.newBasis()
	*b = ast.Basis{Span: at, Count: cnt, Dims: c.dims(dims)}
	return b
}

// integer converts an integer token: `8`, `-3`, `_4`.
func (c *converter) integer(tok lexer.Token) *ast.Int {
	text, static := strings.CutPrefix(tok.Value, "_")
	at := syntax.TokenSpan(tok)
	n := c.slab.newInt()
	*n = ast.Int{Span: at, Value: c.int64(text, at), Static: static}
	return n
}

// count converts the count of a basis entry: an integer or `num/den`.
func (c *converter) count(tok lexer.Token) ast.Count {
	at := syntax.TokenSpan(tok)
	text, static := strings.CutPrefix(tok.Value, "_")
	num, den, frac := strings.Cut(text, "/")
	cnt := ast.Count{Span: at, Static: static, Den: 1, Fraction: frac}
	if !frac {
		cnt.Num = c.int64(num, at)
		return cnt
	}
	cnt.DenSpan = diag.Span{Start: at.End - len(den), End: at.End}
	cnt.Num = c.int64(num, diag.Span{Start: at.Start, End: at.Start + len(num)})
	cnt.Den = c.int64(den, cnt.DenSpan)
	return cnt
}

// dims converts the dimension list of a basis entry.
func (c *converter) dims(ds []*grammar.Dim) []ast.Dim {
	out := c.slab.newDims(len(ds))
	for i, d := range ds {
		tok := syntax.Tok(d.Tok)
		at := syntax.TokenSpan(tok)
		out[i] = ast.Dim{Span: at, Value: c.int64(tok.Value, at)}
	}
	return out
}

// dynamic converts `?`, `?{i64}`, `?{div=64}`, `?{i64 div=128}`, and the
// basis entry `?@0` with a dynamic count.
func (c *converter) dynamic(d *grammar.Dynamic) ast.Expr {
	if len(d.Dims) > 0 {
		return c.dynamicBasis(syntax.Tok(d.Mark), d.Dims, spanOf(d.Pos, d.EndPos))
	}
	n := &ast.Dynamic{Span: spanOf(d.Pos, d.EndPos)}
	if a := d.Attrs; a != nil {
		if w := syntax.Tok(a.Width); w.Value != "" {
			n.WidthSpan = syntax.TokenSpan(w)
			n.Width = 64
			if w.Value == "i32" {
				n.Width = 32
			}
		}
		if len(a.Div) > 0 {
			n.Div = c.integer(syntax.Tok(a.Div))
		}
	}
	return n
}

// dynamicBasis converts a basis entry whose count is the token `?`.
func (c *converter) dynamicBasis(mark lexer.Token, dims []*grammar.Dim, at diag.Span) *ast.Basis {
	cnt := ast.Count{Span: syntax.TokenSpan(mark), Den: 1, Dynamic: true}
	return c.basis(at, cnt, dims)
}

// int64 parses a decimal literal, reporting E0104 when it is out of range.
func (c *converter) int64(text string, at diag.Span) int64 {
	v, err := strconv.ParseInt(text, 10, 64)
	if err != nil {
		c.add(errIntRange(c.f, at, text))
		return 0
	}
	return v
}

// fastTerm converts the fast path's value or layout. Its integers, tuples and
// tuple elements come from the slab of the input (see slab).
func (c *converter) fastTerm(t grammar.FastTerm) ast.Expr {
	if l, ok := t.(*grammar.FastLayout); ok {
		n := c.slab.newLayout()
		*n = ast.Layout{Span: l.Span, Shape: c.fastValue(l.Shape), Colon: l.Colon, Stride: c.fastValue(l.Stride)}
		return n
	}
	return c.fastValue(t.(grammar.FastValue))
}

// fastValue converts a value tree of the fast path.
func (c *converter) fastValue(v grammar.FastValue) ast.Expr {
	switch v := v.(type) {
	case *grammar.FastTuple:
		return c.fastTuple(v)
	case *grammar.FastInt:
		return c.integer(syntax.Tok(v.Tok))
	}
	return c.leaf(v.(grammar.Leaf))
}

// fastTuple converts a tuple of the fast path.
func (c *converter) fastTuple(t *grammar.FastTuple) *ast.Tuple {
	n := c.slab.newTuple()
	*n = ast.Tuple{Span: t.Span, Trailing: t.Trailing}
	if len(t.Elems) > 0 {
		n.Elems = c.slab.newExprs(len(t.Elems))
		for i, e := range t.Elems {
			n.Elems[i] = c.fastValue(e)
		}
	}
	return n
}
