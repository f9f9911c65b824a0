package diag

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

// Escape returns s safe to print on a terminal in text output: the one
// escaping of every file name, message and excerpt that cutec's text
// renderers print (the json, sarif and github formats have their own,
// format-defined escaping). A character that could move the cursor,
// recolor or retitle a terminal, start a line of its own (forging a
// "::error" workflow command or a diagnostic) or reorder what follows is
// written as a Go escape: C0 controls and DEL (\n, \t, \x1b), C1 controls
// (\u009b), and the bidirectional overrides and isolates U+202A-U+202E and
// U+2066-U+2069 (\u202e). Invalid UTF-8 bytes are written \xNN. Everything
// else, and s without such characters, is unchanged.
func Escape(s string) string {
	clean := true
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		if unsafeRune(r, size) {
			clean = false
			break
		}
		i += size
	}
	if clean {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			fmt.Fprintf(&b, `\x%02x`, s[i])
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\r':
			b.WriteString(`\r`)
		case r == '\t':
			b.WriteString(`\t`)
		case r < 0x20 || r == 0x7f:
			fmt.Fprintf(&b, `\x%02x`, r)
		case unsafeRune(r, size):
			fmt.Fprintf(&b, `\u%04x`, r)
		default:
			b.WriteString(s[i : i+size])
		}
		i += size
	}
	return b.String()
}

// unsafeRune reports whether a decoded rune (of size bytes) is one Escape
// rewrites.
func unsafeRune(r rune, size int) bool {
	return (r == utf8.RuneError && size == 1) || r < 0x20 || r == 0x7f || (r >= 0x80 && r < 0xa0) || isBidiControl(r)
}

// isBidiControl reports whether r is a bidirectional embedding, override or
// isolate, which reorders the text after it on a terminal that honors them.
func isBidiControl(r rune) bool {
	return (r >= 0x202a && r <= 0x202e) || (r >= 0x2066 && r <= 0x2069)
}
