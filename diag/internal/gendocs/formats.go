package main

import (
	"bytes"
	"fmt"

	"github.com/cutec/cutec/diag"
)

// sample is the diagnostic the page renders in every format, so that the
// examples always show what the renderers print.
func sample() diag.List {
	f := diag.NewFile("kernel.cute", []byte("A = (4,6,8):(2,3,5)\nC = composition(A, 6:3)\n"))
	return diag.List{{
		Code:     diag.StrideDivisibility,
		Severity: diag.Error,
		File:     f,
		Span:     diag.Span{Start: 39, End: 42},
		Message:  "inner stride 3 and outer prefix product 4 divide neither one another",
		Detail:   "6:3 steps across mode 0 of A, which has extent 4",
		Notes:    []diag.Note{{File: f, Span: diag.Span{Start: 4, End: 19}, Message: "A is defined here"}},
		Fix: &diag.Fix{
			Message: "use a stride that 4 divides or that divides 4, such as 6:4",
			Edits:   []diag.Edit{{Span: diag.Span{Start: 41, End: 42}, NewText: "4"}},
		},
	}}
}

// render renders the sample with r.
func render(r diag.Renderer) (string, error) {
	var b bytes.Buffer
	err := diag.RenderAll(&b, r, sample())
	return b.String(), err
}

// writeReading explains the text output on the rendered sample.
func writeReading(b *bytes.Buffer) error {
	text, err := render(diag.Text{})
	if err != nil {
		return err
	}
	fmt.Fprintf(b, "## Reading the text output\n\n```text\n%s```\n\n", text)
	b.WriteString(`- The first line is ` + "`file:line:col: severity[CODE]: message`" + `. Lines and columns start
  at 1 and columns count bytes, so a tab or a multi-byte character before the problem counts all
  its bytes. Without a file (a value built in a program) the position is left out.
- Below it, indented by four spaces, come the source line and a caret line: ` + "`^`" + ` under the first
  character of the span and ` + "`~`" + ` under the rest. A span that continues on later lines is
  underlined to the end of its first line; an empty span, such as the end of the input, gets a
  single ` + "`^`" + `.
- A line starting with ` + "`=`" + ` holds the detail, the longer explanation, when there is one.
- Each ` + "`note:`" + ` points at a related place, with its own position, source line and carets.
- ` + "`help:`" + ` says how to fix the problem.

Diagnostics follow one another with no blank line; each starts at the left margin with its
position (or its severity, without a file).

`)
	return nil
}

// writeFormats describes the machine-readable formats with rendered examples.
func writeFormats(b *bytes.Buffer) error {
	jsonLine, err := render(diag.JSON{})
	if err != nil {
		return err
	}
	github, err := render(diag.GitHub{})
	if err != nil {
		return err
	}
	b.WriteString("## Output formats\n\n`cutec lint -format` chooses one of `text` (above), `json`, `sarif` and `github`.\n\n")
	fmt.Fprintf(b, "**json** prints one object per line:\n\n```json\n%s```\n\n", jsonLine)
	b.WriteString(`The fields ` + "`file line col end_line end_col severity code message`" + ` are always present;
` + "`line`/`col`" + ` is the start of the span and ` + "`end_line`/`end_col`" + ` the position just after it
(1-based, columns in bytes), ` + "`offset`/`end_offset`" + ` the same span as 0-based byte offsets.
` + "`detail`, `notes`" + ` (each with ` + "`file line col end_line end_col message`" + `) and ` + "`fix`" + ` (a
` + "`message`" + ` and ` + "`edits`" + `, each with a position, offsets and ` + "`new_text`" + `) appear when present.

**sarif** prints one [SARIF 2.1.0](https://docs.oasis-open.org/sarif/sarif/v2.1.0/sarif-v2.1.0.html)
log with a single run of the tool ` + "`cutec`" + `, whose rules are this catalogue (each rule's ` + "`helpUri`" + `
links to its section below). SARIF has no unit for byte columns, so the run declares
` + "`\"columnKind\": \"unicodeCodePoints\"`" + ` and columns are counted in characters; every region also
carries the exact bytes as ` + "`byteOffset`" + ` and ` + "`byteLength`" + `. Notes become ` + "`relatedLocations`" + `
and fixes with edits become ` + "`fixes`" + `.

`)
	fmt.Fprintf(b, "**github** prints one [workflow command](https://docs.github.com/actions/reference/workflow-commands-for-github-actions) per diagnostic, which GitHub Actions shows as an annotation:\n\n```text\n%s```\n\n", github)
	b.WriteString("The end of the span is exclusive, as in `json`. The detail, notes and fix follow the message on\nfurther lines; `%`, carriage returns and newlines are escaped as GitHub requires, and `:` and `,`\ntoo in property values.\n\n")
	return nil
}
