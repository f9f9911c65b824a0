package layout

// The algebra on Static layouts. Each operation sets r to the result and
// returns true, or returns false (declines) when the general function fails
// on the same layouts or needs what a Static does not hold (a result of
// more than maxStaticLeaves leaves, a composition that must be checked
// point by point, a negative stride in an inverse); r is then unspecified
// and the caller uses the general function on the Layouts. r may be one of
// the operands. Nothing allocates.

func (r *Static) reset() { r.n, r.np = 0, 0 }

// Compose sets r to the composition a ∘ b (Compose).
func (r *Static) Compose(a, b *Static) bool {
	if r == a || r == b {
		var t Static
		if !t.Compose(a, b) {
			return false
		}
		*r = t
		return true
	}
	var fa ints
	a.flatInts(&fa)
	fa.coalesce(true)
	r.reset()
	return r.composeWith(&fa, b, b.whole())
}

// composeWith appends the composition of the coalesced A (fa) with the
// part pt of b: b's profile with each leaf replaced by its composition, a
// leaf for one mode and a tuple of modes otherwise.
func (r *Static) composeWith(fa *ints, b *Static, pt part) bool {
	var m ints
	leaf := pt.l0
	for p := pt.p0; p < pt.p1; p++ {
		t := b.prof[p]
		if t != profLeaf {
			if !r.token(t) {
				return false
			}
			continue
		}
		m.n = 0
		ok := fa.composeBase(b.s[leaf], b.d[leaf], &m)
		leaf++
		if !ok || !r.addInts(&m) {
			return false
		}
	}
	return true
}

// Coalesce sets r to the coalesced a (Coalesce).
func (r *Static) Coalesce(a *Static) bool {
	var f ints
	a.flatInts(&f)
	f.coalesce(false)
	r.reset()
	return r.addInts(&f)
}

// Complement sets r to the complement of a with respect to its cosize
// (Complement).
func (r *Static) Complement(a *Static) bool {
	var f, out ints
	a.flatInts(&f)
	if !f.complementOf(nil, &out) {
		return false
	}
	r.reset()
	return r.addInts(&out)
}

// ComplementTo sets r to the complement of a with respect to the integer
// cotarget (ComplementTo with Int(cotarget)).
func (r *Static) ComplementTo(a *Static, cotarget int64) bool {
	if cotarget <= 0 {
		return false
	}
	var f, out ints
	a.flatInts(&f)
	cot := [1]int64{cotarget}
	if !f.complementOf(cot[:], &out) {
		return false
	}
	r.reset()
	return r.addInts(&out)
}

// complementOf is complementFast without the errors: the complement of the
// modes of f (which it changes) in the shape of the extents cot, or in f's
// own cosize when cot is nil. ok is false where the general path fails.
func (f *ints) complementOf(cot []int64, out *ints) bool {
	for i := 0; i < f.n; i++ {
		if f.d[i] == 0 {
			f.s[i] = 1
		}
	}
	f.coalesce(false)
	c := calc{op: "complement"}
	for i := 0; i < f.n; i++ {
		if f.d[i] < 0 {
			return false
		}
	}
	out.n = 0
	if f.n == 1 && f.d[0] == 0 {
		target := int64(1)
		for _, e := range cot {
			target = c.mul(target, e)
		}
		out.n, out.s[0], out.d[0] = 1, target, 1
		if target == 1 {
			out.d[0] = 0
		}
		return c.err == nil
	}
	f.sortByStride()
	covered := int64(1)
	for i := 0; i < f.n; i++ {
		q := f.d[i] / covered
		if q == 0 {
			return false
		}
		out.s[out.n], out.d[out.n] = q, covered
		out.n++
		covered = c.mul(f.d[i], f.s[i])
		if c.err != nil {
			return false
		}
	}
	var target int64
	if cot == nil {
		target = c.ceilDiv(f.cosize(&c), covered)
	} else {
		target = 1
		b := covered
		for _, e := range cot {
			target = c.mul(target, c.ceilDiv(e, b))
			b = c.ceilDiv(b, e)
		}
	}
	if c.err != nil || out.n == maxFast {
		return false
	}
	out.s[out.n], out.d[out.n] = target, covered
	if target == 1 {
		out.d[out.n] = 0
	}
	out.n++
	out.coalesce(false)
	return true
}

