package lsp

import (
	"strings"

	"github.com/cutec/cutec/ast"
	"github.com/cutec/cutec/diag"
	"github.com/cutec/cutec/internal/explain"
	"github.com/cutec/cutec/normalize"
)

// hoverSteps is the most steps of a derivation a hover shows.
const hoverSteps = 24

// hoverDerivation is the part of a hover on a call of an operation that
// shows its derivation (docs/explain.md), the names of the file replaced by
// their values; "" for anything else.
func hoverDerivation(f *diag.File, e ast.Expr, env *normalize.Env) string {
	c, ok := e.(*ast.Call)
	if !ok || c.Fun == nil {
		return ""
	}
	if _, ok := normalize.OperationDoc(c.Fun.Name); !ok {
		return ""
	}
	d := explain.ExplainExpr(f, c, env)
	if len(d.Steps) < 2 {
		return ""
	}
	var b strings.Builder
	b.WriteString("\n---\n\nderivation (`cutec eval -explain`):\n\n```\n")
	explain.WriteText(&b, d, hoverSteps)
	b.WriteString("```\n")
	return b.String()
}
