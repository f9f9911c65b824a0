package verify

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/cutec/cutec/ast"
	"github.com/cutec/cutec/diag"
	"github.com/cutec/cutec/normalize"
)

// canonicalCheck is the check canonical (see checks in check.go).
var canonicalCheck = &Check{
	Name: "canonical",
	Doc: "Values written in cutec's own notation are in the dialect's canonical spelling: no spaces, " +
		"S<B,M,S>, an explicit composed-layout offset (W0903, with a fix; `cutec fmt` applies it); " +
		"CuTe's own C++ and DSL spellings draw no warning.",
	Codes: []diag.Code{diag.NonCanonical},
	Value: checkCanonical,
}

func checkCanonical(s *Subject) {
	node := payload(s.Node) // a wrapper is kept; its payload is the spelling
	if writtenCanonically(s, node) {
		return // the common case, decided without making strings
	}
	text, canon, at := sourceText(s.File, node), s.Value.String(), spanOf(node)
	if text == "" || text == canon || hasName(node) {
		return // a name's value is not a spelling of the text
	}
	if cuteSpelling(text) {
		return // pasted from CuTe's code or print: not a misspelling of cutec's form
	}
	if composedWithoutOffset(s) {
		return // W0910 says more: A o B is probably meant as a composition
	}
	if s.ir && strings.ReplaceAll(strings.ReplaceAll(text, "{i32}", ""), "{i32 ", "{") == canon {
		return // CuTe DSL writes the default width of a dynamic leaf (`?{i32 div=8}`) on purpose
	}
	d := s.Report(diag.NonCanonical, at, fmt.Sprintf("%s is canonically written %s", text, canon))
	d.Fix = &diag.Fix{Message: "write " + canon, Edits: []diag.Edit{{Span: at, NewText: canon}}}
}

// writtenCanonically reports, for a layout or a tuple value that can be
// written out without making a string, whether node's text in s.File is
// its canonical spelling (false when it cannot tell).
func writtenCanonically(s *Subject, node ast.Expr) bool {
	f := s.File
	if f == nil || node.Pos() < 0 || node.End() > len(f.Src) || node.Pos() >= node.End() {
		return false
	}
	var buf [128]byte
	var canon []byte
	switch v := s.Value.(type) {
	case normalize.Layout:
		canon, _ = v.L.AppendText(buf[:0])
	case normalize.Tuple:
		canon, _ = v.T.AppendText(buf[:0])
	case normalize.Composed:
		canon, _ = v.C.AppendText(buf[:0])
	default:
		return false
	}
	return bytes.Equal(f.Src[node.Pos():node.End()], canon)
}

// sourceText returns the text of a node in f, or "" when f does not hold it.
func sourceText(f *diag.File, n ast.Node) string {
	if f == nil || n.Pos() < 0 || n.End() > len(f.Src) || n.Pos() > n.End() {
		return ""
	}
	return string(f.Src[n.Pos():n.End()])
}

// hasName reports whether a name, call or application occurs in e, such as
// B in `S<3,4,3> o 0 o B`, or a symbol with a fact, M{div=128}, which a
// value does not spell (the fact is a declaration).
func hasName(e ast.Expr) bool {
	found := false
	ast.Inspect(e, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.Ident, *ast.Call, *ast.Apply:
			found = true
		case *ast.Symbol:
			found = n.Div != nil
		}
		return !found
	})
	return found
}

// cuteSpelling reports whether text is written as CuTe C++ or CuTe DSL
// writes or prints a value rather than in cutec's notation: it has a static
// marker (`_4`), a template or call (a name other than cutec's own `S`
// followed by `<`, or any name followed by `(`), a C++ value's `{}`, a
// qualified name or the paper's `∘`; or it is a tiler as CuTe C++ prints
// one, `(4:1,8:2)`.
func cuteSpelling(text string) bool {
	if strings.Contains(text, "{}") || strings.Contains(text, "\u2218") || strings.Contains(text, "cute") {
		return true
	}
	word := 0 // the length of the name that ends before i
	for i := 0; i < len(text); i++ {
		c := text[i]
		switch {
		case i > 0 && text[i-1] == '_' && '0' <= c && c <= '9' && word == 1:
			return true // _4
		case c == '(' && word > 0, c == '<' && word > 0 && text[i-word:i] != "S":
			return true
		}
		if ('a' <= c && c <= 'z') || ('A' <= c && c <= 'Z') || c == '_' || (word > 0 && '0' <= c && c <= '9') {
			word++
		} else {
			word = 0
		}
	}
	return strings.HasPrefix(text, "(") && strings.Contains(text, ":") && !strings.Contains(text, "):") && !strings.ContainsAny(text, " \t")
}
