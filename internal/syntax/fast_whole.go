package syntax

import "github.com/alecthomas/participle/v2/lexer"

// rootParser is the hand-written fast path of the whole grammar: recursive
// descent over a Tokens buffer that builds exactly the structs participle's
// Expr, Stmt and Tile productions build (positions, EndPos and token captures
// included), for inputs that the grammar accepts. On anything else it
// declines, and the parser runs participle on the same tokens, which reports
// the error. The grammar is LL(1) with lookahead 0 (see build): each choice
// below is made on the next token, as participle makes it, and the one
// point where participle tries two alternatives, FastTerm before Term in an
// Operand, is tried in the same order with a checkpoint.
//
// Every method returns ok=false to decline, never an error.
type rootParser struct {
	t *Tokens
}

// MatchWholeExpr runs the Expr production on a whole input: it returns the
// struct participle would build when the tokens hold one expression and
// nothing after it, and nil otherwise. The structs refer to t's tokens.
func MatchWholeExpr(t *Tokens) *Expr {
	p := rootParser{t}
	if e, ok := p.expr(); ok && t.Peek().EOF() {
		return e
	}
	return nil
}

// MatchWholeStmt is MatchWholeExpr for one line of a .cute file (Stmt).
func MatchWholeStmt(t *Tokens) *Stmt {
	p := rootParser{t}
	if s, ok := p.stmt(); ok && t.Peek().EOF() {
		return s
	}
	return nil
}

// MatchWholeOperand is MatchWholeExpr for the Operand production.
func MatchWholeOperand(t *Tokens) *Operand {
	p := rootParser{t}
	if o, ok := p.operand(); ok && t.Peek().EOF() {
		return o
	}
	return nil
}

// next consumes the next significant token and returns the raw range a
// participle capture of it holds (see fastParser.next).
func (p rootParser) next() []lexer.Token {
	start := p.t.RawCursor()
	p.t.Next()
	return p.t.Range(start, p.t.RawCursor())
}

// pos is the Pos participle gives a production starting here: the position
// of the next significant token.
func (p rootParser) pos() lexer.Position { return p.t.Peek().Pos }

// end is the EndPos participle gives a production that just ended: the
// position of the next raw token.
func (p rootParser) end() lexer.Position { return p.t.RawPeek().Pos }

// is reports whether the next token has type typ and, when value is not
// empty, that value.
func (p rootParser) is(typ lexer.TokenType, value string) bool {
	tok := p.t.Peek()
	return tok.Type == typ && (value == "" || tok.Value == value)
}

// isCompose reports whether the next token is the composition `o` or `∘`.
func (p rootParser) isCompose() bool {
	tok := p.t.Peek()
	return tok.Type == TokKeyword && (tok.Value == "o" || tok.Value == composeRune)
}

// skip consumes a token of type typ that the grammar matches but does not
// capture.
func (p rootParser) skip(typ lexer.TokenType) bool {
	if p.t.Peek().Type != typ {
		return false
	}
	p.t.Next()
	return true
}

// startsExpr reports whether the next token can begin an Expr, which is
// when participle's optional `@@?` of an Expr would consume it.
func (p rootParser) startsExpr() bool {
	switch p.t.Peek().Type {
	case TokLBrace, TokLBracket, TokLParen, TokIdent,
		TokNat, TokNeg, TokStatic, TokRatio, TokQuestion, TokUnderscore:
		return true
	}
	return false
}

// stmt parses Stmt: Assert | Expect | Let | Simple. `let` is an
// identifier to the lexer, but the literal "let" of Let matches it first, as
// in participle.
func (p rootParser) stmt() (*Stmt, bool) {
	s := &Stmt{Pos: p.pos()}
	var ok bool
	switch {
	case p.is(TokKeyword, "assert"):
		s.Assert, ok = p.assert()
	case p.is(TokKeyword, "expect"):
		s.Expect, ok = p.expect()
	case p.is(TokIdent, "let"):
		s.Let, ok = p.let()
	default:
		s.Simple, ok = p.simple()
	}
	s.EndPos = p.end()
	return s, ok
}

// let parses `let name { , name }`.
func (p rootParser) let() (*Let, bool) {
	l := &Let{Pos: p.pos(), Kw: p.next()}
	for {
		if !p.is(TokIdent, "") {
			return nil, false
		}
		n, ok := p.name()
		if !ok {
			return nil, false
		}
		l.Names = append(l.Names, n)
		if !p.skip(TokComma) {
			break
		}
	}
	l.EndPos = p.end()
	return l, true
}

