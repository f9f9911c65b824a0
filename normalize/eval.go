package normalize

import (
	"sync"

	"github.com/cutec/cutec/ast"
	"github.com/cutec/cutec/banks"
	"github.com/cutec/cutec/diag"
	"github.com/cutec/cutec/layout"
)

// Options configure normalization and evaluation.
type Options struct {
	// Lowerable rejects what the dialect cannot lower: basis descriptors
	// with non-integral counts (E0201).
	Lowerable bool
}

// Evaluator evaluates expressions and normalizes values of one file. It is
// not safe for concurrent use; make one per file.
type Evaluator struct {
	File *diag.File // the source the AST's spans refer to
	Env  *Env       // names defined so far (nil: none)
	Opts Options

	// OnValue, when set, is called for every value form (a literal layout,
	// tuple, swizzle, ...) with its value, innermost first. OnCall is called
	// for every call of an operation that succeeds, with its arguments and
	// result. They let a verifier inspect every part of an expression.
	OnValue func(e ast.Expr, v Value)
	OnCall  func(c *ast.Call, op string, args []Value, result Value)
	// OnObligation is called for every obligation of a symbolic result
	// that the facts do not refute (docs/symbols.md), with its verdict
	// (layout.Proved or layout.Open) and a description for a diagnostic.
	OnObligation func(c *ast.Call, o layout.Obligation, v layout.Verdict, text string)
	// PlainObligations gives OnObligation an empty text, for a caller that
	// prints only the condition (eval): the text is not built.
	PlainObligations bool
	// OnBanks is called for every bank analysis that succeeds (a call of
	// banks, wavefronts or bank_check), with its report, before OnCall.
	OnBanks func(c *ast.Call, r *banks.Report)
}

// Eval evaluates an expression (or normalizes a value form) to a Value. On
// failure the Value is nil and the diagnostics say why, each at the span of
// the node it is about; an argument that failed is not reported again by
// the call around it.
func (ev *Evaluator) Eval(e ast.Expr) (Value, diag.List) {
	x := ev.start()
	x.setScope(ev.Env, e)
	v, ok := x.eval(e)
	diags := x.finish()
	if !ok {
		return nil, diags
	}
	return v, diags
}

// Normalize normalizes a value form (no names or calls) to a Value.
func Normalize(f *diag.File, e ast.Expr, opts Options) (Value, diag.List) {
	ev := Evaluator{File: f, Opts: opts}
	x := ev.start()
	x.noExprs = true
	x.setScope(nil, e)
	v, ok := x.eval(e)
	diags := x.finish()
	if !ok {
		return nil, diags
	}
	return v, diags
}

type evaluation struct {
	converter
	rep     report      // converter's report, allocated with the evaluation
	scope   symbolScope // converter's symbols, allocated with the evaluation
	env     *Env
	noExprs bool
	onValue func(ast.Expr, Value)
	onCall  func(*ast.Call, string, []Value, Value)

	onObligation func(*ast.Call, layout.Obligation, layout.Verdict, string)
	plainObl     bool
	onBanks      func(*ast.Call, *banks.Report)
	args         args         // the arguments of the call being invoked (see invoke)
	callNode     evalCallArgs // the call EvalCall invokes, allocated with the evaluation
}

// evaluations recycles the state of evaluations (see finish): eval and lint
// evaluate one expression after another, each in a new evaluation.
var evaluations = sync.Pool{New: func() any { return new(evaluation) }}

// start returns a new evaluation; finish, when called, ends it. The
// caller sets its scope (setScope) before it evaluates. start sets each
// field an evaluation reads before it writes it; the larger ones are set
// where they are filled: the scope by setScope, the arguments of a call
// by invoke, EvalCall's call node by EvalCall. (Zeroing the whole struct
// here and in finish cost a line with symbols two clears of over a
// kilobyte, with write barriers while the collector runs.)
func (ev *Evaluator) start() *evaluation {
	x := evaluations.Get().(*evaluation)
	x.rep = report{file: ev.File}
	x.converter = converter{report: &x.rep, lowerable: ev.Opts.Lowerable, exprs: x}
	x.env, x.noExprs = ev.Env, false
	x.onValue, x.onCall, x.onObligation, x.plainObl, x.onBanks = ev.OnValue, ev.OnCall, ev.OnObligation, ev.PlainObligations, ev.OnBanks
	return x
}

// finish ends an evaluation and returns its diagnostics: nothing keeps x
// (values never refer to it, and the operations never keep their
// arguments' holder), so it goes back to the pool. It is not emptied:
// the next start sets what it reads, and what it still holds of this
// evaluation (one call's arguments, the symbols' leaves) is the pool's
// to drop.
func (x *evaluation) finish() diag.List {
	diags := x.diags
	x.rep.diags = nil
	evaluations.Put(x)
	return diags
}

