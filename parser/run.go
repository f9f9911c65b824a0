package parser

import (
	"errors"
	"sync"

	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"
	"github.com/cutec/cutec/ast"
	"github.com/cutec/cutec/diag"
	"github.com/cutec/cutec/internal/syntax"
)

// scratch is the reusable memory of one parse: a lexer, a token buffer and
// the converter to ast nodes.
type scratch struct {
	lx   syntax.Lexer
	toks syntax.Tokens
	conv converter
}

// scratchPool recycles scratch memory between parses.
var scratchPool = sync.Pool{New: func() any { return new(scratch) }}

// parseSource parses src, whose first byte sits at offset base of f.Src, as
// form. It lexes once into a pooled buffer (the lexer also checks characters,
// UTF-8, bracket pairing and depth), tries the form's fast production on the
// whole input, and otherwise runs participle over the same tokens. The
// grammar structs refer to the buffer, so conversion happens before the
// buffer goes back to the pool.
func (p *Parser) parseSource(form Form, f *diag.File, src string, base int) (ast.Node, diag.List) {
	if form == FormExpr && isWrapperText(src) {
		return p.parseWrapperExpr(f, src, base)
	}
	mode := syntax.Lenient
	if form == FormDescriptor {
		mode = syntax.Strict
	}
	sc := scratchPool.Get().(*scratch)
	defer func() {
		sc.toks.Reset()
		sc.lx.Reset("", "", 0, mode, 0)
		sc.conv = converter{}
		scratchPool.Put(sc)
	}()
	lx, toks := &sc.lx, &sc.toks
	lx.Reset(f.Name, src, base, mode, p.maxDepth)
	if err := toks.Lex(lx); err != nil {
		return nil, diag.List{p.syntaxError(f, form, lx, err)}
	}
	if lx.Significant() == 0 {
		if form == FormStmt {
			return nil, nil
		}
		return nil, diag.List{errEmpty(f, diag.Span{Start: base, End: base + len(src)}, form)}
	}
	bounds := countNodes(toks)
	g := p.tryFastRoot(form, toks)
	if g == nil {
		if p.onFallback != nil {
			p.onFallback(form, src)
		}
		toks.Rewind()
		var err error
		if g, err = p.runGrammar(form, toks); err != nil {
			return nil, diag.List{p.grammarError(f, form, lx, toks, err)}
		}
	}
	c := &sc.conv
	*c = converter{f: f}
	if form == FormDescriptor {
		c.slab = newDescSlab(bounds)
	} else {
		c.slab = newSlab(bounds)
	}
	n := c.form(form, g)
	if c.diags.HasErrors() {
		return nil, c.diags
	}
	return n, c.diags
}

// runGrammar runs the participle parser of a form over the tokens. A panic
// inside participle is turned into an error, so that no input can crash a
// caller; the fuzz tests check that none occurs.
func (p *Parser) runGrammar(form Form, toks *syntax.Tokens) (g any, err error) {
	defer func() {
		if r := recover(); r != nil {
			g, err = nil, &internalError{r}
		}
	}()
	pl, err := lexer.Upgrade(toks.Replay(), syntax.TokWhitespace, syntax.TokComment)
	if err != nil {
		return nil, err
	}
	gr := p.grammar()
	switch form {
	case FormExpr, FormComposed, FormValue, FormComposedLayout:
		return gr.Expr.ParseFromLexer(pl)
	case FormLayout, FormTuple, FormIntTuple, FormTile:
		return gr.Operand.ParseFromLexer(pl)
	case FormSwizzle:
		return gr.Swizzle.ParseFromLexer(pl)
	case FormDescriptor:
		return gr.Descriptor.ParseFromLexer(pl)
	}
	return gr.Stmt.ParseFromLexer(pl)
}

// grammar returns the participle parsers: the parser's own (tests set the
// reference grammar), else the production ones, built on first use rather
// than when the package starts, since valid input rarely gets here (the
// fast roots take it) and building them is most of the package's start-up
// (a page that runs the WebAssembly module waits for it).
func (p *Parser) grammar() *syntax.Parsers {
	if p.g != nil {
		return p.g
	}
	return syntax.Fast()
}

