package driver

import (
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/cutec/cutec/ast"
	"github.com/cutec/cutec/diag"
	"github.com/cutec/cutec/layout"
	"github.com/cutec/cutec/normalize"
	"github.com/cutec/cutec/parser"
)

// Obligation is a condition a symbolic result holds under (docs/symbols.md),
// such as `128 | M`, and whether the facts of its symbols prove it.
type Obligation struct {
	Condition string
	Proved    bool
}

// Evaluation is what evaluating one expression gives: its value (nil when
// it fails), the obligations of a symbolic result, in the order the
// evaluation met them, and the diagnostics.
type Evaluation struct {
	Value       normalize.Value
	Obligations []Obligation
	Diags       diag.List
}

// Eval parses and evaluates the expression held in f, as `cutec eval`
// does, collecting the obligations of a symbolic result.
func Eval(f *diag.File) Evaluation {
	x, diags := parser.ParseExpr(f)
	if diags.HasErrors() {
		return Evaluation{Diags: diags}
	}
	var out Evaluation
	ev := normalize.Evaluator{File: f}
	ev.OnObligation = func(_ *ast.Call, o layout.Obligation, verdict layout.Verdict, _ string) {
		cond := o.String()
		if o.Assumed && verdict != layout.Proved {
			cond += " (assumed)" // the dialect assumes it (W0919)
		}
		if o.Residue && verdict != layout.Proved {
			cond += " (or partial)" // ceil_div, as CuTe (W0500)
		}
		out.Obligations = append(out.Obligations, Obligation{cond, verdict == layout.Proved})
	}
	v, more := ev.Eval(x)
	out.Value, out.Diags = v, append(diags, more...)
	return out
}

// FirstError returns the error that comes first in the input, or nil: the
// one `cutec eval` prints.
func (e Evaluation) FirstError() *diag.Diagnostic {
	e.Diags.Sort()
	for _, d := range e.Diags {
		if d.Severity == diag.Error {
			return d
		}
	}
	return nil
}

// AppendNotes appends what a symbolic result comes with, after `  # ` (a
// comment to a .cute file), as `cutec eval` prints it after the value: the
// known divisor of a symbolic integer, the facts of its symbols, and its
// obligations: `4*M  # div=32; M{div=8}` and `(128,M/128):(1,128)  # if
// 128 | M`. It appends nothing when there is none.
func AppendNotes(b []byte, v normalize.Value, obl []Obligation) []byte {
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
			conds[i] = o.Condition
			if o.Proved {
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

// AppendObligationsJSON appends the obligations as the JSON array that
// `cutec eval -json` prints as its field "obligations":
// `[{"condition":"128 | M","proved":false}]` (`[]` when there is none).
func AppendObligationsJSON(b []byte, obl []Obligation) []byte {
	b = append(b, '[')
	for i, o := range obl {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, `{"condition":`...)
		b = AppendJSONString(b, o.Condition)
		b = append(b, `,"proved":`...)
		b = strconv.AppendBool(b, o.Proved)
		b = append(b, '}')
	}
	return append(b, ']')
}

// AppendJSONString appends s as a JSON string: quotes, backslashes and
// control characters escaped, invalid UTF-8 replaced by U+FFFD, and nothing
// else (no HTML escaping, so "S<3,4,3>" reads as written).
func AppendJSONString[S ~string | ~[]byte](b []byte, s S) []byte {
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
