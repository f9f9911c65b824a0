package driver

import (
	"bytes"
	"fmt"
	"unicode/utf8"

	"github.com/cutec/cutec/diag"
)

// MaxLineLen is the longest line a front end reads: a line of many
// megabytes can take seconds to parse, so a longer line gets one
// LineTooLong (E0109) diagnostic (LongLine) instead of being parsed, and a
// streaming reader skips it without holding it in memory.
const MaxLineLen = 1 << 20

// SnippetLen is how much of an over-long line its diagnostic quotes.
const SnippetLen = 80

// BOM is the UTF-8 byte-order mark an editor may put at the start of a
// file: every front end passes over it (see LineWindow).
var BOM = []byte("\xef\xbb\xbf")

// LongLine returns the E0109 diagnostic of the over-long line number
// lineNo of the input named name, which starts at offset off with text
// (of which the first SnippetLen bytes are read): it spans a copy of those
// bytes, cut at a UTF-8 boundary, in a window of its own.
func LongLine(name string, text []byte, off int64, lineNo int) *diag.Diagnostic {
	prefix := bytes.Clone(Snippet(text))
	return &diag.Diagnostic{
		Code:     diag.LineTooLong,
		Severity: diag.Error,
		File:     diag.NewWindow(name, prefix, int(off), lineNo, 1),
		Span:     diag.Span{Start: 0, End: len(prefix)},
		Message:  fmt.Sprintf("line %d is longer than %d bytes; it was not checked", lineNo, MaxLineLen),
	}
}

// Snippet returns the first SnippetLen bytes of text, cut at a UTF-8
// boundary (it aliases text).
func Snippet(text []byte) []byte {
	prefix := text[:min(SnippetLen, len(text))]
	for len(prefix) > 0 && !utf8.Valid(prefix) {
		prefix = prefix[:len(prefix)-1] // a partial rune at the end
	}
	return prefix
}

// LongLines returns the LineTooLong diagnostics of the lines of a whole
// input src longer than MaxLineLen bytes (not counting their "\n"), none
// when there is no such line; a front end that reads its input whole
// reports them instead of reading it.
func LongLines(name string, src []byte) diag.List {
	if len(src) <= MaxLineLen {
		return nil
	}
	var l diag.List
	for off, line := 0, 1; off < len(src); line++ {
		n := bytes.IndexByte(src[off:], '\n')
		if n < 0 {
			n = len(src) - off
		}
		if n > MaxLineLen {
			l = append(l, LongLine(name, src[off:off+n], int64(off), line))
		}
		off += n + 1
	}
	return l
}

// LineWindow returns the window of one line (or of whole lines) of the
// input named name, starting at offset off on line number line, passing
// over a byte-order mark at the very start of the input (columns still
// count it).
func LineWindow(name string, text []byte, off int64, line int) *diag.File {
	col := 1
	if off == 0 && bytes.HasPrefix(text, BOM) {
		text, off, col = text[len(BOM):], int64(len(BOM)), 1+len(BOM)
	}
	return diag.NewWindow(name, text, int(off), line, col)
}
