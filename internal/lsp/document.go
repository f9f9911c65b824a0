package lsp

import (
	"net/url"
	"path"
	"strings"

	"github.com/cutec/cutec/diag"
	"github.com/cutec/cutec/internal/sources"
	"github.com/cutec/cutec/verify"
)

// document is an open text document, held as lines so that an edit costs
// the lines it touches, not the size of the file.
type document struct {
	uri    string
	name   string // the file name diagnostics carry
	isMLIR bool
	// isSource: a C++ or CuTe DSL Python file (sources.Is), read by
	// internal/sources; src is its reading, nil until needed.
	isSource bool
	src      *sources.Result
	version  int
	lines    []string // the text split at "\n"; a line keeps a "\r" before its "\n"

	// lineDiags holds, for an MLIR document, the diagnostics of each line,
	// found in a window of that line alone (BaseLine 1), so that lines can
	// move without their diagnostics being found again. dirty marks the
	// lines to check again.
	lineDiags [][]*diag.Diagnostic
	dirty     []bool
	opCtx     []uint8 // the lines whose op reads the lines around it (mlir_ops.go), as of their last check

	// aliasViews are the views of the type aliases an MLIR document
	// defines (for the op checker), each in effect from its line on
	// (aliases are scoped to their module, see verify.Aliases), and
	// aliasDefs the text of the lines that define them or open a module:
	// when it changes, every line is checked again. aliasLines is the
	// number of lines when the views were made: lines added or removed
	// move them.
	aliasViews []aliasView
	aliasDefs  string
	aliasLines int
	// aliasEdit says that a line that may define an alias or open a module
	// (verify.AliasEvent) was edited, added or removed since aliasDefs was
	// made.
	aliasEdit bool

	cute *cuteAnalysis // the analysis of a .cute document; nil until needed

	// bytes is the size of the text; checkAll asks the next check of a
	// .cute document larger than maxLiveCheckBytes to run (it is set by
	// didOpen and didSave, cleared by an edit).
	bytes    int
	checkAll bool

	// A lone "\r" (one not before the "\n" that ends its line) ends a line
	// for the protocol, but not for lint, whose lines the document keeps
	// (see lone_cr.go). lones counts them; loneBefore[i], built when
	// needed, is the number of them on the lines before line i.
	lones      int
	loneBefore []int
	// segLine and segStarts keep the segments of the line last asked
	// (lone_cr.go); nil after an edit.
	segLine   int
	segStarts []int
}

// newDocument returns the document for uri with text.
func newDocument(uri, languageID string, version int, text string) *document {
	d := &document{uri: uri, name: uriName(uri), version: version}
	d.isMLIR = isMLIR(uri, languageID)
	d.isSource = !d.isMLIR && sources.Is(d.name)
	d.setText(text)
	return d
}

// isMLIR says whether a document is MLIR (by its language id or the
// extension of its name); everything else is read as a .cute file, as lint
// reads a file it is named.
func isMLIR(uri, languageID string) bool {
	return languageID == "mlir" || strings.HasSuffix(strings.ToLower(uri), ".mlir")
}

// uriName returns the path of a file: URI, or the URI itself.
func uriName(uri string) string {
	u, err := url.Parse(uri)
	if err != nil || u.Scheme != "file" || u.Path == "" {
		return uri
	}
	return path.Clean(u.Path)
}

// setText replaces the whole text.
func (d *document) setText(text string) {
	d.bytes = len(text)
	d.lines = strings.Split(text, "\n")
	if d.isMLIR {
		// The state of each line of MLIR; a .cute document has none, so
		// that a document of short lines takes about 16 bytes a line.
		d.lineDiags = make([][]*diag.Diagnostic, len(d.lines))
		d.dirty = make([]bool, len(d.lines))
		d.opCtx = make([]uint8, len(d.lines))
	}
	d.aliasEdit = true
	d.lones, d.loneBefore, d.segStarts = 0, nil, nil
	for i, l := range d.lines {
		d.lones += loneCRs(l, i == len(d.lines)-1)
	}
	for i := range d.dirty {
		d.dirty[i] = true
	}
	d.cute, d.src = nil, nil
}

