package lsp

import (
	"cmp"
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/cutec/cutec/diag"
	"github.com/cutec/cutec/internal/driver"
	"github.com/cutec/cutec/verify"
)

// maxLineLen is the longest line the server checks, as every front end
// (driver.MaxLineLen): a longer line gets E0109 instead of being parsed.
const maxLineLen = driver.MaxLineLen

// maxLiveCheckBytes bounds the .cute documents checked again at every
// edit: a check costs what lint takes, about 0.8 ms a kilobyte, so an edit
// of a document of this size costs at most about 200 ms.
const maxLiveCheckBytes = 256 << 10

// maxDiags caps the diagnostics published for one document, as lint caps
// those of one file.
const maxDiags = 10000

// checker holds the verifier passes, the configuration every front end
// runs by default (driver.Default): every default check for .cute files,
// and for MLIR the pass for compiler output: it also rejects what the
// dialect cannot lower and checks the ops' result types.
type checker struct {
	cute, mlir *verify.Pass
	window     []byte // scratch space for the windows of ops (checkOpInContext)
}

func newChecker() (*checker, error) {
	checks := driver.Default()
	return &checker{cute: checks.Cute, mlir: checks.MLIR}, nil
}

// found is a diagnostic with the number of lines its positions must be
// moved by: a diagnostic of an MLIR line is found in a window of that line
// alone, which says line 1.
type found struct {
	d     *diag.Diagnostic
	shift int
}

// check returns the diagnostics of a document, checking again only what
// changed: for MLIR the dirty lines, for a .cute file (whose names flow
// from line to line) every line.
func (c *checker) check(doc *document) []found {
	if doc.isMLIR {
		return c.checkMLIR(doc)
	}
	if doc.isSource {
		return c.checkSource(doc)
	}
	return c.checkCute(doc)
}

// checkMLIR checks the dirty lines of an MLIR document and returns the
// diagnostics of all its lines.
func (c *checker) checkMLIR(doc *document) []found {
	c.scanAliases(doc)
	doc.markOpContext()
	var out []found
	moved := false
lines:
	for i, line := range doc.lines {
		if len(line) > maxLineLen {
			// Rare, and its message names its line: made afresh each time.
			if len(out) < maxDiags {
				out = append(out, found{longLine(doc.name, line, i+1), 0})
			}
			doc.dirty[i], doc.opCtx[i] = false, 0
			continue
		}
		if doc.dirty[i] {
			doc.lineDiags[i] = c.mlirLine(doc.name, line, doc.aliasesAt(i))
			doc.opCtx[i] = lineOpContext(line)
			if doc.opCtx[i] != 0 {
				if d := c.checkOpInContext(doc, i); d != nil {
					doc.lineDiags[i] = append(doc.lineDiags[i], d)
				}
			}
			doc.dirty[i] = false
		}
		for _, d := range doc.lineDiags[i] {
			if len(out) == maxDiags {
				break lines
			}
			out = append(out, found{d, i})
			moved = moved || doc.opCtx[i]&ctxBelow != 0
		}
	}
	if moved {
		// An op whose result type is written on a line below reports it
		// there: the diagnostics are put in the order of their lines, as
		// lint sorts them.
		slices.SortStableFunc(out, func(a, b found) int { return cmp.Compare(a.line(), b.line()) })
	}
	return out
}

// line returns the 0-based line of the start of a diagnostic.
func (x found) line() int {
	if x.d.File == nil {
		return x.shift
	}
	return x.d.File.Position(x.d.Span.Start).Line - 1 + x.shift
}

// scanAliases finds the type aliases an MLIR document defines (lines that
// start with `!`), scoped to their modules, with the one reader lint uses
// (verify.Aliases), and, when the definitions changed, marks every line to
// be checked again, since an op on any line may use them. It reads the
// document only after an edit of such a line or of a line that opens a
// module (document.aliasEdit), or one that added or removed lines.
func (c *checker) scanAliases(doc *document) {
	if !doc.aliasEdit && doc.aliasLines == len(doc.lines) {
		return
	}
	doc.aliasEdit, doc.aliasLines = false, len(doc.lines)
	var defs strings.Builder
	var v *verify.Aliases
	old := doc.aliasViews
	doc.aliasViews = nil
	for i, line := range doc.lines {
		if !aliasEvent(line) {
			continue
		}
		defs.WriteString(line)
		defs.WriteByte('\n')
		if w := v.Scan([]byte(lineContent(line) + "\n")); w != v {
			v = w
			doc.aliasViews = append(doc.aliasViews, aliasView{line: i, v: v})
		}
	}
	if defs.String() == doc.aliasDefs {
		// The same definitions, numbered alike, but lines may have moved
		// across them: a line whose view changed is checked again.
		var a, b *verify.Aliases
		j, k := 0, 0
		for i := range doc.dirty {
			for ; j < len(old) && old[j].line <= i; j++ {
				a = old[j].v
			}
			for ; k < len(doc.aliasViews) && doc.aliasViews[k].line <= i; k++ {
				b = doc.aliasViews[k].v
			}
			if !a.SameModule(b) || a.Len() != b.Len() {
				doc.dirty[i] = true
			}
		}
		return
	}
	doc.aliasDefs = defs.String()
	for i := range doc.dirty {
		doc.dirty[i] = true
	}
}

