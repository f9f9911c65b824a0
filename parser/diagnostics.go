package parser

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/cutec/cutec/ast"
	"github.com/cutec/cutec/diag"
)

// This file holds all of the parser's wording: one constructor per kind of
// syntax diagnostic.

func newError(f *diag.File, code diag.Code, span diag.Span, msg string) *diag.Diagnostic {
	return &diag.Diagnostic{Code: code, Severity: diag.Error, File: f, Span: span, Message: msg}
}

// errEmpty: E0100, nothing but blanks and comments where a form was expected.
func errEmpty(f *diag.File, span diag.Span, form Form) *diag.Diagnostic {
	return newError(f, diag.EmptyInput, span, "empty input: expected "+form.describe())
}

// errUnexpected: E0101, a token the grammar does not allow here.
func errUnexpected(f *diag.File, span diag.Span, expected, found string) *diag.Diagnostic {
	return newError(f, diag.UnexpectedToken, span, fmt.Sprintf("expected %s, found %s", expected, found))
}

// errNotValue: E0101, an expression where the grammar takes a value tree.
func errNotValue(f *diag.File, e ast.Expr, role string) *diag.Diagnostic {
	return errUnexpected(f, span(e), "a value (an integer, `?`, `_`, a basis entry or a tuple) as "+role, describe(e))
}

// errBadMode: E0101, a tile mode that is not a layout, integer, `_`, tuple or tile.
func errBadMode(f *diag.File, e ast.Expr) *diag.Diagnostic {
	return errUnexpected(f, span(e), "a layout, an integer, `_`, a tuple or a tile as a tile mode", describe(e))
}

// errTooManyParts: E0101, a fourth part of a composed layout.
func errTooManyParts(f *diag.File, op diag.Span) *diag.Diagnostic {
	return newError(f, diag.UnexpectedToken, op,
		"a composed layout has at most three parts, `inner o offset o outer`: unexpected fourth `o`")
}

// errSwizzleName: E0101, `<B,M,S>` after a name other than S, Sw or Swizzle.
func errSwizzleName(f *diag.File, name diag.Span, found string) *diag.Diagnostic {
	return errUnexpected(f, name, "`S`, `Sw` or `Swizzle` before `<`", quote(found))
}

// errAssignTarget: E0101, an assignment to something other than a name.
func errAssignTarget(f *diag.File, e ast.Expr) *diag.Diagnostic {
	return errUnexpected(f, span(e), "a name before `=`", describe(e))
}

// errCodeShape: E0101, an `expect` whose code is not shaped like `E0400`.
func errCodeShape(f *diag.File, span diag.Span, found string) *diag.Diagnostic {
	return errUnexpected(f, span, "a diagnostic code such as `E0400`", quote(found))
}

// errWantForm: E0101, a whole input of the wrong form for the entry point.
func errWantForm(f *diag.File, e ast.Expr, form Form) *diag.Diagnostic {
	return errUnexpected(f, span(e), form.describe(), describe(e))
}

// errUnclosed: E0102, a bracket closed by the wrong partner or not at all,
// with a note at the opening bracket.
func errUnclosed(f *diag.File, at, open diag.Span, expected, found string) *diag.Diagnostic {
	opener := quote(srcText(f, open))
	msg := fmt.Sprintf("unclosed %s: expected %s, found %s", opener, expected, describeFound(found))
	d := newError(f, diag.UnclosedGroup, at, msg)
	d.Notes = []diag.Note{{File: f, Span: open, Message: opener + " opened here"}}
	return d
}

// errTrailing: E0103, text after a complete value (the design note's wording, docs/semantics.md §Descriptors).
func errTrailing(f *diag.File, span diag.Span, found string) *diag.Diagnostic {
	return newError(f, diag.TrailingText, span, "unexpected trailing layout text "+quote(found))
}

// errIntRange: E0104, an integer literal beyond int64.
func errIntRange(f *diag.File, span diag.Span, text string) *diag.Diagnostic {
	return newError(f, diag.IntOutOfRange, span,
		fmt.Sprintf("integer literal %s is out of the 64-bit range [-9223372036854775808, 9223372036854775807]", quote(text)))
}

// errTooDeep: E0105, nesting beyond the parser's limit.
func errTooDeep(f *diag.File, span diag.Span, limit int) *diag.Diagnostic {
	return newError(f, diag.NestingTooDeep, span, fmt.Sprintf("groups nest deeper than %d levels", limit))
}

// errInvalidChar: E0106, a character outside the grammar.
func errInvalidChar(f *diag.File, span diag.Span, text string) *diag.Diagnostic {
	return newError(f, diag.InvalidCharacter, span, "invalid character "+describeChar(text))
}

