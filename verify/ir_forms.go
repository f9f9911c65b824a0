package verify

import (
	"bytes"

	"github.com/cutec/cutec/internal/mlirscan"
)

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
		if !ContinuesOp(line) {
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

// ContinuesOp reports whether line (its spaces around aside)
// may continue the op of the line above it, as the lines of its type: a
// reader that cuts MLIR into windows (see Pass.MLIRWindow) cuts before a
// line for which it is false.
func ContinuesOp(line []byte) bool {
	line = bytes.TrimSpace(line)
	return bytes.HasPrefix(line, []byte(": ")) || bytes.HasPrefix(line, []byte("-> "))
}

// resultTyped are the ops that CuTe DSL prints with their result type only,
// `%l = cute.make_layout(%shape, %stride) : !cute.layout<"…">`: the op
// checker finds their operands' types where the operands are defined.
var resultTyped = map[string]bool{"make_layout": true, "make_composed_layout": true, "make_identity_tensor": true}

// resultOnly reads into s.op an op of resultTyped whose name is src[at:n]
// and whose line ends at end, with the types of its operands taken from
// the lines that define them above it (see definedType). It returns false when
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
		def, found := definedType(src[:lineStart], s.before, name)
		if !found {
			ok = false
			return
		}
		op.types = append(op.types, def)
		op.nargs++
	})
	return ok && op.nargs > 0
}

// MLIRLookback bounds how far above an op of resultTyped the checker looks for
// the lines that define its operands: the last MLIRLookback bytes of the file
// before the op's line, whatever window the op is read in (MLIRWindow), so
// that the verdict does not depend on how a reader cuts the file. CuTe DSL
// defines the operands of make_layout a few lines above it.
const MLIRLookback = 8 << 10

// nearLookback is the part of MLIRLookback searched from the op upwards; the
// rest is searched forwards, which is faster, so that a file of such ops
// whose operands are never defined costs linear time.
const nearLookback = 1 << 8

// definedType finds the last line above an op that defines the SSA value
// name (`%name = cute.…`) with a type that is its result, and returns that
// type: the R of `… -> R`, or the T of `cute.static : T` and of the ops of
// resultTyped. src is the window's text before the op's line, before the
// file's text before the window (which ends at a line's end); together at
// most MLIRLookback bytes of them are searched (the lookback rule that lint
// and the language server share).
//
// SSA names are scoped to their function: the search stops at the line
// that opens the op's function (FuncStart), where name may be one of the
// function's arguments (`@f(%name: T, …)`, whose T is then returned); a
// definition above that line, in another function, is never taken.
func definedType(src, before, name []byte) ([]byte, bool) {
	if len(name) < 2 || name[0] != '%' {
		return nil, false
	}
	if len(src) > MLIRLookback {
		src, before = src[len(src)-MLIRLookback:], nil
	} else if rest := MLIRLookback - len(src); len(before) > rest {
		before = before[len(before)-rest:]
	}
	for p, part := range [][]byte{src, before} {
		i := lastDef(part, name)
		if i < 0 {
			if f := lastFuncStart(part); f >= 0 {
				return argType(part[f:], name)
			}
			continue
		}
		// The text between the definition and the op: a function that
		// starts there is the op's, and the definition is not in it.
		f := -1
		if p == 1 {
			f = lastFuncStart(src)
		}
		if f < 0 {
			if f = lastFuncStart(part[i:]); f >= 0 {
				return argType(part[i+f:], name)
			}
			return defType(part[i+len(name):])
		}
		return argType(src[f:], name)
	}
	return nil, false
}

// FuncStart reports whether an MLIR line opens a function or another op
// with a symbol and a body (`func.func @f(…) {`, `cuda.kernel @k(…) … {`,
// `gpu.module @m {`) or a top-level module: the SSA names used below it
// are defined in it, so a reader that looks back for a definition stops
// there.
func FuncStart(line []byte) bool {
	t := bytes.TrimSpace(line)
	if moduleLine(t) {
		return true
	}
	return bytes.HasSuffix(t, []byte("{")) && !bytes.HasPrefix(t, []byte("%")) && bytes.Contains(t, []byte(" @"))
}

// lastFuncStart returns the offset in text of the start of its last line
// that opens a function (FuncStart), or -1.
func lastFuncStart(text []byte) int {
	last := -1
	for k := 0; k < len(text); {
		j := bytes.Index(text[k:], symbolMark)
		m := bytes.Index(text[k:], moduleLineStart)
		if j < 0 && m < 0 {
			break
		}
		if j < 0 || (m >= 0 && m < j) {
			j = m + 1
		}
		at := k + j
		start := bytes.LastIndexByte(text[:at], '\n') + 1
		end := bytes.IndexByte(text[at:], '\n')
		if end < 0 {
			end = len(text)
		} else {
			end += at
		}
		if FuncStart(text[start:end]) {
			last = start
		}
		k = end
	}
	if last < 0 && moduleLine(text) {
		last = 0
	}
	return last
}

var symbolMark = []byte(" @")

// argType returns the type of the argument name of the function whose line
// starts line: the T of `%name: T` in its argument list.
func argType(line, name []byte) ([]byte, bool) {
	if nl := bytes.IndexByte(line, '\n'); nl >= 0 {
		line = line[:nl]
	}
	at := bytes.Index(line, symbolMark)
	if at < 0 {
		return nil, false
	}
	open := bytes.IndexByte(line[at:], '(')
	if open < 0 {
		return nil, false
	}
	open += at
	end := balanced(line, open, len(line))
	if end < 0 {
		return nil, false
	}
	for k := open; ; {
		i := bytes.Index(line[k:end], name)
		if i < 0 {
			return nil, false
		}
		i += k
		k = i + 1
		if (line[i-1] != '(' && line[i-1] != ' ') || !bytes.HasPrefix(line[i+len(name):end], []byte(": !")) {
			continue
		}
		t := i + len(name) + len(": ")
		return line[t:typeEnd(line, t, end)], true
	}
}

// lastDef returns the offset in part of the last `name = cute.` that starts
// part, follows a space, a tab or a newline, and is not in a `//` comment
// (an old version of a definition kept in a comment defines nothing), or
// -1. The nearLookback bytes at
// the end of part are searched backwards, then the rest forwards.
func lastDef(part, name []byte) int {
	var lines mlirscan.Lines // each line's comment found once, whatever the order
	isDef := func(i int) bool {
		if (i == 0 || part[i-1] == ' ' || part[i-1] == '\t' || part[i-1] == '\n') &&
			bytes.HasPrefix(part[i+len(name):], []byte(" = cute.")) {
			c, _ := lines.CommentAt(part, i)
			return i < c
		}
		return false
	}
	near := max(len(part)-nearLookback, 0)
	for end := len(part); end > near; {
		i := bytes.LastIndex(part[near:end], name)
		if i < 0 {
			break
		}
		i += near
		if isDef(i) {
			return i
		}
		end = i + len(name) - 1 // an occurrence may overlap the next one found
	}
	last := -1
	far := part[:min(near+len(name)-1, len(part))]
	for k := 0; k < len(far); {
		i := bytes.Index(far[k:], name)
		if i < 0 {
			break
		}
		if isDef(k + i) {
			last = k + i
		}
		k += i + 1
	}
	return last
}

// defType returns the result type of the op on line (which starts with
// ` = cute.` after the name it defines), as definedType describes it.
func defType(line []byte) ([]byte, bool) {
	line = line[len(" = cute."):]
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