// aliasView is a view of a document's aliases in effect from a line on.
type aliasView struct {
	line int
	v    *verify.Aliases
}

// aliasesAt returns the view of the aliases in effect at line i.
func (doc *document) aliasesAt(i int) *verify.Aliases {
	k := sort.Search(len(doc.aliasViews), func(k int) bool { return doc.aliasViews[k].line > i }) - 1
	if k < 0 {
		return nil
	}
	return doc.aliasViews[k].v
}

// mlirLine verifies the payloads and the op on one line of MLIR. A payload
// never spans lines, and the pass keeps no state between lines, so each
// line is checked on its own, with the document's type aliases. (lint
// checks chunks of lines, where the op checker also finds the operands of a
// `make_layout` on the lines above; a line alone passes such ops over.)
func (c *checker) mlirLine(name, line string, aliases *verify.Aliases) diag.List {
	if !strings.Contains(line, "cute.") { // every wrapper is !cute.* or #cute.*
		return nil
	}
	text := []byte(lineContent(line))
	return c.mlir.MLIRChunk(diag.NewWindow(name, text, 0, 1, 1), aliases, nil)
}

// checkCute checks a .cute document line by line through one session, as
// lint streams a file, with the same windows (so the same spans). The
// names of a .cute file flow from line to line, so an edit checks the whole
// document again: its work is bounded by maxLiveCheckBytes, past which a
// document is checked when it is opened and saved (document.checkAll), and
// an edit publishes one Information diagnostic that says so.
func (c *checker) checkCute(doc *document) []found {
	if doc.bytes > maxLiveCheckBytes && !doc.checkAll {
		return []found{{&diag.Diagnostic{Code: diag.ValueTooLarge, Severity: diag.Info,
			File:    diag.NewWindow(doc.name, nil, 0, 1, 1),
			Message: fmt.Sprintf("this document is %d bytes, more than the %d checked at every edit: it is checked when it is saved", doc.bytes, maxLiveCheckBytes)}, 0}}
	}
	session := c.cute.NewCute()
	var out []found
	off := 0
	for i, line := range doc.lines {
		var l diag.List
		if len(line) > maxLineLen {
			l = diag.List{longLine(doc.name, line, i+1)}
		} else {
			l = session.Line(lineWindow(doc.name, lineContent(line), off, i+1))
		}
		for _, d := range l.Dedup() {
			if len(out) == maxDiags {
				return out
			}
			out = append(out, found{d, 0})
		}
		off += len(line) + 1
	}
	return out
}

// lineWindow returns the window of one .cute line, passing over a
// byte-order mark at the start of the file (columns still count it), as
// every front end does (driver.LineWindow).
func lineWindow(name, text string, off, line int) *diag.File {
	return driver.LineWindow(name, []byte(text), int64(off), line)
}

// longLine is E0109 for a line too long to check, quoting its first bytes
// (cut at a character boundary), as every front end does (driver.LongLine).
func longLine(name, line string, lineNo int) *diag.Diagnostic {
	return driver.LongLine(name, []byte(line[:min(len(line), driver.SnippetLen)]), 0, lineNo)
}

// pos returns the protocol position of byte offset off of window f, moved
// down by shift lines.
func (doc *document) pos(f *diag.File, off, shift int) Position {
	if f == nil {
		return Position{}
	}
	p := f.Position(off)
	return doc.position(p.Line-1+shift, p.Col-1)
}

// spanRange returns the protocol range of a span of window f.
func (doc *document) spanRange(f *diag.File, s diag.Span, shift int) Range {
	return Range{Start: doc.pos(f, s.Start, shift), End: doc.pos(f, s.End, shift)}
}

// lspDiagnostic converts a diagnostic: its detail and the notes without a
// location go into the message, the notes with one into the related
// information.
func (doc *document) lspDiagnostic(x found) Diagnostic {
	d := x.d
	out := Diagnostic{
		Range:    doc.spanRange(d.File, d.Span, x.shift),
		Severity: severityError,
		Code:     string(d.Code),
		Source:   "cutec",
		Message:  d.Message,
	}
	switch d.Severity {
	case diag.Warning:
		out.Severity = severityWarning
	case diag.Info:
		out.Severity = severityInformation
	}
	if d.Detail != "" {
		out.Message += "\n" + d.Detail
	}
	for _, n := range d.Notes {
		if n.File == nil {
			out.Message += "\nnote: " + n.Message
			continue
		}
		out.RelatedInformation = append(out.RelatedInformation, DiagnosticRelatedInformation{
			Location: Location{URI: doc.uri, Range: doc.spanRange(n.File, n.Span, x.shift)},
			Message:  n.Message,
		})
	}
	return out
}
