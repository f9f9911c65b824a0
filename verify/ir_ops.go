package verify

import (
	"bytes"

	"github.com/cutec/cutec/diag"
)

func init() {
	Register(&Check{
		Name: "op-result",
		Doc: "In MLIR, each `cute` op whose operand and result types are written (`: (T1, T2) -> R`, " +
			"`: T -> R`, `: T to R`, with type aliases resolved) has the result type that cutec derives " +
			"from the operand types, judged in the dialect's form (E0605). Ops cutec does not evaluate are skipped.",
		Codes: []diag.Code{diag.OpResultMismatch},
	})
}

// OpStats counts what the op checker did with the ops of the dialect.
type OpStats struct {
	Checked    int // ops whose result type was derived and compared
	Mismatched int // of those, the ones reported (E0605)
	Skipped    int // ops the checker covers that it could not judge: types not all written, a type it cannot state, an error of the algebra
	Other      int // ops that define results but that the checker does not cover (make_coord, get_iter, ...)
}

// Add adds the counts of o to s.
func (s *OpStats) Add(o OpStats) {
	s.Checked += o.Checked
	s.Mismatched += o.Mismatched
	s.Skipped += o.Skipped
	s.Other += o.Other
}

// ChecksOps reports whether the pass runs the op checker (the check
// op-result, with E0605 not disabled): a streaming reader need not collect
// type aliases otherwise.
func (p *Pass) ChecksOps() bool { return p.opsOn() }

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

// opScan is the op checker's state over one window of MLIR: ScanMLIROps
// hands it the offset of each op's name.
type opScan struct {
	p       *Pass
	f       *diag.File
	aliases *Aliases
	stats   OpStats
	diags   diag.List
	op      opLine // reused from op to op
	key     []byte // scratch space for cache keys
	joined  []byte // an op written over several lines, joined (see continued)
	budget  int    // bytes left to search for definitions (see definedType)
	lineEnd int    // the end of the line of the last op read
}

