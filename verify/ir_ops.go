package verify

import (
	"bytes"

	"github.com/cutec/cutec/diag"
)

// opResultCheck is the check op-result (see checks in check.go).
var opResultCheck = &Check{
	Name: "op-result",
	Doc: "In MLIR, each `cute` op whose operand and result types are written (`: (T1, T2) -> R`, " +
		"`: T -> R`, `: T to R`, with type aliases resolved) has the result type that cutec derives " +
		"from the operand types, judged in the dialect's form (E0605). Ops cutec does not evaluate are skipped.",
	Codes: []diag.Code{diag.OpResultMismatch},
}

// OpStats counts what the op checker did with the ops of the dialect.
type OpStats struct {
	Checked    int // ops whose result type was derived and compared
	Mismatched int // of those, the ones reported (E0605)
	Skipped    int // ops the checker covers that it could not judge: types not all written, a type it cannot state, an error of the algebra
	Other      int // ops that define results but that the checker does not cover (make_coord, get_iter, ...)

	// The work a window took, for a reader that decides whether a window is
	// worth handing to another goroutine (not counted by op in byOp):
	Looked int // payloads and op signatures looked up in the pass's caches
	Fresh  int // of those, the ones the caches did not answer, so parsed and evaluated
}

// Add adds the counts of o to s.
func (s *OpStats) Add(o OpStats) {
	s.Checked += o.Checked
	s.Mismatched += o.Mismatched
	s.Skipped += o.Skipped
	s.Other += o.Other
	s.Looked += o.Looked
	s.Fresh += o.Fresh
}

// sub returns the counts of s less those of o.
func (s OpStats) sub(o OpStats) OpStats {
	return OpStats{Checked: s.Checked - o.Checked, Mismatched: s.Mismatched - o.Mismatched,
		Skipped: s.Skipped - o.Skipped, Other: s.Other - o.Other}
}

// ChecksOps reports whether the pass runs the op checker (the check
// op-result, with E0605 not disabled) or the bank check of IR (the check
// bank-conflicts, see ir_banks.go): a streaming reader need not collect
// type aliases otherwise.
func (p *Pass) ChecksOps() bool { return p.opsOn() || p.banksOn() }

// opsOn reports whether the pass runs the op checker.
func (p *Pass) opsOn() bool {
	if p.disable[diag.OpResultMismatch] {
		return false
	}
	for _, c := range p.checks {
		if c.Name == "op-result" {
			return true
		}
	}
	return false
}

// opLine is one op of the dialect with a functional type, as written on a
// line: `%r = cute.NAME<TMPL>(OPERANDS) PROPS : (TYPES) -> RESULT`.
type opLine struct {
	name     []byte   // after `cute.`
	tmpl     []byte   // `<…>` right after the name, without the brackets
	props    []byte   // `<{…}>` or `<…>` after the operands, with the brackets
	literals [][]byte // the string operands, with their quotes, in order
	strAt    []int    // the operand index of each string operand
	nargs    int      // the number of operands
	types    [][]byte // the operand types
	result   []byte   // the result type
	resultAt int      // the offset of result in the scanned text
}

// opScan is the op checker's state over one window of MLIR: mlirscan.Ops
// hands it the offset of each op's name.
type opScan struct {
	p          *Pass
	f          *diag.File
	aliases    *Aliases
	stats      OpStats
	diags      diag.List
	op         opLine // reused from op to op
	key        []byte // scratch space for cache keys
	joined     []byte // an op written over several lines, joined (see continued)
	before     []byte // the file's text before the window (see definedType)
	lineEnd    int    // the end of the line of the last op read
	ops        bool   // the op checker runs (op-result)
	banks      bool   // the bank check runs on tiled copies (bank-conflicts)
	bankBudget int    // thread accesses the bank check may still analyze (see bankBudget)

	// byOp, when not nil, gets the counts of stats by op name (see mlirByOp).
	byOp map[string]*OpStats
}

// at checks the op whose name starts at src[at], and adds what it did to
// the op's entry in byOp when there is one.
func (s *opScan) at(at int) {
	if s.byOp == nil {
		s.check(at)
		return
	}
	before := s.stats
	s.check(at)
	d := s.stats.sub(before)
	if d.Checked+d.Skipped+d.Other == 0 {
		return // not an op of its own: on the line of the op before it
	}
	src := s.f.Src
	n := at
	for n < len(src) && isIdentByte(src[n]) {
		n++
	}
	e := s.byOp[string(src[at:n])]
	if e == nil {
		e = new(OpStats)
		s.byOp[string(src[at:n])] = e
	}
	e.Add(d)
}

// check checks the op whose name starts at src[at].
func (s *opScan) check(at int) {
	src := s.f.Src
	if at < s.lineEnd {
		return // one op a line: what follows on the line is that op's text
	}
	n := at
	for n < len(src) && isIdentByte(src[n]) {
		n++
	}
	if s.banks {
		if part := partitionOf(src[at:n]); part != 0 {
			s.stats.Other++
			s.copyAt(at, n, part)
			return
		}
	}
	if !s.ops || !mayHaveRule(src[at:n]) {
		s.stats.Other++
		return
	}
	if _, ok := opRules[string(src[at:n])]; !ok {
		s.stats.Other++
		return // an op the checker does not cover: not even read
	}
	end := bytes.IndexByte(src[n:], '\n')
	if end < 0 {
		end = len(src)
	} else {
		end += n
	}
	s.lineEnd = end
	if accessorAsWritten(src[at:n], src[n:end]) {
		s.stats.Checked++
		return
	}
	if !parseOpLine(src, at, end, &s.op) && !s.resultOnly(at, n, end) && !s.continued(at, end) {
		s.stats.Skipped++ // its types are not all written: nothing to compare
		return
	}
	var d *diag.Diagnostic
	s.key, d = s.p.checkOp(s.f, &s.op, s.aliases.At(at), &s.stats, s.key)
	if d != nil {
		s.diags = append(s.diags, d)
	}
}

// copyAt runs the bank check on the partition op whose name is
// src[at:n], written on one line.
func (s *opScan) copyAt(at, n int, part byte) {
	src := s.f.Src
	end := bytes.IndexByte(src[n:], '\n')
	if end < 0 {
		end = len(src)
	} else {
		end += n
	}
	s.lineEnd = end
	if !parseOpLine(src, at, end, &s.op) {
		return
	}
	if d := s.p.checkCopy(s.f, &s.op, s.aliases.At(at), part, &s.bankBudget); d != nil {
		s.diags = append(s.diags, d)
	}
}

// ruleShapes has bit c-'a' of entry len(name) set when some op of opRules
// has a name of that length starting with c: a quick test that passes over
// most ops (static, make_coord, make_tile, get_iter) without a map lookup.
// It is filled with opRules (ir_rules.go).
var ruleShapes [32]uint32

func mayHaveRule(name []byte) bool {
	return len(name) > 0 && len(name) < len(ruleShapes) && 'a' <= name[0] && name[0] <= 'z' &&
		ruleShapes[len(name)]&(1<<(name[0]-'a')) != 0
}
