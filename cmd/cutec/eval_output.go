package main

import (
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/cutec/cutec/diag"
	"github.com/cutec/cutec/normalize"
)

// appendValue appends the result line of an expression that evaluated.
// The obligations of a symbolic result (docs/symbols.md) follow it: in
// text, on the same line after `  # if `, which a .cute file reads as a
// comment; in JSON, as the field "obligations".
func (ev *evaluator) appendValue(b, expr []byte, v normalize.Value, obl []obligation) []byte {
	if ev.json {
		b = append(b, `{"expr":`...)
		b = appendJSONString(b, expr)
		b = append(b, `,"value":`...)
		b = appendJSONString(b, v.String())
		b = append(b, `,"kind":`...)
		b = appendJSONString(b, v.Kind().String())
		if len(obl) > 0 {
			b = append(b, `,"obligations":[`...)
			for i, o := range obl {
				if i > 0 {
					b = append(b, ',')
				}
				b = append(b, `{"condition":`...)
				b = appendJSONString(b, o.cond)
				b = append(b, `,"proved":`...)
				b = strconv.AppendBool(b, o.proved)
				b = append(b, '}')
			}
			b = append(b, ']')
		}
		b = append(b, '}')
	} else if a, ok := v.(interface{ AppendText([]byte) ([]byte, error) }); ok && len(obl) == 0 && staticLayout(v) {
		b, _ = a.AppendText(b) // no string in between
	} else {
		b = append(b, v.String()...)
		b = appendSymbolNotes(b, v, obl)
	}
	return append(b, '\n')
}

// staticLayout reports whether v is a layout of static leaves only, which
// has no symbolic notes to append.
func staticLayout(v normalize.Value) bool {
	l, ok := v.(normalize.Layout)
	return ok && l.L.Shape().IsStatic() && l.L.Stride().IsStatic()
}

// appendSymbolNotes appends what a symbolic result comes with, after `  # `
// (a comment to a .cute file): the known divisor of a symbolic integer, the
// facts of its symbols, and its obligations:
// `4*M  # div=32; M{div=8}` and `(128,M/128):(1,128)  # if 128 | M`.
func appendSymbolNotes(b []byte, v normalize.Value, obl []obligation) []byte {
	var parts []string
	t, isTuple := v.(normalize.Tuple)
	if isTuple && t.T.IsSymbolic() {
		// The known divisor, where the facts make it more than the
		// coefficient shows.
		if term, _ := t.T.Term(); t.T.Value() > max(term.Coef, -term.Coef) {
			parts = append(parts, "div="+strconv.FormatInt(t.T.Value(), 10))
		}
	}
	facts := map[string]int64{}
	switch v := v.(type) {
	case normalize.Tuple:
		v.T.AddSymbols(facts)
	case normalize.Layout:
		v.L.Shape().AddSymbols(facts)
		v.L.Stride().AddSymbols(facts)
	}
	var fs []string
	for n, f := range facts {
		if f > 1 {
			fs = append(fs, n+"{div="+strconv.FormatInt(f, 10)+"}")
		}
	}
	slices.Sort(fs)
	if len(fs) > 0 {
		parts = append(parts, strings.Join(fs, ", "))
	}
	if len(obl) > 0 {
		conds := make([]string, len(obl))
		for i, o := range obl {
			conds[i] = o.cond
			if o.proved {
				conds[i] += " (proved)"
			}
		}
		parts = append(parts, "if "+strings.Join(conds, ", "))
	}
	if len(parts) == 0 {
		return b
	}
	return append(append(b, "  # "...), strings.Join(parts, "; ")...)
}

// obligation is a condition of a symbolic result and whether the facts
// prove it.
type obligation struct {
	cond   string
	proved bool
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
	if ev.json {
		b = append(b, `{"expr":`...)
		b = appendJSONString(b, expr)
		b = append(b, `,"error":{"code":`...)
		b = appendJSONString(b, code)
		b = append(b, `,"message":`...)
		b = appendJSONString(b, msg)
		b = append(b, `,"line":`...)
		b = strconv.AppendInt(b, int64(line), 10)
		b = append(b, `,"col":`...)
		b = strconv.AppendInt(b, int64(col), 10)
		b = append(b, "}}"...)
	} else {
		b = append(b, "error"...)
		if code != "" {
			b = append(append(append(b, '['), code...), ']')
		}
		b = append(append(b, ": "...), diag.Escape(msg)...)
	}
	return append(b, '\n')
}

// appendJSONString appends s as a JSON string: quotes, backslashes and
// control characters escaped, invalid UTF-8 replaced by U+FFFD, and nothing
// else (no HTML escaping, so "S<3,4,3>" reads as written).
func appendJSONString[S ~string | ~[]byte](b []byte, s S) []byte {
	const hex = "0123456789abcdef"
	b = append(b, '"')
	for i := 0; i < len(s); {
		c := s[i]
		if c >= utf8.RuneSelf {
			r, n := utf8.DecodeRuneInString(string(s[i:min(i+utf8.UTFMax, len(s))]))
			if r == utf8.RuneError && n == 1 {
				b = append(b, `\ufffd`...)
			} else {
				b = append(b, s[i:i+n]...)
			}
			i += n
			continue
		}
		switch {
		case c == '"' || c == '\\':
			b = append(b, '\\', c)
		case c == '\n':
			b = append(b, `\n`...)
		case c == '\r':
			b = append(b, `\r`...)
		case c == '\t':
			b = append(b, `\t`...)
		case c < 0x20:
			b = append(b, '\\', 'u', '0', '0', hex[c>>4], hex[c&0xf])
		default:
			b = append(b, c)
		}
		i++
	}
	return append(b, '"')
}
