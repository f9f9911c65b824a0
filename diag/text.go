package diag

import (
	"bytes"
	"fmt"
	"io"
	"strings"
)

// Text renders diagnostics as compiler-style text, the format people read.
// Each diagnostic is one block of lines, with no blank line between blocks:
//
//	kernel.cute:2:20: error[E0400]: inner stride 3 and outer prefix product 4 divide neither one another
//	    C = composition(A, 6:3)
//	                       ^~~
//	  = 6:3 steps across mode 0 of A, which has extent 4
//	note: kernel.cute:1:5: A is defined here
//	    A = (4,6,8):(2,3,5)
//	        ^~~~~~~~~~~~~~~
//	help: use a stride that 4 divides or that divides 4, such as 6:4
//
// The lines, in order:
//   - The header "file:line:col: severity[CODE]: message", which without
//     color is exactly Diagnostic.Error; "file:line:col: " is left out when
//     the diagnostic has no File. Lines and columns are 1-based; columns
//     count bytes.
//   - With a File, the source line that holds the start of the span and the
//     caret line under the span, both indented by four spaces. The caret line
//     has '^' under the first character of the span and '~' under the rest;
//     before the span it copies tabs and puts a space for every other
//     character, so it stays aligned after tabs and multi-byte UTF-8. A span
//     that runs past its line is clipped to the line; an empty span gets one
//     '^'. Control characters and invalid UTF-8 in the source line print as
//     U+FFFD.
//   - "  = " and the detail, when there is one; further lines of a
//     multi-line detail are indented by four spaces.
//   - One block per note: "note: file:line:col: message" (just
//     "note: message" for a note without a File), then the note's source and
//     caret lines as above.
//   - "help: " and the fix message, when there is a fix. Its edits are not
//     shown; JSON and SARIF carry them.
//
// The zero value prints plain text with source snippets.
type Text struct {
	Color     bool // mark severity, notes and carets with ANSI escapes
	NoSnippet bool // leave out source and caret lines
}

// ANSI escapes used when Text.Color is set.
const (
	ansiReset  = "\x1b[0m"
	ansiBold   = "\x1b[1m"
	ansiRed    = "\x1b[1;31m"
	ansiGreen  = "\x1b[1;32m"
	ansiYellow = "\x1b[1;33m"
	ansiBlue   = "\x1b[1;34m"
	ansiCyan   = "\x1b[1;36m"
)

// Begin writes nothing: text has no header.
func (t Text) Begin(w io.Writer) error { return nil }

// End writes nothing: text has no trailer.
func (t Text) End(w io.Writer) error { return nil }

// Render writes one block per diagnostic of l, in order.
func (t Text) Render(w io.Writer, l List) error {
	var b bytes.Buffer
	for _, d := range l {
		t.diagnostic(&b, d)
	}
	_, err := w.Write(b.Bytes())
	return err
}

// diagnostic writes the block of one diagnostic.
func (t Text) diagnostic(b *bytes.Buffer, d *Diagnostic) {
	color := severityColor(d.Severity)
	if d.File != nil {
		p := d.Start()
		fmt.Fprintf(b, "%s:%d:%d: ", Escape(d.File.Name), p.Line, p.Col)
	}
	label := fmt.Sprintf("%s[%s]", d.Severity, d.Code)
	fmt.Fprintf(b, "%s: %s\n", t.paint(label, color), t.paint(Escape(d.Message), ansiBold))
	t.snippet(b, d.File, d.Span, color)
	t.detail(b, d.Detail)
	for _, n := range d.Notes {
		t.note(b, n)
	}
	if d.Fix != nil && d.Fix.Message != "" {
		fmt.Fprintf(b, "%s: %s\n", t.paint("help", ansiGreen), Escape(d.Fix.Message))
	}
}

// snippet writes the source line and caret line of a span, unless the
// options or a missing File rule them out.
func (t Text) snippet(b *bytes.Buffer, f *File, s Span, color string) {
	if f == nil || t.NoSnippet {
		return
	}
	line, carets := snippet(f, s)
	marks := strings.TrimLeft(carets, " \t")
	lead := carets[:len(carets)-len(marks)]
	fmt.Fprintf(b, "    %s\n    %s%s\n", line, lead, t.paint(marks, color))
}

// detail writes a diagnostic's detail, one "  = " line and continuation
// lines indented to match.
func (t Text) detail(b *bytes.Buffer, detail string) {
	if detail == "" {
		return
	}
	for i, line := range strings.Split(detail, "\n") {
		prefix := "    "
		if i == 0 {
			prefix = "  = "
		}
		fmt.Fprintf(b, "%s%s\n", prefix, Escape(line))
	}
}

// note writes the block of one related note.
func (t Text) note(b *bytes.Buffer, n Note) {
	fmt.Fprintf(b, "%s: ", t.paint("note", ansiCyan))
	if n.File != nil {
		p := n.File.Position(n.Span.Start)
		fmt.Fprintf(b, "%s:%d:%d: ", Escape(n.File.Name), p.Line, p.Col)
	}
	fmt.Fprintf(b, "%s\n", Escape(n.Message))
	t.snippet(b, n.File, n.Span, ansiCyan)
}

// paint wraps s in an ANSI color when color output is on.
func (t Text) paint(s, color string) string {
	if !t.Color || s == "" {
		return s
	}
	return color + s + ansiReset
}

// severityColor is the color of a severity's label and carets.
func severityColor(s Severity) string {
	switch s {
	case Error:
		return ansiRed
	case Warning:
		return ansiYellow
	}
	return ansiBlue
}
