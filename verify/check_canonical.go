package verify

import (
	"fmt"

	"github.com/cutec/cutec/ast"
	"github.com/cutec/cutec/diag"
)

func init() {
	Register(&Check{
		Name: "canonical",
		Doc: "Values are written in the dialect's canonical spelling: no spaces, no static markers, " +
			"S<B,M,S>, an explicit composed-layout offset (W0903, with a fix; `cutec fmt` applies it).",
		Codes: []diag.Code{diag.NonCanonical},
		Value: checkCanonical,
	})
}

func checkCanonical(s *Subject) {
	text, canon := s.Text(), s.Value.String()
	if text == "" || text == canon || hasName(s.Node) {
		return // a name's value is not a spelling of the text
	}
	d := s.Report(diag.NonCanonical, s.Span(), fmt.Sprintf("%s is canonically written %s", text, canon))
	d.Fix = &diag.Fix{Message: "write " + canon, Edits: []diag.Edit{{Span: s.Span(), NewText: canon}}}
}

// hasName reports whether a name, call or application occurs in e, such as
// B in `S<3,4,3> o 0 o B`.
func hasName(e ast.Expr) bool {
	found := false
	ast.Inspect(e, func(n ast.Node) bool {
		switch n.(type) {
		case *ast.Ident, *ast.Call, *ast.Apply:
			found = true
		}
		return !found
	})
	return found
}
