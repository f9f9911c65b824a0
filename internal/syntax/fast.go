package syntax

import (
	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"
	"github.com/cutec/cutec/diag"
)

// parseFastTerm is the custom production of FastTerm in the fast parsers.
func parseFastTerm(lex *lexer.PeekingLexer) (FastTerm, error) {
	cp := lex.MakeCheckpoint()
	if t, ok := (fastParser{lex: lex, a: new(arena)}).term(); ok {
		return t, nil
	}
	lex.LoadCheckpoint(cp)
	return nil, participle.NextMatch
}

// parseFastDescriptor is the custom production of FastDescriptor in the fast
// parsers.
func parseFastDescriptor(lex *lexer.PeekingLexer) (FastDescriptor, error) {
	cp := lex.MakeCheckpoint()
	p := fastParser{lex: lex, a: new(arena), descriptor: true}
	if lex.Peek().Type == TokLParen {
		if t, ok := p.tuple(); ok {
			return t, nil
		}
	}
	lex.LoadCheckpoint(cp)
	return nil, participle.NextMatch
}

// declineTerm and declineDescriptor stand for the fast paths in the
// reference parsers, which use the tagged productions alone.
func declineTerm(*lexer.PeekingLexer) (FastTerm, error) { return nil, participle.NextMatch }

func declineDescriptor(*lexer.PeekingLexer) (FastDescriptor, error) {
	return nil, participle.NextMatch
}

// fastParser is a recursive-descent recognizer over participle's token
// stream. Its methods return ok=false to decline; they never report errors.
// Recursion depth is bounded by the lexer's nesting limit.
type fastParser struct {
	lex        tokenStream
	a          *arena // where the structs it builds are taken from
	descriptor bool   // the descriptor EBNF: only basis entries, no trailing comma

}

// next consumes the next significant token and returns the raw range that a
// participle capture of it would hold (elided tokens before it included).
func (p fastParser) next() []lexer.Token {
	start := p.lex.RawCursor()
	p.lex.Next()
	return p.lex.Range(start, p.lex.RawCursor())
}

// end is the EndPos participle gives a production whose last token was just
// consumed: the position of the next raw token.
func (p fastParser) end() lexer.Position { return p.lex.RawPeek().Pos }

// term parses a value, or a layout when a colon follows. It declines when
// arguments follow a value, since Term would take them.
func (p fastParser) term() (FastTerm, bool) {
	shape, ok := p.value()
	if !ok || p.lex.Peek().Type == TokLParen || p.symbolic() {
		return nil, false
	}
	if p.lex.Peek().Type != TokColon {
		return shape, true
	}
	colon := p.lex.Next().Pos.Offset
	stride, ok := p.value()
	if !ok || p.lex.Peek().Type == TokLParen || p.symbolic() {
		return nil, false
	}
	span := diag.Span{Start: startOf(shape), End: p.end().Offset}
	l := take(&p.a.layouts)
	*l = FastLayout{Span: span, Shape: shape, Colon: colon, Stride: stride}
	return l, true
}

// symbolic reports whether a symbolic term's `*` or `/` follows a value:
// Term takes it (32*lda, M/128).
func (p fastParser) symbolic() bool {
	t := p.lex.Peek().Type
	return t == TokStar || t == TokSlash
}

// value parses one value tree.
func (p fastParser) value() (FastValue, bool) {
	tok := p.lex.Peek()
	switch tok.Type {
	case TokLParen:
		return p.tuple()
	case TokNat, TokNeg:
		return p.number()
	case TokStatic:
		if p.descriptor {
			return nil, false
		}
		return p.number()
	case TokRatio:
		return p.fraction()
	case TokQuestion:
		return p.dynamic()
	case TokUnderscore:
		if !p.descriptor {
			u := take(&p.a.underscores)
			u.Pos, u.Tok = tok.Pos, p.next()
			u.EndPos = p.end()
			return u, true
		}
	}
	return nil, false
}

// tuple parses `(` [ value { `,` value } [ `,` ] ] `)`.
// The elements are gathered on the arena's stack of values, above those of
// the enclosing tuples, and copied to the arena once the tuple is closed, so
// that a tuple of any length allocates nothing once the buffer has served an
// input as large.
func (p fastParser) tuple() (*FastTuple, bool) {
	base := len(p.a.stack)
	defer p.a.popStack(base)
	t := take(&p.a.tuples)
	t.Span.Start = p.lex.Next().Pos.Offset
	for p.lex.Peek().Type != TokRParen {
		v, ok := p.value()
		if !ok {
			return nil, false
		}
		p.a.stack = append(p.a.stack, v)
		if p.lex.Peek().Type != TokComma {
			break
		}
		p.lex.Next()
		if p.lex.Peek().Type == TokRParen {
			if p.descriptor {
				return nil, false
			}
			t.Trailing = true
		}
	}
	if p.lex.Peek().Type != TokRParen {
		return nil, false
	}
	p.lex.Next()
	t.Elems = takeCopy(&p.a.values, p.a.stack[base:])
	t.Span.End = p.end().Offset
	return t, true
}

