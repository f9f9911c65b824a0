package normalize

import (
	"errors"
	"fmt"
	"slices"
	"sort"
	"sync"

	"github.com/cutec/cutec/ast"
	"github.com/cutec/cutec/diag"
	"github.com/cutec/cutec/layout"
)

// paramKind is what a parameter of an operation accepts.
type paramKind uint8

const (
	pLayout   paramKind = iota // a layout
	pTiler                     // a tiler: a layout, an integer, a shape, _ or [T0;T1;...]
	pInt                       // an integer
	pTuple                     // an integer or a tuple: a shape, coordinate or profile
	pSwizzle                   // a swizzle
	pComposed                  // a composed layout
	pSized                     // a layout or a tuple (for size, rank, depth)
	pDivisor                   // an integer, a tuple, a tiler or a layout, taken as written (ceil_div)
	pAnyLay                    // a layout or a composed layout, taken as written
)

var paramNames = map[paramKind]string{
	pLayout: "a layout", pTiler: "a tiler", pInt: "an integer", pTuple: "an integer or a tuple",
	pSwizzle: "a swizzle", pComposed: "a composed layout", pSized: "a layout or a tuple",
	pDivisor: "an integer, a tuple, a tile or a layout", pAnyLay: "a layout or a composed layout",
}

// operation is one operation of the algebra as expressions name it.
type operation struct {
	name     string
	params   []paramKind
	min      int  // how many parameters are required; the rest are optional
	variadic bool // the last parameter repeats
	lifts    bool // a composed layout as argument liftArg: apply to its inner layout (see lift)
	liftArg  int  // the argument lifts is about, 0 for the first
	doc      string
	fn       func(a *args) (Value, error)
	// special evaluates the call itself, for operations whose arguments
	// include names (the bank operations, ops_banks.go).
	special func(x *evaluation, op *operation, n *ast.Call) (Value, bool)
	// The faster forms, where the operation has them (see operations).
	static1  func(r, a *layout.Static) bool
	static2  func(r, a, b *layout.Static) bool
	symbolic symbolicForm
	dialect  string     // the CuTe dialect op the op checker derives with it
	assume   assumption // what its dynamic path assumes of every ? (dynamic_conditions.go)
	// From the lists of operations kept elsewhere, read once (flagOperations)
	// rather than looked up by name at every call:
	query     bool // in queries: its arguments are not counted (size_bound.go)
	symAnonym bool // complement, in productOps or in foldOps: with symbols and a ?, its dynamic conditions are stated too
}

func (op *operation) arity() string {
	switch {
	case op.variadic:
		return fmt.Sprintf("%d or more arguments", op.min)
	case op.min == len(op.params) && op.min == 1:
		return "1 argument"
	case op.min == len(op.params):
		return fmt.Sprintf("%d arguments", op.min)
	}
	return fmt.Sprintf("%d to %d arguments", op.min, len(op.params))
}

func (op *operation) param(i int) paramKind {
	if i >= len(op.params) {
		return op.params[len(op.params)-1]
	}
	return op.params[i]
}

// args are the checked arguments of a call.
type args struct {
	vals   []Value
	tilers [4]layout.Tiler      // the tilers of the first four arguments
	has    uint8                // which of tilers are set
	own    uint8                // which of them are their argument's layout (a layout read as a tiler)
	more   map[int]layout.Tiler // and of the others (made only when needed)
}

func (a *args) n() int                     { return len(a.vals) }
func (a *args) layout(i int) layout.Layout { return a.vals[i].(Layout).L }
func (a *args) int(i int) int64            { return int64(a.vals[i].(Int)) }
func (a *args) tiler(i int) layout.Tiler {
	t, _ := a.tilerAt(i)
	return t
}
func (a *args) swizzle(i int) layout.Swizzle {
	return a.vals[i].(Swizzle).S
}

