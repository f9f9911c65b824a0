package layout

// Static is a compact form of a static integer layout: its leaves in
// order, flat, and its shape profile (where the tuples open and close), in
// fixed-size arrays without pointers. Layouts of integer extents and
// strides with at most 16 leaves (maxStaticLeaves) fit; a Static is a plain value
// that can live on the stack or in a caller's buffer, so the operations of
// static_ops.go run without allocating.
//
// The general tree (Layout) remains the representation of every layout,
// with basis, dynamic and symbolic leaves; a Static is made from one with
// StaticOf and turned back with Layout. The two give the same results: every
// operation of a Static either returns the result the general function
// returns on the same layouts, or declines (returns false), and then the
// caller uses the general function, which computes the result or the error
// (property tests check both, static_property_test.go).
type Static struct {
	n, np uint8                  // leaves, profile bytes used
	s, d  [maxStaticLeaves]int64 // extents and strides of the leaves, in order
	prof  [maxStaticProfile]byte // the profile: profLeaf, profOpen, profClose
}

// maxStaticLeaves is the most leaves a Static holds.
const maxStaticLeaves = 16

const maxStaticProfile = 48

// Profile tokens, in preorder: a leaf, the start and the end of a tuple.
const (
	profLeaf  = 'x'
	profOpen  = '('
	profClose = ')'
)

// StaticOf returns the compact form of l; ok is false when l has a leaf
// that is not an integer, or does not fit.
func StaticOf(l Layout) (s Static, ok bool) {
	ok = s.load(&l.shape, &l.stride) && s.n > 0
	return s, ok
}

func (s *Static) load(sh, st *IntTuple) bool {
	if sh.elems != nil {
		if st.elems == nil || len(st.elems) != len(sh.elems) || !s.token(profOpen) {
			return false
		}
		for i := range sh.elems {
			if !s.load(&sh.elems[i], &st.elems[i]) {
				return false
			}
		}
		return s.token(profClose)
	}
	if sh.leaf != nil || st.leaf != nil || st.elems != nil || sh.val < 1 {
		return false
	}
	return s.leaf(sh.val, st.val)
}

// token appends a profile token; it fails when the profile is full.
func (s *Static) token(t byte) bool {
	if int(s.np) == maxStaticProfile {
		return false
	}
	s.prof[s.np] = t
	s.np++
	return true
}

// leaf appends a leaf s:d; it fails when the Static is full.
func (s *Static) leaf(sh, st int64) bool {
	if int(s.n) == maxStaticLeaves || !s.token(profLeaf) {
		return false
	}
	s.s[s.n], s.d[s.n] = sh, st
	s.n++
	return true
}

// valid reports whether the profile is one well-formed element whose
// leaves are the n leaves.
func (s *Static) valid() bool {
	depth, leaves, roots := 0, 0, 0
	for _, t := range s.prof[:s.np] {
		if depth == 0 {
			roots++
		}
		switch t {
		case profOpen:
			depth++
		case profClose:
			depth--
			if depth < 0 {
				return false
			}
		case profLeaf:
			leaves++
		default:
			return false
		}
	}
	return s.np > 0 && depth == 0 && roots == 1 && leaves == int(s.n)
}

// Layout returns the layout s holds, built with one allocation (none for a
// layout of one leaf).
func (s *Static) Layout() Layout {
	if s.np == 0 {
		return Layout{}
	}
	if s.np == 1 {
		return Layout{Int(s.s[0]), Int(s.d[0])}
	}
	// Every element of every tuple is one IntTuple of the shape and one of
	// the stride: the tokens that are not closing ones, but the outermost.
	n := 0
	for _, t := range s.prof[:s.np] {
		if t != profClose {
			n++
		}
	}
	n-- // the outermost tuple is not an element
	buf := make([]IntTuple, 2*n)
	b := staticBuilder{shape: buf[:n:n], stride: buf[n:]}
	var l Layout
	b.fill(s, &l.shape, &l.stride)
	return l
}

type staticBuilder struct {
	pos, leaf     int
	shape, stride []IntTuple
}

