package main

import (
	"strconv"

	"github.com/cutec/cutec/diag"
	"github.com/cutec/cutec/internal/driver"
	"github.com/cutec/cutec/layout"
	"github.com/cutec/cutec/normalize"
)

// appendValue appends the result line of an expression that evaluated.
// The obligations of a symbolic result (docs/symbols.md) follow it: in
// text, on the same line after `  # if `, which a .cute file reads as a
// comment; in JSON, as the field "obligations".
func (ev *evaluator) appendValue(b, expr []byte, v normalize.Value, obl []driver.Obligation) []byte {
	a, appends := v.(interface{ AppendText([]byte) ([]byte, error) })
	if ev.json {
		b = append(b, `{"expr":`...)
		b = driver.AppendJSONString(b, expr)
		b = append(b, `,"value":`...)
		if appends {
			var buf [128]byte // most values: the text without a string
			t, _ := a.AppendText(buf[:0])
			b = driver.AppendJSONString(b, t)
		} else {
			b = driver.AppendJSONString(b, v.String())
		}
		b = append(b, `,"kind":`...)
		b = driver.AppendJSONString(b, v.Kind().String())
		if len(obl) > 0 {
			b = append(b, `,"obligations":`...)
			b = driver.AppendObligationsJSON(b, obl)
		}
		b = append(b, '}')
	} else if appends && len(obl) == 0 && staticLayout(v) {
		b, _ = a.AppendText(b) // no string in between
	} else {
		if appends {
			b, _ = a.AppendText(b)
		} else {
			b = append(b, v.String()...)
		}
		b = driver.AppendNotes(b, v, obl)
	}
	return append(b, '\n')
}

// staticLayout reports whether v is a layout of static leaves only, which
// has no symbolic notes to append.
func staticLayout(v normalize.Value) bool {
	l, ok := v.(normalize.Layout)
	return ok && l.L.Shape().IsStatic() && l.L.Stride().IsStatic()
}

// appendError appends the error line of an expression that failed with d
// (nil when the library gave no value and no error, which it should not).
func (ev *evaluator) appendError(b, expr []byte, d *diag.Diagnostic) []byte {
	code, msg, line, col := diag.Code(""), "internal error: no value and no diagnostic", 0, 0
	if d != nil {
		pos := d.Start()
		code, msg, line, col = d.Code, d.Message, pos.Line, pos.Col
	}
	return ev.appendErrorLine(b, expr, code, msg, line, col)
}

// appendErrorLine appends the error line of an expression: its code and
// message, and with -json the line and column where the error starts.
func (ev *evaluator) appendErrorLine(b, expr []byte, code diag.Code, msg string, line, col int) []byte {
	b = ev.appendErrorHead(b, expr, code)
	if ev.json {
		b = driver.AppendJSONString(b, msg)
	} else {
		b = append(b, diag.Escape(msg)...)
	}
	return ev.appendErrorTail(b, line, col)
}

// appendErrorLineBytes is appendErrorLine for the message of a
// layout.Failure, written straight into the line: printable ASCII without
// a quote or a backslash (layout's TestPropertyFailureEqualsGeneral checks
// it), which neither diag.Escape nor a JSON string changes.
func (ev *evaluator) appendErrorLineBytes(b, expr []byte, code diag.Code, msg *layout.Failure, line, col int) []byte {
	b = ev.appendErrorHead(b, expr, code)
	if !ev.json {
		return ev.appendErrorTail(msg.AppendMessage(b), line, col)
	}
	b = msg.AppendMessage(append(b, '"'))
	return ev.appendErrorTail(append(b, '"'), line, col)
}

// appendErrorHead appends the error line up to its message.
func (ev *evaluator) appendErrorHead(b, expr []byte, code diag.Code) []byte {
	if ev.json {
		b = append(b, `{"expr":`...)
		b = driver.AppendJSONString(b, expr)
		b = append(b, `,"error":{"code":`...)
		b = driver.AppendJSONString(b, code)
		return append(b, `,"message":`...)
	}
	b = append(b, "error"...)
	if code != "" {
		b = append(append(append(b, '['), code...), ']')
	}
	return append(b, ": "...)
}

// appendErrorTail appends the end of an error line after its message.
func (ev *evaluator) appendErrorTail(b []byte, line, col int) []byte {
	if ev.json {
		b = append(b, `,"line":`...)
		b = strconv.AppendInt(b, int64(line), 10)
		b = append(b, `,"col":`...)
		b = strconv.AppendInt(b, int64(col), 10)
		b = append(b, "}}"...)
	}
	return append(b, '\n')
}
