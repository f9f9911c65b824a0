package normalize

import "github.com/cutec/cutec/ast"

// EvalCall evaluates the call name(vals...) of an operation on values that
// a fast reader read straight from the text (internal/evalfast's reader of
// lines with symbols), as Eval evaluates a call whose arguments are those
// values: the same checks of the arguments, the same symbolic or static
// form, the same obligations given to OnObligation. It is that call's
// evaluation without the parser and the conversion of the AST, so the
// reader must build each value exactly as Eval's conversion does.
//
// ok is false where the call is not an operation that takes values (a
// name, a special form), and where the evaluation reports an error: the
// caller then takes the full path, which reports it at its span. A
// diagnostic's span is not known here, so none is returned.
func (ev *Evaluator) EvalCall(name []byte, vals []Value) (v Value, ok bool) {
	op, isOp := operations[string(name)] // no allocation: the bytes are looked up
	if !isOp || op.special != nil || len(vals) > len(evalCallArgs{}.args) {
		return nil, false
	}
	x := ev.start()
	x.setScope(ev.Env, nil)
	c := &x.callNode
	c.fun.Name = op.name
	for i := range vals {
		c.args[i] = &c.nodes[i]
	}
	c.call = ast.Call{Fun: &c.fun, Args: c.args[:len(vals)], Lparen: -1, Rparen: -1}
	v, ok = x.invoke(op, &c.call, vals)
	diags := x.finish()
	if !ok || diags.HasErrors() {
		return nil, false
	}
	return v, true
}

// evalCallArgs is the call node EvalCall hands the operation: spans are
// only read to report a diagnostic, which EvalCall does not return.
type evalCallArgs struct {
	call  ast.Call
	fun   ast.Ident
	args  [4]ast.Expr
	nodes [4]ast.Ident
}
