package verify

import "bytes"

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
