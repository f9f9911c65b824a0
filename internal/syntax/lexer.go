package syntax

import (
	"io"
	"maps"
	"unicode/utf8"

	"github.com/alecthomas/participle/v2/lexer"
	"github.com/cutec/cutec/diag"
)

// DefaultMaxDepth is the deepest bracket nesting the lexer accepts unless told
// otherwise.
const DefaultMaxDepth = 256

// Mode selects the whitespace and comment rules of the lexer.
type Mode uint8

const (
	// Lenient allows spaces, tabs, carriage returns, newlines and `#`
	// comments between tokens: every form except the strict descriptor.
	Lenient Mode = iota
	// Strict allows only spaces and tabs between tokens and no comments, as
	// the descriptor EBNF (`ws ::= { " " | "\t" }`).
	Strict
)

// Lexer is the hand-written lexer of every text form. Besides tokens it
// checks, in the same single pass, that the text is valid UTF-8 (E0107)
// holding only characters of the grammar (E0106), and that brackets pair up
// (E0102) and nest no deeper than the limit (E0105), so that no parser ever
// recurses on a hostile input. A closing bracket with no opener is passed on
// as a token for the parser to report.
type Lexer struct {
	name        string
	src         string
	base        int // added to every offset
	pos         int
	mode        Mode
	limit       int
	open        []int     // offsets in src of the unclosed brackets, innermost last
	openBuf     [16]int   // backing store of open for shallow inputs
	significant int       // tokens produced other than whitespace and comments
	first, last diag.Span // spans of the first and last significant tokens
}

// newLexer returns a lexer over src whose token offsets start at base, with
// the given mode and nesting limit (DefaultMaxDepth when limit <= 0).
func newLexer(name, src string, base int, mode Mode, limit int) *Lexer {
	l := new(Lexer)
	l.Reset(name, src, base, mode, limit)
	return l
}

// Reset makes l a lexer over a new input, as newLexer does, reusing its
// memory.
func (l *Lexer) Reset(name, src string, base int, mode Mode, limit int) {
	if limit <= 0 {
		limit = DefaultMaxDepth
	}
	open := l.open[:0]
	if cap(open) == 0 {
		open = l.openBuf[:0]
	}
	*l = Lexer{name: name, src: src, base: base, mode: mode, limit: limit, open: open}
}

// Significant returns the number of tokens produced so far that are neither
// whitespace nor comments.
func (l *Lexer) Significant() int { return l.significant }

// First returns the span of the first significant token produced so far.
func (l *Lexer) First() diag.Span { return l.first }

// Last returns the span of the last significant token produced so far.
func (l *Lexer) Last() diag.Span { return l.last }

// Next returns the next token, or an *Error.
func (l *Lexer) Next() (lexer.Token, error) {
	if l.pos >= len(l.src) {
		return l.end()
	}
	start := l.pos
	typ, err := l.scan(l.src[start])
	if err != nil {
		return lexer.Token{}, err
	}
	if isSignificant(typ) {
		l.last = diag.Span{Start: l.base + start, End: l.base + l.pos}
		if l.significant == 0 {
			l.first = l.last
		}
		l.significant++
	}
	return l.token(typ, start), nil
}

// scan consumes one token starting with byte c and returns its type.
func (l *Lexer) scan(c byte) (lexer.TokenType, *Error) {
	switch {
	case c == ' ' || c == '\t' || (l.mode == Lenient && (c == '\n' || c == '\r')):
		return l.space(), nil
	case c == '#' && l.mode == Lenient:
		return l.comment()
	case isDigit(c):
		return l.number(l.pos), nil
	case c == '-' && l.digitAt(l.pos+1):
		l.pos++
		return l.number(l.pos - 1), nil
	case c == '_':
		return l.underscore(), nil
	case isLetter(c):
		return l.ident(), nil
	case c == composeRune[0] && len(l.src)-l.pos >= len(composeRune) && l.src[l.pos:l.pos+len(composeRune)] == composeRune:
		l.pos += len(composeRune)
		return TokKeyword, nil
	case c == '=':
		l.pos++
		if l.pos < len(l.src) && l.src[l.pos] == '=' {
			l.pos++
			return TokEqual, nil
		}
		return TokAssign, nil
	}
	return l.punctuation(c)
}

// token builds the token of type typ that spans src[start:l.pos].
func (l *Lexer) token(typ lexer.TokenType, start int) lexer.Token {
	return lexer.Token{
		Type:  typ,
		Value: l.src[start:l.pos],
		Pos:   lexer.Position{Filename: l.name, Offset: l.base + start},
	}
}

