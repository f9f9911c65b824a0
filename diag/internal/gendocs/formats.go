package main

import (
	"bytes"
)

// The examples of output below are what cutec prints for kernel.cute; they
// are shown as commands, so the doc test of cmd/cutec (TestDocs) runs them
// and fails when cutec's output drifts from this text.

// kernelCute is the example file the page creates.
const kernelCute = "$ cat > kernel.cute <<'EOF'\n" +
	"A = (4,(2,2)):(1,(4,8,16))\n" +
	"C = compositon(A, 4:1)\n" +
	"EOF\n"

const textExample = "$ cutec lint kernel.cute\n" +
	"kernel.cute:1:18: error[E0300]: the stride (4,8,16) is not congruent with the shape (2,2)\n" +
	"    A = (4,(2,2)):(1,(4,8,16))\n" +
	"                     ^~~~~~~~\n" +
	"note: kernel.cute:1:8: the shape (2,2)\n" +
	"    A = (4,(2,2)):(1,(4,8,16))\n" +
	"           ^~~~~\n" +
	"kernel.cute:2:5: error[E0203]: unknown name compositon; did you mean composition?\n" +
	"    C = compositon(A, 4:1)\n" +
	"        ^~~~~~~~~~\n" +
	"help: replace with composition\n" +
	"$ echo $?\n" +
	"1\n"

const jsonExample = "$ cutec lint -format json kernel.cute\n" +
	`{"file":"kernel.cute","line":1,"col":18,"end_line":1,"end_col":26,"offset":17,"end_offset":25,"severity":"error","code":"E0300","message":"the stride (4,8,16) is not congruent with the shape (2,2)","notes":[{"file":"kernel.cute","line":1,"col":8,"end_line":1,"end_col":13,"message":"the shape (2,2)"}]}` + "\n" +
	`{"file":"kernel.cute","line":2,"col":5,"end_line":2,"end_col":15,"offset":31,"end_offset":41,"severity":"error","code":"E0203","message":"unknown name compositon; did you mean composition?","fix":{"message":"replace with composition","edits":[{"line":2,"col":5,"end_line":2,"end_col":15,"offset":31,"end_offset":41,"new_text":"composition"}]}}` + "\n"

const githubExample = "$ cutec lint -format github kernel.cute\n" +
	"::error file=kernel.cute,line=1,col=18,endLine=1,endColumn=26,title=E0300::the stride (4,8,16) is not congruent with the shape (2,2)%0Anote: kernel.cute:1:8: the shape (2,2)\n" +
	"::error file=kernel.cute,line=2,col=5,endLine=2,endColumn=15,title=E0203::unknown name compositon; did you mean composition?%0Ahelp: replace with composition\n"

// writeReading explains the text output on the example.
func writeReading(b *bytes.Buffer) error {
	b.WriteString("## Reading the text output\n\n" +
		"A file with two mistakes, and what `cutec lint` says about it:\n\n" +
		"```\n" + kernelCute + textExample + "```\n\n")
	b.WriteString(`- The first line is ` + "`file:line:col: severity[CODE]: message`" + `. Lines and columns start
  at 1 and columns count bytes, so a tab or a multi-byte character before the problem counts all
  its bytes. Without a file (a value built in a program) the position is left out.
- Below it, indented by four spaces, come the source line and a caret line: ` + "`^`" + ` under the first
  character of the span and ` + "`~`" + ` under the rest. A span that continues on later lines is
  underlined to the end of its first line; an empty span, such as the end of the input, gets a
  single ` + "`^`" + `.
- Each ` + "`note:`" + ` points at a related place, with its own position, source line and carets.
- ` + "`help:`" + ` says how to fix the problem, when cutec knows a fix (here, the name to write).

Diagnostics follow one another with no blank line; each starts at the left margin with its
position (or its severity, without a file). ` + "`cutec explain CODE`" + ` (or ` + "`cutec help CODE`" + `)
prints the section of this page for one code.

`)
	return nil
}

// writeFormats describes the machine-readable formats with real examples.
func writeFormats(b *bytes.Buffer) error {
	b.WriteString("## Output formats\n\n`cutec lint -format` chooses one of `text` (above), `json`, `sarif` and `github`.\n\n")
	b.WriteString("**json** prints one object per line:\n\n```\n" + jsonExample + "```\n\n")
	b.WriteString(`The fields ` + "`file line col end_line end_col offset end_offset severity code message`" + ` are
always present; ` + "`line`/`col`" + ` is the start of the span and ` + "`end_line`/`end_col`" + ` the position just
after it (1-based, columns in bytes), ` + "`offset`/`end_offset`" + ` the same span as 0-based byte offsets.
` + "`notes`" + ` (each with ` + "`file line col end_line end_col message`" + `) and ` + "`fix`" + ` (a ` + "`message`" + ` and
` + "`edits`" + `, each with a position, offsets and ` + "`new_text`" + `) appear when the diagnostic has them. A
field ` + "`detail`" + ` (a longer explanation) is reserved for the same use; no check sets it yet.

**sarif** prints one [SARIF 2.1.0](https://docs.oasis-open.org/sarif/sarif/v2.1.0/sarif-v2.1.0.html)
log with a single run of the tool ` + "`cutec`" + `, whose rules are this catalogue (each rule's ` + "`helpUri`" + `
links to its section below). SARIF has no unit for byte columns, so the run declares
` + "`\"columnKind\": \"unicodeCodePoints\"`" + ` and columns are counted in characters; every region also
carries the exact bytes as ` + "`byteOffset`" + ` and ` + "`byteLength`" + `. Notes become ` + "`relatedLocations`" + `
and fixes with edits become ` + "`fixes`" + `.

`)
	b.WriteString("**github** prints one [workflow command](https://docs.github.com/actions/reference/workflow-commands-for-github-actions) per diagnostic, which GitHub Actions shows as an annotation:\n\n```\n" + githubExample + "```\n\n")
	b.WriteString("The end of the span is exclusive, as in `json`. The notes and the fix follow the message on\nfurther lines; `%`, carriage returns and newlines are escaped as GitHub requires, and `:` and `,`\ntoo in property values.\n\n")
	return nil
}
