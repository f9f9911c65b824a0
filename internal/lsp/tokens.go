package lsp

import (
	"encoding/json"
	"sort"
	"strings"

	"github.com/cutec/cutec/ast"
	"github.com/cutec/cutec/diag"
)

// token is one semantic token before encoding: a byte range on one line.
type token struct {
	line, start, end int
	typ, mods        int
}

func (s *Server) semanticTokens(params json.RawMessage) (any, *rpcError) {
	_, d, err := openDocument[documentParams](s, params)
	if err != nil {
		return nil, err
	}
	if d.isMLIR || d.isSource {
		return semanticTokens{Data: []int{}}, nil
	}
	return semanticTokens{Data: d.encode(d.cuteTokens())}, nil
}

// cuteTokens lists the tokens of a .cute document: comments, the keywords
// assert and expect, comparison operators, operation names, names (with
// the declaration modifier where they are defined) and numbers.
func (d *document) cuteTokens() []token {
	a := d.analysis()
	if a == nil {
		return nil // a document over maxAnalysisBytes
	}
	var toks []token
	add := func(s diag.Span, typ, mods int) {
		l1, b1 := a.lineOf(s.Start)
		l2, b2 := a.lineOf(s.End)
		if l1 != l2 || b2 <= b1 {
			return // tokens are one line long
		}
		toks = append(toks, token{l1, b1, b2, typ, mods})
	}
	for i, l := range d.lines {
		// A comment ends at the end of the line or at a lone "\r"
		// (syntax.IsLineEnd), after which another may start.
		l = lineContent(l)
		for from := 0; from < len(l); {
			j := strings.IndexByte(l[from:], '#')
			if j < 0 {
				break
			}
			j += from
			end := len(l)
			if k := strings.IndexByte(l[j:], '\r'); k >= 0 {
				end = j + k
			}
			toks = append(toks, token{i, j, end, tokComment, 0})
			from = end
		}
	}
	if a.tree != nil {
		for _, st := range a.tree.Stmts {
			switch st := st.(type) {
			case *ast.AssertStmt:
				add(diag.Span{Start: st.Span.Start, End: st.Span.Start + len("assert")}, tokKeyword, 0)
				add(st.OpSpan, tokOperator, 0)
			case *ast.ExpectStmt:
				add(diag.Span{Start: st.Span.Start, End: st.Span.Start + len("expect")}, tokKeyword, 0)
			case *ast.AssignStmt:
				if st.Name != nil {
					add(st.Name.Span, tokVariable, modDeclaration)
				}
			}
			ast.Inspect(st, func(n ast.Node) bool {
				if x, ok := n.(*ast.Int); ok && x != nil {
					add(x.Span, tokNumber, 0)
				}
				return true
			})
		}
	}
	for _, id := range a.funcs {
		add(id.Span, tokFunction, 0)
	}
	decl := map[diag.Span]bool{}
	for _, sp := range a.defs {
		decl[sp] = true
	}
	for _, id := range a.names {
		if !decl[id.Span] {
			add(id.Span, tokVariable, 0)
		}
	}
	return toks
}

// encode sorts tokens, drops overlapping ones and encodes them as the
// protocol's relative integers, with lengths and starts in UTF-16 units.
func (d *document) encode(toks []token) []int {
	sort.SliceStable(toks, func(i, j int) bool {
		if toks[i].line != toks[j].line {
			return toks[i].line < toks[j].line
		}
		return toks[i].start < toks[j].start
	})
	data := []int{}
	prevLine, prevChar, prevEnd := 0, 0, -1
	lastLine := -1
	for _, t := range toks {
		if t.line == lastLine && t.start < prevEnd {
			continue
		}
		ps, pe := d.position(t.line, t.start), d.position(t.line, t.end)
		if pe.Line != ps.Line {
			// A lone "\r" ends the protocol's line inside the token (a
			// comment): the token stops there.
			pe = d.position(t.line, t.start+strings.IndexByte(d.lines[t.line][t.start:], '\r'))
		}
		start, end := ps.Character, pe.Character
		if end <= start || pe.Line != ps.Line {
			continue
		}
		dl := ps.Line - prevLine
		dc := start
		if dl == 0 {
			dc = start - prevChar
		}
		data = append(data, dl, dc, end-start, t.typ, t.mods)
		prevLine, prevChar, prevEnd, lastLine = ps.Line, start, t.end, t.line
	}
	return data
}
