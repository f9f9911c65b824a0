package syntax

import (
	"github.com/alecthomas/participle/v2/lexer"
	"github.com/cutec/cutec/diag"
)

// Token types produced by [Lexer]; grammar tags name them without the "Tok"
// prefix (see symbols). Whitespace and comment tokens are elided
// before parsing, but they are still produced so that participle's EndPos of a
// production is the exact end of its last token.
const (
	TokWhitespace lexer.TokenType = -(iota + 2) // spaces and tabs (and newlines outside descriptors)
	TokComment                                  // "#" to the end of the line
	TokNat                                      // unsigned decimal integer: 0, 42
	TokNeg                                      // negative decimal integer: -3, -0
	TokRatio                                    // fraction count of a basis: 1/2, -3/4
	TokStatic                                   // CuTe C++ static integer: _4, _-1
	TokUnderscore                               // "_" alone
	TokIdent                                    // [A-Za-z][A-Za-z0-9_]* with `::` or `.` parts, keywords excluded
	TokKeyword                                  // o (or ∘), assert, expect
	TokLParen                                   // (
	TokRParen                                   // )
	TokLBracket                                 // [
	TokRBracket                                 // ]
	TokLBrace                                   // {
	TokRBrace                                   // }
	TokLAngle                                   // <
	TokRAngle                                   // >
	TokComma                                    // ,
	TokSemi                                     // ;
	TokColon                                    // :
	TokAt                                       // @
	TokQuestion                                 // ?
	TokAssign                                   // =
	TokEqual                                    // ==
	TokTilde                                    // ~
	TokSlash                                    // / not part of a fraction
	TokMinus                                    // - not part of a number
	TokStar                                     // * of a symbolic term: 32*lda
)

// symbols maps the token names used in grammar tags to their types.
var symbols = map[string]lexer.TokenType{
	"EOF": lexer.EOF, "Whitespace": TokWhitespace, "Comment": TokComment,
	"Nat": TokNat, "Neg": TokNeg, "Ratio": TokRatio, "Static": TokStatic,
	"Underscore": TokUnderscore, "Ident": TokIdent, "Keyword": TokKeyword,
	"LParen": TokLParen, "RParen": TokRParen, "LBracket": TokLBracket, "RBracket": TokRBracket,
	"LBrace": TokLBrace, "RBrace": TokRBrace, "LAngle": TokLAngle, "RAngle": TokRAngle,
	"Comma": TokComma, "Semi": TokSemi, "Colon": TokColon, "At": TokAt, "Question": TokQuestion,
	"Assign": TokAssign, "Equal": TokEqual, "Tilde": TokTilde, "Slash": TokSlash, "Minus": TokMinus,
	"Star": TokStar,
}

// punct maps single punctuation bytes to their token types.
var punct = [256]lexer.TokenType{
	'(': TokLParen, ')': TokRParen, '[': TokLBracket, ']': TokRBracket, '{': TokLBrace, '}': TokRBrace,
	'<': TokLAngle, '>': TokRAngle, ',': TokComma, ';': TokSemi, ':': TokColon, '@': TokAt,
	'?': TokQuestion, '~': TokTilde, '/': TokSlash, '-': TokMinus, '*': TokStar,
}

// keywords are the identifiers reserved by the grammar.
var keywords = map[string]bool{"o": true, "assert": true, "expect": true}

// closerOf maps each opening bracket to its closing partner.
var closerOf = [256]byte{'(': ')', '[': ']', '{': '}', '<': '>'}

// openerOf maps each closing bracket to its opening partner.
var openerOf = [256]byte{')': '(', ']': '[', '}': '{', '>': '<'}

// isSignificant reports whether tokens of type t take part in parsing.
func isSignificant(t lexer.TokenType) bool { return t != TokWhitespace && t != TokComment }

// Tok returns the token a capture matched. Grammar structs capture tokens as
// []lexer.Token because participle records the raw range of a capture, which
// begins with any elided whitespace or comment before the token; the matched
// token is the last of the range. Tok returns the zero Token for an empty
// (unmatched optional) capture.
func Tok(ts []lexer.Token) lexer.Token {
	if len(ts) == 0 {
		return lexer.Token{}
	}
	return ts[len(ts)-1]
}

// Span returns the byte span of the token a capture matched (see Tok).
func Span(ts []lexer.Token) diag.Span { return TokenSpan(Tok(ts)) }
