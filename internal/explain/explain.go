// Package explain derives the result of an operation of the layout algebra
// step by step, as the CuTe paper defines it (sections 2-3): which operand
// is coalesced, filtered or sorted, each mode's division against the prefix
// products, the divisibility condition tested with its numbers, the tile
// and the complement a divide composes, the tiler's kind.
//
// A derivation is data: each Step is a cutec expression (Expr) whose
// evaluation gives Value, with the rule it applies and a note a reader
// follows. The values are never computed here: every Expr is evaluated by
// package normalize, the evaluator cutec eval uses, and a derivation is kept
// only when its last step's value equals the value of the call it explains
// (otherwise the call is shown as one step and Derivation.Mismatch is set).
// So an explanation cannot drift from the computation: it is the
// computation, cut into the sub-computations the paper names.
//
// A derivation is bounded: at most MaxSteps steps are kept (Elided counts
// the rest, which are replaced by the call they derive), and a layout of more
// than maxWalk modes is explained as a whole rather than mode by mode.
package explain

import (
	"fmt"
	"slices"
	"strings"

	"github.com/cutec/cutec/ast"
	"github.com/cutec/cutec/diag"
	"github.com/cutec/cutec/layout"
	"github.com/cutec/cutec/normalize"
	"github.com/cutec/cutec/parser"
)

// MaxSteps bounds the steps of one derivation.
const MaxSteps = 256

// maxWalk is the most modes a walk (coalesce, composition, complement,
// inverse) shows one by one.
const maxWalk = 32

// maxBytes bounds the text of the steps of one derivation: past it, steps
// are left out as past MaxSteps.
const maxBytes = 1 << 20

// maxDepth bounds the nesting of derivations inside derivations.
const maxDepth = 6

// Step is one step of a derivation: evaluating Expr gives Value (an error
// is written "error[CODE]: message"). Rule names what the step applies, Note
// says it in words with the numbers involved, Depth is how deep the step
// sits in derivations of sub-operations (0: the derivation asked for).
type Step struct {
	Rule  string `json:"rule"`
	Expr  string `json:"expr"`
	Value string `json:"value"`
	Note  string `json:"note"`
	Depth int    `json:"depth"`
}

// Derivation is the explanation of one expression: its steps, the last of
// which gives the result.
type Derivation struct {
	Expr     string `json:"expr"`
	Value    string `json:"value"`
	Failed   bool   `json:"failed,omitempty"`   // the expression fails; Value is its error
	Steps    []Step `json:"steps"`              // in the order a reader checks them
	Elided   int    `json:"elided,omitempty"`   // steps left out to stay within MaxSteps
	Mismatch int    `json:"mismatch,omitempty"` // sub-derivations that did not reach the evaluator's value and were replaced by the call
}

// Explain derives the expression src (cutec's expression language, as
// "cutec eval" reads it).
func Explain(src string) Derivation {
	f := diag.NewFile("<expr>", []byte(src))
	e, diags := parser.ParseExpr(f)
	if diags.HasErrors() || e == nil {
		d := &deriver{}
		s := d.step("parse", src, "the expression does not parse")
		return Derivation{Expr: src, Value: s.text, Failed: true, Steps: d.steps}
	}
	return ExplainExpr(f, e, nil)
}

// ExplainExpr derives the expression e of the file f, with the names env
// defines (nil: none). The steps are self-contained: a name is replaced by
// its value.
func ExplainExpr(f *diag.File, e ast.Expr, env *normalize.Env) (out Derivation) {
	d := &deriver{facts: map[string]int64{}}
	src := string(f.Src[e.Pos():e.End()])
	defer func() {
		if r := recover(); r != nil { // a defect of the evaluator: say so, do not crash a server
			out = Derivation{Expr: src, Value: fmt.Sprintf("error: internal error: %v", r), Failed: true}
			out.Steps = []Step{{Rule: "error", Expr: src, Value: out.Value, Note: "the evaluator failed on this expression"}}
		}
	}()
	v, failed := d.expr(f, e, env)
	if d.elided > 0 && d.top != "" {
		// The steps left out are the middle of the derivation: its
		// result is the call itself, so the last step still gives it.
		r, _ := d.eval(d.top)
		d.steps = append(d.steps, Step{Rule: "result", Expr: d.top, Value: r.text,
			Note: fmt.Sprintf("%d steps left out: a derivation shows at most %d steps and %d bytes", d.elided, MaxSteps, maxBytes)})
	}
	out = Derivation{Expr: src, Value: v, Failed: failed, Steps: d.steps, Elided: d.elided, Mismatch: d.mismatch}
	if len(out.Steps) > 0 {
		out.Value = out.Steps[len(out.Steps)-1].Value
		low := out.Steps[0].Depth
		for _, s := range out.Steps {
			low = min(low, s.Depth)
		}
		for i := range out.Steps {
			out.Steps[i].Depth -= low
		}
	}
	return out
}

