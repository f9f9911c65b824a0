package verify

import (
	"github.com/cutec/cutec/ast"
	"github.com/cutec/cutec/diag"
	"github.com/cutec/cutec/layout"
)

// obligationDiagnostic is the diagnostic of an obligation of a symbolic
// result (docs/symbols.md) that the facts leave open: a warning at the call
// that states the exact condition, a value for which it fails, and the fact
// that would prove it. A proved obligation says nothing; a refuted one is
// an error of the evaluation itself (E0716).
func obligationDiagnostic(f *diag.File, n *ast.Call, o layout.Obligation, v layout.Verdict, text string) *diag.Diagnostic {
	if v != layout.Open {
		return nil
	}
	return &diag.Diagnostic{Code: diag.ObligationOpen, Severity: diag.Warning, File: f,
		Span: diag.Span{Start: n.Pos(), End: n.End()}, Message: text}
}
