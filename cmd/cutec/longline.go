package main

import (
	"bytes"
	"fmt"
	"unicode/utf8"

	"github.com/cutec/cutec/diag"
)

// longLineDiag returns the diagnostic of an over-long line of the named
// file: its span is the quoted start of the line, in a window of its own.
func longLineDiag(name string, l *longLine) *diag.Diagnostic {
	f := diag.NewWindow(name, l.prefix, int(l.off), l.line, 1)
	return &diag.Diagnostic{
		Code:     diag.LineTooLong,
		Severity: diag.Error,
		File:     f,
		Span:     diag.Span{Start: 0, End: len(l.prefix)},
		Message:  fmt.Sprintf("line %d is longer than %d bytes; it was not checked", l.line, maxLineLen),
	}
}

// linePrefix returns a copy of the first snippetLen bytes of the text of an
// over-long line, cut at a UTF-8 boundary.
func linePrefix(text []byte) []byte {
	prefix := text[:min(snippetLen, len(text))]
	for len(prefix) > 0 && !utf8.Valid(prefix) {
		prefix = prefix[:len(prefix)-1] // cut a partial rune at the end
	}
	return bytes.Clone(prefix)
}

// longLines returns the diagnostics of the lines of a whole text src longer
// than maxLineLen bytes (not counting their "\n"), as a streaming reader
// reports them: fmt, which reads a file whole, refuses such a file.
func longLines(name string, src []byte) diag.List {
	var l diag.List
	for off, line := 0, 1; off < len(src); line++ {
		n := bytes.IndexByte(src[off:], '\n')
		if n < 0 {
			n = len(src) - off
		}
		if n > maxLineLen {
			l = append(l, longLineDiag(name, &longLine{off: int64(off), line: line, prefix: linePrefix(src[off : off+n])}))
		}
		off += n + 1
	}
	return l
}
