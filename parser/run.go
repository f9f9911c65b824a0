package parser

import (
	"errors"
	"strings"
	"sync"

	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"
	"github.com/cutec/cutec/ast"
	"github.com/cutec/cutec/diag"
	"github.com/cutec/cutec/grammar"
	"github.com/cutec/cutec/internal/cppnames"
)

// scratch is the reusable memory of one parse: a lexer and a token buffer.
type scratch struct {
	lx   grammar.Lexer
	toks grammar.Tokens
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
	mode := grammar.Lenient
	if form == FormDescriptor {
		mode = grammar.Strict
	}
	sc := scratchPool.Get().(*scratch)
	defer func() {
		sc.toks.Reset()
		sc.lx.Reset("", "", 0, mode, 0)
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
	g := p.tryFastRoot(form, toks)
	if g == nil {
		toks.Rewind()
		var err error
		if g, err = p.runGrammar(form, toks); err != nil {
			return nil, diag.List{withCppHint(p.syntaxError(f, form, lx, err), src)}
		}
	}
	c := &converter{f: f}
	n := c.form(form, g)
	if c.diags.HasErrors() {
		withCppHint(c.diags[0], src)
		return nil, c.diags
	}
	return n, c.diags
}

// runGrammar runs the participle parser of a form over the tokens. A panic
// inside participle is turned into an error, so that no input can crash a
// caller; the fuzz tests check that none occurs.
func (p *Parser) runGrammar(form Form, toks *grammar.Tokens) (g any, err error) {
	defer func() {
		if r := recover(); r != nil {
			g, err = nil, &internalError{r}
		}
	}()
	pl, err := lexer.Upgrade(toks.Replay(), grammar.TokWhitespace, grammar.TokComment)
	if err != nil {
		return nil, err
	}
	switch form {
	case FormExpr, FormComposed, FormValue, FormComposedLayout:
		return p.g.Expr.ParseFromLexer(pl)
	case FormLayout, FormTuple, FormIntTuple, FormTile:
		return p.g.Operand.ParseFromLexer(pl)
	case FormSwizzle:
		return p.g.Swizzle.ParseFromLexer(pl)
	case FormDescriptor:
		return p.g.Descriptor.ParseFromLexer(pl)
	}
	return p.g.Stmt.ParseFromLexer(pl)
}

// tryFastRoot runs the hand-written fast production of a form on the whole
// input (see grammar.MatchWhole) and returns the root struct participle would
// have built around it, or nil when the input is anything else.
func (p *Parser) tryFastRoot(form Form, toks *grammar.Tokens) any {
	if p.noFastRoot {
		return nil
	}
	first := toks.Peek().Pos
	switch form {
	case FormExpr, FormLayout, FormTuple, FormIntTuple, FormTile, FormValue:
		if t := grammar.MatchWhole(toks); t != nil {
			return &grammar.Operand{Pos: first, EndPos: toks.RawPeek().Pos, Fast: t}
		}
		toks.Rewind()
		switch form {
		case FormExpr, FormValue:
			if e := grammar.MatchWholeExpr(toks); e != nil {
				return e
			}
		default:
			if o := grammar.MatchWholeOperand(toks); o != nil {
				return o
			}
		}
	case FormComposed:
		if e := grammar.MatchWholeExpr(toks); e != nil {
			return e
		}
	case FormComposedLayout:
		if t := grammar.MatchWhole(toks); t != nil {
			return &grammar.Operand{Pos: first, EndPos: toks.RawPeek().Pos, Fast: t}
		}
		toks.Rewind()
		if e := grammar.MatchWholeExpr(toks); e != nil {
			return e
		}
	case FormStmt:
		if s := grammar.MatchWholeStmt(toks); s != nil {
			return s
		}
	case FormDescriptor:
		if d := grammar.MatchWholeDescriptor(toks); d != nil {
			return &grammar.Descriptor{Pos: first, EndPos: toks.RawPeek().Pos, Fast: d}
		}
	}
	return nil
}

type internalError struct{ v any }

func (e *internalError) Error() string { return "internal" }

// syntaxError turns an error of the lexer or of participle into a diagnostic.
func (p *Parser) syntaxError(f *diag.File, form Form, lx *grammar.Lexer, err error) *diag.Diagnostic {
	var ge *grammar.Error
	var ue *participle.UnexpectedTokenError
	var ie *internalError
	switch {
	case errors.As(err, &ge):
		return lexError(f, ge)
	case errors.As(err, &ue):
		return unexpectedToken(f, form, lx, ue)
	case errors.As(err, &ie):
		return errInternal(f, lx.First(), ie.v)
	}
	var pe participle.Error
	if errors.As(err, &pe) {
		at := pe.Position().Offset
		return errGrammar(f, diag.Span{Start: at, End: at}, pe.Message())
	}
	return errInternal(f, lx.First(), err)
}

// lexError turns a grammar.Error into a diagnostic.
func lexError(f *diag.File, e *grammar.Error) *diag.Diagnostic {
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

// unexpectedToken turns participle's UnexpectedTokenError into E0101, or into
// E0103 when a complete form is followed by more text.
func unexpectedToken(f *diag.File, form Form, lx *grammar.Lexer, e *participle.UnexpectedTokenError) *diag.Diagnostic {
	tok := e.Unexpected
	at := grammar.TokenSpan(tok)
	found := describeFound(tok.Value)
	if tok.EOF() {
		found = "end of input"
	}
	expected, ok := expectedOf(e.Message())
	switch {
	case ok:
		return errUnexpected(f, at, expected, found)
	case at.Start == lx.First().Start:
		return errUnexpected(f, at, form.describe(), found)
	}
	return errTrailing(f, diag.Span{Start: at.Start, End: max(at.End, lx.Last().End)}, tok.Value)
}

// expectedOf extracts participle's "(expected X)" from an error message and
// words it; ok is false when the message names no expectation.
func expectedOf(msg string) (string, bool) {
	const marker = " (expected "
	i := strings.LastIndex(msg, marker)
	if i < 0 || !strings.HasSuffix(msg, ")") {
		return "", false
	}
	return describeEBNF(msg[i+len(marker) : len(msg)-1]), true
}

// withCppHint adds a help line to a syntax error of text that spells a value
// as CuTe C++ builds it (Shape<_4,_8>{}), saying how cutec writes it.
func withCppHint(d *diag.Diagnostic, src string) *diag.Diagnostic {
	if hint, ok := cppnames.TypeSpelling(src); ok && d.Fix == nil {
		d.Fix = &diag.Fix{Message: hint + " (cutec help syntax lists the forms)"}
	}
	return d
}
