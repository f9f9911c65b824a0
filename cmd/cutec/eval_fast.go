package main

import (
	"github.com/cutec/cutec/internal/driver"
	"github.com/cutec/cutec/internal/evalfast"
)

// appendFast appends the output line of expr to dst when the fast path of
// internal/evalfast takes it (a static layout through one operation of the
// algebra, the commonest line by far), without the parser; ok is false
// otherwise, and appendResult gives the line. Both print the same
// (eval_fast_test.go checks it).
func (ev *evaluator) appendFast(dst, expr []byte) (out []byte, ok bool) {
	if !ev.json {
		out, _, ok = evalfast.Append(dst, expr)
		if !ok {
			return dst, false
		}
		return append(out, '\n'), true
	}
	n := len(dst)
	dst = append(dst, `{"expr":`...)
	dst = driver.AppendJSONString(dst, expr)
	dst = append(dst, `,"value":"`...)
	out, kind, ok := evalfast.Append(dst, expr)
	if !ok {
		return dst[:n], false
	}
	// The text of a value is digits, parentheses, commas and colons: a JSON
	// string as it is.
	out = append(out, `","kind":"`...)
	if kind == evalfast.Layout {
		out = append(out, "layout"...)
	} else {
		out = append(out, "integer"...)
	}
	return append(out, "\"}\n"...), true
}