// assert parses `assert X (== | ~) Y`.
func (p rootParser) assert() (*Assert, bool) {
	a := &Assert{Pos: p.pos(), Kw: p.next()}
	var ok bool
	if a.X, ok = p.expr(); !ok {
		return nil, false
	}
	if !p.is(TokEqual, "") && !p.is(TokTilde, "") {
		return nil, false
	}
	a.Op = p.next()
	if a.Y, ok = p.expr(); !ok {
		return nil, false
	}
	a.EndPos = p.end()
	return a, true
}

// expect parses `expect CODE X`.
func (p rootParser) expect() (*Expect, bool) {
	e := &Expect{Pos: p.pos(), Kw: p.next()}
	if !p.is(TokIdent, "") {
		return nil, false
	}
	e.Code = p.next()
	var ok bool
	if e.X, ok = p.expr(); !ok {
		return nil, false
	}
	e.EndPos = p.end()
	return e, true
}

// simple parses `X [= Y]`.
func (p rootParser) simple() (*Simple, bool) {
	s := &Simple{Pos: p.pos()}
	var ok bool
	if s.X, ok = p.expr(); !ok {
		return nil, false
	}
	if p.is(TokAssign, "") {
		s.Assign = p.next()
		if s.Value, ok = p.expr(); !ok {
			return nil, false
		}
	}
	s.EndPos = p.end()
	return s, true
}

// expr parses Expr: Accessor | Composed.
func (p rootParser) expr() (*Expr, bool) {
	e := take(&p.t.arena.exprs)
	e.Pos = p.pos()
	var ok bool
	if p.is(TokLBrace, "") {
		e.Accessor, ok = p.accessor()
	} else {
		e.Composed, ok = p.composed()
	}
	e.EndPos = p.end()
	return e, ok
}

// accessor parses `{ offset } o inner`.
func (p rootParser) accessor() (*Accessor, bool) {
	a := &Accessor{Pos: p.pos()}
	p.t.Next() // {
	var ok bool
	if a.Offset, ok = p.operand(); !ok || !p.skip(TokRBrace) || !p.isCompose() {
		return nil, false
	}
	a.Op = p.next()
	if a.Inner, ok = p.operand(); !ok {
		return nil, false
	}
	a.EndPos = p.end()
	return a, true
}

// composed parses an operand followed by any number of `o operand`.
func (p rootParser) composed() (*Composed, bool) {
	c := take(&p.t.arena.composeds)
	c.Pos = p.pos()
	var ok bool
	if c.Head, ok = p.operand(); !ok {
		return nil, false
	}
	var partBuf [2]*ComposePart // gathered on the stack, then copied to the arena
	parts := partBuf[:0]
	for p.isCompose() {
		part := take(&p.t.arena.composeParts)
		part.Pos, part.Op = p.pos(), p.next()
		if part.X, ok = p.operand(); !ok {
			return nil, false
		}
		part.EndPos = p.end()
		parts = append(parts, part)
	}
	c.Rest = takeCopy(&p.t.arena.partPtrs, parts)
	c.EndPos = p.end()
	return c, true
}

// operand parses Operand: FastTerm, or Term when FastTerm declines.
func (p rootParser) operand() (*Operand, bool) {
	o := take(&p.t.arena.operands)
	o.Pos = p.pos()
	raw, next := p.t.raw, p.t.next
	if t, ok := (fastParser{lex: p.t, a: &p.t.arena}).term(); ok {
		o.Fast = t
	} else {
		p.t.raw, p.t.next = raw, next
		if o.Term, ok = p.term(); !ok {
			return nil, false
		}
	}
	o.EndPos = p.end()
	return o, true
}

// term parses `primary {mulop} [: primary {mulop}]`.
func (p rootParser) term() (*Term, bool) {
	t := take(&p.t.arena.terms)
	t.Pos = p.pos()
	var ok bool
	if t.Shape, ok = p.primary(); !ok {
		return nil, false
	}
	if t.ShapeOps, ok = p.mulOps(); !ok {
		return nil, false
	}
	if p.is(TokColon, "") {
		t.Colon = p.next()
		if t.Stride, ok = p.primary(); !ok {
			return nil, false
		}
		if t.StrideOps, ok = p.mulOps(); !ok {
			return nil, false
		}
	}
	t.EndPos = p.end()
	return t, true
}

// mulOps parses any number of MulOp: `* primary` or `/ nat`, the factors
// and divisors of a symbolic term.
func (p rootParser) mulOps() ([]*MulOp, bool) {
	var buf [2]*MulOp // gathered on the stack, then copied to the arena
	ops := buf[:0]
	for {
		star := p.is(TokStar, "")
		if !star && !p.is(TokSlash, "") {
			break
		}
		m := take(&p.t.arena.mulOps)
		m.Pos = p.pos()
		if star {
			m.Star = p.next()
			var ok bool
			if m.Factor, ok = p.primary(); !ok {
				return nil, false
			}
		} else {
			m.Slash = p.next()
			if !p.is(TokNat, "") {
				return nil, false
			}
			m.Div = p.next()
		}
		m.EndPos = p.end()
		ops = append(ops, m)
	}
	return takeCopy(&p.t.arena.opLists, ops), true
}

