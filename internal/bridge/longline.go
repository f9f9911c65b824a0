package bridge

import (
	"bytes"
	"fmt"
	"unicode/utf8"

	"github.com/cutec/cutec/diag"
)

// MaxLineLen is the longest line a call reads, as for the commands of
// cmd/cutec: a line of many megabytes can take seconds to parse, so an input
// with a longer line gets one LineTooLong (E0109) diagnostic per such line
// instead of being parsed.
const MaxLineLen = 1 << 20

// snippetLen is how much of an over-long line its diagnostic spans.
const snippetLen = 80

// longLines returns the LineTooLong diagnostics of src, none when every
// line is at most MaxLineLen bytes (not counting its "\n").
func longLines(name string, src []byte) diag.List {
	if len(src) <= MaxLineLen {
		return nil
	}
	var l diag.List
	f := diag.NewFile(name, src)
	for off, line := 0, 1; off < len(src); line++ {
		n := bytes.IndexByte(src[off:], '\n')
		if n < 0 {
			n = len(src) - off
		}
		if n > MaxLineLen {
			end := off + snippetLen
			for end > off && !utf8.Valid(src[off:end]) {
				end-- // cut a partial rune at the end
			}
			l = append(l, &diag.Diagnostic{
				Code: diag.LineTooLong, Severity: diag.Error, File: f,
				Span:    diag.Span{Start: off, End: end},
				Message: fmt.Sprintf("line %d is longer than %d bytes; it was not checked", line, MaxLineLen),
			})
		}
		off += n + 1
	}
	return l
}