// fill writes the element at pos into sh and st, which are zero: leaves by
// their value only and tuples by their slice, so that building a tree
// writes no more pointers than it has tuples.
func (b *staticBuilder) fill(s *Static, sh, st *IntTuple) {
	if s.prof[b.pos] == profLeaf {
		b.pos++
		sh.val, st.val = s.s[b.leaf], s.d[b.leaf]
		b.leaf++
		return
	}
	b.pos++ // profOpen
	k := 0
	for depth, p := 0, b.pos; depth >= 0; p++ {
		switch s.prof[p] {
		case profOpen:
			if depth == 0 {
				k++
			}
			depth++
		case profClose:
			depth--
		default:
			if depth == 0 {
				k++
			}
		}
	}
	es, ed := b.shape[:k:k], b.stride[:k:k]
	b.shape, b.stride = b.shape[k:], b.stride[k:]
	for i := range es {
		b.fill(s, &es[i], &ed[i])
	}
	b.pos++ // profClose
	sh.elems, st.elems = es, ed
}

// String is the layout in the syntax of Layout.String.
func (s *Static) String() string { return s.Layout().String() }

// Leaves returns the number of leaves.
func (s *Static) Leaves() int { return int(s.n) }

// Size is the product of the extents; ok is false when it overflows.
func (s *Static) Size() (n int64, ok bool) {
	c := calc{}
	n = 1
	for i := 0; i < int(s.n); i++ {
		n = c.mul(n, s.s[i])
	}
	return n, c.err == nil
}

// Rank is the number of top-level modes: 1 for a layout of one leaf.
func (s *Static) Rank() int {
	if s.np == 0 {
		return 0
	}
	if s.prof[0] == profLeaf {
		return 1
	}
	return s.countElems(0)
}

// countElems counts the elements of the tuple that opens at pos.
func (s *Static) countElems(pos int) int {
	k := 0
	depth := 0
	for p := pos + 1; ; p++ {
		switch s.prof[p] {
		case profOpen:
			if depth == 0 {
				k++
			}
			depth++
		case profClose:
			if depth == 0 {
				return k
			}
			depth--
		default:
			if depth == 0 {
				k++
			}
		}
	}
}

// part is a contiguous piece of a Static's profile (one element or a run of
// elements) with the leaves it covers.
type part struct {
	p0, p1 uint8 // profile bytes [p0, p1)
	l0, l1 uint8 // leaves [l0, l1)
}

func (s *Static) whole() part { return part{0, s.np, 0, s.n} }

// isLeaf tells whether the part is one leaf.
func (pt part) isLeaf(s *Static) bool { return pt.p1-pt.p0 == 1 && s.prof[pt.p0] == profLeaf }

// elems splits the part, which must be one element, into the elements of
// its tuple (the part itself when it is a leaf); ok is false when there are
// more than len(out).
func (s *Static) elems(pt part, out []part) (k int, ok bool) {
	if pt.isLeaf(s) {
		out[0] = pt
		return 1, true
	}
	p, l := pt.p0+1, pt.l0
	for p < pt.p1-1 {
		start, lstart := p, l
		depth := 0
		for {
			switch s.prof[p] {
			case profOpen:
				depth++
			case profClose:
				depth--
			default:
				l++
			}
			p++
			if depth == 0 {
				break
			}
		}
		if k == len(out) {
			return 0, false
		}
		out[k] = part{start, p, lstart, l}
		k++
	}
	return k, true
}

// add appends a part of src; it fails when s is full.
func (s *Static) add(src *Static, pt part) bool {
	if int(s.np)+int(pt.p1-pt.p0) > maxStaticProfile || int(s.n)+int(pt.l1-pt.l0) > maxStaticLeaves {
		return false
	}
	// Loops rather than copy: the parts are a few bytes, and copy's call
	// costs more than the moves.
	for i, j := int(s.np), int(pt.p0); j < int(pt.p1); i, j = i+1, j+1 {
		s.prof[i] = src.prof[j]
	}
	for i, j := int(s.n), int(pt.l0); j < int(pt.l1); i, j = i+1, j+1 {
		s.s[i], s.d[i] = src.s[j], src.d[j]
	}
	s.np += pt.p1 - pt.p0
	s.n += pt.l1 - pt.l0
	return true
}
