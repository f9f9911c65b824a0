package lsp

import (
	"encoding/json"
	"strings"
	"unicode/utf8"
)

func (s *Server) formatting(params json.RawMessage) (any, *rpcError) {
	_, d, err := openDocument[documentParams](s, params)
	if err != nil {
		return nil, err
	}
	if s.opts.Format == nil {
		return nil, errorf(codeRequestFailed, "formatting is not available")
	}
	if d.isSource {
		return []TextEdit{}, nil // cutec fmt rewrites .cute and MLIR, not C++ or Python
	}
	old := d.text()
	out, diags, ferr := s.opts.Format(d.name, []byte(old), d.isMLIR)
	switch {
	case ferr != nil:
		return nil, errorf(codeRequestFailed, "formatting failed: %v", ferr)
	case diags.HasErrors():
		x := diags[0]
		p := x.Start()
		return nil, errorf(codeRequestFailed, "not formatted: %d:%d: %s[%s]: %s", p.Line, p.Col, x.Severity, x.Code, x.Message)
	}
	return d.edits(string(out)), nil
}

// edits returns the text edits that turn the document into text: one per
// changed line when the line count is kept (the fmt rewrite never joins
// or splits lines), each covering only the bytes that differ; otherwise
// one edit from the first difference to the last.
func (d *document) edits(text string) []TextEdit {
	newLines := strings.Split(text, "\n")
	out := []TextEdit{}
	if len(newLines) != len(d.lines) {
		old := d.text()
		pre, suf := commonAffixes(old, text)
		if pre == len(old) && pre == len(text) {
			return out
		}
		a := &cuteAnalysis{starts: d.lineStarts()}
		l1, b1 := a.lineOf(pre)
		l2, b2 := a.lineOf(len(old) - suf)
		return append(out, TextEdit{Range: Range{Start: d.position(l1, b1), End: d.position(l2, b2)}, NewText: text[pre : len(text)-suf]})
	}
	for i, o := range d.lines {
		n := newLines[i]
		if o == n {
			continue
		}
		pre, suf := commonAffixes(o, n)
		out = append(out, TextEdit{
			Range:   Range{Start: d.position(i, pre), End: d.position(i, len(o)-suf)},
			NewText: n[pre : len(n)-suf],
		})
	}
	return out
}

// commonAffixes returns the lengths of the longest common prefix and
// suffix of a and b that do not overlap and do not cut a UTF-8 character.
func commonAffixes(a, b string) (pre, suf int) {
	n := min(len(a), len(b))
	for pre < n && a[pre] == b[pre] {
		pre++
	}
	for pre > 0 && pre < len(a) && !utf8.RuneStart(a[pre]) {
		pre--
	}
	for suf < n-pre && a[len(a)-1-suf] == b[len(b)-1-suf] {
		suf++
	}
	for suf > 0 && !utf8.RuneStart(a[len(a)-suf]) {
		suf--
	}
	return pre, suf
}

func (s *Server) codeAction(params json.RawMessage) (any, *rpcError) {
	p, d, err := openDocument[codeActionParams](s, params)
	if err != nil {
		return nil, err
	}
	out := []codeAction{}
	for _, x := range s.found[d.uri] {
		if x.d.Fix == nil || len(x.d.Fix.Edits) == 0 {
			continue
		}
		ld := d.lspDiagnostic(x)
		if !overlaps(ld.Range, p.Range) {
			continue
		}
		var edits []TextEdit
		for _, e := range x.d.Fix.Edits {
			edits = append(edits, TextEdit{Range: d.spanRange(x.d.File, e.Span, x.shift), NewText: e.NewText})
		}
		out = append(out, codeAction{
			Title:       x.d.Fix.Message + " (" + string(x.d.Code) + ")",
			Kind:        "quickfix",
			Diagnostics: []Diagnostic{ld},
			IsPreferred: true,
			Edit:        workspaceEdit{Changes: map[string][]TextEdit{d.uri: edits}},
		})
	}
	return out, nil
}

// overlaps reports whether two ranges share a position (an empty range
// touching another counts).
func overlaps(a, b Range) bool {
	return !less(a.End, b.Start) && !less(b.End, a.Start)
}

func less(p, q Position) bool {
	return p.Line < q.Line || p.Line == q.Line && p.Character < q.Character
}