// end returns the EOF token, or an UnclosedGroup error naming the innermost
// bracket still open.
func (l *Lexer) end() (lexer.Token, error) {
	if n := len(l.open); n > 0 {
		at := l.base + len(l.src)
		o := l.base + l.open[n-1]
		return lexer.Token{}, &Error{
			Code: diag.UnclosedGroup, Span: diag.Span{Start: at, End: at},
			Expected: "`" + string(closerOf[l.src[l.open[n-1]]]) + "`",
			Open:     diag.Span{Start: o, End: o + 1},
		}
	}
	return lexer.EOFToken(lexer.Position{Filename: l.name, Offset: l.base + len(l.src)}), nil
}

func (l *Lexer) space() lexer.TokenType {
	for l.pos < len(l.src) {
		c := l.src[l.pos]
		if c != ' ' && c != '\t' && (l.mode != Lenient || (c != '\n' && c != '\r')) {
			break
		}
		l.pos++
	}
	return TokWhitespace
}

// IsLineEnd reports whether c ends a line for the lexer, and so a `#`
// comment: "\n", and a lone "\r" as well as the "\r" of "\r\n". This is
// the one rule of carriage returns: lint, fmt, eval and the language server
// (whose protocol ends a line at a lone "\r") all end a comment there, so
// text after a lone "\r" is never taken for a comment by one and for code
// by another.
func IsLineEnd(c byte) bool { return c == '\n' || c == '\r' }

// BlankOrComment reports whether text holds nothing for the parser: spaces,
// tabs, line ends and `#` comments (each ending at IsLineEnd), by the
// lexer's rules. The readers that pass over such lines (eval's standard
// input) ask it rather than a rule of their own.
func BlankOrComment(text []byte) bool {
	comment := false
	for _, c := range text {
		switch {
		case IsLineEnd(c):
			comment = false
		case comment, c == ' ', c == '\t':
		case c == '#':
			comment = true
		default:
			return false
		}
	}
	return true
}

// comment consumes `#` up to the end of the line; it may hold any valid UTF-8
// text without control characters other than tab.
func (l *Lexer) comment() (lexer.TokenType, *Error) {
	for l.pos < len(l.src) {
		c := l.src[l.pos]
		switch {
		case IsLineEnd(c):
			return TokComment, nil
		case c >= utf8.RuneSelf:
			r, size := utf8.DecodeRuneInString(l.src[l.pos:])
			if r == utf8.RuneError && size == 1 {
				return 0, l.badByte()
			}
			l.pos += size
		case c != '\t' && (c < ' ' || c == 0x7f):
			return 0, l.badChar()
		default:
			l.pos++
		}
	}
	return TokComment, nil
}

// number consumes digits, and a fraction `/` [-] digits after them. start is
// where the literal began (at a sign, if any).
func (l *Lexer) number(start int) lexer.TokenType {
	l.digits()
	p := l.pos
	if p < len(l.src) && l.src[p] == '/' {
		if l.digitAt(p+1) || (p+2 < len(l.src) && l.src[p+1] == '-' && l.digitAt(p+2)) {
			l.pos = p + 2
			l.digits()
			return TokRatio
		}
	}
	if l.src[start] == '-' {
		return TokNeg
	}
	return TokNat
}

func (l *Lexer) digits() {
	for l.pos < len(l.src) && isDigit(l.src[l.pos]) {
		l.pos++
	}
}

// underscore consumes `_` alone or a static integer `_4`, `_-1`.
func (l *Lexer) underscore() lexer.TokenType {
	l.pos++
	switch {
	case l.digitAt(l.pos):
	case l.pos+1 < len(l.src) && l.src[l.pos] == '-' && l.digitAt(l.pos+1):
		l.pos++
	default:
		return TokUnderscore
	}
	l.digits()
	return TokStatic
}

// composeRune is the paper's composition operator, `∘`: a keyword the
// grammar takes wherever it takes `o`.
const composeRune = "\u2218"