// onMismatch, when set (by tests), is told of a derivation that did not
// reach the evaluator's value.
var onMismatch func(call, derived, direct string)

// deriver collects the steps of one derivation.
type deriver struct {
	steps    []Step
	depth    int
	facts    map[string]int64 // the divisibility facts of the operands' symbols
	elided   int
	mismatch int
	bytes    int             // the text of the steps so far
	top      string          // the outermost call, on operand values
	stated   map[string]bool // the conditions noted so far: a step notes only those it adds
}

// result is an evaluated step: its value, or its error.
type result struct {
	v    normalize.Value
	text string // the value's text, or the error line
	ok   bool
}

// eval evaluates a step's expression with the evaluator.
func (d *deriver) eval(expr string) (result, []string) { return d.evalKeeping(expr, nil) }

// evalKeeping is eval, its conditions only those keep keeps (all for nil).
func (d *deriver) evalKeeping(expr string, keep func(layout.Obligation) bool) (result, []string) {
	f := diag.NewFile("<step>", []byte(expr))
	e, diags := parser.ParseExpr(f)
	var v normalize.Value
	var obl []string
	if !diags.HasErrors() {
		ev := normalize.Evaluator{File: f}
		ev.OnObligation = func(_ *ast.Call, o layout.Obligation, _ layout.Verdict, _ string) {
			if keep == nil || keep(o) {
				obl = append(obl, o.String())
			}
		}
		var more diag.List
		v, more = ev.Eval(e)
		diags = append(diags, more...)
	}
	diags.Sort()
	for _, dg := range diags {
		if dg.Severity == diag.Error {
			return result{text: "error[" + string(dg.Code) + "]: " + dg.Message}, obl
		}
	}
	if v == nil {
		return result{text: "error: no value"}, obl
	}
	return result{v: v, text: v.String(), ok: true}, obl
}

// step evaluates expr and records it. Obligations of a symbolic value are
// added to the note: they are where the result's conditions come from.
func (d *deriver) step(rule, expr, note string) result {
	expr = d.annotate(expr)
	r, obl := d.eval(expr)
	var fresh []string // the conditions no step before stated
	for _, o := range obl {
		if !d.stated[o] {
			fresh = append(fresh, o)
		}
	}
	if len(fresh) > 0 {
		if d.stated == nil {
			d.stated = map[string]bool{}
		}
		for _, o := range fresh {
			d.stated[o] = true
		}
		if note != "" {
			note += "; "
		}
		note += "holds if " + strings.Join(fresh, ", ")
	}
	if len(d.steps) >= MaxSteps-1 || d.bytes > maxBytes {
		d.elided++ // the last place is kept for the result (ExplainExpr)
		return r
	}
	d.bytes += len(expr) + len(r.text) + len(note)
	d.steps = append(d.steps, Step{Rule: rule, Expr: expr, Value: r.text, Note: note, Depth: d.depth})
	return r
}

// annotate writes the known divisibility of each symbol of expr on its first
// occurrence (M{div=128}), so that the step evaluates alone as it does
// inside the expression explained.
func (d *deriver) annotate(expr string) string {
	if len(d.facts) == 0 {
		return expr
	}
	for name, div := range d.facts {
		if div <= 1 {
			continue
		}
		if i := symbolAt(expr, name); i >= 0 {
			j := i + len(name)
			expr = expr[:j] + "{div=" + itoa(div) + "}" + expr[j:]
		}
	}
	return expr
}

// symbolAt returns the offset of the first occurrence of the symbol name in
// expr that carries no facts yet and is not called, or -1.
func symbolAt(expr, name string) int {
	for from := 0; from < len(expr); {
		i := strings.Index(expr[from:], name)
		if i < 0 {
			return -1
		}
		i += from
		j := i + len(name)
		before := i == 0 || !isIdent(expr[i-1])
		after := j == len(expr) || (!isIdent(expr[j]) && expr[j] != '(' && expr[j] != '{')
		if before && after {
			return i
		}
		if before && j < len(expr) && expr[j] == '{' {
			return -1 // written with its facts already
		}
		from = j
	}
	return -1
}

