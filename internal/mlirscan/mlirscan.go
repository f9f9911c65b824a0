// Package mlirscan holds the pieces of MLIR's text that more than one
// reader of cutec needs, so that each is read one way: where a line's `//`
// comment starts (outside a string literal), the dialects' sigils
// (`!cute.`, `#cute_nvgpu.`), and the ops of the dialect that define
// results (`%0 = cute.get_shape(…)`). Package parser's ScanMLIR finds the
// payloads with them, and verify's op checker the ops.
package mlirscan

import "bytes"

// Lines finds the `//` comment of the lines of one text, keeping the last
// line it read so that the offsets of one line cost one scan of it. The
// zero Lines is ready for a new text.
type Lines struct {
	// The line of the last call: its start, its end and where its `//`
	// comment starts (its end when it has none).
	start, end, comment int
}

// CommentAt returns where the `//` comment of the line of src holding at
// starts (the line's end when it has none) and the line's end. MLIR
// comments run from `//` outside a string literal to the end of the line;
// lint and fmt leave what is inside them alone (an old layout in a comment
// is not an error, and fmt does not rewrite it). Successive calls must be
// on one src; the offsets may come in any order, and each line is scanned
// once while they stay on it.
func (s *Lines) CommentAt(src []byte, at int) (comment, end int) {
	if s.start <= at && at < s.end {
		return s.comment, s.end
	}
	start := bytes.LastIndexByte(src[:at], '\n') + 1
	end = len(src)
	if k := bytes.IndexByte(src[at:], '\n'); k >= 0 {
		end = at + k
	}
	s.start, s.end, s.comment = start, end, end
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
// Each line is read once, however many ops it holds.
func Ops(src []byte, op func(name int)) {
	var c codeScan
	for i := 0; ; {
		j := bytes.Index(src[i:], opMarker)
		if j < 0 {
			return
		}
		name := i + j + len(OpMarker)
		i = name
		if c.code(src, name) {
			op(name)
		}
	}
}

// codeScan reads a line from its start as far as the offsets asked about,
// which only move forward: whether the text there is in a string literal
// or a comment.
type codeScan struct {
	start, end int  // the line being read
	pos        int  // how far it was read
	inString   bool // at pos
	comment    bool // a comment started before pos
}

// code reports whether src[at] is outside a comment and a string literal.
func (c *codeScan) code(src []byte, at int) bool {
	if at < c.start || at >= c.end {
		c.start = bytes.LastIndexByte(src[:at], '\n') + 1
		c.end = len(src)
		if k := bytes.IndexByte(src[at:], '\n'); k >= 0 {
			c.end = at + k
		}
		c.pos, c.inString, c.comment = c.start, false, false
	}
	for ; c.pos < at && !c.comment; c.pos++ {
		switch b := src[c.pos]; {
		case c.inString && b == '\\':
			c.pos++
		case b == '"':
			c.inString = !c.inString
		case !c.inString && b == '/' && c.pos+1 < len(src) && src[c.pos+1] == '/':
			c.comment = true
		}
	}
	return !c.comment && !c.inString
}

// OpIn returns the offset in line (one line of MLIR) of the name of its
// first op of the dialect that defines results, as Ops finds it: false
// when the line has none outside a comment and a string literal.
func OpIn(line []byte) (name int, ok bool) {
	var c codeScan
	for i := 0; ; {
		j := bytes.Index(line[i:], opMarker)
		if j < 0 {
			return 0, false
		}
		name = i + j + len(OpMarker)
		i = name
		if c.code(line, name) {
			return name, true
		}
	}
}
