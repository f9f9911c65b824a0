package main

import (
	"sync"

	"github.com/cutec/cutec/diag"
	"github.com/cutec/cutec/internal/driver"
	"github.com/cutec/cutec/internal/evalfast"
	"github.com/cutec/cutec/layout"
)

// appendFast appends the output line of expr, line number line of its
// input, to dst when the fast path of internal/evalfast takes it (a static
// layout through one operation of the algebra, the commonest line by far),
// without the parser; ok is false otherwise, and appendResult gives the
// line. Both print the same (eval_fast_test.go checks it). The fast path
// also takes a line whose operation fails a condition of the algebra (a
// divisibility, an injectivity): it words the error as the full path does
// (layout.Error.Message, the code when the catalogue has it), without a
// parse, and failed is true.
// fail is where evalfast says why a line failed, the caller's so that a
// line does not clear it.
//
// A line with symbols that the fast path reads (evalfast.ReadSymbolic) is
// evaluated without the parser too (appendSymbolic).
func (ev *evaluator) appendFast(dst, expr []byte, line int, fail *evalfast.Failure) (out []byte, ok, failed bool) {
	out, ok, failed, _ = ev.appendFastCost(dst, expr, line, fail)
	return out, ok, failed
}

// appendFastCost is appendFast, and whether the line was one with symbols,
// which costs tens of times a static line (the pipeline's rule for cheap
// chunks counts it as a line of the full path).
func (ev *evaluator) appendFastCost(dst, expr []byte, line int, fail *evalfast.Failure) (out []byte, ok, failed, costly bool) {
	if !ev.json {
		out, kind, ok := evalfast.Eval(dst, expr, fail)
		if !ok {
			out, ok = ev.appendSymbolic(dst, expr)
			return out, ok, false, ok
		}
		if kind == evalfast.Failed {
			out, ok, failed = ev.appendFailure(dst, expr, line, fail)
			return out, ok, failed, false
		}
		return append(out, '\n'), true, false, false
	}
	n := len(dst)
	dst = append(dst, `{"expr":`...)
	dst = driver.AppendJSONString(dst, expr)
	dst = append(dst, `,"value":"`...)
	out, kind, ok := evalfast.Eval(dst, expr, fail)
	if !ok {
		out, ok = ev.appendSymbolic(dst[:n], expr)
		return out, ok, false, ok
	}
	if kind == evalfast.Failed {
		out, ok, failed = ev.appendFailure(dst[:n], expr, line, fail)
		return out, ok, failed, false
	}
	// The text of a value is digits, parentheses, commas and colons: a JSON
	// string as it is.
	out = append(out, `","kind":"`...)
	if kind == evalfast.Layout {
		out = append(out, "layout"...)
	} else {
		out = append(out, "integer"...)
	}
	return append(out, "\"}\n"...), true, false, false
}

// appendFailure appends the error line of a failure the fast path found;
// a code the catalogue lacks, or that is not an error's, is left to the full
// path, which words it. A failure layout.Failure found (the commonest) is
// written straight into the output, not made a string first.
func (ev *evaluator) appendFailure(dst, expr []byte, line int, f *evalfast.Failure) ([]byte, bool, bool) {
	if f.Err != nil {
		code := diag.Code(f.Err.Code)
		if info, ok := diag.Lookup(code); !ok || info.Severity != diag.Error {
			return dst, false, false
		}
		return ev.appendErrorLine(dst, expr, code, f.Err.Message(), line, f.At+1), true, true
	}
	code := diag.Code(f.Lazy.Code)
	if !lazyCodes()[code] {
		return dst, false, false
	}
	return ev.appendErrorLineBytes(dst, expr, code, &f.Lazy, line, f.At+1), true, true
}

// lazyCodes are the codes of layout.Failure that the catalogue has as
// errors, looked up once (a code it does not list goes to the full path).
var lazyCodes = sync.OnceValue(func() map[diag.Code]bool {
	m := map[diag.Code]bool{}
	for _, c := range []layout.Code{layout.CodeStrideDivisibility, layout.CodeShapeDivisibility, layout.CodeComplementInjective} {
		if info, ok := diag.Lookup(diag.Code(c)); ok && info.Severity == diag.Error {
			m[diag.Code(c)] = true
		}
	}
	return m
})