// order sets idx to the indices of f's modes ordered by stride, stably.
func (f *ints) order(idx *[maxFast]int) {
	for i := 0; i < f.n; i++ {
		idx[i] = i
		for j := i; j > 0 && f.d[idx[j]] < f.d[idx[j-1]]; j-- {
			idx[j], idx[j-1] = idx[j-1], idx[j]
		}
	}
}

// prefix sets pre to the exclusive prefix products of f's extents.
func (f *ints) prefix(c *calc, pre *[maxFast]int64) {
	p := int64(1)
	for i := 0; i < f.n; i++ {
		pre[i] = p
		p = c.mul(p, f.s[i])
	}
}

// RightInverse sets r to the right inverse of a (RightInverse). A layout
// with a negative stride is declined (the general path checks its inverse
// point by point).
func (r *Static) RightInverse(a *Static) bool {
	var f ints
	a.flatInts(&f)
	f.coalesce(false)
	for i := 0; i < f.n; i++ {
		if f.d[i] < 0 {
			return false
		}
	}
	c := calc{op: "right_inverse"}
	var pre [maxFast]int64
	var idx [maxFast]int
	f.prefix(&c, &pre)
	f.order(&idx)
	var out ints
	out.add(1, 0)
	next := int64(1)
	for _, i := range idx[:f.n] {
		if f.d[i] == next {
			if !out.add(f.s[i], pre[i]) {
				return false
			}
			next = c.mul(f.s[i], f.d[i])
		}
	}
	if c.err != nil {
		return false
	}
	out.coalesce(false)
	r.reset()
	return r.addInts(&out)
}

// LeftInverse sets r to the left inverse of a (LeftInverse) when CuTe's
// construction satisfies the law by itself (the sorted modes nest); other
// layouts, and those with a negative stride, are declined.
func (r *Static) LeftInverse(a *Static) bool {
	var f ints
	a.flatInts(&f)
	f.coalesce(false)
	for i := 0; i < f.n; i++ {
		if f.d[i] < 0 {
			return false
		}
	}
	r.reset()
	if f.n == 1 && f.d[0] == 0 {
		return r.leaf(1, 0)
	}
	c := calc{op: "left_inverse"}
	var pre [maxFast]int64
	var idx [maxFast]int
	f.prefix(&c, &pre)
	f.order(&idx)
	var out ints
	out.d[0] = 0
	covered, reach := int64(1), int64(0)
	for _, i := range idx[:f.n] {
		d := f.d[i]
		if d == 0 {
			continue
		}
		if d%covered != 0 || reach > d || out.n+1 == maxFast {
			return false
		}
		out.s[out.n] = d / covered
		out.d[out.n+1] = pre[i]
		out.n++
		covered, reach = d, c.mul(d, f.s[i])
	}
	out.s[out.n] = f.s[idx[f.n-1]]
	out.n++
	if c.err != nil {
		return false
	}
	out.coalesce(false)
	return r.addInts(&out)
}

// divide appends l ∘ (tile, complement(tile, shape(coalesce(l)))) to r
// as one element, and returns the parts of its two modes.
func (r *Static) divide(l, tile *Static) (x, y part, ok bool) {
	var fl, ft, rest ints
	l.flatInts(&fl)
	// Composition sees l on its extended domain (coalesce_x), which differs
	// from coalesce only when the last extent is 1.
	extended := l.s[l.n-1] == 1
	fl.coalesce(false)
	tile.flatInts(&ft)
	if !ft.complementOf(fl.s[:fl.n], &rest) {
		return x, y, false
	}
	var b Static
	if !b.token(profOpen) || !b.add(tile, tile.whole()) || !b.addInts(&rest) || !b.token(profClose) {
		return x, y, false
	}
	if extended {
		l.flatInts(&fl)
		fl.coalesce(true)
	}
	p0, l0 := r.np, r.n
	if !r.composeWith(&fl, &b, b.whole()) {
		return x, y, false
	}
	var ps [2]part
	if _, ok := r.elems(part{p0, r.np, l0, r.n}, ps[:]); !ok {
		return x, y, false
	}
	return ps[0], ps[1], true
}

