package verify

import (
	"github.com/cutec/cutec/ast"
	"github.com/cutec/cutec/diag"
	"github.com/cutec/cutec/internal/mlirscan"
	"github.com/cutec/cutec/parser"
)

// MLIR verifies the payloads of the dialect's wrappers (`!cute.layout<"…">`
// and its kin) in f, a whole MLIR file. Everything that is not a payload is
// passed over. Each payload is parsed as its wrapper's form, normalized and
// checked; the result is cached by payload text, since real IR repeats the
// same layouts many times. With the check op-result, the result type of
// each `cute` op whose types are written is checked too (see MLIRChunk).
func (p *Pass) MLIR(f *diag.File) diag.List {
	return p.MLIRChunk(f, (*Aliases)(nil).Scan(f.Src), nil)
}

// MLIRChunk is MLIR for a window of whole lines of a file being streamed:
// aliases are the type aliases defined so far in the file (see
// Aliases.Scan; a reader scans each chunk before handing it on), and the op
// checker adds its counts to stats when it is not nil.
//
// The op checker reads each op written as `%r = cute.NAME(operands)
// [attributes] : (T1, T2) -> R` (or `: T -> R`, `: T to R`; on one line, or
// with its types on the lines below), and make_layout and
// make_composed_layout printed as `… : R` with their operands defined above;
// it resolves the aliases among the types, derives the result from the
// operand types with cutec's algebra and reports E0605 at R when R differs,
// in the dialect's form (see docs/dialect.md). An op it does not cover, a
// type it cannot state (a builtin, a pointer, an atom) or an evaluation
// that fails is skipped and counted, never reported.
func (p *Pass) MLIRChunk(f *diag.File, aliases *Aliases, stats *OpStats) diag.List {
	return p.MLIRWindow(f, nil, aliases, stats)
}

// MLIRWindow is MLIRChunk for a window f that a reader cut out of a file,
// with before, the text of the file just before the window (at least the
// MLIRLookback bytes above it, or all of it when the window is nearer the start; fewer
// bytes only lose definitions): the op checker finds there the
// definitions of the operands of make_layout and make_composed_layout
// written above the window. A reader that cuts a file into windows this way,
// gives each the aliases defined up to its end (Aliases.Scan) and never cuts
// between an op and the lines of its type below it gets the same
// diagnostics however it cuts.
func (p *Pass) MLIRWindow(f *diag.File, before []byte, aliases *Aliases, stats *OpStats) diag.List {
	return p.mlirByOp(f, before, aliases, stats, nil)
}

// mlirByOp is MLIRWindow that also adds the op checker's counts by op name
// (after `cute.`) to byOp when it is not nil: the instrument of the op
// checker's coverage (ir_coverage_test.go).
func (p *Pass) mlirByOp(f *diag.File, before []byte, aliases *Aliases, stats *OpStats, byOp map[string]*OpStats) diag.List {
	// One variable for what yield gathers: the closure makes it escape, and
	// a window then costs one allocation, not one per variable.
	var acc struct {
		diags diag.List
		cost  OpStats // payloads looked up and fresh
	}
	yield := func(w parser.Wrapper) bool {
		l, fresh := p.payload(f, w)
		acc.diags = append(acc.diags, l...)
		acc.cost.Looked++
		if fresh {
			acc.cost.Fresh++
		}
		return true
	}
	opsOn, banksOn := p.opsOn(), p.banksOn()
	if !opsOn && !banksOn {
		more := parser.ScanMLIR(f, yield) // before acc is read: yield appends to it
		diags := append(acc.diags, more...)
		if stats != nil {
			stats.Add(acc.cost)
		}
		return p.finish(diags)
	}
	ops := opScan{p: p, f: f, aliases: aliases, before: before, ops: opsOn, banks: banksOn,
		bankBudget: bankBudget(len(f.Src)), byOp: byOp}
	more := parser.ScanMLIR(f, yield) // before acc is read
	mlirscan.Ops(f.Src, ops.at)
	diags := append(append(acc.diags, more...), ops.diags...)
	if stats != nil {
		stats.Add(ops.stats)
		stats.Add(acc.cost)
	}
	return p.finish(diags)
}

// payload verifies one payload, through the pass's cache: its result is
// kept with spans relative to the payload and no file, and each occurrence
// gets its own copy. The cache is keyed by the payload's form and text, and,
// when a check reads them (Check.UsesType), by the element type and memory
// space of the memref or ptr it is in. fresh reports that the cache did not
// answer, so that the payload was parsed and verified.
func (p *Pass) payload(f *diag.File, w parser.Wrapper) (l diag.List, fresh bool) {
	key := w.Payload
	var buf [256]byte
	if p.typed && len(w.In.Elem)+len(w.In.Space) > 0 {
		key = append(append(append(append(append(buf[:0], w.Payload...), 0), w.In.Elem...), 0), w.In.Space...)
	}
	cached, ok, admit := p.cache.Get(int(w.Form()), key)
	if ok && len(cached) == 0 {
		return nil, false // the common case: a clean payload seen before
	}
	window := func() *diag.File { // where the payload sits in f: computed only for findings
		pos := f.Position(w.PayloadStart)
		return diag.NewWindow(f.Name, w.Payload, pos.Offset, pos.Line, pos.Col)
	}
	if ok {
		return cached.Retarget(window()), false
	}
	if p.fastPayload(&w) { // a layout or composed layout the full path would report nothing on
		if admit {
			p.cache.Put(int(w.Form()), string(key), nil)
		}
		return nil, true
	}
	// The payload is parsed and verified on its own (spans relative to it),
	// so that a clean payload, the common case, costs no line table of f.
	alone := diag.NewFile(f.Name, w.Payload)
	parse := p.payloads
	if p.typed {
		parse = p.parser // keyed by the text alone, a parse is shared by the payload's memref types
	}
	node, diags := parse.Parse(w.Form(), alone)
	if !diags.HasErrors() {
		if e, ok := node.(ast.Expr); ok {
			var in *parser.TypeInfo
			if len(w.In.Name) > 0 {
				in = new(parser.TypeInfo) // a copy: w itself stays on the stack
				*in = w.In
			}
			_, more := p.eval(alone, e, nil, in)
			diags = append(diags, more...)
		}
	}
	if admit {
		p.cache.Put(int(w.Form()), string(key), diags.Retarget(nil))
	}
	if len(diags) == 0 {
		return nil, true
	}
	return diags.Retarget(window()), true
}