// errInvalidUTF8: E0107, a byte that is not UTF-8.
func errInvalidUTF8(f *diag.File, span diag.Span, text string) *diag.Diagnostic {
	b := byte(0)
	if text != "" {
		b = text[0]
	}
	return newError(f, diag.InvalidUTF8, span, fmt.Sprintf("invalid UTF-8: byte 0x%02x", b))
}

// errUnterminated: E0108, a dialect wrapper whose quoted payload is not closed.
func errUnterminated(f *diag.File, span diag.Span, opener, closer string) *diag.Diagnostic {
	return newError(f, diag.UnterminatedQuote, span,
		fmt.Sprintf("unterminated %s payload: expected %s before the end of the line", quote(opener), quote(closer)))
}

// errNotString: E0101, a dialect wrapper whose operand is not a quoted string
// (the dialect: "expected string").
// found is already worded.
func errNotString(f *diag.File, span diag.Span, opener, found string) *diag.Diagnostic {
	return errUnexpected(f, span, "a string, the quoted payload of "+quote(opener), found)
}

// errWrapperKind: E0101, `!cute.` followed by a name that is no wrapper kind
// where an input must be one wrapper.
func errWrapperKind(f *diag.File, span diag.Span, found string) *diag.Diagnostic {
	return errUnexpected(f, span,
		"a kind of the dialect (int_tuple, shape, stride, coord, layout, composed_layout, tile or swizzle)",
		describeFound(found))
}

// errGrammar: E0101 for a grammar limit participle reports in its own words
// (such as more than a million repetitions of one production).
func errGrammar(f *diag.File, span diag.Span, msg string) *diag.Diagnostic {
	return newError(f, diag.UnexpectedToken, span, "syntax error: "+msg)
}

// errInternal: E0101 for a failure of the grammar machinery itself; fuzzing
// checks that no input produces it.
func errInternal(f *diag.File, span diag.Span, err any) *diag.Diagnostic {
	return newError(f, diag.UnexpectedToken, span, fmt.Sprintf("internal parser error: %v", err))
}

// describe names an expression's kind for "found ..." messages.
func describe(e ast.Expr) string {
	switch e := e.(type) {
	case *ast.Int:
		return "the integer " + fmt.Sprint(e.Value)
	case *ast.Dynamic:
		return "a dynamic value"
	case *ast.Underscore:
		return "`_`"
	case *ast.Basis:
		return "a basis entry"
	case *ast.Tuple:
		return "a tuple"
	case *ast.Layout:
		return "a layout"
	case *ast.Swizzle:
		return "a swizzle"
	case *ast.Composed:
		return "a composed layout"
	case *ast.Accessor:
		return "an offset and layout `{...} o ...`"
	case *ast.Tile:
		return "a tile"
	case *ast.Wrapper:
		return "a dialect wrapper"
	case *ast.Ident:
		return "the name " + quote(e.Name)
	case *ast.Call:
		return "a call of " + quote(e.Fun.Name)
	case *ast.Paren:
		return "a parenthesized expression"
	case *ast.Apply:
		return "an evaluation"
	case *ast.Symbol:
		return "the symbol " + quote(e.Name)
	case *ast.Product:
		return "a symbolic term"
	}
	panic(fmt.Sprintf("parser: unknown expression %T", e))
}

// describeFound names a token for "found ..." messages.
func describeFound(text string) string {
	if text == "" {
		return "end of input"
	}
	return quote(text)
}

// describeChar names an invalid character: quoted if printable, else by code.
func describeChar(text string) string {
	r, _ := utf8.DecodeRuneInString(text)
	if r < ' ' || r == 0x7f || r == 0xfeff || (r >= 0x80 && r < 0xa0) {
		return fmt.Sprintf("U+%04X", r)
	}
	return fmt.Sprintf("%s (U+%04X)", quote(text), r)
}

// quote puts text in backquotes, shortened when long.
func quote(text string) string {
	const max = 24
	if len(text) > max {
		cut := max
		for cut > 0 && !utf8.RuneStart(text[cut]) {
			cut--
		}
		text = text[:cut] + "…"
	}
	return "`" + strings.ReplaceAll(text, "`", "'") + "`"
}

// srcText returns the text of a span of f, or "" if it is outside.
func srcText(f *diag.File, s diag.Span) string {
	if s.Start < 0 || s.End > len(f.Src) || s.Start > s.End {
		return ""
	}
	return string(f.Src[s.Start:s.End])
}

func span(n ast.Node) diag.Span { return diag.Span{Start: n.Pos(), End: n.End()} }

// errLetFact: E0101, a `let` whose name carries no fact: it declares facts
// of symbols, `let M{div=128}`.
func errLetFact(f *diag.File, span diag.Span, name string) *diag.Diagnostic {
	return errUnexpected(f, span, "a symbol with its fact, such as `"+name+"{div=128}`", quote(name))
}
