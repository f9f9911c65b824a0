package verify

import (
	"github.com/cutec/cutec/ast"
	"github.com/cutec/cutec/diag"
	"github.com/cutec/cutec/layout"
)

// obligationDiagnostic is the diagnostic of a condition of a symbolic or
// dynamic result (docs/symbols.md, docs/dialect.md "The rule for dynamic
// values") that the facts leave open: a warning at the call that states
// the exact condition, a value for which it fails, and the fact that would
// prove it; W0919 where the condition is one the dialect assumes of a
// dynamic value. A proved obligation says nothing; a refuted one is an
// error of the evaluation itself (E0716).
func obligationDiagnostic(f *diag.File, n *ast.Call, o layout.Obligation, v layout.Verdict, text string) *diag.Diagnostic {
	if v == layout.Proved || v == layout.Refuted && !o.Residue {
		return nil
	}
	code := diag.ObligationOpen
	if o.Residue {
		code = diag.FoldOutsideDomain // a partial tile (W0500), not a condition of the result
	}
	if o.Assumed {
		code = diag.DynamicAssumed
	}
	return &diag.Diagnostic{Code: code, Severity: diag.Warning, File: f,
		Span: diag.Span{Start: n.Pos(), End: n.End()}, Message: text}
}

// dynamicObligationsCheck is the check dynamic-obligations (see checks in
// check.go). The conditions are stated by the evaluation (normalize's
// OnObligation); this entry names their codes for -disable.
var dynamicObligationsCheck = &Check{
	Name: "dynamic-obligations",
	Doc: "A result computed from symbols or from ? (values known only at run time) is right only under the " +
		"conditions the symbolic algebra derives, each ? a fresh symbol ?1, ?2, ... in the order of the arguments, " +
		"such as a dynamic tile dividing the size of a static layout (NVIDIA/cutlass #3513); those the facts " +
		"leave open are W0914, those no value satisfies E0716.",
	Codes: []diag.Code{diag.ObligationOpen, diag.ObligationFalse},
}

// dynamicAssumptionCheck is the check dynamic-assumption (see checks in
// check.go): what the dialect assumes of a ? is stated by the evaluation.
var dynamicAssumptionCheck = &Check{
	Name: "dynamic-assumption",
	Doc: "What the dialect assumes of a ? without a fact to prove it (an extent that is not 1, a stride " +
		"that is not 0 or is positive): W0919, told apart from what the facts prove.",
	Codes: []diag.Code{diag.DynamicAssumed},
}