// tuple returns an integer or tuple argument as an IntTuple.
func (a *args) tuple(i int) layout.IntTuple {
	switch v := a.vals[i].(type) {
	case Int:
		return layout.Int(int64(v))
	case Tuple:
		return v.T
	}
	return layout.IntTuple{}
}

func (a *args) ints(from int) []int {
	out := make([]int, 0, len(a.vals)-from)
	for i := from; i < len(a.vals); i++ {
		out = append(out, int(a.int(i)))
	}
	return out
}

// tilerAt returns the tiler of argument i, and whether that argument was
// read as a tiler (the zero Tiler when not: tilers holds what an earlier
// call set where has has no bit, see reset).
func (a *args) tilerAt(i int) (layout.Tiler, bool) {
	if i < len(a.tilers) {
		if a.has&(1<<i) == 0 {
			return layout.Tiler{}, false
		}
		return a.tilers[i], true
	}
	t, ok := a.more[i]
	return t, ok
}

// eachTiler calls f with every argument read as a tiler, but a layout
// read as its own tiler (own): its callers have seen it among the values.
func (a *args) eachTiler(f func(layout.Tiler)) {
	for i := range a.tilers {
		if a.has&^a.own&(1<<i) != 0 {
			f(a.tilers[i])
		}
	}
	for _, t := range a.more {
		f(t)
	}
}

// reset makes a the arguments vals, with no tiler read: the array of
// tilers is not cleared (an evaluation's args serve call after call), has
// says which entries are set.
func (a *args) reset(vals []Value) {
	a.vals, a.has, a.own, a.more = vals, 0, 0, nil
}

func (a *args) setTiler(i int, t layout.Tiler) {
	if i < len(a.tilers) {
		a.tilers[i] = t
		a.has |= 1 << i
		return
	}
	if a.more == nil {
		a.more = map[int]layout.Tiler{}
	}
	a.more[i] = t
}

// accepts reports whether a value fits a parameter.
func accepts(k paramKind, v Value) bool {
	switch k {
	case pLayout:
		return v.Kind() == KindLayout
	case pTiler:
		switch v.Kind() {
		case KindLayout, KindInt, KindTuple, KindTiler:
			return true
		}
	case pInt:
		return v.Kind() == KindInt
	case pTuple:
		return v.Kind() == KindInt || v.Kind() == KindTuple
	case pSwizzle:
		return v.Kind() == KindSwizzle
	case pComposed:
		return v.Kind() == KindComposed
	case pSized:
		return v.Kind() == KindLayout || v.Kind() == KindTuple || v.Kind() == KindInt
	case pDivisor:
		return v.Kind() == KindInt || v.Kind() == KindTuple || v.Kind() == KindTiler || v.Kind() == KindLayout
	case pAnyLay:
		return v.Kind() == KindLayout || v.Kind() == KindComposed
	}
	return acceptsOperand(k, v)
}