// ident consumes an identifier, qualified by any number of `::` or `.`
// parts as CuTe C++ and CuTe DSL write names: `cute::make_layout`,
// `cute.make_layout`, `GMMA::Layout_K_SW128_Atom`, `cute::_4`.
func (l *Lexer) ident() lexer.TokenType {
	start := l.pos
	for {
		for l.pos < len(l.src) && (isLetter(l.src[l.pos]) || isDigit(l.src[l.pos]) || l.src[l.pos] == '_') {
			l.pos++
		}
		switch {
		case l.pos+1 < len(l.src) && l.src[l.pos] == '.' && isLetter(l.src[l.pos+1]):
			l.pos++
			continue
		case l.pos+2 < len(l.src) && l.src[l.pos] == ':' && l.src[l.pos+1] == ':' && (isLetter(l.src[l.pos+2]) || l.src[l.pos+2] == '_'):
			l.pos += 2
			continue
		}
		break
	}
	if keywords[l.src[start:l.pos]] {
		return TokKeyword
	}
	return TokIdent
}

// punctuation consumes one punctuation byte, keeping the bracket stack, or
// reports the byte as an invalid character.
func (l *Lexer) punctuation(c byte) (lexer.TokenType, *Error) {
	typ := punct[c]
	if typ == 0 {
		if c >= utf8.RuneSelf {
			if r, size := utf8.DecodeRuneInString(l.src[l.pos:]); r == utf8.RuneError && size == 1 {
				return 0, l.badByte()
			}
		}
		return 0, l.badChar()
	}
	if closerOf[c] != 0 {
		if len(l.open) >= l.limit {
			at := l.base + l.pos
			return 0, &Error{Code: diag.NestingTooDeep, Span: diag.Span{Start: at, End: at + 1}, Found: string(c), Limit: l.limit}
		}
		l.open = append(l.open, l.pos)
	} else if openerOf[c] != 0 && len(l.open) > 0 {
		top := l.open[len(l.open)-1]
		if l.src[top] != openerOf[c] {
			at, o := l.base+l.pos, l.base+top
			return 0, &Error{
				Code: diag.UnclosedGroup, Span: diag.Span{Start: at, End: at + 1},
				Expected: "`" + string(closerOf[l.src[top]]) + "`", Found: string(c),
				Open: diag.Span{Start: o, End: o + 1},
			}
		}
		l.open = l.open[:len(l.open)-1]
	}
	l.pos++
	return typ, nil
}

// badChar reports the character at l.pos as invalid.
func (l *Lexer) badChar() *Error {
	_, size := utf8.DecodeRuneInString(l.src[l.pos:])
	at := l.base + l.pos
	return &Error{Code: diag.InvalidCharacter, Span: diag.Span{Start: at, End: at + size}, Found: l.src[l.pos : l.pos+size]}
}

// badByte reports the byte at l.pos as invalid UTF-8.
func (l *Lexer) badByte() *Error {
	at := l.base + l.pos
	return &Error{Code: diag.InvalidUTF8, Span: diag.Span{Start: at, End: at + 1}, Found: l.src[l.pos : l.pos+1]}
}

func (l *Lexer) digitAt(i int) bool { return i < len(l.src) && isDigit(l.src[i]) }

func isDigit(c byte) bool  { return '0' <= c && c <= '9' }
func isLetter(c byte) bool { return ('a' <= c && c <= 'z') || ('A' <= c && c <= 'Z') }

// tokenSpan returns the byte span of a token.
func tokenSpan(t *lexer.Token) diag.Span {
	return diag.Span{Start: t.Pos.Offset, End: t.Pos.Offset + len(t.Value)}
}

// TokenSpan returns the byte span of a token.
func TokenSpan(t lexer.Token) diag.Span { return tokenSpan(&t) }

// Definition is the participle lexer definition of the grammar. The parser
// package builds a [Lexer] itself for each input (with its own base offset and
// nesting limit) and hands it to participle through lexer.Upgrade; the
// methods below serve participle's own entry points.
type Definition struct {
	Mode     Mode
	MaxDepth int
}

// Symbols returns the token names used in grammar tags.
func (Definition) Symbols() map[string]lexer.TokenType { return maps.Clone(symbols) }

// Lex reads all of r and lexes it.
func (d Definition) Lex(filename string, r io.Reader) (lexer.Lexer, error) {
	b, err := io.ReadAll(r)
	if err != nil {
		return nil, err
	}
	return d.LexString(filename, string(b))
}

// LexString lexes s.
func (d Definition) LexString(filename, s string) (lexer.Lexer, error) {
	return newLexer(filename, s, 0, d.Mode, d.MaxDepth), nil
}

// LexBytes lexes b.
func (d Definition) LexBytes(filename string, b []byte) (lexer.Lexer, error) {
	return d.LexString(filename, string(b))
}
