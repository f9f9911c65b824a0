package diag

import (
	"bytes"
	"encoding/json"
	"io"
)

// JSON renders diagnostics as JSON lines: one object per diagnostic, one
// object per line, for tools and scripts. The fields, in this order:
//
//	file        file name ("" without a File)
//	line, col   start of the span: 1-based line and 1-based byte column
//	end_line, end_col
//	            end of the span, exclusive: the position just after it
//	offset, end_offset
//	            the span as 0-based byte offsets in the whole file
//	severity    "error", "warning" or "info"
//	code        the stable code, such as "E0400"
//	message     the one-line message
//	detail      the longer explanation (left out when empty)
//	notes       related locations, each with file, line, col, end_line,
//	            end_col and message (left out when there are none)
//	fix         the suggested fix: message and edits, each edit with line,
//	            col, end_line, end_col, offset, end_offset and new_text, in
//	            the diagnostic's file (left out without a fix)
//
// Without a File, positions fall back to line 1 and column offset+1, as
// Diagnostic.Start does. Strings are not HTML-escaped, so "S<3,4,3>" reads as
// written.
type JSON struct{}

// jsonDiagnostic is the object of one line; field order is output order.
type jsonDiagnostic struct {
	File string `json:"file"`
	jsonRange
	Offset    int        `json:"offset"`
	EndOffset int        `json:"end_offset"`
	Severity  string     `json:"severity"`
	Code      Code       `json:"code"`
	Message   string     `json:"message"`
	Detail    string     `json:"detail,omitempty"`
	Notes     []jsonNote `json:"notes,omitempty"`
	Fix       *jsonFix   `json:"fix,omitempty"`
}

// jsonRange is a span as resolved lines and byte columns.
type jsonRange struct {
	Line    int `json:"line"`
	Col     int `json:"col"`
	EndLine int `json:"end_line"`
	EndCol  int `json:"end_col"`
}

type jsonNote struct {
	File string `json:"file"`
	jsonRange
	Message string `json:"message"`
}

type jsonFix struct {
	Message string     `json:"message"`
	Edits   []jsonEdit `json:"edits"`
}

type jsonEdit struct {
	jsonRange
	Offset    int    `json:"offset"`
	EndOffset int    `json:"end_offset"`
	NewText   string `json:"new_text"`
}

// Begin writes nothing: JSON lines have no header.
func (JSON) Begin(w io.Writer) error { return nil }

// End writes nothing: JSON lines have no trailer.
func (JSON) End(w io.Writer) error { return nil }

// Render writes one line per diagnostic of l, in order.
func (JSON) Render(w io.Writer, l List) error {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	for _, d := range l {
		if err := enc.Encode(toJSON(d)); err != nil {
			return err
		}
	}
	_, err := w.Write(b.Bytes())
	return err
}

// toJSON converts a diagnostic to its JSON object.
func toJSON(d *Diagnostic) jsonDiagnostic {
	start, end := d.Start(), d.End()
	j := jsonDiagnostic{
		File:      d.FileName(),
		jsonRange: rangeOf(start, end),
		Offset:    start.Offset,
		EndOffset: end.Offset,
		Severity:  d.Severity.String(),
		Code:      d.Code,
		Message:   d.Message,
		Detail:    d.Detail,
	}
	for _, n := range d.Notes {
		j.Notes = append(j.Notes, jsonNote{
			File:      fileName(n.File),
			jsonRange: rangeOf(resolve(n.File, n.Span.Start), resolve(n.File, n.Span.End)),
			Message:   n.Message,
		})
	}
	if d.Fix != nil {
		j.Fix = &jsonFix{Message: d.Fix.Message, Edits: []jsonEdit{}}
		for _, e := range d.Fix.Edits {
			s, t := resolve(d.File, e.Span.Start), resolve(d.File, e.Span.End)
			j.Fix.Edits = append(j.Fix.Edits, jsonEdit{rangeOf(s, t), s.Offset, t.Offset, e.NewText})
		}
	}
	return j
}

// rangeOf pairs two resolved positions.
func rangeOf(start, end Position) jsonRange {
	return jsonRange{start.Line, start.Col, end.Line, end.Col}
}

// fileName returns f's name, or "" for a nil File.
func fileName(f *File) string {
	if f == nil {
		return ""
	}
	return f.Name
}