// invoke checks the arguments of a call and runs the operation.
func (x *evaluation) invoke(op *operation, n *ast.Call, vals []Value) (Value, bool) {
	if len(vals) < op.min || (!op.variadic && len(vals) > len(op.params)) {
		x.badArgCount(n.Span, op, len(vals))
		return nil, false
	}
	var outer *Composed
	if op.lifts && op.liftArg < len(vals) {
		if c, ok := vals[op.liftArg].(Composed); ok {
			outer = &c
			vals = slices.Clone(vals)
			vals[op.liftArg] = Layout{c.C.Inner}
		}
	}
	// The operations never evaluate an expression, so one call's args at
	// a time is all an evaluation needs.
	x.args.reset(vals)
	a := &x.args
	for i, v := range vals {
		k := op.param(i)
		if !accepts(k, v) {
			x.wrongKind(spanOf(n.Args[i]), paramNames[k], v)
			return nil, false
		}
		if k == pTiler || k == pTilerOrComposed && v.Kind() != KindComposed {
			t, ok := productTiler(op.name, v)
			if !ok {
				t, ok = x.asTiler(n.Args[i], v)
			}
			if !ok {
				return nil, false
			}
			a.setTiler(i, t)
			if v.Kind() == KindLayout && i < len(a.tilers) {
				a.own |= 1 << i // asTiler's tiler of a layout is that layout
			}
		}
	}
	if !x.checkArgsSize(n, op, vals) {
		return nil, false
	}
	if outer == nil && op.symbolic != nil {
		syms := hasSymbols(a) // one walk of the arguments, for the symbolic form and the conditions below
		if r, handled, ok := x.symbolic(op, n, a, syms); handled {
			if ok && !x.checkResultSize(n.Span, op.name, r) {
				return nil, false
			}
			if ok && (op.name == "coalesce" || op.name == "filter") && !x.dynamicConditions(op, n, a, r) {
				return nil, false // coalesce computes with ? as with symbols, which may be 1
			}
			if ok && op.symAnonym && syms && hasAnonymous(a.vals, a) && !x.dynamicConditions(op, n, a, r) {
				return nil, false // symbols stand for positive values, a ? stride for any
			}
			if ok {
				x.reportCall(n, op.name, vals, r)
			}
			return r, ok
		}
	}
	r, err := op.fn(a)
	if err == nil && outer != nil {
		r, err = lift(*outer, r)
	}
	if err != nil {
		x.algebra(argSpan(n, err), err)
		return nil, false
	}
	if !x.dynamicConditions(op, n, a, r) {
		return nil, false
	}
	if !x.checkResultSize(n.Span, op.name, r) {
		return nil, false
	}
	x.reportCall(n, op.name, vals, r)
	return r, true
}

// lift finishes an operation applied to the inner layout of a composed
// layout outer o offset o inner, as CuTe's overloads for ComposedLayout do:
// a layout result r becomes outer o offset o r (so that
// composition(S<3,4,3> o 0 o L, T) is S<3,4,3> o 0 o composition(L, T), and
// tile_to_shape of a swizzled atom stays swizzled); a query's result (the
// size, the shape) is the inner layout's.
func lift(c Composed, r Value) (Value, error) {
	l, ok := r.(Layout)
	if !ok {
		return r, nil
	}
	cl, err := c.C.WithInner(l.L)
	if err != nil {
		return nil, err
	}
	return Composed{cl}, nil
}

// argSpan is the span of the argument an algebra error is about, or the
// call's span.
func argSpan(n *ast.Call, err error) diag.Span {
	var e *layout.Error
	if errors.As(err, &e) && e.Arg >= 0 && e.Arg < len(n.Args) {
		return spanOf(n.Args[e.Arg])
	}
	return n.Span
}

// An Op is one row of the table of operations as the other stages read it:
// the name, the one-line documentation, the CuTe dialect op the op checker
// derives with it ("" for none), whether it computes with symbols, and its
// form on layout.Static values where it has one, of one operand or of two.
type Op struct {
	Name, Doc, Dialect string
	Symbolic           bool
	Static1            func(r, a *layout.Static) bool
	Static2            func(r, a, b *layout.Static) bool
}

// Ops returns the table of operations, sorted by name.
func Ops() []Op {
	names := sortedOperationNames()
	out := make([]Op, len(names))
	for i, n := range names {
		op := operations[n]
		out[i] = Op{Name: n, Doc: op.doc, Dialect: op.dialect, Symbolic: op.symbolic != nil, Static1: op.static1, Static2: op.static2}
	}
	return out
}

// Operations returns the names of all operations, sorted.
func Operations() []string { return operationNames() }

// OperationDoc returns the one-line documentation of an operation.
func OperationDoc(name string) (string, bool) {
	op, ok := operations[name]
	if !ok {
		return "", false
	}
	return op.doc, true
}

func operationNames() []string { return slices.Clone(sortedOperationNames()) }

// sortedOperationNames is computed once, after the operations are defined
// (by the package's init functions): suggestions ask for it for every
// unknown name.
var sortedOperationNames = sync.OnceValue(func() []string {
	names := make([]string, 0, len(operations))
	for n := range operations {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
})