// at checks the op whose name starts at src[at].
func (s *opScan) at(at int) {
	src := s.f.Src
	if at < s.lineEnd {
		return // one op a line: what follows on the line is that op's text
	}
	n := at
	for n < len(src) && isIdentByte(src[n]) {
		n++
	}
	if !mayHaveRule(src[at:n]) {
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
	s.key, d = s.p.checkOp(s.f, &s.op, s.aliases, &s.stats, s.key)
	if d != nil {
		s.diags = append(s.diags, d)
	}
}

// maxContinued bounds the lines an op written over several lines may take.
const maxContinued = 4

// continued reads into s.op an op whose type is written on the lines that
// follow its line (which ends at end), as the dialect's tests write it:
//
//	%r = cute.zipped_divide(%a, %b)
//	       : (!cute.layout<"(6,8):(8,1)">, !cute.shape<"(3,4)">)
//	      -> !cute.layout<"((3,4),(2,2)):((8,1),(24,4))">
//
// The lines are joined with single spaces into s.joined; the result type
// keeps its offset in the window. It returns false when the op is not of
// that form or its lines leave the window.
func (s *opScan) continued(at, end int) bool {
	src := s.f.Src
	if bytes.Contains(src[at:end], []byte(" : ")) {
		return false // its type is on its own line: `cute.slice(%t, %c) : T, C`
	}
	j := append(s.joined[:0], src[at:end]...)
	resultLine := -1
	for range maxContinued {
		if end >= len(src) {
			break
		}
		next := bytes.IndexByte(src[end+1:], '\n')
		if next < 0 {
			next = len(src) - end - 1
		}
		line := bytes.TrimSpace(src[end+1 : end+1+next])
		if !bytes.HasPrefix(line, []byte(": ")) && !bytes.HasPrefix(line, []byte("-> ")) {
			break
		}
		j = append(append(bytes.TrimRight(j, " \t\r"), ' '), line...)
		resultLine, end = end+1, end+1+next
	}
	s.joined = j
	if resultLine < 0 || !parseOpLine(j, 0, len(j), &s.op) {
		return false
	}
	r := bytes.Index(src[resultLine:end], s.op.result)
	if r < 0 {
		return false
	}
	s.op.resultAt = resultLine + r
	return true
}

// resultTyped are the ops that CuTe DSL prints with their result type only,
// `%l = cute.make_layout(%shape, %stride) : !cute.layout<"…">`: the op
// checker finds their operands' types where the operands are defined.
var resultTyped = map[string]bool{"make_layout": true, "make_composed_layout": true}

// resultOnly reads into s.op an op of resultTyped whose name is src[at:n]
// and whose line ends at end, with the types of its operands taken from
// the lines that define them earlier in the window. It returns false when
// the op is not of that form or an operand's type is not found.
func (s *opScan) resultOnly(at, n, end int) bool {
	src := s.f.Src
	if !resultTyped[string(src[at:n])] {
		return false
	}
	op := &s.op
	*op = opLine{name: src[at:n], literals: op.literals[:0], strAt: op.strAt[:0], types: op.types[:0]}
	k := skipSpaces(src, n, end)
	if k >= end || src[k] != '(' {
		return false
	}
	close := balanced(src, k, end)
	if close < 0 || !bytes.HasPrefix(src[close+1:end], []byte(" : !")) {
		return false
	}
	r := close + 1 + len(" : ")
	t := typeEnd(src, r, end)
	if !opLineEnds(src[t:end]) {
		return false
	}
	op.result, op.resultAt = src[r:t], r
	lineStart := bytes.LastIndexByte(src[:at], '\n') + 1
	ok := true
	eachTop(src[k+1:close], func(name []byte) {
		if !ok {
			return
		}
		def, found := definedType(src[:lineStart], name, &s.budget)
		if !found {
			ok = false
			return
		}
		op.types = append(op.types, def)
		op.nargs++
	})
	return ok && op.nargs > 0
}

// definedType finds, in src, the last line that defines the SSA value name
// (`%name = cute.…`) with a type that is its result, and returns that type:
// the R of `… -> R`, or the T of `cute.static : T` and of the ops of
// resultTyped.
//
// budget bounds the bytes searched over a whole window, so that a file of
// such ops whose operands are never defined costs linear time: once it is
// spent, the search fails.
func definedType(src, name []byte, budget *int) ([]byte, bool) {
	if len(name) < 2 || name[0] != '%' {
		return nil, false
	}
	for end := len(src); ; {
		from := max(end-*budget, 0)
		i := bytes.LastIndex(src[from:end], name)
		if i < 0 {
			*budget -= end - from
			return nil, false
		}
		i += from
		*budget -= end - i
		end = i
		j := i + len(name)
		if i > 0 && src[i-1] != ' ' && src[i-1] != '\t' && src[i-1] != '\n' || !bytes.HasPrefix(src[j:], []byte(" = cute.")) {
			continue
		}
		line := src[j+len(" = cute."):]
		if nl := bytes.IndexByte(line, '\n'); nl >= 0 {
			line = line[:nl]
		}
		if a := bytes.LastIndex(line, []byte(") -> !")); a >= 0 {
			t := line[a+len(") -> "):]
			return t[:typeEnd(t, 0, len(t))], true
		}
		k := 0
		for k < len(line) && isIdentByte(line[k]) {
			k++
		}
		if op := string(line[:k]); op != "static" && !resultTyped[op] {
			return nil, false
		}
		c := bytes.Index(line, []byte(" : !"))
		if c < 0 {
			return nil, false
		}
		t := line[c+len(" : "):]
		return t[:typeEnd(t, 0, len(t))], true
	}
}

var (
	layoutOperand = []byte(`(!cute.layout<"`)
	shapeResult   = []byte(`">) -> !cute.shape<"`)
	strideResult  = []byte(`">) -> !cute.stride<"`)
	payloadEnd    = []byte(`">`)
)

// accessorAsWritten is the fastest path of the op checker, for the ops that
// fill most of real IR: `cute.get_shape(%x) : (!cute.layout<"S:D">) ->
// !cute.shape<"S">` and its get_stride twin, whose result is the shape (or
// stride) of the operand exactly as written. rest is the line after the op's
// name. It returns false when the op is not of that form or when the texts
// differ (the full path then decides).
func accessorAsWritten(name, rest []byte) bool {
	var result []byte
	switch string(name) {
	case "get_shape":
		result = shapeResult
	case "get_stride":
		result = strideResult
	default:
		return false
	}
	// `(%x) : (!cute.layout<"S:D">) -> !cute.shape<"S">`
	c := bytes.IndexByte(rest, ')')
	if c < 0 || !bytes.HasPrefix(rest[c+1:], []byte(" : ")) || !bytes.HasPrefix(rest[c+4:], layoutOperand) {
		return false
	}
	x := rest[c+4+len(layoutOperand):]
	q := bytes.IndexByte(x, '"')
	if q < 0 || !bytes.HasPrefix(x[q:], result) {
		return false
	}
	r := x[q+len(result):]
	l := x[:q]
	colon := topColon(l)
	if colon < 0 || bytes.Contains(l, []byte(" o ")) {
		return false
	}
	part := l[:colon]
	if len(result) == len(strideResult) {
		part = l[colon+1:]
	}
	return bytes.HasPrefix(r, part) && bytes.HasPrefix(r[len(part):], payloadEnd) &&
		opLineEnds(r[len(part)+len(payloadEnd):])
}

// opLineEnds reports whether what follows an op's result type ends the op:
// nothing, spaces, a location or a comment.
func opLineEnds(rest []byte) bool {
	rest = bytes.TrimLeft(rest, " \t\r")
	return len(rest) == 0 || bytes.HasPrefix(rest, []byte("loc(")) || bytes.HasPrefix(rest, []byte("//"))
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

// parseOpLine reads into op (whose slices it reuses) the op whose name
// starts at src[at] (after `= cute.`), up to end (the end of its line). It
// returns false when the op has no functional type: only those state both
// operand and result types.
func parseOpLine(src []byte, at, end int, op *opLine) bool {
	*op = opLine{literals: op.literals[:0], strAt: op.strAt[:0], types: op.types[:0]}
	k := at
	for k < end && isIdentByte(src[k]) {
		k++
	}
	op.name = src[at:k]
	if k < end && src[k] == '<' {
		close := balanced(src, k, end)
		if close < 0 {
			return false
		}
		op.tmpl, k = src[k+1:close], close+1
	}
	k = skipSpaces(src, k, end)
	if k >= end || src[k] != '(' {
		return false
	}
	close := balanced(src, k, end)
	if close < 0 {
		return false
	}
	eachTop(src[k+1:close], func(a []byte) {
		if a[0] == '"' {
			op.literals = append(op.literals, a)
			op.strAt = append(op.strAt, op.nargs)
		}
		op.nargs++
	})
	k = skipSpaces(src, close+1, end)
	if k < end && src[k] == '<' {
		close := balanced(src, k, end)
		if close < 0 {
			return false
		}
		op.props, k = src[k:close+1], skipSpaces(src, close+1, end)
	}
	if k < end && src[k] == '{' {
		return false // an attribute dictionary: its meaning is the op's own
	}
	if end-k < 3 || src[k] != ':' || src[k+1] != ' ' {
		return false
	}
	k += 2
	if src[k] == '(' {
		close := balanced(src, k, end)
		if close < 0 || !bytes.HasPrefix(src[close+1:end], []byte(" -> ")) {
			return false
		}
		eachTop(src[k+1:close], func(t []byte) { op.types = append(op.types, t) })
		k = close + 1 + len(" -> ")
	} else {
		t := typeEnd(src, k, end)
		rest := src[t:end]
		var sep int
		switch {
		case bytes.HasPrefix(rest, []byte(" -> ")):
			sep = len(" -> ")
		case bytes.HasPrefix(rest, []byte(" to ")):
			sep = len(" to ")
		default:
			return false
		}
		op.types = append(op.types, src[k:t])
		k = t + sep
	}
	if k >= end || src[k] == '(' {
		return false // several results, or none
	}
	t := typeEnd(src, k, end)
	op.result, op.resultAt = src[k:t], k
	if len(op.types) != op.nargs-len(op.literals) {
		return false
	}
	return true
}

// balanced returns the offset of the bracket that closes the one at
// src[open] (one of `<([{`), before end, or -1. Quoted strings are skipped,
// and the `>` of an arrow `->` closes nothing.
func balanced(src []byte, open, end int) int {
	depth := 0
	for k := open; k < end; k++ {
		switch src[k] {
		case '"':
			q := bytes.IndexByte(src[k+1:end], '"')
			if q < 0 {
				return -1
			}
			k += q + 1
		case '<', '(', '[', '{':
			depth++
		case '>':
			if k > 0 && src[k-1] == '-' {
				continue
			}
			fallthrough
		case ')', ']', '}':
			if depth--; depth == 0 {
				return k
			}
		}
	}
	return -1
}

// typeEnd returns where the type starting at src[k] ends: at the first space
// or comma outside brackets and quotes, or at end.
func typeEnd(src []byte, k, end int) int {
	for k < end {
		switch src[k] {
		case ' ', ',', '\r', '\t':
			return k
		case '"', '<', '(', '[', '{':
			if src[k] == '"' {
				q := bytes.IndexByte(src[k+1:end], '"')
				if q < 0 {
					return end
				}
				k += q + 2
				continue
			}
			c := balanced(src, k, end)
			if c < 0 {
				return end
			}
			k = c + 1
		default:
			k++
		}
	}
	return end
}

// eachTop calls fn with each item of a comma-separated list, split at its
// top level and trimmed of spaces; empty items are passed over.
func eachTop(list []byte, fn func([]byte)) {
	for k := 0; k <= len(list); {
		k0 := skipSpaces(list, k, len(list))
		t := typeEnd(list, k0, len(list))
		for t < len(list) && list[t] != ',' { // `32 b`, `(f16, f16)`: a type with spaces
			t = typeEnd(list, t+1, len(list))
		}
		item := bytes.TrimRight(list[k0:t], " \t")
		if len(item) > 0 {
			fn(item)
		}
		k = t + 1
	}
}

func skipSpaces(src []byte, k, end int) int {
	for k < end && (src[k] == ' ' || src[k] == '\t') {
		k++
	}
	return k
}
