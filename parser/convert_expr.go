package parser

import (
	"github.com/alecthomas/participle/v2/lexer"
	"github.com/cutec/cutec/ast"
	"github.com/cutec/cutec/diag"
	"github.com/cutec/cutec/grammar"
	"github.com/cutec/cutec/internal/syntax"
)

// expr converts an Expr: an accessor or a (possibly composed) operand.
func (c *converter) expr(e *grammar.Expr) ast.Expr {
	if e.Accessor != nil {
		a := e.Accessor
		return &ast.Accessor{Span: spanOf(a.Pos, a.EndPos), Offset: c.operand(a.Offset), Layout: c.operand(a.Inner)}
	}
	return c.composed(e.Composed)
}

// composed converts one to three operands joined by `o`. A pointer and a
// layout, `gmem_ptr[16b](0x7f00) o (8,64):(64,1)` as CuTe C++ prints a
// tensor, are the layout at an offset of unknown value: `{?} o (8,64):(64,1)`.
func (c *converter) composed(g *grammar.Composed) ast.Expr {
	head := c.operand(g.Head)
	if len(g.Rest) == 0 {
		return head
	}
	if len(g.Rest) == 1 && (isPointer(g.Head) || isArithTuple(g.Head)) {
		return &ast.Accessor{Span: spanOf(g.Pos, g.EndPos), Offset: head, Layout: c.operand(g.Rest[0].X)}
	}
	if len(g.Rest) > 2 {
		c.add(errTooManyParts(c.f, syntax.Span(g.Rest[2].Op)))
	}
	n := &ast.Composed{Span: spanOf(g.Pos, g.EndPos), Outer: head, Inner: c.operand(g.Rest[len(g.Rest)-1].X)}
	if len(g.Rest) >= 2 {
		if bits, ok := smemFlag(g.Rest[0].X); ok {
			n.FlagBits, n.FlagSpan = bits, spanOf(g.Rest[0].X.Term.Pos, g.Rest[0].X.Term.EndPos)
		} else {
			n.Offset = c.operand(g.Rest[0].X)
		}
	}
	return n
}

// operand converts an Operand, from the fast path or from Term.
func (c *converter) operand(o *grammar.Operand) ast.Expr {
	if o.Fast != nil {
		return c.fastTerm(o.Fast)
	}
	return c.term(o.Term)
}

// term converts a primary, or a layout when a stride follows.
func (c *converter) term(t *grammar.Term) ast.Expr {
	shape := c.product(c.primary(t.Shape), t.ShapeOps)
	if t.Stride == nil {
		return shape
	}
	n := c.slab.newLayout()
	*n = ast.Layout{Span: spanOf(t.Pos, t.EndPos), Shape: asValue(shape), Colon: syntax.Tok(t.Colon).Pos.Offset,
		Stride: asValue(c.product(c.primary(t.Stride), t.StrideOps))}
	c.wantValue(n.Shape, "the shape of a layout")
	c.wantValue(n.Stride, "the stride of a layout")
	return n
}

// wantValue reports e unless it is a value tree.
func (c *converter) wantValue(e ast.Expr, role string) {
	if !ast.IsValue(e) {
		c.add(errNotValue(c.f, e, role))
	}
}

// primary converts a Primary.
func (c *converter) primary(p *grammar.Primary) ast.Expr {
	switch {
	case p.Tile != nil:
		return c.tile(p.Tile)
	case p.Group != nil:
		return c.group(p.Group)
	case p.Name != nil:
		return c.name(p.Name)
	}
	return c.leaf(p.Leaf)
}

// tile converts a Tile, checking that each mode is one a tiler takes: a
// value, or a name or call that evaluates to one ([A;_] in a .cute file).
func (c *converter) tile(t *grammar.Tile) *ast.Tile {
	n := &ast.Tile{Span: spanOf(t.Pos, t.EndPos), Modes: make([]ast.Expr, len(t.Modes))}
	for i, m := range t.Modes {
		e := c.operand(m)
		c.tileMode(e)
		n.Modes[i] = e
	}
	return n
}

// group converts a parenthesized group: a tuple of values, or a
// parenthesized expression, applied to any arguments that follow.
func (c *converter) group(g *grammar.Group) ast.Expr {
	items := c.groupItems(g)
	var n ast.Expr
	sp := diag.Span{Start: syntax.Span(g.Open).Start, End: syntax.Span(g.Close).End}
	trailing := len(g.Rest) > 0 && g.Rest[len(g.Rest)-1].X == nil
	if len(items) == 1 && len(g.Rest) == 0 && !ast.IsValue(items[0]) {
		n = &ast.Paren{Span: sp, X: items[0]}
	} else if isTilerTuple(items) {
		n = &ast.Tile{Span: sp, Modes: items}
	} else {
		for i, e := range items {
			items[i] = asValue(e)
			c.wantValue(items[i], "a tuple element")
		}
		t := c.slab.newTuple()
		*t = ast.Tuple{Span: sp, Elems: items, Trailing: trailing}
		n = t
	}
	for _, a := range g.Args {
		args, l, r := c.args(a, "")
		n = &ast.Apply{Span: diag.Span{Start: sp.Start, End: r + 1}, Fun: n, Args: args, Lparen: l, Rparen: r}
	}
	return n
}