func (x *evaluation) eval(e ast.Expr) (Value, bool) {
	switch n := e.(type) {
	case *ast.Ident:
		if x.noExprs {
			break
		}
		if v, ok := x.env.Lookup(n.Name); ok {
			return v, true
		}
		if v, ok, err := gmmaSmemAtom(n.Name); ok {
			if err != nil {
				x.add(diag.UnknownName, n.Span, "%v", err)
				return nil, false
			}
			return v, true
		}
		x.unknownName(n.Span, n.Name, x.env.suggest(n.Name))
		return nil, false
	case *ast.Call:
		if x.noExprs {
			break
		}
		return x.call(n)
	case *ast.Apply:
		if x.noExprs {
			break
		}
		return x.apply(n)
	case *ast.Paren:
		return x.eval(n.X)
	default:
		v, ok := x.value(e)
		if ok && x.onValue != nil {
			x.onValue(e, v)
		}
		return v, ok
	}
	x.notAValue(spanOf(e), "a value (names and calls are not allowed here)")
	return nil, false
}

// call evaluates name(args): an operation of the algebra, or a variable
// holding a layout, swizzle or composed layout applied to a coordinate.
func (x *evaluation) call(n *ast.Call) (Value, bool) {
	op, isOp := operations[n.Fun.Name]
	if !isOp {
		if v, ok := x.env.Lookup(n.Fun.Name); ok {
			return x.applyValue(n.Span, n.Fun, v, n.Args)
		}
		x.unknownName(n.Fun.Span, n.Fun.Name, x.env.suggest(n.Fun.Name))
		return nil, false
	}
	if op.special != nil {
		return op.special(x, op, n)
	}
	vals, ok := x.evalArgs(n.Args)
	if !ok {
		return nil, false
	}
	return x.invoke(op, n, vals)
}

func (x *evaluation) evalArgs(args []ast.Expr) ([]Value, bool) {
	vals := make([]Value, len(args))
	for i, a := range args {
		v, ok := x.eval(a)
		if !ok {
			return nil, false
		}
		vals[i] = v
	}
	return vals, true
}

// apply evaluates (expr)(args): a layout at a coordinate.
func (x *evaluation) apply(n *ast.Apply) (Value, bool) {
	f, ok := x.eval(n.Fun)
	if !ok {
		return nil, false
	}
	return x.applyValue(n.Span, n.Fun, f, n.Args)
}

// applyValue evaluates a function value at its arguments: a layout at a
// coordinate (several arguments form a tuple, and a coordinate with _
// slices), a composed layout at a coordinate, a swizzle at an offset. An
// evaluation is evalAt, reported as eval(fun, crd) (see reportApply).
func (x *evaluation) applyValue(span diag.Span, fun ast.Expr, f Value, args []ast.Expr) (Value, bool) {
	vals, ok := x.evalArgs(args)
	if !ok {
		return nil, false
	}
	crd, ok := x.coordinate(span, args, vals)
	if !ok {
		return nil, false
	}
	var v Value
	var err error
	evaluated := false
	switch f := f.(type) {
	case Layout:
		if hasUnderscore(crd) {
			var l layout.Layout
			l, err = layout.Slice(crd, f.L)
			v = Layout{l}
		} else {
			v, err = evalAt(f, crd)
			evaluated = true
		}
	case Composed:
		v, err = evalAt(f, crd)
		evaluated = true
	case Swizzle:
		if crd.Kind() != layout.KindInt {
			x.wrongKind(span, "an integer offset", Tuple{crd})
			return nil, false
		}
		v = Int(f.S.Apply(crd.Value()))
	default:
		x.wrongKind(span, "a layout, a composed layout or a swizzle to apply", f)
		return nil, false
	}
	if err != nil {
		x.algebra(span, err)
		return nil, false
	}
	if !x.checkResultSize(span, "eval", v) {
		return nil, false
	}
	if evaluated {
		x.reportApply(span, fun, args, f, crd, v)
	}
	return v, true
}

// coordinate makes one coordinate of the arguments of an application.
func (x *evaluation) coordinate(span diag.Span, args []ast.Expr, vals []Value) (layout.IntTuple, bool) {
	elems := make([]layout.IntTuple, len(vals))
	for i, v := range vals {
		switch v := v.(type) {
		case Int:
			elems[i] = layout.Int(int64(v))
		case Tuple:
			elems[i] = v.T
		default:
			x.wrongKind(spanOf(args[i]), "a coordinate", v)
			return layout.IntTuple{}, false
		}
	}
	if len(elems) == 1 {
		return elems[0], true
	}
	if len(elems) == 0 {
		x.add(diag.BadArguments, span, "a layout is applied to one coordinate, not to none")
		return layout.IntTuple{}, false
	}
	return layout.Tuple(elems...), true
}

func hasUnderscore(t layout.IntTuple) bool {
	if t.Kind() == layout.KindUnderscore {
		return true
	}
	for i := 0; i < t.Len(); i++ {
		if hasUnderscore(t.At(i)) {
			return true
		}
	}
	return false
}

// evalLayout evaluates a layout at a coordinate: an integer offset, or a
// coordinate for basis strides.
func evalLayout(l layout.Layout, crd layout.IntTuple) (Value, error) {
	t, err := l.Eval(crd)
	if err != nil {
		return nil, err
	}
	return tupleValue(t), nil
}

// tupleValue is an Int for an integer leaf, a Tuple otherwise.
func tupleValue(t layout.IntTuple) Value {
	if t.Kind() == layout.KindInt {
		return Int(t.Value())
	}
	return Tuple{t}
}
