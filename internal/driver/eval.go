package driver

import (
	"slices"
	"strconv"
	"sync"
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
	st := evalStates.Get().(*evalState)
	ev := normalize.Evaluator{File: f, PlainObligations: true, OnObligation: st.hook}
	v, more := ev.Eval(x)
	out := Evaluation{Value: v, Obligations: st.obl, Diags: append(diags, more...)}
	st.obl = nil
	evalStates.Put(st)
	return out
}

// EvalCall evaluates the call name(vals...) whose arguments a fast reader
// read straight from the text (normalize.Evaluator.EvalCall), as Eval
// evaluates the line that call is written on, collecting the obligations
// alike. ok is false where Eval would report an error, or the call is not
// one EvalCall takes: the caller then takes Eval, which words the error.
// The obligations are appended to obl[:0], a caller's buffer.
func EvalCall(name []byte, vals []normalize.Value, obl []Obligation) (out Evaluation, ok bool) {
	st := evalStates.Get().(*evalState)
	st.obl = obl[:0]
	ev := normalize.Evaluator{PlainObligations: true, OnObligation: st.hook}
	v, ok := ev.EvalCall(name, vals)
	if ok {
		out = Evaluation{Value: v, Obligations: st.obl}
	}
	st.obl = nil
	evalStates.Put(st)
	return out, ok
}

// evalState collects the obligations of one evaluation through a hook
// bound once, so that an evaluation makes no closure of its own.
type evalState struct {
	obl  []Obligation
	hook func(*ast.Call, layout.Obligation, layout.Verdict, string)
}

var evalStates = sync.Pool{New: func() any {
	st := new(evalState)
	st.hook = st.obligation
	return st
}}

// obligation records an obligation as eval prints it: the condition, and
// what CuTe makes of it where the facts do not prove it.
func (st *evalState) obligation(_ *ast.Call, o layout.Obligation, verdict layout.Verdict, _ string) {
	var buf [96]byte
	cond := o.AppendText(buf[:0])
	if o.Assumed && verdict != layout.Proved {
		cond = append(cond, " (assumed)"...) // the dialect assumes it (W0919)
	}
	if o.Residue && verdict != layout.Proved {
		cond = append(cond, " (or partial)"...) // ceil_div, as CuTe (W0500)
	}
	st.obl = append(st.obl, Obligation{string(cond), verdict == layout.Proved})
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
	start := len(b)
	t, isTuple := v.(normalize.Tuple)
	if isTuple && t.T.IsSymbolic() {
		// The known divisor, where the facts make it more than the
		// coefficient shows.
		if term, _ := t.T.Term(); t.T.Value() > max(term.Coef, -term.Coef) {
			b = strconv.AppendInt(append(notesSep(b, start), "div="...), t.T.Value(), 10)
		}
	}
	// Only facts above 1 are printed: a result without one needs no map.
	var facts map[string]int64
	switch v := v.(type) {
	case normalize.Tuple:
		if v.T.HasFacts() {
			facts = map[string]int64{}
			v.T.AddSymbols(facts)
		}
	case normalize.Layout:
		if v.L.Shape().HasFacts() || v.L.Stride().HasFacts() {
			facts = map[string]int64{}
			v.L.Shape().AddSymbols(facts)
			v.L.Stride().AddSymbols(facts)
		}
	}
	if facts != nil {
		b = appendFacts(b, start, facts)
	}
	for i, o := range obl {
		if i == 0 {
			b = append(notesSep(b, start), "if "...)
		} else {
			b = append(b, ", "...)
		}
		b = append(b, o.Condition...)
		if o.Proved {
			b = append(b, " (proved)"...)
		}
	}
	return b
}

// appendFacts appends the facts above 1 of a result's symbols to its
// notes begun at start.
func appendFacts(b []byte, start int, facts map[string]int64) []byte {
	var names [8]string
	fs := names[:0]
	for n, f := range facts {
		if f > 1 {
			fs = append(fs, n)
		}
	}
	// In the order of the notes' text, n{div=f}: a name before a longer
	// one it starts, unless the next byte sorts before '{'.
	slices.SortFunc(fs, func(a, c string) int { return compareFact(a, c) })
	for i, n := range fs {
		if i == 0 {
			b = notesSep(b, start)
		} else {
			b = append(b, ", "...)
		}
		b = strconv.AppendInt(append(append(b, n...), "{div="...), facts[n], 10)
		b = append(b, '}')
	}
	return b
}

// notesSep appends what comes before a part of the notes begun at start:
// `  # ` before the first, `; ` between two.
func notesSep(b []byte, start int) []byte {
	if len(b) == start {
		return append(b, "  # "...)
	}
	return append(b, "; "...)
}

// compareFact compares two distinct names as their facts' texts a{div=…}
// and c{div=…} compare.
func compareFact(a, c string) int {
	k := 0
	for k < len(a) && k < len(c) && a[k] == c[k] {
		k++
	}
	x, y := byte('{'), byte('{')
	if k < len(a) {
		x = a[k]
	}
	if k < len(c) {
		y = c[k]
	}
	return int(x) - int(y)
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
