package evalfast

import (
	"strconv"

	"github.com/cutec/cutec/layout"
)

// Composed is a composed layout as ReadComposed reads it: Outer o Offset o
// Inner, the form the dialect prints in `!cute.composed_layout<"…">`
// (layout.ComposedLayout calls the swizzle or layout A Outer and the layout
// B Inner, B being applied first).
type Composed struct {
	// Swizzled says the function A is the swizzle Swizzle; otherwise it is
	// the static layout Outer.
	Swizzled bool
	Swizzle  layout.Swizzle
	Outer    layout.Static
	// Offset is the integer offset, or 0 when Coord holds the offset, a
	// coordinate of A's domain; ElemBits is N of a byte swizzle written
	// `smem_ptr[Nb](unset)` in the offset's place (its offset is then 0),
	// and 0 otherwise.
	Offset   int64
	Coord    Coord
	ElemBits int
	Inner    layout.Static
}

// Coord is a coordinate offset as read: its non-negative integer leaves
// and its profile ('(', ')' and 'x' for a leaf, in preorder); empty (np
// 0) when the offset is an integer.
type Coord struct {
	n, np int
	vals  [16]int64
	prof  [48]byte
}

// IsTuple reports whether the offset is a coordinate.
func (c *Coord) IsTuple() bool { return c.np > 0 }

// AppendText appends the text of c as layout.IntTuple.AppendText writes
// the tuple, to b.
func (c *Coord) AppendText(b []byte) []byte {
	leaf := 0
	for i, t := range c.prof[:c.np] {
		if i > 0 && t != ')' && c.prof[i-1] != '(' {
			b = append(b, ',')
		}
		if t == 'x' {
			b = strconv.AppendInt(b, c.vals[leaf], 10)
			leaf++
		} else {
			b = append(b, t)
		}
	}
	return b
}

// AppendText appends the canonical text of c, as
// layout.ComposedLayout.AppendText writes the composed layout c holds, to
// b.
func (c *Composed) AppendText(b []byte) []byte {
	if c.Swizzled {
		b = c.Swizzle.AppendText(b)
	} else {
		b = c.Outer.AppendText(b)
	}
	b = append(b, " o "...)
	switch {
	case c.ElemBits > 0:
		b = strconv.AppendInt(append(b, "smem_ptr["...), int64(c.ElemBits), 10)
		b = append(b, "b](unset)"...)
	case c.Coord.IsTuple():
		b = c.Coord.AppendText(b)
	default:
		b = strconv.AppendInt(b, c.Offset, 10)
	}
	return c.Inner.AppendText(append(b, " o "...))
}

// maxElemBits is the widest element of a byte swizzle, as
// layout.NewByteSwizzled takes it.
const maxElemBits = 1024

// ReadComposed reads one composed layout from src at offset at into c,
// whose Statics must be empty: a swizzle S<B,M,S> that layout.NewSwizzle
// accepts or a layout written out in full (as ReadLayout reads it), `o`, a
// decimal offset, a coordinate of decimal integers weakly congruent to the
// shape of a layout A (a tuple of at least two elements, after a layout
// only), or the pointer of a byte swizzle `smem_ptr[Nb](unset)` (N a
// power of two from 1 to 1024, after a swizzle only), `o`, and a layout
// written out in full. Spaces and tabs before and between its tokens are
// skipped. It returns the offset just past the last byte read; ok is false
// when src at offset at does not start with such a composed layout (a
// symbol, a dynamic leaf, a negative offset, an invalid swizzle, an offset
// that does not add, ...), and c is then undefined. The caller decides what may
// follow it and whether the full path would report anything on it. Lint
// of MLIR reads the payloads of composed layouts with it (verify's
// mlir_fast.go).
func ReadComposed(src []byte, at int, c *Composed) (end int, ok bool) {
	r := reader{src: src, pos: at}
	if r.peek('S') {
		c.Swizzled = true
		if !r.swizzle(&c.Swizzle) {
			return 0, false
		}
	} else if !r.layout(&c.Outer) {
		return 0, false
	}
	if !r.keywordO() {
		return 0, false
	}
	if r.peek('s') {
		if !c.Swizzled || !r.smemFlag(&c.ElemBits) {
			return 0, false
		}
	} else if r.peek('(') {
		// A coordinate: A's shape profile is still in r.f.
		if c.Swizzled || !r.coord(&c.Coord, 0) ||
			!weaklyCongruent(c.Coord.prof[:c.Coord.np], r.f.prof[:r.f.np]) {
			return 0, false
		}
	} else {
		off, ok := r.int()
		if !ok {
			return 0, false
		}
		c.Offset = off
	}
	if !r.keywordO() || !r.layout(&c.Inner) {
		return 0, false
	}
	return r.pos, true
}