// tryFastRoot runs the hand-written fast production of a form on the whole
// input (see syntax.MatchWhole) and returns the root struct participle would
// have built around it, or nil when the input is anything else.
func (p *Parser) tryFastRoot(form Form, toks *syntax.Tokens) any {
	if p.noFastRoot {
		return nil
	}
	first := toks.Peek().Pos
	switch form {
	case FormExpr, FormLayout, FormTuple, FormIntTuple, FormTile, FormValue:
		if t := syntax.MatchWhole(toks); t != nil {
			return toks.FastOperand(first, toks.RawPeek().Pos, t)
		}
		toks.Rewind()
		switch form {
		case FormExpr, FormValue:
			if e := syntax.MatchWholeExpr(toks); e != nil {
				return e
			}
		default:
			if o := syntax.MatchWholeOperand(toks); o != nil {
				return o
			}
		}
	case FormComposed:
		if e := syntax.MatchWholeExpr(toks); e != nil {
			return e
		}
	case FormComposedLayout:
		if t := syntax.MatchWhole(toks); t != nil {
			return toks.FastOperand(first, toks.RawPeek().Pos, t)
		}
		toks.Rewind()
		if e := syntax.MatchWholeExpr(toks); e != nil {
			return e
		}
	case FormStmt:
		if s := syntax.MatchWholeStmt(toks); s != nil {
			return s
		}
	case FormSwizzle:
		if s := syntax.MatchWholeSwizzle(toks); s != nil {
			return s
		}
	case FormDescriptor:
		if d := syntax.MatchWholeDescriptor(toks); d != nil {
			return toks.FastDescriptorRoot(first, toks.RawPeek().Pos, d)
		}
	}
	return nil
}

type internalError struct{ v any }

func (e *internalError) Error() string { return "internal" }

// syntaxError turns an error of the lexer, or an internal one, into a
// diagnostic.
func (p *Parser) syntaxError(f *diag.File, form Form, lx *syntax.Lexer, err error) *diag.Diagnostic {
	var ge *syntax.Error
	var ie *internalError
	switch {
	case errors.As(err, &ge):
		return lexError(f, ge)
	case errors.As(err, &ie):
		return errInternal(f, lx.First(), ie.v)
	}
	return errInternal(f, lx.First(), err)
}

// grammarError turns an error of participle into a diagnostic, from the
// fields of its error values (never from their message text, which belongs
// to participle's version): the unexpected token of an UnexpectedTokenError,
// with what the grammar expected there found by walking the grammar (see
// expectation); the position of a ParseError, which participle returns for a
// limit of its own (more than a million repetitions of one production).
func (p *Parser) grammarError(f *diag.File, form Form, lx *syntax.Lexer, toks *syntax.Tokens, err error) *diag.Diagnostic {
	var ue *participle.UnexpectedTokenError
	var pe *participle.ParseError
	switch {
	case errors.As(err, &ue):
		return unexpectedToken(f, form, lx, toks, ue.Unexpected)
	case errors.As(err, &pe):
		at := pe.Pos.Offset
		return errGrammar(f, diag.Span{Start: at, End: at}, pe.Msg)
	}
	return p.syntaxError(f, form, lx, err)
}

// lexError turns a syntax.Error into a diagnostic.
func lexError(f *diag.File, e *syntax.Error) *diag.Diagnostic {
	switch e.Code {
	case diag.UnclosedGroup:
		return errUnclosed(f, e.Span, e.Open, e.Expected, e.Found)
	case diag.NestingTooDeep:
		return errTooDeep(f, e.Span, e.Limit)
	case diag.InvalidCharacter:
		return errInvalidChar(f, e.Span, e.Found)
	case diag.InvalidUTF8:
		return errInvalidUTF8(f, e.Span, e.Found)
	}
	return errUnexpected(f, e.Span, e.Expected, describeFound(e.Found))
}

// unexpectedToken turns the token participle stopped at into E0101, with
// what the grammar expected there; or when the grammar expected nothing in
// particular, into E0101 naming the form when the input does not start it,
// or E0103 when a complete form is followed by more text.
func unexpectedToken(f *diag.File, form Form, lx *syntax.Lexer, toks *syntax.Tokens, tok lexer.Token) *diag.Diagnostic {
	at := syntax.TokenSpan(tok)
	found := describeFound(tok.Value)
	if tok.EOF() {
		found = "end of input"
	}
	sig := significant(toks)
	if i, expected, ok := expectation(form, sig); ok && sig[i].Pos.Offset == tok.Pos.Offset {
		return errUnexpected(f, at, describeExpected(expected), found)
	}
	if at.Start == lx.First().Start {
		return errUnexpected(f, at, form.describe(), found)
	}
	return errTrailing(f, diag.Span{Start: at.Start, End: max(at.End, lx.Last().End)}, tok.Value)
}

// significant returns the tokens of toks that the grammar sees (no
// whitespace or comments), ending with EOF.
func significant(toks *syntax.Tokens) []lexer.Token {
	toks.Rewind()
	var out []lexer.Token
	for {
		tok := toks.Next()
		out = append(out, *tok)
		if tok.EOF() {
			return out
		}
	}
}
