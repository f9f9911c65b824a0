package evalfast

import "github.com/cutec/cutec/layout"

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
	// Offset is the integer offset; ElemBits is N of a byte swizzle written
	// `smem_ptr[Nb](unset)` in the offset's place (its offset is then 0),
	// and 0 otherwise.
	Offset   int64
	ElemBits int
	Inner    layout.Static
}

// maxElemBits is the widest element of a byte swizzle, as
// layout.NewByteSwizzled takes it.
const maxElemBits = 1024

// ReadComposed reads one composed layout from src at offset at into c,
// whose Statics must be empty: a swizzle S<B,M,S> that layout.NewSwizzle
// accepts or a layout written out in full (as ReadLayout reads it), `o`, a
// decimal offset or the pointer of a byte swizzle `smem_ptr[Nb](unset)`
// (N a power of two from 1 to 1024, after a swizzle only), `o`, and a
// layout written out in full. Spaces and tabs before and between its
// tokens are skipped. It returns the offset just past the last byte read;
// ok is false when src at offset at does not start with such a composed
// layout (a coordinate offset, a symbol, a dynamic leaf, an invalid
// swizzle, ...), and c is then undefined. The caller decides what may
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
	r.space()
	start := r.pos
	var n int64
	for r.pos < len(r.src) && '0' <= r.src[r.pos] && r.src[r.pos] <= '9' {
		n = n*10 + int64(r.src[r.pos]-'0')
		r.pos++
		if n > maxInt {
			return 0, false
		}
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