// isTilerTuple reports whether the items of a tuple are the modes of a
// tiler as CuTe C++ prints one, (_4:_1,_8:_2) for the tile [4:1;8:2]: at
// least one is a layout or a tile, and each is a mode a tile takes.
func isTilerTuple(items []ast.Expr) bool {
	tiled := false
	for _, e := range items {
		switch e.(type) {
		case *ast.Layout, *ast.Tile:
			tiled = true
		case *ast.Int, *ast.Dynamic, *ast.Underscore, *ast.Tuple:
		default:
			return false
		}
	}
	return tiled
}

// groupItems converts the expressions of a group. A comma with no expression
// after it is allowed only last.
func (c *converter) groupItems(g *grammar.Group) []ast.Expr {
	if g.First == nil {
		return nil
	}
	var buf [4]ast.Expr // gathered on the stack, then copied to the slab
	items := append(buf[:0], c.expr(g.First))
	for i, it := range g.Rest {
		if it.X != nil {
			items = append(items, c.expr(it.X))
		} else if i+1 < len(g.Rest) {
			c.add(errUnexpected(c.f, syntax.Span(g.Rest[i+1].Comma), "a value", "`,`"))
		}
	}
	return append(c.slab.newExprs(len(items))[:0], items...)
}

// name converts a name: a variable, a C++ template or tag, a swizzle, a
// pointer, a symbol with facts, or a call (then evaluations). A name is read
// without its `cute::` or `cute.` (cuteName).
func (c *converter) name(g *grammar.Name) ast.Expr {
	tok := syntax.Tok(g.Tok)
	switch {
	case g.Template != nil && len(g.Applied) > 0:
		return c.templateCall(tok, g.Template, g.Applied)
	case g.Template != nil:
		return c.template(tok, g.Template, spanOf(g.Pos, g.EndPos))
	case g.Pointer != nil:
		return c.pointer(tok, g.Pointer, spanOf(g.Pos, g.EndPos))
	case g.Facts != nil:
		return c.symbol(tok, g.Facts, spanOf(g.Pos, g.EndPos))
	case g.Brace != nil:
		if v, ok := c.qualifiedStatic(tok, spanOf(g.Pos, g.EndPos)); ok {
			return v // cute::_4{}
		}
		return c.braced(tok, spanOf(g.Pos, g.EndPos))
	case len(g.Args) == 0:
		if v, ok := c.qualifiedStatic(tok, spanOf(g.Pos, g.EndPos)); ok {
			return v // cute::_4
		}
	}
	id := c.slab.newIdent()
	*id = ast.Ident{Span: syntax.TokenSpan(tok), Name: cuteName(tok.Value)}
	if len(g.Args) == 0 {
		return id
	}
	args, l, r := c.args(g.Args[0], id.Name)
	var n ast.Expr
	if v, ok := c.cuteCall(id.Name, tok.Value, args, diag.Span{Start: id.Span.Start, End: r + 1}); ok {
		n = v
	} else {
		call := c.slab.newCall()
		*call = ast.Call{Span: diag.Span{Start: id.Span.Start, End: r + 1}, Fun: id, Args: args, Lparen: l, Rparen: r}
		n = call
	}
	for _, a := range g.Args[1:] {
		args, l, r := c.args(a, "")
		n = &ast.Apply{Span: diag.Span{Start: id.Span.Start, End: r + 1}, Fun: n, Args: args, Lparen: l, Rparen: r}
	}
	return n
}

// args converts an argument list of a call of fun ("" for the application
// of a value) and returns the offsets of its parentheses. Keyword arguments
// are put in their place (see keywordArgs).
func (c *converter) args(a *grammar.Args, fun string) (list []ast.Expr, lparen, rparen int) {
	var keywords []keywordArg
	var buf [4]ast.Expr // gathered on the stack, then copied to the slab
	gathered := buf[:0]
	for _, e := range a.List {
		if e.Value != nil {
			keywords = append(keywords, keywordArg{c.expr(e.X), c.expr(e.Value), spanOf(e.Pos, e.EndPos)})
			continue
		}
		x := c.expr(e.X)
		if len(keywords) > 0 {
			c.add(errUnexpected(c.f, span(x), "a keyword argument (a positional argument comes before them)", describe(x)))
		}
		gathered = append(gathered, x)
	}
	if len(gathered) > 0 {
		list = append(c.slab.newExprs(len(gathered))[:0], gathered...)
	}
	if len(keywords) > 0 {
		list = c.keywordArgs(fun, list, keywords)
	}
	return list, syntax.Span(a.Open).Start, syntax.Span(a.Close).Start
}

// swizzle converts `S<B,M,S>`, `Sw<B,M,S>` (as CuTe C++ prints it) or
// `Swizzle<B,M,S>` (as CuTe C++ writes its type).
func (c *converter) swizzle(name lexer.Token, p *grammar.SwizzleParams, sp diag.Span) ast.Expr {
	if name.Value != "S" && name.Value != "Sw" && name.Value != "Swizzle" {
		c.add(errSwizzleName(c.f, syntax.TokenSpan(name), name.Value))
	}
	return &ast.Swizzle{Span: sp, Name: name.Value, B: c.integer(syntax.Tok(p.B)), M: c.integer(syntax.Tok(p.M)), S: c.integer(syntax.Tok(p.S))}
}
