package syntax

import "github.com/alecthomas/participle/v2/lexer"

// tokenStream is what the fast path reads: participle's PeekingLexer inside
// the grammar, or a Tokens buffer at the root of an input.
type tokenStream interface {
	Peek() *lexer.Token
	Next() *lexer.Token
	RawPeek() *lexer.Token
	RawCursor() lexer.RawCursor
	Range(rawStart, rawEnd lexer.RawCursor) []lexer.Token
}

var (
	_ tokenStream = (*lexer.PeekingLexer)(nil)
	_ tokenStream = (*Tokens)(nil)
)

// Tokens is a reusable buffer holding every token of one input, read the way
// participle's PeekingLexer reads (whitespace and comments skipped by Peek and
// Next, kept by RawPeek and Range). The parser lexes each input once into a
// pooled Tokens, tries the fast path on it, and only when that declines
// replays the tokens into participle, so the common case costs no token
// slice of participle's.
type Tokens struct {
	toks []lexer.Token
	raw  int // index of the next raw token
	next int // index of the next significant token

	arena arena // the fast path's structs of this input
}

// Lex fills t with the tokens of l, up to and including EOF, and rewinds it.
func (t *Tokens) Lex(l *Lexer) error {
	t.toks = t.toks[:0]
	t.arena.reset()
	for {
		tok, err := l.Next()
		if err != nil {
			return err
		}
		t.toks = append(t.toks, tok)
		if tok.EOF() {
			break
		}
	}
	t.raw = 0
	t.skip()
	return nil
}

// Rewind moves t back to its first token, as after Lex.
func (t *Tokens) Rewind() {
	t.raw = 0
	t.skip()
}

// Reset empties t, dropping its references to the input when it is large
// (more than keptTokens tokens). The tokens of a smaller input stay until
// the next input overwrites them: clearing them after every parse cost
// 5 % of a parse, in the garbage collector's write barriers, for the sake
// of a few KiB.
func (t *Tokens) Reset() {
	if len(t.toks) > keptTokens {
		clear(t.toks)
	}
	t.toks, t.raw, t.next = t.toks[:0], 0, 0
	t.arena.reset()
}

// keptTokens is the most tokens of an input Reset leaves in place.
const keptTokens = 256

func (t *Tokens) skip() {
	for t.next = t.raw; !isSignificant(t.toks[t.next].Type); t.next++ {
	}
}

// Peek returns the next significant token.
func (t *Tokens) Peek() *lexer.Token { return &t.toks[t.next] }

// Next consumes and returns the next significant token; at EOF it stays.
func (t *Tokens) Next() *lexer.Token {
	tok := &t.toks[t.next]
	if !tok.EOF() {
		t.raw = t.next + 1
		t.skip()
	}
	return tok
}

// RawPeek returns the next token, significant or not.
func (t *Tokens) RawPeek() *lexer.Token { return &t.toks[t.raw] }

// RawCursor returns the index of the next raw token.
func (t *Tokens) RawCursor() lexer.RawCursor { return lexer.RawCursor(t.raw) }

// Range returns the tokens between two raw cursors.
func (t *Tokens) Range(rawStart, rawEnd lexer.RawCursor) []lexer.Token {
	return t.toks[rawStart:rawEnd]
}

// Replay returns a participle lexer that yields all of t's tokens from the
// start, for lexer.Upgrade.
func (t *Tokens) Replay() lexer.Lexer { return &replay{toks: t.toks} }

type replay struct {
	toks []lexer.Token
	i    int
}

func (r *replay) Next() (lexer.Token, error) {
	tok := r.toks[r.i]
	if r.i < len(r.toks)-1 {
		r.i++
	}
	return tok, nil
}