// primary parses Tile | Group | Name | Leaf, chosen by the next token.
func (p rootParser) primary() (*Primary, bool) {
	pr := take(&p.t.arena.primaries)
	pr.Pos = p.pos()
	var ok bool
	switch p.t.Peek().Type {
	case TokLBracket:
		pr.Tile, ok = p.tile()
	case TokLParen:
		pr.Group, ok = p.group()
	case TokIdent:
		pr.Name, ok = p.name()
	default:
		pr.Leaf, ok = p.leaf()
	}
	pr.EndPos = p.end()
	return pr, ok
}

// tile parses `[ operand { ; operand } ]`.
func (p rootParser) tile() (*Tile, bool) {
	t := &Tile{Pos: p.pos()}
	p.t.Next() // [
	for {
		m, ok := p.operand()
		if !ok {
			return nil, false
		}
		t.Modes = append(t.Modes, m)
		if !p.skip(TokSemi) {
			break
		}
	}
	if !p.skip(TokRBracket) {
		return nil, false
	}
	t.EndPos = p.end()
	return t, true
}

// groupBlock holds a group with its first items and their list, in one
// allocation: a tuple of a layout has one to three.
type groupBlock struct {
	g     Group
	items [2]GroupItem
	rest  [2]*GroupItem
}

// group parses `( [ expr { , [expr] } ] ) { args }`.
func (p rootParser) group() (*Group, bool) {
	b := new(groupBlock)
	g := &b.g
	*g = Group{Pos: p.pos(), Open: p.next()}
	if p.startsExpr() {
		var ok bool
		if g.First, ok = p.expr(); !ok {
			return nil, false
		}
		for p.is(TokComma, "") {
			var item *GroupItem
			if k := len(g.Rest); k < len(b.items) {
				item = &b.items[k]
				if k == 0 {
					g.Rest = b.rest[:0] // nil while there is no item, as participle leaves it
				}
			} else {
				item = new(GroupItem)
			}
			*item = GroupItem{Pos: p.pos(), Comma: p.next()}
			if p.startsExpr() {
				if item.X, ok = p.expr(); !ok {
					return nil, false
				}
			}
			item.EndPos = p.end()
			g.Rest = append(g.Rest, item)
		}
	}
	if !p.is(TokRParen, "") {
		return nil, false
	}
	g.Close = p.next()
	var ok bool
	if g.Args, ok = p.argLists(); !ok {
		return nil, false
	}
	g.EndPos = p.end()
	return g, true
}

// name parses `ident [ template { args } | pointer | args { args } | { [attrs] } ]`.
func (p rootParser) name() (*Name, bool) {
	n := take(&p.t.arena.names)
	n.Pos, n.Tok = p.pos(), p.next()
	var ok bool
	switch {
	case p.is(TokLAngle, ""):
		if n.Template, ok = p.templateArgs(); !ok {
			return nil, false
		}
		if n.Applied, ok = p.argLists(); !ok {
			return nil, false
		}
	case p.is(TokLBracket, ""):
		if n.Pointer, ok = p.pointer(); !ok {
			return nil, false
		}
	case p.is(TokLParen, ""):
		if n.Args, ok = p.argLists(); !ok {
			return nil, false
		}
	case p.is(TokLBrace, ""):
		n.Brace = p.next()
		if !p.is(TokRBrace, "") {
			fp := fastParser{lex: p.t, a: &p.t.arena}
			if n.Facts, ok = fp.dynamicAttrs(); !ok {
				return nil, false
			}
		}
		if !p.skip(TokRBrace) {
			return nil, false
		}
	}
	n.EndPos = p.end()
	return n, true
}

// templateArgs parses `< arg { , arg } > [ { } ]`, each argument an
// integer or a name.
func (p rootParser) templateArgs() (*TemplateArgs, bool) {
	t := take(&p.t.arena.templates)
	t.Pos = p.pos()
	p.t.Next()                 // <
	var argBuf [4]*TemplateArg // gathered on the stack, then copied to the arena
	list := argBuf[:0]
	for {
		a := take(&p.t.arena.templateArgs)
		a.Pos = p.pos()
		switch p.t.Peek().Type {
		case TokNat, TokNeg, TokStatic:
			a.Int = p.next()
		case TokIdent:
			var ok bool
			if a.Name, ok = p.name(); !ok {
				return nil, false
			}
		default:
			return nil, false
		}
		a.EndPos = p.end()
		list = append(list, a)
		if !p.skip(TokComma) {
			break
		}
	}
	t.List = takeCopy(&p.t.arena.templatePtrs, list)
	if !p.skip(TokRAngle) {
		return nil, false
	}
	if p.is(TokLBrace, "") {
		t.Init = p.next()
		if !p.skip(TokRBrace) {
			return nil, false
		}
	}
	t.EndPos = p.end()
	return t, true
}

