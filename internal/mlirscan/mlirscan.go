// Package mlirscan holds the pieces of MLIR's text that more than one
// reader of cutec needs, so that each is read one way: where a line's `//`
// comment starts (outside a string literal), the dialects' sigils
// (`!cute.`, `#cute_nvgpu.`), and the ops of the dialect that define
// results (`%0 = cute.get_shape(…)`). Package parser's ScanMLIR finds the
// payloads with them, and verify's op checker the ops.
package mlirscan

import "bytes"

// Lines finds the `//` comment of the lines of one text, keeping the last
// line it read so that the candidates of one line cost one scan of it.
// The zero Lines is ready for a new text.
type Lines struct {
	// The line of the last call: its end and where its `//` comment
	// starts (its end when it has none).
	lineEnd, comment int
}

// CommentAt returns where the `//` comment of the line of src holding at
// starts (the line's end when it has none) and the line's end. MLIR
// comments run from `//` outside a string literal to the end of the line;
// lint and fmt leave what is inside them alone (an old layout in a comment
// is not an error, and fmt does not rewrite it). Successive calls must be
// on one src, at offsets that do not go back to an earlier line.
func (s *Lines) CommentAt(src []byte, at int) (comment, end int) {
	if at < s.lineEnd {
		return s.comment, s.lineEnd
	}
	start := bytes.LastIndexByte(src[:at], '\n') + 1
	end = len(src)
	if k := bytes.IndexByte(src[at:], '\n'); k >= 0 {
		end = at + k
	}
	s.lineEnd, s.comment = end, end
	if bytes.Index(src[start:end], []byte("//")) >= 0 {
		c, _ := scanLine(src[start:end])
		s.comment = start + c
	}
	return s.comment, end
}

// scanLine returns where the `//` comment of line starts (len(line) when it
// has none), and whether the line ends inside a string literal.
func scanLine(line []byte) (comment int, inString bool) {
	for k := 0; k < len(line); k++ {
		switch {
		case inString && line[k] == '\\':
			k++
		case line[k] == '"':
			inString = !inString
		case !inString && line[k] == '/' && k+1 < len(line) && line[k+1] == '/':
			return k, false
		}
	}
	return len(line), inString
}

// Word is the dialect's name as the readers look for it: `cute` of
// `!cute.layout`, `#cute_nvgpu.…` and `cute.get_shape`.
var Word = []byte("cute")

// DialectAt recognizes a sigil and `cute.` or `cute_nvgpu.` at src[at-1:],
// where src[at:] starts with Word, and returns the offset of the name after
// the dot.
func DialectAt(src []byte, at int) (int, bool) {
	if at == 0 || (src[at-1] != '!' && src[at-1] != '#') {
		return 0, false
	}
	rest := src[at+len(Word):]
	switch {
	case bytes.HasPrefix(rest, []byte(".")):
		return at + len(Word) + 1, true
	case bytes.HasPrefix(rest, []byte("_nvgpu.")):
		return at + len(Word) + len("_nvgpu."), true
	}
	return 0, false
}

// IsNameByte reports whether b may appear in a type's name after the
// dialect: `memref`, `atom.tmem_load`, `sm100.mma`.
func IsNameByte(b byte) bool {
	return 'a' <= b && b <= 'z' || 'A' <= b && b <= 'Z' || '0' <= b && b <= '9' || b == '_' || b == '.'
}

// OpMarker is what precedes the name of an op of the dialect that defines
// results: `%0 = cute.get_shape(…)`.
const OpMarker = "= cute."

var opMarker = []byte(OpMarker)

// Ops calls op, in order, with the offset in src of the name of each op of
// the dialect that defines results (the `get_shape` of
// `%0 = cute.get_shape(…)`), outside a `//` comment and a string literal.
func Ops(src []byte, op func(name int)) {
	for i := 0; ; {
		j := bytes.Index(src[i:], opMarker)
		if j < 0 {
			return
		}
		name := i + j + len(OpMarker)
		i = name
		if InCode(src, name) {
			op(name)
		}
	}
}

// OpIn returns the offset in line (one line of MLIR) of the name of its
// first op of the dialect that defines results, as Ops finds it: false
// when the line has none outside a comment and a string literal.
func OpIn(line []byte) (name int, ok bool) {
	found := -1
	Ops(line, func(at int) {
		if found < 0 {
			found = at
		}
	})
	return found, found >= 0
}

// InCode reports whether src[at] is outside a `//` comment and a string
// literal of its line: text the readers read, not text they leave alone.
func InCode(src []byte, at int) bool {
	line := src[bytes.LastIndexByte(src[:at], '\n')+1 : at]
	if bytes.IndexByte(line, '"') < 0 && bytes.Index(line, []byte("//")) < 0 {
		return true
	}
	c, inString := scanLine(line)
	return c == len(line) && !inString
}
