package bridge

import (
	"bytes"
	"errors"

	"github.com/cutec/cutec/diag"
	"github.com/cutec/cutec/internal/driver"
	"github.com/cutec/cutec/internal/tvpic"
	"github.com/cutec/cutec/normalize"
	"github.com/cutec/cutec/printer"
)

// Draw evaluates an expression that gives a layout, a composed layout, a
// tiled MMA or a tiled copy and draws it as "cutec show" does, in the format of printer.ShowFormat
// numbering (0 text, 1 SVG, 2 HTML, 3 CuTe's print_latex TikZ: CUTEC_DRAW_TEXT, _SVG, _HTML and
// _LATEX).
func Draw(src []byte, format int) Result {
	if format < int(printer.ShowText) || format > int(printer.ShowLatex) {
		return Failure(ExprName, "unknown drawing format %d: want CUTEC_DRAW_TEXT (0), CUTEC_DRAW_SVG (1), CUTEC_DRAW_HTML (2) or CUTEC_DRAW_LATEX (3)", format)
	}
	if l := driver.LongLines(ExprName, src); l != nil {
		return finish(Result{Diags: l})
	}
	f := diag.NewFile(ExprName, src)
	e := driver.Eval(f)
	v, diags := e.Value, e.Diags
	if diags.HasErrors() {
		return finish(Result{Diags: diags})
	}
	var out bytes.Buffer
	var err error
	switch v := v.(type) {
	case normalize.Layout:
		err = printer.ShowLayout(&out, v.L, printer.ShowFormat(format))
	case normalize.Composed:
		err = printer.ShowComposed(&out, v.C, printer.ShowFormat(format))
	default:
		// A tiled MMA or copy (docs/tiled.md): its thread-value partitions.
		pic, perr := tvpic.Of(v)
		if perr != nil {
			return finish(Result{Diags: append(diags, whole(f, diag.WrongKind,
				"the expression gives the "+kindOf(v)+"; a drawing needs a layout, a composed layout, a tiled MMA or a tiled copy"))})
		}
		err = pic.Write(&out, printer.ShowFormat(format).String())
	}
	if err != nil {
		// The conditions "cutec show" reports, with its codes.
		code := diag.EmbeddingFailure
		switch {
		case errors.Is(err, printer.ErrDynamic):
			code = diag.DynamicValue
		case errors.Is(err, printer.ErrTooLarge):
			code = diag.ValueTooLarge
		}
		return finish(Result{Diags: append(diags, whole(f, code, err.Error()))})
	}
	return finish(Result{Diags: diags, Value: out.Bytes(), HasValue: true, Kind: v.Kind().String()})
}

// kindOf names the kind and text of a value, or says there is none.
func kindOf(v normalize.Value) string {
	if v == nil {
		return "no value"
	}
	return v.Kind().String() + " " + v.String()
}

// whole returns an error diagnostic spanning the whole input of f.
func whole(f *diag.File, code diag.Code, msg string) *diag.Diagnostic {
	return &diag.Diagnostic{Code: code, Severity: diag.Error, File: f, Span: diag.Span{Start: 0, End: len(f.Src)}, Message: msg}
}