// LogicalDivide sets r to logical_divide(l, tile) for a layout tile
// (LogicalDivide with TileLayout); ZippedDivide by a layout tile is the same.
func (r *Static) LogicalDivide(l, tile *Static) bool {
	if r == l || r == tile {
		var t Static
		if !t.LogicalDivide(l, tile) {
			return false
		}
		*r = t
		return true
	}
	r.reset()
	_, _, ok := r.divide(l, tile)
	return ok
}

// ZippedDivide sets r to zipped_divide(l, tile), which for a layout tile is
// logical_divide(l, tile).
func (r *Static) ZippedDivide(l, tile *Static) bool { return r.LogicalDivide(l, tile) }

// TiledDivide sets r to tiled_divide(l, tile): (TILE, REST0, REST1, ...).
func (r *Static) TiledDivide(l, tile *Static) bool {
	var t Static
	x, y, ok := t.divide(l, tile)
	if !ok {
		return false
	}
	r.reset()
	return r.unpacked(&t, x, y, false)
}

// FlatDivide sets r to flat_divide(l, tile): (TILE0, ..., REST0, ...).
func (r *Static) FlatDivide(l, tile *Static) bool {
	var t Static
	x, y, ok := t.divide(l, tile)
	if !ok {
		return false
	}
	r.reset()
	return r.unpacked(&t, x, y, true)
}

// unpacked appends the tuple of the elements of x (x itself unless
// first) followed by the elements of y, parts of src.
func (r *Static) unpacked(src *Static, x, y part, first bool) bool {
	var es [maxStaticLeaves]part
	if !r.token(profOpen) {
		return false
	}
	if first {
		k, ok := src.elems(x, es[:])
		if !ok || !r.addParts(src, es[:k]) {
			return false
		}
	} else if !r.add(src, x) {
		return false
	}
	k, ok := src.elems(y, es[:])
	if !ok || !r.addParts(src, es[:k]) {
		return false
	}
	return r.token(profClose)
}

func (r *Static) addParts(src *Static, ps []part) bool {
	for _, p := range ps {
		if !r.add(src, p) {
			return false
		}
	}
	return true
}

// product appends (block, complement(block, size(block)·cosize(tile)) ∘
// tile) to r as one element, and returns the parts of its two modes.
func (r *Static) product(block, tile *Static) (x, y part, ok bool) {
	var fb, ft, comp ints
	block.flatInts(&fb)
	tile.flatInts(&ft)
	c := calc{op: "logical_product"}
	size := int64(1)
	for i := 0; i < fb.n; i++ {
		size = c.mul(size, fb.s[i])
	}
	target := [1]int64{c.mul(size, ft.cosize(&c))}
	if c.err != nil || !fb.complementOf(target[:], &comp) {
		return x, y, false
	}
	comp.coalesce(true)
	p0, l0 := r.np, r.n
	if !r.token(profOpen) || !r.add(block, block.whole()) {
		return x, y, false
	}
	x = part{p0 + 1, r.np, l0, r.n}
	p0, l0 = r.np, r.n
	if !r.composeWith(&comp, tile, tile.whole()) {
		return x, y, false
	}
	y = part{p0, r.np, l0, r.n}
	return x, y, r.token(profClose)
}

// LogicalProduct sets r to logical_product(block, tile) for a layout tile
// (LogicalProduct with TileLayout); ZippedProduct by a layout tile is the
// same.
func (r *Static) LogicalProduct(block, tile *Static) bool {
	if r == block || r == tile {
		var t Static
		if !t.LogicalProduct(block, tile) {
			return false
		}
		*r = t
		return true
	}
	r.reset()
	_, _, ok := r.product(block, tile)
	return ok
}

// ZippedProduct sets r to zipped_product(block, tile), which for a layout
// tile is logical_product(block, tile).
func (r *Static) ZippedProduct(block, tile *Static) bool { return r.LogicalProduct(block, tile) }

// TiledProduct sets r to tiled_product(block, tile).
func (r *Static) TiledProduct(block, tile *Static) bool {
	var t Static
	x, y, ok := t.product(block, tile)
	if !ok {
		return false
	}
	r.reset()
	return r.unpacked(&t, x, y, false)
}

