package verify

import (
	"bytes"
	"slices"
	"strconv"

	"github.com/cutec/cutec/diag"
	"github.com/cutec/cutec/internal/mlirscan"
)

// OpType is what the op checker concludes about one op of the dialect, for
// a reader of one op at a time (the language server's hover and its
// diagnostics of ops that need lines other than their own).
type OpType struct {
	Name    string // the op, after `cute.`
	Stated  string // the result type as written (an alias is not resolved); empty when it is not found
	Derived string // the type cutec derives from the operand types, in the dialect's spelling; empty when it derives none
	Agrees  bool   // Derived agrees with Stated in the dialect's form (docs/dialect.md)
	Skipped string // why the op is not checked (then Agrees is false and no E0605 is reported); empty when it is checked

	// Diagnostic is E0605 exactly as MLIRChunk reports it on a window that
	// is the same text, when the pass runs the op checker and the types
	// differ; nil otherwise.
	Diagnostic *diag.Diagnostic
}

// OpAt reads the op whose name starts at offset at of f.Src (just after
// `= cute.`) as the op checker of MLIRChunk reads it in a window that is f:
// on its line, with its types on the lines below it, or, for make_layout
// and make_composed_layout printed with their result type only, with its
// operands' types found on the lines above it in f. aliases are the file's
// type aliases. It derives the result type from the operand types and says
// whether it agrees with the stated one, or why the op is not checked.
//
// Derived is filled even where MLIRChunk's fast path compares an accessor's
// result as written; Diagnostic follows MLIRChunk's path, so the two agree.
func (p *Pass) OpAt(f *diag.File, at int, aliases *Aliases) OpType {
	src := f.Src
	if at < 0 || at > len(src) {
		return OpType{Skipped: "not an op"}
	}
	n := at
	for n < len(src) && isIdentByte(src[n]) {
		n++
	}
	aliases = aliases.At(at)
	out := OpType{Name: string(src[at:n])}
	if _, ok := opRules[out.Name]; !ok {
		out.Skipped = "cutec has no rule for cute." + out.Name
		return out
	}
	end := bytes.IndexByte(src[n:], '\n')
	if end < 0 {
		end = len(src)
	} else {
		end += n
	}
	s := opScan{p: p, f: f, aliases: aliases, ops: true}
	fast := accessorAsWritten(src[at:n], src[n:end])
	if !parseOpLine(src, at, end, &s.op) && !s.resultOnly(at, n, end) && !s.continued(at, end) {
		out.Skipped = "its operand and result types are not all written"
		if resultTyped[out.Name] {
			out.Skipped += " (the types of its operands are those of the lines above that define them, and one of them was not found)"
		}
		return out
	}
	op := &s.op
	out.Stated = string(op.result)
	if p.opsOn() && !fast {
		var st OpStats
		_, out.Diagnostic = p.checkOp(f, op, aliases, &st, nil)
	}
	args, res, why := readOpTypes(op, aliases)
	if why != "" {
		out.Skipped = why
		return out
	}
	v, derived, why := p.derive(out.Name, slices.Clone(args), readAttrs(*op), res)
	if derived != nil {
		out.Derived = typeText(res.kind, derived)
	}
	if fast || len(op.props) == 0 && len(op.tmpl) == 0 && agreesAsWritten(op.name, args, res) {
		v.status, why = opAgrees, "" // as checkOp's fast path judges it
	}
	switch v.status {
	case opAgrees:
		out.Agrees = true
	case opSkipped:
		out.Skipped = why
	}
	return out
}

// readOpTypes reads the operand and result types of op as checkOp does,
// or says why it cannot.
func readOpTypes(op *opLine, aliases *Aliases) (args []opArg, res opArg, why string) {
	if op.nargs > maxOpArgs {
		return nil, res, "it has more than " + strconv.Itoa(maxOpArgs) + " operands"
	}
	ti, li := 0, 0
	for i := 0; i < op.nargs; i++ {
		if li < len(op.strAt) && op.strAt[li] == i {
			lit := op.literals[li]
			if len(lit) < 2 || lit[len(lit)-1] != '"' {
				return nil, res, "its string operand " + string(lit) + " is not closed"
			}
			args = append(args, opArg{kind: "literal", payload: lit[1 : len(lit)-1]})
			li++
			continue
		}
		a, ok := readType(op.types[ti], aliases)
		ti++
		if !ok {
			return nil, res, "the operand type " + string(op.types[ti-1]) + " is not one cutec states (a builtin type, a pointer, an atom or an unknown alias)"
		}
		args = append(args, a)
	}
	res, ok := readType(op.result, aliases)
	if !ok {
		return nil, res, "the result type " + string(op.result) + " is not one cutec states (a builtin type, a pointer, an atom or an unknown alias)"
	}
	return args, res, ""
}

// OpContext reports whether the op checker reads, for the op on line (a
// line of MLIR without its line break), lines other than its own: above,
// for make_layout and make_composed_layout printed with their result type
// only (`%l = cute.make_layout(%s, %d) : !cute.layout<"…">`), whose
// operands' types are those of the lines defining them; below, for an op
// the checker covers written without its type, which may be on the lines
// that follow (`: (T1, T2)` and `-> R`).
func OpContext(line []byte) (above, below bool) {
	at, ok := mlirscan.OpIn(line) // an op in a comment is none, as the op checker reads it
	if !ok {
		return false, false
	}
	n := at
	for n < len(line) && isIdentByte(line[n]) {
		n++
	}
	name := string(line[at:n])
	if _, ok := opRules[name]; !ok {
		return false, false
	}
	if !bytes.Contains(line[n:], []byte(" : ")) {
		return false, true
	}
	return resultTyped[name] && !bytes.Contains(line[n:], []byte(") -> ")), false
}