// pointer parses `[ nat ident ] ( ident | nat [ident] )`.
func (p rootParser) pointer() (*Pointer, bool) {
	ptr := take(&p.t.arena.pointers)
	ptr.Pos = p.pos()
	p.t.Next() // [
	if !p.is(TokNat, "") {
		return nil, false
	}
	ptr.Width = p.next()
	if !p.is(TokIdent, "") {
		return nil, false
	}
	ptr.Unit = p.next()
	if !p.skip(TokRBracket) || !p.skip(TokLParen) {
		return nil, false
	}
	switch {
	case p.is(TokIdent, ""):
		ptr.Addr = p.next()
	case p.is(TokNat, ""):
		ptr.Addr = p.next()
		if p.is(TokIdent, "") {
			ptr.Addr = p.next() // a second capture replaces the first, as in participle
		}
	default:
		return nil, false
	}
	if !p.skip(TokRParen) {
		return nil, false
	}
	ptr.EndPos = p.end()
	return ptr, true
}

// swizzleParams parses `<B,M,S>`, each an integer.
func (p rootParser) swizzleParams() (*SwizzleParams, bool) {
	s := &SwizzleParams{Pos: p.pos()}
	p.t.Next() // <
	var ok bool
	if s.B, ok = p.integer(); !ok || !p.skip(TokComma) {
		return nil, false
	}
	if s.M, ok = p.integer(); !ok || !p.skip(TokComma) {
		return nil, false
	}
	if s.S, ok = p.integer(); !ok || !p.skip(TokRAngle) {
		return nil, false
	}
	s.EndPos = p.end()
	return s, true
}

// integer captures a Nat or Neg token.
func (p rootParser) integer() ([]lexer.Token, bool) {
	if t := p.t.Peek().Type; t != TokNat && t != TokNeg {
		return nil, false
	}
	return p.next(), true
}

// argLists parses any number of argument lists `( [expr {, expr}] )`.
func (p rootParser) argLists() ([]*Args, bool) {
	var listBuf [2]*Args // gathered on the stack, then copied to the arena
	lists := listBuf[:0]
	for p.is(TokLParen, "") {
		a := take(&p.t.arena.args)
		a.Pos, a.Open = p.pos(), p.next()
		if p.startsExpr() {
			var argBuf [4]*Arg
			list := argBuf[:0]
			for {
				arg := take(&p.t.arena.argItems)
				arg.Pos = p.pos()
				var ok bool
				if arg.X, ok = p.expr(); !ok {
					return nil, false
				}
				if p.skip(TokAssign) {
					if arg.Value, ok = p.expr(); !ok {
						return nil, false
					}
				}
				arg.EndPos = p.end()
				list = append(list, arg)
				if !p.skip(TokComma) {
					break
				}
			}
			a.List = takeCopy(&p.t.arena.argPtrs, list)
		}
		if !p.is(TokRParen, "") {
			return nil, false
		}
		a.Close = p.next()
		a.EndPos = p.end()
		lists = append(lists, a)
	}
	return takeCopy(&p.t.arena.argLists, lists), true
}

// leaf parses Leaf: Fraction | Number | Dynamic | Underscore. Unlike the
// FastTerm path, an integer is always a *Number here, as in the union.
func (p rootParser) leaf() (Leaf, bool) {
	fp := fastParser{lex: p.t, a: &p.t.arena}
	switch p.t.Peek().Type {
	case TokNat, TokNeg, TokStatic:
		n := take(&p.t.arena.numbers)
		n.Pos, n.Tok = p.pos(), p.next()
		if p.is(TokLBrace, "") {
			n.Init = p.next()
			if !p.skip(TokRBrace) {
				return nil, false
			}
		}
		dims, ok := fp.dims()
		if !ok {
			return nil, false
		}
		n.Dims, n.EndPos = dims, p.end()
		return n, true
	case TokRatio:
		v, ok := fp.fraction()
		if !ok {
			return nil, false
		}
		return v.(*Fraction), true
	case TokQuestion:
		v, ok := fp.dynamic()
		if !ok {
			return nil, false
		}
		return v.(*Dynamic), true
	case TokUnderscore:
		tok := p.pos()
		return &Underscore{Pos: tok, Tok: p.next(), EndPos: p.end()}, true
	}
	return nil, false
}
