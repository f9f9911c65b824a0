package parser

import (
	"fmt"
	"strings"
	"testing"

	"github.com/cutec/cutec/ast"
	"github.com/cutec/cutec/diag"
	"github.com/cutec/cutec/internal/syntax"
)

// uncached is a parser without cache, for tests that look at every parse.
var uncached = New(Options{CacheSize: -1})

// reference parses with the tagged grammar alone: no fast path anywhere.
var reference = &Parser{maxDepth: DefaultMaxDepth, g: syntax.Reference(), noFastRoot: true}

// parseAs parses src as form with p.
func parseAs(p *Parser, form Form, src string) (ast.Node, diag.List, *diag.File) {
	f := diag.NewFile("in", []byte(src))
	n, d := p.Parse(form, f)
	return n, d, f
}

// dump returns the tree dump, or "<nil>".
func dump(n ast.Node) string {
	if n == nil {
		return "<nil>"
	}
	return ast.Sprint(n)
}

// describeDiags formats diagnostics with codes, columns and messages.
func describeDiags(l diag.List) string {
	var b strings.Builder
	for _, d := range l {
		fmt.Fprintf(&b, "%s@%d %s; ", d.Code, d.Start().Col, d.Message)
	}
	return b.String()
}

// short abbreviates long inputs in messages.
func short(src string) string {
	if len(src) > 60 {
		return src[:40] + "…" + src[len(src)-10:]
	}
	return src
}

// checkResult checks the invariants of any parse: a nil node exactly when
// there is an error, spans inside the input, no internal error.
func checkResult(t *testing.T, src string, n ast.Node, l diag.List) {
	t.Helper()
	if (n == nil) != l.HasErrors() {
		t.Fatalf("%q: node %v with diagnostics %s", short(src), n != nil, describeDiags(l))
	}
	for _, d := range l {
		if d.Span.Start < 0 || d.Span.Start > d.Span.End || d.Span.End > len(src) {
			t.Fatalf("%q: diagnostic span %v outside the input", short(src), d.Span)
		}
		if strings.Contains(d.Message, "internal parser error") {
			t.Fatalf("%q: %s", short(src), d.Message)
		}
		for _, note := range d.Notes {
			if note.Span.Start < 0 || note.Span.End > len(src) {
				t.Fatalf("%q: note span %v outside the input", short(src), note.Span)
			}
		}
	}
	if n != nil {
		checkSpans(t, src, n)
	}
}

// checkSpans checks that every node has Pos <= End inside the input and that
// children nest inside their parents.
func checkSpans(t *testing.T, src string, root ast.Node) {
	t.Helper()
	var stack []ast.Node
	ast.Inspect(root, func(n ast.Node) bool {
		if n == nil {
			stack = stack[:len(stack)-1]
			return false
		}
		if n.Pos() < 0 || n.Pos() > n.End() || n.End() > len(src) {
			t.Errorf("%q: %T span [%d,%d) outside the input", short(src), n, n.Pos(), n.End())
		}
		if len(stack) > 0 {
			p := stack[len(stack)-1]
			if n.Pos() < p.Pos() || n.End() > p.End() {
				t.Errorf("%q: %T [%d,%d) not inside its parent %T [%d,%d)", short(src), n, n.Pos(), n.End(), p, p.Pos(), p.End())
			}
		}
		if l, ok := n.(*ast.Layout); ok && l.Colon != -1 && (l.Colon < l.Shape.End() || l.Colon >= l.Stride.Pos() || src[l.Colon] != ':') {
			t.Errorf("%q: colon at %d is not between shape and stride", short(src), l.Colon)
		}
		stack = append(stack, n)
		return true
	})
}
