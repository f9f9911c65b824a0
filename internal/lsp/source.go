package lsp

import (
	"fmt"
	"strings"

	"github.com/cutec/cutec/diag"
	"github.com/cutec/cutec/internal/sources"
)

// A C++ (.cu, .cuh, .hpp, .h, .cpp, ...) or CuTe DSL Python (.py) document
// is read as cutec lint and cutec layouts read such a file: its CuTe
// declarations, found and evaluated by internal/sources (docs/sources.md).
// Its diagnostics are lint's, and a hover on a declaration's name (or a use
// of it) or on its expression shows the value, as for a .cute definition.

// sourceResult reads the declarations of a source document once per text.
func (c *checker) sourceResult(doc *document) *sources.Result {
	if doc.src == nil {
		r := sources.Read(doc.name, []byte(doc.text()), c.cute)
		doc.src = &r
	}
	return doc.src
}

// checkSource returns the diagnostics of a source document.
func (c *checker) checkSource(doc *document) []found {
	if doc.bytes > maxLiveCheckBytes && !doc.checkAll {
		return []found{{&diag.Diagnostic{Code: diag.ValueTooLarge, Severity: diag.Info,
			File:    diag.NewWindow(doc.name, nil, 0, 1, 1),
			Message: fmt.Sprintf("this document is %d bytes, more than the %d checked at every edit: it is checked when it is saved", doc.bytes, maxLiveCheckBytes)}, 0}}
	}
	var out []found
	for _, d := range c.sourceResult(doc).Diags {
		if len(out) == maxDiags {
			break
		}
		out = append(out, found{d, 0})
	}
	return out
}

// hoverSource describes the declaration at a byte of a source document:
// the one whose expression holds the cursor, or whose name the cursor is
// on (its own declaration, else the one of that name in scope above, by
// the scopes the reader follows).
func (d *document) hoverSource(line, b int, c *checker) (string, *Range) {
	if d.bytes > maxLiveCheckBytes && !d.checkAll {
		return "", nil
	}
	res := c.sourceResult(d)
	off := d.lineStarts()[line] + b
	text := d.text()
	ws, we := b, b
	l := d.lines[line]
	for ws > 0 && isNameByte(l[ws-1]) {
		ws--
	}
	for we < len(l) && isNameByte(l[we]) {
		we++
	}
	word := l[ws:we]
	wordEnd := off + (we - b)
	pick, own, span := -1, false, diag.Span{}
	seen := res.Visible(word, off) // the one of that name in scope above
	for i, dc := range res.Decls {
		switch {
		case dc.Off <= off && off <= dc.End:
			pick, span = i, diag.Span{Start: dc.Off, End: dc.End}
		case word != "" && dc.Name == word && dc.Off >= wordEnd && dc.Off-wordEnd <= 200 && !strings.ContainsAny(text[wordEnd:dc.Off], ";,)"):
			if !own {
				pick, own = i, true // the name of its own declaration
				span = diag.Span{Start: off - (b - ws), End: wordEnd}
			}
		case word != "" && i == seen && !own:
			pick, span = i, diag.Span{Start: off - (b - ws), End: wordEnd}
		}
	}
	if pick < 0 {
		return "", nil
	}
	dc := res.Decls[pick]
	f := diag.NewFile(d.name, []byte(text))
	r := d.spanRange(f, span, 0)
	title := "`" + dc.Name + "`"
	at := fmt.Sprintf("\n\ndeclared on line %d, read as cutec layouts reads it (docs/sources.md)\n", dc.Line)
	if dc.Value == nil {
		return fmt.Sprintf("%s: not evaluated: %s%s", title, dc.Skipped, at), &r
	}
	return describe(title, dc.Value) + strings.TrimSuffix(at, "\n")[1:] + "\n", &r
}
