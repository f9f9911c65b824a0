package bridge

import (
	"bytes"
	"sync"

	"github.com/cutec/cutec/diag"
	cutefmt "github.com/cutec/cutec/format"
	"github.com/cutec/cutec/normalize"
	"github.com/cutec/cutec/parser"
	"github.com/cutec/cutec/verify"
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

// Eval evaluates a value or an expression, as "cutec eval" does: the
// canonical text of the result, or the diagnostics (the first error is the
// one "cutec eval" prints).
func Eval(src []byte) Result {
	if l := longLines(ExprName, src); l != nil {
		return finish(Result{Diags: l})
	}
	f := diag.NewFile(ExprName, src)
	v, diags := evalExpr(f)
	return finish(valueResult(v, diags))
}

// evalExpr parses and evaluates the expression held in f.
func evalExpr(f *diag.File) (normalize.Value, diag.List) {
	x, diags := parser.ParseExpr(f)
	if diags.HasErrors() {
		return nil, diags
	}
	ev := normalize.Evaluator{File: f}
	v, more := ev.Eval(x)
	return v, append(diags, more...)
}

// Verify verifies a value or an expression with every default check, as
// "cutec verify" does: the value when it evaluates, and every diagnostic.
func Verify(src []byte) Result {
	if l := longLines(ExprName, src); l != nil {
		return finish(Result{Diags: l})
	}
	f := diag.NewFile(ExprName, src)
	v, diags := verify.Default().Expr(f)
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

// mlirPass is the pass "cutec lint" runs on MLIR payloads: it also rejects
// what the dialect cannot lower. Like verify.Default it is made once and is
// safe for concurrent use.
var mlirPass = sync.OnceValue(func() *verify.Pass {
	p, err := verify.NewPass(verify.Options{Lowerable: true})
	if err != nil {
		panic(err) // the default options name no check, so cannot fail
	}
	return p
})

// utf8BOM is the byte-order mark an editor may put at the start of a file;
// like "cutec lint", a lint skips it (columns still count it).
var utf8BOM = []byte("\xef\xbb\xbf")

// Lint checks a whole buffer as a .cute file or as MLIR, as "cutec lint"
// checks a file: no value, only diagnostics.
func Lint(name string, src []byte, kind Kind) Result {
	if kind != Cute && kind != MLIR {
		return badKind(name, kind)
	}
	if l := longLines(name, src); l != nil {
		return finish(Result{Diags: l})
	}
	var diags diag.List
	switch kind {
	case Cute:
		f := diag.NewFile(name, src)
		if bytes.HasPrefix(src, utf8BOM) {
			f = diag.NewWindow(name, src[len(utf8BOM):], len(utf8BOM), 1, 1+len(utf8BOM))
		}
		diags = verify.Default().CuteFile(f)
	case MLIR:
		diags = mlirPass().MLIR(diag.NewFile(name, src))
	}
	return finish(Result{Diags: diags.Dedup()})
}

// Format returns the buffer with its values in canonical spelling, as
// "cutec fmt" prints a file, or the diagnostics of its syntax errors.
func Format(name string, src []byte, kind Kind) Result {
	if kind != Cute && kind != MLIR {
		return badKind(name, kind)
	}
	if l := longLines(name, src); l != nil {
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
