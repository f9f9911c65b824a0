package verify

import "bytes"

// The forms of ops other than one line with a functional type: an op whose
// type is written on the lines below it, and the ops CuTe DSL prints with
// their result type only.

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
