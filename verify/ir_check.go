package verify

import (
	"fmt"
	"slices"
	"strconv"

	"github.com/cutec/cutec/ast"
	"github.com/cutec/cutec/diag"
	"github.com/cutec/cutec/normalize"
)

// opVerdict is what the op checker concluded for one op signature; it is
// cached by the signature's text, since real IR repeats the same ops.
type opVerdict struct {
	status  opStatus
	derived string // the payload cutec derives, when it differs
}

type opStatus uint8

const (
	opSkipped opStatus = iota
	opAgrees
	opDiffers
)

// maxOpArgs bounds the operands of an op the checker reads.
const maxOpArgs = 8

// maxCachedOp bounds the signatures kept in the cache of verdicts, so that
// its memory stays bounded (entries) times (this).
const maxCachedOp = 4096

// checkOp checks one op: it reads its types, derives its result through
// the cache and returns a diagnostic when the result type differs. key is
// scratch space, returned for reuse.
func (p *Pass) checkOp(f *diag.File, op *opLine, aliases *Aliases, st *OpStats, key []byte) ([]byte, *diag.Diagnostic) {
	if op.nargs > maxOpArgs {
		st.Skipped++
		return key, nil
	}
	var buf [maxOpArgs]opArg
	args := buf[:0]
	ti, li := 0, 0
	for i := 0; i < op.nargs; i++ {
		if li < len(op.strAt) && op.strAt[li] == i {
			lit := op.literals[li]
			if len(lit) < 2 || lit[len(lit)-1] != '"' {
				st.Skipped++
				return key, nil
			}
			args = append(args, opArg{kind: "literal", payload: lit[1 : len(lit)-1]})
			li++
			continue
		}
		a, ok := readType(op.types[ti], aliases)
		ti++
		if !ok {
			st.Skipped++
			return key, nil
		}
		args = append(args, a)
	}
	res, ok := readType(op.result, aliases)
	if !ok {
		st.Skipped++
		return key, nil
	}
	if len(op.props) == 0 && len(op.tmpl) == 0 && agreesAsWritten(op.name, args, res) {
		st.Checked++
		return key, nil
	}
	key = append(append(append(append(key[:0], op.name...), 0), op.tmpl...), 0)
	key = append(key, op.props...)
	for _, a := range args {
		key = append(append(append(append(key, 0), a.kind...), 0), a.payload...)
	}
	key = append(append(append(append(key, 0), res.kind...), 0), res.payload...)
	var v opVerdict
	cached, admit := false, false
	if len(key) <= maxCachedOp {
		v, cached, admit = p.opCache.Get(0, key)
	}
	st.Looked++
	if !cached {
		st.Fresh++
		// A copy, so that the operands stay on the stack on the common path.
		v = p.deriveOp(string(op.name), slices.Clone(args), readAttrs(*op), res)
		if admit {
			p.opCache.Put(0, string(key), v)
		}
	}
	switch v.status {
	case opSkipped:
		st.Skipped++
		return key, nil
	case opAgrees:
		st.Checked++
		return key, nil
	}
	st.Checked++
	st.Mismatched++
	span := diag.Span{Start: op.resultAt, End: op.resultAt + len(op.result)}
	d := &diag.Diagnostic{Code: diag.OpResultMismatch, Severity: diag.Error, File: f, Span: span, Message: fmt.Sprintf(
		"cute.%s: the result type %s differs from %s, which cutec derives from the operand types", op.name, op.result, v.derived)}
	if info, ok := diag.Lookup(diag.OpResultMismatch); ok {
		d.Severity = info.Severity
	}
	return key, d
}

// deriveOp derives the result of the op name from its arguments and
// compares it with the stated result res.
func (p *Pass) deriveOp(name string, args []opArg, at opAttrs, res opArg) opVerdict {
	v, _, _ := p.derive(name, args, at, res)
	return v
}

// derive is deriveOp that also returns the value cutec derives (nil when
// it derives none) and, for a skipped op, why (see OpAt).
func (p *Pass) derive(name string, args []opArg, at opAttrs, res opArg) (opVerdict, normalize.Value, string) {
	rule, ok := opRules[name]
	if !ok {
		return opVerdict{}, nil, "cutec has no rule for cute." + name
	}
	for _, a := range args {
		if _, ok := p.payloadValue(a); !ok {
			return opVerdict{}, nil, "an operand's payload " + strconv.Quote(string(a.payload)) + " is not a valid " + a.kind
		}
	}
	expr, ok := rule(args, at)
	if !ok {
		return opVerdict{}, nil, "cutec's rule for cute." + name + " does not cover these operands or attributes"
	}
	ef := diag.NewFile("<op>", []byte(expr))
	e, diags := p.parser.ParseExpr(ef)
	if diags.HasErrors() || e == nil {
		return opVerdict{}, nil, "cutec cannot read " + expr
	}
	ev := normalize.Evaluator{File: ef, Opts: normalize.Options{Lowerable: p.opts.Lowerable}}
	derived, diags := ev.Eval(e)
	if diags.HasErrors() || derived == nil {
		// cutec does not evaluate it: skipped (counted in OpStats.Skipped), not reported
		why := "cutec does not evaluate " + expr
		if len(diags) > 0 {
			why += " (" + string(diags[0].Code) + ": " + diags[0].Message + ")"
		}
		return opVerdict{}, nil, why
	}
	if acc, ok := derived.(normalize.Accessor); ok {
		// local_tile: a tensor's tile, {offset} o layout. The result type
		// states the tile's layout; where it starts is not compared.
		if !res.layoutLike() {
			return opVerdict{}, derived, "cutec derives an offset and a layout, " + derived.String() + ", and the result is a " + res.kind
		}
		derived = normalize.Layout{L: acc.L}
	}
	stated, ok := p.payloadValue(res)
	if !ok {
		return opVerdict{}, derived, "the stated result's payload is not a valid " + res.kind
	}
	if sameInDialect(name, derived, stated) {
		return opVerdict{status: opAgrees}, derived, ""
	}
	if undecided(derived, stated) {
		return opVerdict{}, derived, "the two differ only in dynamic leaves or their facts, where cutec's algebra and the compiler's may know different things"
	}
	return opVerdict{status: opDiffers, derived: typeText(res.kind, derived)}, derived, ""
}

// typeText writes the value v as a type of the dialect, of the kind of the
// stated result where the value's own kind does not say it.
func typeText(kind string, v normalize.Value) string {
	switch v.(type) {
	case normalize.Layout:
		kind = "layout"
	case normalize.Composed:
		kind = "composed_layout"
	case normalize.Swizzle:
		kind = "swizzle"
	case normalize.Tiler:
		kind = "tile"
	}
	if kind == "memref" || kind == "coord_tensor" || kind == "literal" {
		kind = "int_tuple"
	}
	return "!cute." + kind + `<"` + v.String() + `">`
}

// payloadValue parses and normalizes the payload of an argument in its
// form; false when it does not hold a valid value (its wrapper's check
// reports that).
func (p *Pass) payloadValue(a opArg) (normalize.Value, bool) {
	f := diag.NewFile("<type>", a.payload)
	n, diags := p.parser.Parse(a.form(), f)
	e, ok := n.(ast.Expr)
	if diags.HasErrors() || !ok {
		return nil, false
	}
	v, diags := normalize.Normalize(f, e, normalize.Options{Lowerable: p.opts.Lowerable})
	if diags.HasErrors() || v == nil {
		return nil, false
	}
	return v, true
}