// FlatProduct sets r to flat_product(block, tile).
func (r *Static) FlatProduct(block, tile *Static) bool {
	var t Static
	x, y, ok := t.product(block, tile)
	if !ok {
		return false
	}
	r.reset()
	return r.unpacked(&t, x, y, true)
}

// BlockedProduct sets r to blocked_product(block, tile) (BlockedProduct).
func (r *Static) BlockedProduct(block, tile *Static) bool {
	return r.rankedProduct(block, tile, false)
}

// RakedProduct sets r to raked_product(block, tile) (RakedProduct).
func (r *Static) RakedProduct(block, tile *Static) bool {
	return r.rankedProduct(block, tile, true)
}

// rankedProduct pads block and tile to the same rank with 1:0 modes, takes
// their logical product (A, R) and zips A with R mode by mode (R with A
// when raked).
func (r *Static) rankedProduct(block, tile *Static, raked bool) bool {
	rank := max(block.Rank(), tile.Rank())
	var a, b, p Static
	if !a.padTo(block, rank) || !b.padTo(tile, rank) {
		return false
	}
	x, y, ok := p.product(&a, &b)
	if !ok {
		return false
	}
	if raked {
		x, y = y, x
	}
	r.reset()
	return r.zip(&p, x, y)
}

// zip appends CuTe's zip(x, y) of two parts of src: ((x, y)) when x is a
// leaf, ((x0,y0),(x1,y1),...) when both are tuples of the same rank; it
// fails otherwise (E0404 in the general path).
func (r *Static) zip(src *Static, x, y part) bool {
	if x.isLeaf(src) {
		return r.token(profOpen) && r.token(profOpen) && r.add(src, x) && r.add(src, y) &&
			r.token(profClose) && r.token(profClose)
	}
	if y.isLeaf(src) {
		return false
	}
	var xs, ys [maxStaticLeaves]part
	kx, ok1 := src.elems(x, xs[:])
	ky, ok2 := src.elems(y, ys[:])
	if !ok1 || !ok2 || kx != ky || !r.token(profOpen) {
		return false
	}
	for i := 0; i < kx; i++ {
		if !r.token(profOpen) || !r.add(src, xs[i]) || !r.add(src, ys[i]) || !r.token(profClose) {
			return false
		}
	}
	return r.token(profClose)
}

// padTo sets r to l extended to the given rank with 1:0 modes (appendTo):
// l itself when its rank is already that.
func (r *Static) padTo(l *Static, rank int) bool {
	r.reset()
	k := l.Rank()
	if k >= rank {
		return r.add(l, l.whole())
	}
	if !r.token(profOpen) {
		return false
	}
	if l.prof[0] == profLeaf {
		if !r.add(l, l.whole()) {
			return false
		}
	} else if !r.add(l, part{1, l.np - 1, 0, l.n}) {
		return false
	}
	for ; k < rank; k++ {
		if !r.leaf(1, 0) {
			return false
		}
	}
	return r.token(profClose)
}

// byMode sets r to the by-mode divide (product when product is set) of l
// by tiles: mode i of l by tiles[i], or kept whole where keep[i] is set or
// beyond the tiles, as a tuple of the modes (LogicalDivide and
// LogicalProduct with a tuple tiler). ok is false when there are more tiles
// than modes.
func (r *Static) byMode(l *Static, tiles []Static, keep []bool, product bool) bool {
	var modes [maxStaticLeaves]part
	k, ok := l.elems(l.whole(), modes[:])
	if !ok || len(tiles) > k {
		return false
	}
	r.reset()
	if !r.token(profOpen) {
		return false
	}
	for i := 0; i < k; i++ {
		if i >= len(tiles) || keep[i] {
			if !r.add(l, modes[i]) {
				return false
			}
			continue
		}
		var m Static
		if !m.add(l, modes[i]) {
			return false
		}
		if product {
			_, _, ok = r.product(&m, &tiles[i])
		} else {
			_, _, ok = r.divide(&m, &tiles[i])
		}
		if !ok {
			return false
		}
	}
	return r.token(profClose)
}
