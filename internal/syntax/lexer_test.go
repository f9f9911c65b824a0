package syntax

import (
	"errors"
	"strings"
	"testing"

	"github.com/alecthomas/participle/v2/lexer"
	"github.com/cutec/cutec/diag"
)

// lexAll returns "type:value" for each token of src, and the error if any.
func lexAll(src string, mode Mode, limit int) ([]string, error) {
	l := newLexer("t", src, 0, mode, limit)
	var out []string
	names := lexer.SymbolsByRune(Definition{})
	for {
		tok, err := l.Next()
		if err != nil {
			return out, err
		}
		if tok.EOF() {
			return out, nil
		}
		out = append(out, names[tok.Type]+":"+tok.Value)
	}
}

func TestLexerTokens(t *testing.T) {
	for src, want := range map[string]string{
		"(4,-3)":         "LParen:( Nat:4 Comma:, Neg:-3 RParen:)",
		"_4 _-1 _ _x":    "Static:_4 Whitespace:  Static:_-1 Whitespace:  Underscore:_ Whitespace:  Underscore:_ Ident:x",
		"1/2@0 -1/-2":    "Ratio:1/2 At:@ Nat:0 Whitespace:  Ratio:-1/-2",
		"1/ 2":           "Nat:1 Slash:/ Whitespace:  Nat:2",
		"- 3":            "Minus:- Whitespace:  Nat:3",
		"S<3,4,3> o 0":   "Ident:S LAngle:< Nat:3 Comma:, Nat:4 Comma:, Nat:3 RAngle:> Whitespace:  Keyword:o Whitespace:  Nat:0",
		"a==b=c~d":       "Ident:a Equal:== Ident:b Assign:= Ident:c Tilde:~ Ident:d",
		"x # c é\n y":    "Ident:x Whitespace:  Comment:# c é Whitespace:\n  Ident:y",
		"assert expect":  "Keyword:assert Whitespace:  Keyword:expect",
		"o2o oo i64":     "Ident:o2o Whitespace:  Ident:oo Whitespace:  Ident:i64",
		"?{i64 div=128}": "Question:? LBrace:{ Ident:i64 Whitespace:  Ident:div Assign:= Nat:128 RBrace:}",
		"[a;b]":          "LBracket:[ Ident:a Semi:; Ident:b RBracket:]",
		")":              "RParen:)",
	} {
		got, err := lexAll(src, Lenient, 0)
		if err != nil {
			t.Errorf("%q: %v", src, err)
			continue
		}
		if strings.Join(got, " ") != want {
			t.Errorf("%q:\n got %s\nwant %s", src, strings.Join(got, " "), want)
		}
	}
}

func TestLexerErrors(t *testing.T) {
	for _, c := range []struct {
		src   string
		mode  Mode
		code  diag.Code
		start int
		end   int
	}{
		{"(4,8)$(1,4)", Lenient, diag.InvalidCharacter, 5, 6},
		{"4\x00", Lenient, diag.InvalidCharacter, 1, 2},
		{"4 é", Lenient, diag.InvalidCharacter, 2, 4},
		{"4 \xff", Lenient, diag.InvalidUTF8, 2, 3},
		{"# \xc3", Lenient, diag.InvalidUTF8, 2, 3},
		{"# a\x01", Lenient, diag.InvalidCharacter, 3, 4},
		{"(1@0)#c", Strict, diag.InvalidCharacter, 5, 6},
		{"(1@0\n)", Strict, diag.InvalidCharacter, 4, 5},
		{"((1@0, 8@1), 1@2", Lenient, diag.UnclosedGroup, 16, 16},
		{"(4,8]", Lenient, diag.UnclosedGroup, 4, 5},
		{"S<3,4,3", Lenient, diag.UnclosedGroup, 7, 7},
		{strings.Repeat("(", 5), Lenient, diag.NestingTooDeep, 3, 4},
		{"\ufeff4", Lenient, diag.InvalidCharacter, 0, 3},
	} {
		_, err := lexAll(c.src, c.mode, 3)
		var ge *Error
		if !errors.As(err, &ge) {
			t.Errorf("%q: error %v, want %s", c.src, err, c.code)
			continue
		}
		if ge.Code != c.code || ge.Span != (diag.Span{Start: c.start, End: c.end}) {
			t.Errorf("%q: %s at %v, want %s at [%d,%d)", c.src, ge.Code, ge.Span, c.code, c.start, c.end)
		}
	}
}

func TestLexerUnclosedNotesOpener(t *testing.T) {
	_, err := lexAll("((1@0, 8@1), 1@2", Lenient, 0)
	var ge *Error
	if !errors.As(err, &ge) || ge.Open != (diag.Span{Start: 0, End: 1}) || ge.Expected != "`)`" {
		t.Errorf("got %+v, want the opener at [0,1) and `)` expected", ge)
	}
}

func TestLexerBaseOffset(t *testing.T) {
	l := newLexer("t", "(4)", 100, Lenient, 0)
	tok, _ := l.Next()
	if tok.Pos.Offset != 100 {
		t.Errorf("offset %d, want 100", tok.Pos.Offset)
	}
}

func TestLexerDeepNestingIsLinear(t *testing.T) {
	src := strings.Repeat("(", 1_000_000)
	_, err := lexAll(src, Lenient, DefaultMaxDepth)
	var ge *Error
	if !errors.As(err, &ge) || ge.Code != diag.NestingTooDeep || ge.Span.Start != DefaultMaxDepth {
		t.Errorf("got %v, want E0105 at offset %d", err, DefaultMaxDepth)
	}
}
