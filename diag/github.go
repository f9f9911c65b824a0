package diag

import (
	"bytes"
	"fmt"
	"io"
	"strings"
)

// GitHub renders diagnostics as GitHub Actions workflow commands, which the
// runner turns into annotations on the pull request. One line per diagnostic:
//
//	::error file=F,line=L,col=C,endLine=EL,endColumn=EC,title=CODE::message
//
// with ::warning for warnings and ::notice for infos. endLine and endColumn
// are the exclusive end of the span, as in JSON; columns count bytes. Without
// a File only title is given. The data after "::" is the message followed, on
// further lines, by the detail, one "note: file:line:col: message" per note
// and "help: " with the fix message.
//
// Escaping follows GitHub's rules for workflow commands: in the data '%',
// '\r' and '\n' become %25, %0D and %0A; in property values ':' and ',' also
// become %3A and %2C.
type GitHub struct{}

// Begin writes nothing: annotations have no header.
func (GitHub) Begin(w io.Writer) error { return nil }

// End writes nothing: annotations have no trailer.
func (GitHub) End(w io.Writer) error { return nil }

// Render writes one workflow command per diagnostic of l, in order.
func (GitHub) Render(w io.Writer, l List) error {
	var b bytes.Buffer
	for _, d := range l {
		fmt.Fprintf(&b, "::%s %s::%s\n", githubCommand(d.Severity), githubProperties(d), escapeData(githubData(d)))
	}
	_, err := w.Write(b.Bytes())
	return err
}

// githubCommand names the workflow command for a severity.
func githubCommand(s Severity) string {
	switch s {
	case Error:
		return "error"
	case Warning:
		return "warning"
	}
	return "notice"
}

// githubProperties returns the escaped, comma-separated properties.
func githubProperties(d *Diagnostic) string {
	var props []string
	if d.File != nil {
		s, e := d.Start(), d.End()
		props = append(props,
			"file="+escapeProperty(d.File.Name),
			fmt.Sprintf("line=%d,col=%d,endLine=%d,endColumn=%d", s.Line, s.Col, e.Line, e.Col))
	}
	props = append(props, "title="+escapeProperty(string(d.Code)))
	return strings.Join(props, ",")
}

// githubData returns the unescaped annotation text.
func githubData(d *Diagnostic) string {
	var b strings.Builder
	b.WriteString(d.Message)
	if d.Detail != "" {
		b.WriteString("\n" + d.Detail)
	}
	for _, n := range d.Notes {
		b.WriteString("\nnote: ")
		if n.File != nil {
			p := n.File.Position(n.Span.Start)
			fmt.Fprintf(&b, "%s:%d:%d: ", n.File.Name, p.Line, p.Col)
		}
		b.WriteString(n.Message)
	}
	if d.Fix != nil && d.Fix.Message != "" {
		b.WriteString("\nhelp: " + d.Fix.Message)
	}
	return b.String()
}

// Escapers for workflow commands. A Replacer makes one pass, so the "%25"
// it writes is never escaped again.
var (
	dataEscaper     = strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A")
	propertyEscaper = strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A", ":", "%3A", ",", "%2C")
)

// escapeData escapes the message part of a workflow command.
func escapeData(s string) string { return dataEscaper.Replace(s) }

// escapeProperty escapes a property value of a workflow command.
func escapeProperty(s string) string { return propertyEscaper.Replace(s) }