// text returns the whole text.
func (d *document) text() string { return strings.Join(d.lines, "\n") }

// apply applies one content change: a range and its new text, or (without
// a range) the whole new text.
func (d *document) apply(ch contentChange) {
	d.cute, d.src = nil, nil
	if ch.Range == nil {
		d.setText(ch.Text)
		return
	}
	l1, b1 := d.offset(ch.Range.Start)
	l2, b2 := d.offset(ch.Range.End)
	if l2 < l1 || (l2 == l1 && b2 < b1) {
		l1, b1, l2, b2 = l2, b2, l1, b1
	}
	joined := d.lines[l1][:b1] + ch.Text + d.lines[l2][b2:]
	for _, l := range d.lines[l1 : l2+1] {
		d.bytes -= len(l) + 1
	}
	d.bytes += len(joined) + 1
	d.checkAll = false
	repl := strings.Split(joined, "\n")
	d.aliasEdit = d.aliasEdit || definesAlias(d.lines[l1:l2+1]) || definesAlias(repl)
	d.lones += loneCRsIn(repl, l2 == len(d.lines)-1) - loneCRsIn(d.lines[l1:l2+1], l2 == len(d.lines)-1)
	d.loneBefore, d.segStarts = nil, nil
	d.lines = splice(d.lines, l1, l2+1, repl)
	if !d.isMLIR {
		return
	}
	d.lineDiags = splice(d.lineDiags, l1, l2+1, make([][]*diag.Diagnostic, len(repl)))
	dirty := make([]bool, len(repl))
	for i := range dirty {
		dirty[i] = true
	}
	d.dirty = splice(d.dirty, l1, l2+1, dirty)
	d.opCtx = splice(d.opCtx, l1, l2+1, make([]uint8, len(repl)))
}

// splice replaces s[i:j] with r.
func splice[T any](s []T, i, j int, r []T) []T {
	if len(r) == j-i {
		copy(s[i:], r)
		return s
	}
	out := make([]T, 0, len(s)-(j-i)+len(r))
	out = append(out, s[:i]...)
	out = append(out, r...)
	return append(out, s[j:]...)
}

// offset returns the line and byte offset on it of a protocol position,
// clamped to the document: a line past the end is the end of the last line.
func (d *document) offset(p Position) (line, b int) {
	if d.lones > 0 {
		return d.offsetLone(p)
	}
	switch {
	case p.Line < 0:
		return 0, 0
	case p.Line >= len(d.lines):
		last := len(d.lines) - 1
		return last, len(d.lines[last])
	}
	return p.Line, byteCol(d.lines[p.Line], p.Character)
}

// position returns the protocol position of byte offset b on line.
func (d *document) position(line, b int) Position {
	if line < 0 {
		return Position{}
	}
	if line >= len(d.lines) {
		line = len(d.lines) - 1
		b = len(d.lines[line])
	}
	if d.lones > 0 {
		return d.positionLone(line, b)
	}
	return Position{Line: line, Character: utf16Col(d.lines[line], b)}
}

// lineStarts returns the byte offset at which each line starts in text().
func (d *document) lineStarts() []int {
	starts := make([]int, len(d.lines))
	off := 0
	for i, l := range d.lines {
		starts[i] = off
		off += len(l) + 1
	}
	return starts
}

// definesAlias reports whether one of lines may define a type alias or
// open a module (verify.AliasEvent; see checker.scanAliases).
func definesAlias(lines []string) bool {
	for _, l := range lines {
		if aliasEvent(l) {
			return true
		}
	}
	return false
}

// aliasEvent is verify.AliasEvent for a line of the document.
func aliasEvent(l string) bool {
	return l != "" && (l[0] == '!' || l[0] == 'm' || l[0] == '/' || l[0] == '}') && verify.AliasEvent([]byte(l))
}
