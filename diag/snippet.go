package diag

import (
	"strings"
	"unicode/utf8"
)

// snippet returns the line of f that holds the start of s, made safe to
// print, and the caret line that underlines s on it.
//
// The caret line has one cell per character (rune) of the source line, so
// that it stays aligned with what a terminal shows even after multi-byte
// UTF-8: a tab before the span is copied as a tab, any other character before
// it becomes a space, the first character of the span gets '^' and the rest
// of the span '~'. A span that runs past the end of its line is clipped to
// the line; an empty span, or one that starts at the end of the line, gets a
// single '^'. Wide (East Asian) characters are counted as one cell.
func snippet(f *File, s Span) (line, carets string) {
	start := min(max(s.Start, 0), len(f.Src))
	text, ls := f.LineText(start)
	start = min(start-ls, len(text)) // now relative to the line; '\r' of CRLF counts as the end
	end := min(max(s.End-ls, start), len(text))
	return printable(text), caretLine(text, start, end)
}

// caretLine builds the underline for text[start:end], offsets in bytes.
func caretLine(text []byte, start, end int) string {
	var b strings.Builder
	placed := false
	for i := 0; i < len(text); {
		_, size := utf8.DecodeRune(text[i:])
		switch {
		case i+size <= start && text[i] == '\t':
			b.WriteByte('\t')
		case i+size <= start:
			b.WriteByte(' ')
		case !placed:
			b.WriteByte('^')
			placed = true
		case i < end:
			b.WriteByte('~')
		default:
			return b.String()
		}
		i += size
	}
	if !placed {
		b.WriteByte('^')
	}
	return b.String()
}

// printable returns text as a string in which every character takes one
// cell: tabs stay, while invalid UTF-8, control characters (which could
// move the cursor or recolor a terminal) and bidirectional overrides (which
// reorder what a reader sees, see Escape) become U+FFFD.
func printable(text []byte) string {
	var b strings.Builder
	for i := 0; i < len(text); {
		r, size := utf8.DecodeRune(text[i:])
		if r != '\t' && (r < 0x20 || r == 0x7f || (r >= 0x80 && r < 0xa0) || isBidiControl(r)) {
			r = utf8.RuneError
		}
		b.WriteRune(r)
		i += size
	}
	return b.String()
}
