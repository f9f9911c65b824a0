package normalize

import (
	"errors"
	"fmt"

	"github.com/cutec/cutec/diag"
	"github.com/cutec/cutec/internal/cppnames"
	"github.com/cutec/cutec/layout"
	"github.com/cutec/cutec/tiled"
)

// report builds the diagnostics of normalization and evaluation, all in one
// place. Every diagnostic names the values involved and points at the span
// of the node it is about.
type report struct {
	file  *diag.File
	diags diag.List
}

func (r *report) add(code diag.Code, span diag.Span, format string, args ...any) *diag.Diagnostic {
	info, _ := diag.Lookup(code)
	d := &diag.Diagnostic{Code: code, Severity: info.Severity, File: r.file, Span: span, Message: fmt.Sprintf(format, args...)}
	r.diags.Add(d)
	return d
}

func (r *report) note(d *diag.Diagnostic, span diag.Span, format string, args ...any) {
	d.Notes = append(d.Notes, diag.Note{File: r.file, Span: span, Message: fmt.Sprintf(format, args...)})
}

func (r *report) zeroDenominator(span diag.Span, num int64) {
	r.add(diag.ZeroDenominator, span, "the basis count %d/0 has a zero denominator", num)
}

func (r *report) nonIntegral(span diag.Span, count Rational, extent int64) {
	r.add(diag.NonIntegralCount, span,
		"the basis count %s is not an integer and its mode has extent %d, so the layout reaches a non-integral offset", count, extent)
}

func (r *report) nonIntegralDescriptor(span diag.Span, count Rational) {
	r.add(diag.RatioNotLowerable, span,
		"the basis count %s is not an integer, so this descriptor cannot be lowered", count)
}

func (r *report) dimTooLarge(span diag.Span, dim int64) {
	r.add(diag.DimensionTooLarge, span, "the basis dimension %d is larger than %d", dim, maxDim)
}

// unknownName reports an unknown name, with s, the closest known name, as
// a suggestion when it is not "".
func (r *report) unknownName(span diag.Span, name, s string) {
	d := r.add(diag.UnknownName, span, "unknown name %s", name)
	if hint, ok := cppnames.Hint(name); ok {
		d.Message += "; " + hint
		return
	}
	if cppnames.Operation(name) {
		d.Message += "; " + name + " is an operation of CuTe that cutec does not have (cutec help eval lists cutec's)"
		return
	}
	if s != "" {
		d.Message += "; did you mean " + s + "?"
		d.Fix = &diag.Fix{Message: "replace with " + s, Edits: []diag.Edit{{Span: span, NewText: s}}}
	}
}

func (r *report) badArgCount(span diag.Span, op *operation, got int) {
	r.add(diag.BadArguments, span, "%s takes %s, not %d", op.name, op.arity(), got)
}

func (r *report) wrongKind(span diag.Span, what string, got Value) {
	r.add(diag.WrongKind, span, "expected %s, found the %s %s", what, got.Kind(), got)
}

func (r *report) notAValue(span diag.Span, what string) {
	r.add(diag.WrongKind, span, "expected %s here", what)
}

func (r *report) shapeStride(span diag.Span, shape, stride diag.Span, sh, st string) {
	d := r.add(diag.ShapeStrideMismatch, span, "the stride %s is not congruent with the shape %s", st, sh)
	r.note(d, shape, "the shape %s", sh)
	_ = stride
}

func (r *report) shapeLeaf(span diag.Span, leaf string) {
	r.add(diag.NonPositiveShape, span, "the shape leaf %s is not a positive integer", leaf)
}

func (r *report) strideLeaf(span diag.Span, leaf string) {
	r.add(diag.ShapeStrideMismatch, span, "the stride leaf %s is not an integer, a basis element or a dynamic value", leaf)
}

// algebra turns an error of the layout package into a diagnostic at span.
func (r *report) algebra(span diag.Span, err error) {
	var te *tiled.Error
	if errors.As(err, &te) {
		r.add(te.Code, span, "%s", te.Msg)
		return
	}
	var e *layout.Error
	if !errors.As(err, &e) {
		r.add(diag.BadValue, span, "%v", err)
		return
	}
	code := diag.Code(e.Code)
	if _, ok := diag.Lookup(code); !ok {
		code = diag.BadValue
	}
	r.add(code, span, "%s", e.Message())
}