// number parses an integer, or a basis entry when `@` follows.
func (p fastParser) number() (FastValue, bool) {
	pos, tok := p.lex.Peek().Pos, p.next()
	var init []lexer.Token
	if p.lex.Peek().Type == TokLBrace { // `_4{}`: a C++ value
		if p.descriptor {
			return nil, false
		}
		init = p.next()
		if p.lex.Peek().Type != TokRBrace {
			return nil, false
		}
		p.lex.Next()
	} else if p.lex.Peek().Type != TokAt {
		if p.descriptor {
			return nil, false
		}
		n := take(&p.a.ints)
		n.Tok = tok
		return n, true
	}
	n := take(&p.a.numbers)
	n.Pos, n.Tok, n.Init = pos, tok, init
	dims, ok := p.dims()
	if !ok {
		return nil, false
	}
	n.Dims, n.EndPos = dims, p.end()
	return n, true
}

// fraction parses a basis entry with a fractional count.
func (p fastParser) fraction() (FastValue, bool) {
	f := take(&p.a.fractions)
	f.Pos, f.Tok = p.lex.Peek().Pos, p.next()
	dims, ok := p.dims()
	if !ok || len(dims) == 0 {
		return nil, false
	}
	f.Dims, f.EndPos = dims, p.end()
	return f, true
}

// dims parses { `@` dim }; nil when there is none, as participle leaves it.
func (p fastParser) dims() ([]*Dim, bool) {
	var buf [4]*Dim // most entries have one or two: gather on the stack
	dims := buf[:0] // (a long list grows on the heap: one allocation per doubling)
	for p.lex.Peek().Type == TokAt {
		p.lex.Next()
		tok := p.lex.Peek()
		if tok.Type != TokNat {
			return nil, false
		}
		d := take(&p.a.dims)
		d.Pos, d.Tok = tok.Pos, p.next()
		d.EndPos = p.end()
		dims = append(dims, d)
	}
	return takeCopy(&p.a.dimLists, dims), true
}

// dynamic parses `?` [ `{` attrs `}` | `@` dim { `@` dim } ]: a dynamic
// leaf, or a basis entry with a dynamic count. A descriptor holds only the
// latter.
func (p fastParser) dynamic() (FastValue, bool) {
	d := take(&p.a.dynamics)
	d.Pos, d.Mark = p.lex.Peek().Pos, p.next()
	switch p.lex.Peek().Type {
	case TokLBrace:
		if p.descriptor {
			return nil, false
		}
		p.lex.Next()
		a, ok := p.dynamicAttrs()
		if !ok || p.lex.Peek().Type != TokRBrace {
			return nil, false
		}
		p.lex.Next()
		d.Attrs = a
	case TokAt:
		dims, ok := p.dims()
		if !ok {
			return nil, false
		}
		d.Dims = dims
	}
	if p.descriptor && d.Dims == nil {
		return nil, false
	}
	d.EndPos = p.end()
	return d, true
}

// dynamicAttrs parses `i32`|`i64` [ `div` `=` int ] | `div` `=` int.
func (p fastParser) dynamicAttrs() (*DynamicAttrs, bool) {
	tok := p.lex.Peek()
	a := take(&p.a.attrs)
	a.Pos = tok.Pos
	if tok.Type == TokIdent && (tok.Value == "i32" || tok.Value == "i64") {
		a.Width = p.next()
		tok = p.lex.Peek()
	}
	if tok.Type == TokIdent && tok.Value == "div" {
		p.lex.Next()
		if p.lex.Peek().Type != TokAssign {
			return nil, false
		}
		p.lex.Next()
		if t := p.lex.Peek().Type; t != TokNat && t != TokNeg {
			return nil, false
		}
		a.Div = p.next()
	} else if a.Width == nil {
		return nil, false
	}
	a.EndPos = p.end()
	return a, true
}

// startOf returns the start offset of a fast value.
func startOf(v FastValue) int {
	switch v := v.(type) {
	case *FastInt:
		return Span(v.Tok).Start
	case *FastTuple:
		return v.Span.Start
	case *Number:
		return v.Pos.Offset
	case *Fraction:
		return v.Pos.Offset
	case *Dynamic:
		return v.Pos.Offset
	case *Underscore:
		return v.Pos.Offset
	}
	panic("grammar: unknown fast value")
}

// MatchWhole runs the FastTerm production on a whole input: it returns the
// term when the tokens hold one value or layout and nothing after it, and nil
// otherwise. The parser calls it before the full grammar for the forms that
// start at Operand; for such an input Expr → Composed → Operand → FastTerm
// gives the same tree, and participle's token slice and reflective dispatch
// around FastTerm would add nothing but cost. The returned structs refer to
// t's tokens: convert them before t is reused.
func MatchWhole(t *Tokens) FastTerm {
	if term, ok := (fastParser{lex: t, a: &t.arena}).term(); ok && t.Peek().EOF() {
		return term
	}
	return nil
}

// MatchWholeDescriptor is MatchWhole for the FastDescriptor production.
func MatchWholeDescriptor(t *Tokens) FastDescriptor {
	p := fastParser{lex: t, a: &t.arena, descriptor: true}
	if t.Peek().Type == TokLParen {
		if d, ok := p.tuple(); ok && t.Peek().EOF() {
			return d
		}
	}
	return nil
}