// swizzle reads S<B,M,S> (S may be negative) into sw; it declines what
// layout.NewSwizzle rejects.
func (r *reader) swizzle(sw *layout.Swizzle) bool {
	if !r.word("S") || !r.punct('<') {
		return false
	}
	b, ok1 := r.int()
	ok2 := r.punct(',')
	m, ok3 := r.int()
	ok4 := r.punct(',')
	s, ok5 := r.signed()
	if !ok1 || !ok2 || !ok3 || !ok4 || !ok5 || !r.punct('>') {
		return false
	}
	if b > maxInt32 || m > maxInt32 || s > maxInt32 || s < -maxInt32 {
		return false
	}
	v, err := layout.NewSwizzle(int(b), int(m), int(s))
	if err != nil {
		return false // E0504 or a bad value on the full path
	}
	*sw = v
	return true
}

// maxInt32 bounds the parameters of a swizzle the reader converts to int.
const maxInt32 = 1<<31 - 1

// smemFlag reads smem_ptr[Nb](unset), the pointer of a byte swizzle.
func (r *reader) smemFlag(bits *int) bool {
	if !r.word("smem_ptr") || !r.punct('[') {
		return false
	}
	n, ok := r.bitWidth()
	if !ok || !r.punct(']') || !r.punct('(') || !r.word("unset") || !r.punct(')') {
		return false
	}
	if n < 1 || n > maxElemBits || n&(n-1) != 0 {
		return false // E0704 on the full path
	}
	*bits = int(n)
	return true
}

// bitWidth reads Nb, a decimal count of bits and the letter b, one token.
func (r *reader) bitWidth() (int64, bool) {
	n, start, ok := r.digits()
	if !ok {
		return 0, false
	}
	if r.pos == start || r.pos == len(r.src) || r.src[r.pos] != 'b' {
		return 0, false
	}
	r.pos++
	if r.pos < len(r.src) && isNameByte(r.src[r.pos]) {
		return 0, false
	}
	return n, true
}

// word reads the name w, which no name byte may follow.
func (r *reader) word(w string) bool {
	r.space()
	end := r.pos + len(w)
	if end > len(r.src) || string(r.src[r.pos:end]) != w || end < len(r.src) && isNameByte(r.src[end]) {
		return false
	}
	r.pos = end
	return true
}

// keywordO reads the keyword o that joins the parts of a composed layout.
func (r *reader) keywordO() bool { return r.word("o") }

// coord reads a tuple of non-negative integers, each a leaf or a tuple of
// at least two elements, into c.
func (r *reader) coord(c *Coord, depth int) bool {
	if depth > 8 || c.np == len(c.prof) {
		return false
	}
	if !r.punct('(') {
		v, ok := r.int()
		if !ok || c.n == len(c.vals) {
			return false
		}
		c.vals[c.n], c.prof[c.np] = v, 'x'
		c.n, c.np = c.n+1, c.np+1
		return true
	}
	c.prof[c.np] = '('
	c.np++
	for elems := 1; ; elems++ {
		if !r.coord(c, depth+1) {
			return false
		}
		if r.punct(')') {
			if elems < 2 {
				return false // (3): left to the full path
			}
			break
		}
		if !r.punct(',') {
			return false
		}
	}
	if c.np == len(c.prof) {
		return false
	}
	c.prof[c.np] = ')'
	c.np++
	return true
}

// weaklyCongruent reports whether the tuple of profile t is weakly
// congruent to the tuple of profile u (layout.WeaklyCongruent): an integer
// of t matches anything, a tuple of t a tuple of u of as many elements,
// element by element.
func weaklyCongruent(t, u []byte) bool {
	i, j, ok := congruentAt(t, 0, u, 0)
	return ok && i == len(t) && j == len(u)
}

// congruentAt matches the element of t at i with the element of u at j,
// and returns the offsets just past both.
func congruentAt(t []byte, i int, u []byte, j int) (ti, uj int, ok bool) {
	if t[i] == 'x' {
		return i + 1, skipElem(u, j), true
	}
	if u[j] != '(' {
		return 0, 0, false
	}
	i, j = i+1, j+1
	for t[i] != ')' {
		if u[j] == ')' {
			return 0, 0, false
		}
		if i, j, ok = congruentAt(t, i, u, j); !ok {
			return 0, 0, false
		}
	}
	if u[j] != ')' {
		return 0, 0, false
	}
	return i + 1, j + 1, true
}

// skipElem returns the offset just past the element of the profile u at j.
func skipElem(u []byte, j int) int {
	depth := 0
	for ; ; j++ {
		switch u[j] {
		case '(':
			depth++
		case ')':
			depth--
		}
		if depth == 0 {
			return j + 1
		}
	}
}
