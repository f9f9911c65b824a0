package verify

import (
	"fmt"

	"github.com/cutec/cutec/ast"
	"github.com/cutec/cutec/diag"
	"github.com/cutec/cutec/layout"
	"github.com/cutec/cutec/normalize"
)

// composedFormCheck is the check composed-form (see checks in check.go).
var composedFormCheck = &Check{
	Name: "composed-form",
	Doc: "`A o B` written without an offset and with a layout A is a composed layout, not the " +
		"paper's composition A o B (W0910): the composition is composition(A, B). Not reported in " +
		"wrapper payloads and .mlir files, which tools print.",
	Codes: []diag.Code{diag.ComposedNotComposition},
	Value: checkComposedForm,
}

// checkComposedForm reports `A o B` with a layout A: a reader of the CuTe
// paper means the composition, which cutec spells composition(A, B); the
// dialect and CuTe always print a composed layout with its offset.
func checkComposedForm(s *Subject) {
	if !composedWithoutOffset(s) {
		return
	}
	v := s.Value.(normalize.Composed)
	n := payload(s.Node).(*ast.Composed)
	a := v.C.Outer.(layout.Layout)
	msg := fmt.Sprintf("%s o %s is a composed layout (the function c -> A(B(c)) kept as two layouts), not the composition of the CuTe paper",
		a, v.C.Inner)
	if r, err := layout.Compose(a, v.C.Inner); err == nil {
		msg += fmt.Sprintf(", which is the layout composition(A, B) = %s", r)
	}
	src := s.File.Src
	sa, sb := spanOf(n.Outer), spanOf(n.Inner)
	repl := "composition(" + string(src[sa.Start:sa.End]) + ", " + string(src[sb.Start:sb.End]) + ")"
	d := s.Report(diag.ComposedNotComposition, spanOf(n), msg)
	d.Fix = &diag.Fix{Message: "for the composition, write " + repl + "; for a composed layout, write the offset: A o 0 o B",
		Edits: []diag.Edit{{Span: spanOf(n), NewText: repl}}}
}

// composedWithoutOffset reports whether the subject is a composed layout
// written `A o B` (no offset) with a layout A, by a person: in an
// expression or a .cute file, not in the payload of a wrapper or an .mlir
// file (lowerable mode), whose text a tool printed. The canonical check
// leaves it to W0910, whose fix is not the canonical spelling A o 0 o B:
// that would keep what is probably a mistake.
func composedWithoutOffset(s *Subject) bool {
	v, ok := s.Value.(normalize.Composed)
	if !ok || s.lowerable {
		return false
	}
	if _, wrapped := s.Node.(*ast.Wrapper); wrapped {
		return false
	}
	n, ok := payload(s.Node).(*ast.Composed)
	if !ok || n.Offset != nil {
		return false
	}
	_, ok = v.C.Outer.(layout.Layout)
	return ok
}