func isIdent(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

// noteFacts records the facts of the symbols of v.
func (d *deriver) noteFacts(v normalize.Value) {
	switch v := v.(type) {
	case normalize.Layout:
		v.L.Shape().AddSymbols(d.facts)
		v.L.Stride().AddSymbols(d.facts)
	case normalize.Tuple:
		v.T.AddSymbols(d.facts)
	}
}

// expr derives an expression of the source: the operands of a call first
// (those that are calls themselves get their own derivations), then the
// call on their values. It returns the value's text and whether it failed.
func (d *deriver) expr(f *diag.File, e ast.Expr, env *normalize.Env) (string, bool) {
	for {
		p, ok := e.(*ast.Paren)
		if !ok {
			break
		}
		e = p.X
	}
	if ap, ok := e.(*ast.Apply); ok && len(ap.Args) == 1 {
		// L(c) is eval(L, c).
		var vals []normalize.Value
		for _, x := range []ast.Expr{ap.Fun, ap.Args[0]} {
			ev := normalize.Evaluator{File: f, Env: env}
			v, diags := ev.Eval(x)
			if diags.HasErrors() || v == nil {
				return d.whole(f, e, env, "evaluate", "a layout applied to a coordinate")
			}
			d.noteFacts(v)
			vals = append(vals, v)
		}
		args := []string{vals[0].String(), vals[1].String()}
		d.top = d.annotate(callOf("eval", args))
		r := d.derive("eval", vals, args)
		return r.text, !r.ok
	}
	call, ok := e.(*ast.Call)
	if !ok || !isOperation(call.Fun.Name) {
		return d.whole(f, e, env, "evaluate", "a value or an evaluation, taken as it is")
	}
	args := make([]string, len(call.Args))
	vals := make([]normalize.Value, len(call.Args))
	for i, a := range call.Args {
		inner := a
		for {
			p, ok := inner.(*ast.Paren)
			if !ok {
				break
			}
			inner = p.X
		}
		if c, ok := inner.(*ast.Call); ok && isOperation(c.Fun.Name) && d.depth < maxDepth {
			d.depth++
			text, failed := d.expr(f, c, env)
			d.depth--
			if failed {
				return text, true
			}
		}
		ev := normalize.Evaluator{File: f, Env: env}
		v, diags := ev.Eval(a)
		if id, isName := inner.(*ast.Ident); isName && (diags.HasErrors() || v == nil) && env == nil {
			// A name only this operation reads (an MMA or copy atom, a
			// value type): written as it is, with no value.
			args[i] = id.Name
			continue
		}
		if diags.HasErrors() || v == nil {
			return d.whole(f, e, env, call.Fun.Name, "the call as a whole: an operand is not a value on its own (a name only this operation reads, such as an MMA atom, or an error)")
		}
		d.noteFacts(v)
		vals[i], args[i] = v, v.String()
	}
	if d.top == "" || d.depth == 0 {
		d.top = d.annotate(callOf(call.Fun.Name, args))
	}
	r := d.derive(call.Fun.Name, vals, args)
	return r.text, !r.ok
}

// whole records the expression e as one step, with its value evaluated in
// env; names are replaced by the value only when e is a name.
func (d *deriver) whole(f *diag.File, e ast.Expr, env *normalize.Env, rule, note string) (string, bool) {
	src := string(f.Src[e.Pos():e.End()])
	if env != nil {
		ev := normalize.Evaluator{File: f, Env: env}
		if v, diags := ev.Eval(e); !diags.HasErrors() && v != nil {
			d.noteFacts(v)
			if _, isName := e.(*ast.Ident); isName {
				src = v.String()
			}
		}
	}
	r := d.step(rule, src, note)
	return r.text, !r.ok
}

// isOperation reports whether name is an operation of the evaluator.
func isOperation(name string) bool {
	_, ok := normalize.OperationDoc(name)
	return ok
}

// callOf is call, for where a variable named call hides it.
func callOf(op string, args []string) string { return call(op, args...) }

// call is the text of a call of op on operand texts.
func call(op string, args ...string) string {
	return op + "(" + strings.Join(args, ", ") + ")"
}

// derive explains op applied to the values vals (written args). The
// derivation of op, where there is one, is kept when it reaches the value
// the evaluator gives the call, or fails where the call fails; otherwise the
// call is one step.
func (d *deriver) derive(op string, vals []normalize.Value, args []string) result {
	whole := call(op, args...)
	direct, _ := d.eval(d.annotate(whole))
	fn, ok := derivations[op]
	if !namesRead[op] && slices.Contains(vals, nil) {
		ok = false // an operand is a name the derivation does not read
	}
	if ok && d.depth <= maxDepth && len(d.steps) < MaxSteps {
		mark := len(d.steps)
		r, derived := fn(d, vals, args)
		switch {
		case derived && r.ok && direct.ok && r.text == direct.text:
			return r
		case derived && r.ok && direct.ok && sameUpToUnitStrides(r.v, direct.v):
			return d.step(op, whole, "the same layout as the step above: only the strides of extent-1 modes differ, which multiply no coordinate but 0; this is how cutec writes the result")
		case derived && !r.ok && !direct.ok:
			// The derivation shows where it fails; the call's own error ends it.
			if last := len(d.steps) - 1; last >= mark && d.steps[last].Expr == d.annotate(whole) {
				return r
			}
			return d.step(op, whole, "fails at the step above")
		}
		if derived {
			d.mismatch++
			if onMismatch != nil {
				onMismatch(whole, r.text, direct.text)
			}
		}
		d.steps = d.steps[:mark]
	}
	doc, _ := normalize.OperationDoc(op)
	return d.step(op, whole, doc)
}

// namesRead are the operations whose derivations take operands that are
// names with no value (an atom, a value type).
var namesRead = map[string]bool{"bank_check": true}

// sameUpToUnitStrides reports whether two layouts have the same shape and
// the same strides but at extent-1 modes, whose stride multiplies no
// coordinate but 0.
func sameUpToUnitStrides(a, b normalize.Value) bool {
	la, ok1 := a.(normalize.Layout)
	lb, ok2 := b.(normalize.Layout)
	if !ok1 || !ok2 || !la.L.Shape().Equal(lb.L.Shape()) {
		return false
	}
	sh, da, db := la.L.Shape().Flatten(), la.L.Stride().Flatten(), lb.L.Stride().Flatten()
	if !sh.IsTuple() {
		return sh.IsInt() && sh.Value() == 1
	}
	for i := 0; i < sh.Len(); i++ {
		if s := sh.At(i); !(s.IsInt() && s.IsStatic() && s.Value() == 1) && !da.At(i).Equal(db.At(i)) {
			return false
		}
	}
	return true
}

// sub derives a sub-operation inside a derivation, one level deeper.
func (d *deriver) sub(op string, args ...string) result {
	vals := make([]normalize.Value, len(args))
	for i, a := range args {
		r, _ := d.eval(d.annotate(a))
		if !r.ok {
			return d.step(op, call(op, args...), "an operand does not evaluate")
		}
		vals[i] = r.v
		args[i] = r.text
	}
	d.depth++
	defer func() { d.depth-- }()
	return d.derive(op, vals, args)
}

func itoa(n int64) string {
	if n == 0 {
		return "0"
	}
	neg := n < 0
	var b [24]byte
	i := len(b)
	u := uint64(n)
	if neg {
		u = uint64(-n)
	}
	for u > 0 {
		i--
		b[i] = byte('0' + u%10)
		u /= 10
	}
	if neg {
		i--
		b[i] = '-'
	}
	return string(b[i:])
}

// CallAt returns the innermost call of an operation in e whose source
// contains the offset off (the call a diagnostic at off is about), or nil.
func CallAt(e ast.Expr, off int) *ast.Call {
	var found *ast.Call
	var visit func(x ast.Expr)
	visit = func(x ast.Expr) {
		if x == nil || off < x.Pos() || off >= x.End() {
			return
		}
		switch n := x.(type) {
		case *ast.Paren:
			visit(n.X)
		case *ast.Apply:
			visit(n.Fun)
			for _, a := range n.Args {
				visit(a)
			}
		case *ast.Call:
			if isOperation(n.Fun.Name) {
				found = n
			}
			for _, a := range n.Args {
				visit(a)
			}
		}
	}
	visit(e)
	return found
}
