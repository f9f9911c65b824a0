package bridge

import (
	"github.com/cutec/cutec/diag"
	cutefmt "github.com/cutec/cutec/format"
	"github.com/cutec/cutec/internal/driver"
	"github.com/cutec/cutec/normalize"
)

// Kind is the kind of a buffer to lint or format.
type Kind int

// The kinds, with the values of CUTEC_CUTE and CUTEC_MLIR in capi/cutec.h.
const (
	Cute Kind = 0 // a .cute file: statements, assert, expect
	MLIR Kind = 1 // MLIR text: the payloads of the dialect's wrappers
)

// ExprName names the input of Eval, Verify and Draw in diagnostics.
const ExprName = "<expr>"

// Eval evaluates a value or an expression, as "cutec eval" does (the one
// evaluation every front end runs, driver.Eval): the canonical text of the
// result with the obligations of a symbolic result, or the diagnostics (the
// first error is the one "cutec eval" prints).
func Eval(src []byte) Result {
	if l := driver.LongLines(ExprName, src); l != nil {
		return finish(Result{Diags: l})
	}
	e := driver.Eval(diag.NewFile(ExprName, src))
	r := valueResult(e.Value, e.Diags)
	if e.Value != nil {
		r.Obligations, r.Notes = e.Obligations, driver.AppendNotes(nil, e.Value, e.Obligations)
	}
	return finish(r)
}

// Verify verifies a value or an expression with every default check, as
// "cutec verify" does: the value when it evaluates, and every diagnostic.
func Verify(src []byte) Result {
	if l := driver.LongLines(ExprName, src); l != nil {
		return finish(Result{Diags: l})
	}
	f := diag.NewFile(ExprName, src)
	v, diags := driver.Default().Cute.Expr(f)
	return finish(valueResult(v, diags))
}

// valueResult pairs a value (nil when there is none) with diagnostics.
func valueResult(v normalize.Value, diags diag.List) Result {
	r := Result{Diags: diags}
	if v != nil {
		r.Value, r.HasValue, r.Kind = []byte(v.String()), true, v.Kind().String()
	} else if !diags.HasErrors() {
		r.Failed = true
		r.Diags = append(r.Diags, Failure(ExprName, "internal error: no value and no diagnostic").Diags...)
	}
	return r
}

// Lint checks a whole buffer as a .cute file or as MLIR, as "cutec lint"
// checks a file, with the default checks (driver.Default; a byte-order mark
// at the start is passed over): no value, only diagnostics.
func Lint(name string, src []byte, kind Kind) Result {
	if kind != Cute && kind != MLIR {
		return badKind(name, kind)
	}
	if l := driver.LongLines(name, src); l != nil {
		return finish(Result{Diags: l})
	}
	var diags diag.List
	switch kind {
	case Cute:
		diags = driver.Default().Cute.CuteFile(driver.LineWindow(name, src, 0, 1))
	case MLIR:
		diags = driver.Default().MLIR.MLIR(diag.NewFile(name, src))
	}
	return finish(Result{Diags: diags.Dedup()})
}

// Format returns the buffer with its values in canonical spelling, as
// "cutec fmt" prints a file, or the diagnostics of its syntax errors.
func Format(name string, src []byte, kind Kind) Result {
	if kind != Cute && kind != MLIR {
		return badKind(name, kind)
	}
	if l := driver.LongLines(name, src); l != nil {
		return finish(Result{Diags: l})
	}
	out, diags, err := cutefmt.Source(name, src, kind == MLIR)
	if err != nil {
		return Failure(name, "internal error: formatting: %v", err)
	}
	r := Result{Diags: diags}
	if !diags.HasErrors() {
		r.Value, r.HasValue = out, true
	}
	return finish(r)
}

// badKind is the failure of an unknown Kind.
func badKind(name string, kind Kind) Result {
	return Failure(name, "unknown input kind %d: want CUTEC_CUTE (0) or CUTEC_MLIR (1)", int(kind))
}
