package evalfast

import (
	"bytes"

	"github.com/cutec/cutec/layout"
)

// maxTiles is the most modes of a tuple tiler the fast path takes (the
// general functions' Static path takes as many).
const maxTiles = 4

// A tiler's modes: a layout (an integer N stands for N:1 or its compact
// layout, intTileStride) or _.
type tile struct {
	keep bool // _
	l    layout.Static
}

// byTiler evaluates composition, logical_divide or logical_product of the
// layout at (read) by the tiler at r: mode by mode for a tuple tiler
// ([T0;T1;...] or a shape (N0,N1,...)), as layout.ComposeTiler,
// layout.LogicalDivide and layout.LogicalProduct do, or by the layout an
// integer N stands for (intTileStride). b is scratch space.
func byTiler(dst []byte, r *reader, o op, at *flat, b *layout.Static) ([]byte, Kind, bool) {
	if o != opComposition && o != opLogicalDivide && o != opLogicalProduct {
		return dst, 0, false
	}
	var a layout.Static
	if !at.static(&a, 0, at.np) {
		return dst, 0, false
	}
	if n, ok := r.int(); ok {
		var res layout.Static
		if n < 1 || !b.AddLeaf(n, intTileStride(o, n)) || !r.punct(')') || !r.end() || !apply(o, &res, &a, b) {
			return dst, 0, false
		}
		return res.AppendText(dst), Layout, true
	}
	var tiles [maxTiles]tile
	k, ok := r.tiles(o, &tiles)
	if !ok || !r.punct(')') || !r.end() {
		return dst, 0, false
	}
	// The modes of A: the elements of its outer tuple, or A itself.
	var modes [16][2]int // profile ranges
	m := 0
	if at.prof[0] == 'x' {
		modes[0], m = [2]int{0, 1}, 1
	} else {
		depth, start := 0, 1
		for p := 1; p < at.np-1; p++ {
			switch at.prof[p] {
			case '(':
				depth++
			case ')':
				depth--
			}
			if depth == 0 {
				modes[m] = [2]int{start, p + 1}
				m++
				start = p + 1
			}
		}
	}
	if k > m {
		return dst, 0, false
	}
	if o == opComposition {
		m = k // composition by a tiler keeps only the modes it reaches
	}
	// Each mode's result, as "shape:stride", split at the colon.
	var stride [512]byte
	st := stride[:0]
	n := len(dst)
	dst = append(dst, '(')
	for i := range m {
		var mode, res layout.Static
		if !at.static(&mode, modes[i][0], modes[i][1]) {
			return dst[:n], 0, false
		}
		out := &mode
		if i < k && !tiles[i].keep {
			if !apply(o, &res, &mode, &tiles[i].l) {
				return dst[:n], 0, false
			}
			out = &res
		}
		if i > 0 {
			dst = append(dst, ',')
			st = append(st, ',')
		}
		start := len(dst)
		dst = out.AppendText(dst)
		colon := start + bytes.IndexByte(dst[start:], ':')
		st = append(st, dst[colon+1:]...)
		dst = dst[:colon]
		if len(st) > len(stride)-64 {
			return dst[:n], 0, false // not to grow the scratch space
		}
	}
	dst = append(dst, "):("...)
	dst = append(dst, st...)
	return append(dst, ')'), Layout, true
}

// intTileStride is the stride of the layout an integer tile N stands for:
// N:1 in a composition (layout.ComposeTiler), the compact layout of N in a
// divide or a product (layout.Make), which is 1:0 for N = 1 as CuTe C++
// gives a mode of extent 1 (docs/semantics.md D2).
func intTileStride(o op, n int64) int64 {
	if n == 1 && o != opComposition {
		return 0
	}
	return 1
}

// apply sets res to o of a and the layout tile t.
func apply(o op, res, a, t *layout.Static) bool {
	switch o {
	case opComposition:
		return res.Compose(a, t)
	case opLogicalDivide:
		return res.LogicalDivide(a, t)
	case opLogicalProduct:
		return res.LogicalProduct(a, t)
	}
	return false
}

// static loads the element of f whose profile is prof[p0:p1] into s.
func (f *flat) static(s *layout.Static, p0, p1 int) bool {
	leaf := 0
	for p := 0; p < p0; p++ {
		if f.prof[p] == 'x' {
			leaf++
		}
	}
	for p := p0; p < p1; p++ {
		var ok bool
		switch f.prof[p] {
		case '(':
			ok = s.OpenTuple()
		case ')':
			ok = s.CloseTuple()
		default:
			ok = s.AddLeaf(f.ext[leaf], f.str[leaf])
			leaf++
		}
		if !ok {
			return false
		}
	}
	return s.Valid()
}

// tiles reads a tuple tiler: [T0;T1;...] of layouts, integers and _, or a
// shape (N0,N1,...) of integers and _, not followed by a colon.
func (r *reader) tiles(o op, ts *[maxTiles]tile) (k int, ok bool) {
	closing, sep := byte(']'), byte(';')
	if !r.punct('[') {
		if !r.punct('(') {
			return 0, false
		}
		closing, sep = ')', ','
	}
	for {
		if k == maxTiles {
			return 0, false
		}
		t := &ts[k]
		k++
		if r.underscore() {
			t.keep = true
		} else if save := r.pos; sep != ';' || !r.layout(&t.l) {
			r.pos, t.l = save, layout.Static{}
			n, ok := r.int()
			if !ok || n < 1 || !t.l.AddLeaf(n, intTileStride(o, n)) {
				return 0, false
			}
		}
		if r.punct(closing) {
			break
		}
		if !r.punct(sep) {
			return 0, false
		}
	}
	if closing == ')' && r.peek(':') {
		return 0, false // a layout whose stride does not fit its shape
	}
	return k, true
}

// underscore reads _ (and not a name that starts with it, such as _4).
func (r *reader) underscore() bool {
	r.space()
	if r.pos < len(r.src) && r.src[r.pos] == '_' && (r.pos+1 == len(r.src) || !isNameByte(r.src[r.pos+1])) {
		r.pos++
		return true
	}
	return false
}
