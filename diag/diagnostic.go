package diag

import (
	"fmt"
	"strings"
)

// Span is a half-open range [Start, End) of byte offsets in a File's Src.
type Span struct {
	Start, End int
}

// Len returns the number of bytes the span covers.
func (s Span) Len() int { return s.End - s.Start }

// Contains reports whether t lies within s.
func (s Span) Contains(t Span) bool { return s.Start <= t.Start && t.End <= s.End }

// Shift returns the span moved by delta bytes.
func (s Span) Shift(delta int) Span { return Span{s.Start + delta, s.End + delta} }

// Severity orders diagnostics by how serious they are.
type Severity uint8

const (
	Error Severity = iota
	Warning
	Info
)

func (s Severity) String() string {
	switch s {
	case Error:
		return "error"
	case Warning:
		return "warning"
	case Info:
		return "info"
	}
	return fmt.Sprintf("severity(%d)", uint8(s))
}

// Note is a related location with a short message, such as the opening
// parenthesis of an unclosed group. Span is in File's Src; a Note with a nil
// File has no location, and renderers show only its message.
type Note struct {
	File    *File
	Span    Span
	Message string
}

// Edit replaces the bytes of Span in the diagnostic's file with NewText. An
// empty span inserts NewText; an empty NewText deletes the span.
type Edit struct {
	Span    Span
	NewText string
}

// Fix is a suggested change that resolves a diagnostic.
type Fix struct {
	Message string
	Edits   []Edit
}

// Diagnostic is one finding: a stable code, a severity, the exact span it is
// about, a one-line message that names the values involved, an optional
// longer detail, related notes and an optional fix. Detection builds
// Diagnostics; only renderers turn them into text.
type Diagnostic struct {
	Code     Code
	Severity Severity
	File     *File // nil when the diagnostic has no source (a value built in Go)
	Span     Span
	Message  string
	Detail   string
	Notes    []Note
	Fix      *Fix
}

// Start returns the resolved position of the start of the span. Without a
// File it is line 1, column Span.Start+1.
func (d *Diagnostic) Start() Position { return resolve(d.File, d.Span.Start) }

// End returns the resolved position of the end of the span.
func (d *Diagnostic) End() Position { return resolve(d.File, d.Span.End) }

// FileName returns the name of the diagnostic's file, or "" without one.
func (d *Diagnostic) FileName() string {
	if d.File == nil {
		return ""
	}
	return d.File.Name
}

func resolve(f *File, off int) Position {
	if f == nil {
		return Position{Offset: off, Line: 1, Col: off + 1}
	}
	return f.Position(off)
}

// Error returns the first line of the text rendering,
// "file:line:col: error[CODE]: message", so a Diagnostic is a Go error.
func (d *Diagnostic) Error() string {
	var b strings.Builder
	if name := d.FileName(); name != "" {
		p := d.Start()
		fmt.Fprintf(&b, "%s:%d:%d: ", name, p.Line, p.Col)
	}
	fmt.Fprintf(&b, "%s[%s]: %s", d.Severity, d.Code, d.Message)
	return b.String()
}
