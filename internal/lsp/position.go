package lsp

import (
	"strings"
	"unicode/utf8"
)

// The protocol counts characters in UTF-16 code units; the server counts
// bytes of UTF-8, as package diag does. These two functions are the only
// conversions between them.

// lineContent returns a line without the "\r" of a "\r\n" line end: the
// protocol does not count it as a character of the line.
func lineContent(line string) string { return strings.TrimSuffix(line, "\r") }

// utf16Col returns the UTF-16 column of byte offset b of line. An offset
// inside a multi-byte character counts that character whole; an offset past
// the end gives the line's length.
func utf16Col(line string, b int) int {
	line = lineContent(line)
	n := 0
	for i, r := range line {
		if i >= b {
			break
		}
		n += utf16Len(r)
	}
	return n
}

// byteCol returns the byte offset of UTF-16 column c of line. A column in
// the middle of a surrogate pair or past the end of the line is moved to
// the end of that character or of the line, as the protocol asks.
func byteCol(line string, c int) int {
	line = lineContent(line)
	if c <= 0 {
		return 0
	}
	n := 0
	for i, r := range line {
		if n >= c {
			return i
		}
		n += utf16Len(r)
	}
	return len(line)
}

// utf16Len is the number of UTF-16 code units of r; an invalid byte
// (utf8.RuneError) counts as one, as editors show it.
func utf16Len(r rune) int {
	if r >= 0x10000 && r <= utf8.MaxRune {
		return 2
	}
	return 1
}
