package verify

import (
	"github.com/cutec/cutec/ast"
	"github.com/cutec/cutec/diag"
	"github.com/cutec/cutec/layout"
	"github.com/cutec/cutec/normalize"
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

// dynamicObligationsCheck is the check dynamic-obligations (see checks in check.go).
var dynamicObligationsCheck = &Check{
	Name: "dynamic-obligations",
	Doc: "A divide whose layout or tile holds ? (values known only at run time) is right only under the " +
		"conditions the symbolic algebra derives with each ? as a fresh symbol, such as a dynamic tile " +
		"dividing the size of a static layout (NVIDIA/cutlass #3513); those the facts leave open are " +
		"W0914, those no value satisfies E0716.",
	Codes: []diag.Code{diag.ObligationOpen, diag.ObligationFalse},
	Call:  checkDynamicObligations,
}

// dynamicDivides are the operations checkDynamicObligations looks at.
var dynamicDivides = map[string]func(*layout.Symbolic, layout.Layout, layout.Tiler) (layout.Layout, error){
	"logical_divide": (*layout.Symbolic).LogicalDivide,
	"zipped_divide":  (*layout.Symbolic).ZippedDivide,
	"tiled_divide":   (*layout.Symbolic).TiledDivide,
	"flat_divide":    (*layout.Symbolic).FlatDivide,
}

// checkDynamicObligations runs the symbolic divide on a call whose
// arguments hold ? but no named symbol (those have been through the
// symbolic algebra already) and reports its obligations. In the messages
// ?1, ?2, ... are the ? of the arguments in order.
func checkDynamicObligations(s *Subject) {
	f, ok := dynamicDivides[s.Op]
	if !ok || len(s.Args) != 2 {
		return
	}
	a, ok := s.Args[0].(normalize.Layout)
	if !ok || a.L.HasSymbols() {
		return
	}
	t, dynamic, ok := tilerOfValue(s.Args[1])
	if !ok || t.HasSymbols() || !dynamic && a.L.Shape().IsStatic() && a.L.Stride().IsStatic() {
		return
	}
	var sym layout.Symbolic
	if _, err := f(&sym, a.L, t); err != nil {
		return // undecided: the dynamic algebra's result stands, nothing to add
	}
	for _, o := range sym.Obligations {
		v, counter, fix := o.Discharge()
		if v == layout.Proved {
			continue
		}
		code := diag.ObligationOpen
		if v == layout.Refuted {
			code = diag.ObligationFalse
		}
		s.Report(code, s.Span(), o.Describe(v, counter, fix)+" (?1, ?2, ... are the ? of the arguments, in order)")
	}
}

// tilerOfValue is the tiler a divide's second argument stands for, and
// whether it holds a ?: a layout, an integer, a tiler, or a shape whose
// leaves are integers, ? (the tile ?:1) or _.
func tilerOfValue(v normalize.Value) (t layout.Tiler, dynamic, ok bool) {
	switch v := v.(type) {
	case normalize.Layout:
		return layout.TileLayout(v.L), !v.L.Shape().IsStatic() || !v.L.Stride().IsStatic(), true
	case normalize.Int:
		return layout.TileInt(int64(v)), false, true
	case normalize.Tiler:
		return v.T, false, true
	case normalize.Tuple:
		return tilerOfShape(v.T)
	}
	return layout.Tiler{}, false, false
}

func tilerOfShape(s layout.IntTuple) (t layout.Tiler, dynamic, ok bool) {
	switch {
	case s.IsTuple():
		modes := make([]layout.Tiler, s.Len())
		for i := range modes {
			m, d, ok := tilerOfShape(s.At(i))
			if !ok {
				return layout.Tiler{}, false, false
			}
			modes[i], dynamic = m, dynamic || d
		}
		return layout.TileTuple(modes...), dynamic, true
	case s.Kind() == layout.KindDynamic:
		l, err := layout.New(s, layout.Int(1))
		return layout.TileLayout(l), true, err == nil
	}
	t, err := layout.TilerOfShape(s)
	return t, false, err == nil
}
