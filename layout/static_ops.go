package layout

// The algebra on Static layouts. Each operation sets r to the result and
// returns true, or returns false (declines) when the general function fails
// on the same layouts or needs what a Static does not hold (a result of
// more than maxStaticLeaves leaves, a composition that must be checked
// point by point, a negative stride in an inverse, an intermediate product
// that overflows); r is then unspecified and the caller uses the general
// function on the Layouts. r may be one of the operands. Nothing
// allocates. The kernels are in static_kernels.go.

func (r *Static) reset() { r.n, r.np = 0, 0 }

// Compose sets r to the composition a ∘ b (Compose).
func (r *Static) Compose(a, b *Static) bool {
	if r == b {
		t := *b
		return r.Compose(a, &t)
	}
	var fa ints
	if !fa.coalesced(a, true) {
		return false
	}
	r.reset()
	return r.composePart(&fa, b, b.whole())
}

// coalesced sets f to the coalesced leaves of a (coalesce_x with
// keepLast); ok is false when a merged extent overflows.
func (f *ints) coalesced(a *Static, keepLast bool) bool {
	k, ok := coalesceTo(&f.s, &f.d, &a.s, &a.d, int(a.n), keepLast)
	f.n = k
	return ok
}

// Coalesce sets r to the coalesced a (Coalesce). The loop is
// coalesceTo's one pass, here without a call, which is a quarter of the
// cost on a few leaves.
func (r *Static) Coalesce(a *Static) bool {
	if r == a {
		t := *a
		return r.Coalesce(&t)
	}
	// next starts as a stride no leaf of 32 bits has; an index & mask is
	// the index itself (last < i < maxStaticLeaves) without a bounds check,
	// and the extent of the mode before the first goes to the unused last
	// slot.
	const mask = maxStaticLeaves - 1
	n := min(int(a.n), maxStaticLeaves)
	last := -1
	cur, next := int64(0), int64(minInt64)
	var wide uint64
	for i := 0; i < n; i++ {
		x, y := a.s[i], a.d[i]
		wide |= uint64(x+1<<31) | uint64(y+1<<31)
		if x == 1 {
			continue
		}
		if y == next {
			wide |= uint64(cur + 1<<31)
			cur *= x
		} else {
			r.s[last&mask] = cur
			last++
			cur = x
			r.d[last&mask] = y
		}
		next = x * y
	}
	if last >= 0 {
		r.s[last&mask] = cur
	}
	if wide>>32 != 0 {
		k, ok := coalesceChecked(&r.s, &r.d, &a.s, &a.d, n, false)
		if !ok {
			return false
		}
		last = k - 1
	} else if last < 0 {
		r.s[0], r.d[0] = 1, 0
		last = 0
	}
	r.setFlat(last + 1)
	return true
}

// Complement sets r to the complement of a with respect to its cosize
// (Complement).
func (r *Static) Complement(a *Static) bool {
	k, ok := complementModes(&r.s, &r.d, a, nil)
	if !ok {
		return false
	}
	r.setFlat(k)
	return true
}

// ComplementTo sets r to the complement of a with respect to the integer
// cotarget (ComplementTo with Int(cotarget)).
func (r *Static) ComplementTo(a *Static, cotarget int64) bool {
	if cotarget <= 0 {
		return false
	}
	cot := [1]int64{cotarget}
	k, ok := complementModes(&r.s, &r.d, a, cot[:])
	if !ok {
		return false
	}
	r.setFlat(k)
	return true
}

// complementModes writes CuTe's complement of a's leaves, coalesced, into
// ds:dd and returns the number of modes: in the shape of the extents cot,
// or in a's own cosize when cot is nil. ds:dd may be a's own arrays (it
// reads leaf i before writing mode k <= i). ok is false where the general
// path fails (a negative stride, overlapping modes, an overflow) and when
// the result does not fit.
func complementModes(ds, dd *leafArray, a *Static, cot []int64) (k int, ok bool) {
	// The leaves that count (extent > 1, stride != 0), sorted by stride
	// stably by insertion, then the cosize 1 + Σ (s-1)·d over them.
	const mask = maxStaticLeaves - 1 // an index & mask is the index (< maxStaticLeaves), without a bounds check
	n := min(int(a.n), maxStaticLeaves)
	for i := 0; i < n; i++ {
		x, y := a.s[i], a.d[i]
		if y == 0 || x == 1 {
			continue
		}
		if y < 0 {
			return 0, false
		}
		j := k
		for ; j > 0; j-- {
			if dd[(j-1)&mask] <= y {
				break
			}
			ds[j&mask], dd[j&mask] = ds[(j-1)&mask], dd[(j-1)&mask]
		}
		ds[j&mask], dd[j&mask] = x, y
		k++
	}
	cosize := int64(1)
	if cot == nil {
		for i := 0; i < k; i++ {
			t, fits := mulOK(ds[i&mask]-1, dd[i&mask])
			if cosize += t; !fits || cosize < 0 {
				return 0, false
			}
		}
	}
	if k == 0 {
		target := int64(1)
		for _, e := range cot {
			if target, ok = mulOK(target, e); !ok {
				return 0, false
			}
		}
		ds[0], dd[0] = target, 1
		if target == 1 {
			dd[0] = 0 // CuTe's compact 1:0
		}
		return 1, true
	}
	// Each mode s:d in turn leaves a gap of d/covered at stride covered;
	// the gaps are coalesced as they come, as coalesceTo does, in place:
	// gap i is read before the mode last <= i is written. A gap's s·d is at
	// most the mode's stride, so only a merged extent is checked.
	last := -1
	cur, next := int64(0), int64(0) // the last gap's extent and s·d (0: none, as covered > 0)
	covered := int64(1)
	for i := 0; i < k; i++ {
		x, y := ds[i&mask], dd[i&mask]
		if y != covered { // else a gap of 1, none: the contiguous case, without a division
			q := quo(y, covered)
			if q == 0 {
				return 0, false // overlapping modes (E0402)
			}
			if q != 1 {
				if covered == next {
					if cur, ok = mulOK(cur, q); !ok {
						return 0, false
					}
				} else {
					if last >= 0 {
						ds[last&mask] = cur
					}
					last++
					cur = q
					dd[last&mask] = covered
				}
				next = q * covered
			}
		}
		if covered, ok = mulOK(y, x); !ok {
			return 0, false
		}
	}
	var target int64
	if cot == nil {
		target = ceilQuo(cosize, covered)
	} else {
		target = ceilQuo(cot[0], covered)
		b := covered
		for i := 1; i < len(cot); i++ { // size(ceil_div(cot, covered))
			b = ceilQuo(b, cot[i-1])
			if target, ok = mulOK(target, ceilQuo(cot[i], b)); !ok {
				return 0, false
			}
		}
	}
	if target != 1 { // the last gap, target:covered
		if covered == next {
			if cur, ok = mulOK(cur, target); !ok {
				return 0, false
			}
		} else {
			if last >= 0 {
				ds[last&mask] = cur
			}
			if last++; last >= maxStaticLeaves {
				return 0, false
			}
			cur = target
			dd[last] = covered
		}
	}
	if last < 0 {
		ds[0], dd[0] = 1, 0
		return 1, true
	}
	ds[last&mask] = cur
	return last + 1, true
}

// ceilQuo is ceil(a/b) for a >= 1 and b >= 1.
func ceilQuo(a, b int64) int64 { return quo(a-1, b) + 1 }

// RightInverse sets r to the right inverse of a (RightInverse). A layout
// with a negative stride is declined (the general path checks its inverse
// point by point).
func (r *Static) RightInverse(a *Static) bool {
	// CuTe walks the coalesced modes sorted by stride and takes each whose
	// stride is the next index it must reach (1, then s·d of the last
	// taken), with the product of the extents before it as its stride:
	// that is the chain of the first mode of each stride, found without
	// sorting. The coalesced modes are kept in r[0:k] and, when there are
	// at most half as many as r holds, the chain in r[half:], so that
	// nothing else is written.
	const half = maxStaticLeaves / 2
	k, ok := coalesceTo(&r.s, &r.d, &a.s, &a.d, int(a.n), false)
	if !ok {
		return false
	}
	if k > half {
		var f ints
		f.n, f.s, f.d = k, r.s, r.d
		return r.rightInverseOf(&f)
	}
	size := int64(1)
	for i := 0; i < k; i++ {
		if r.d[i] < 0 {
			return false
		}
		if size, ok = mulOK(size, r.s[i]); !ok {
			return false
		}
	}
	m := 0
	for next := int64(1); m < k; m++ {
		j, pre := 0, int64(1)
		for ; j < k && r.d[j] != next; j++ {
			pre *= r.s[j] // no overflow: size fits
		}
		if j == k {
			break
		}
		r.s[half+m], r.d[half+m] = r.s[j], pre
		if next, ok = mulOK(r.s[j], r.d[j]); !ok {
			return false
		}
	}
	// The chain's modes coalesced into r[0:]: no product can overflow, as
	// each is at most the size.
	last := 0
	cur, next := r.s[half], r.s[half]*r.d[half]
	r.d[0] = r.d[half]
	for i := half + 1; i < half+m && i < maxStaticLeaves; i++ {
		x, y := r.s[i], r.d[i]
		if y == next {
			cur *= x
		} else {
			r.s[last] = cur
			last++
			cur = x
			r.d[last&(maxStaticLeaves-1)] = y
		}
		next = x * y
	}
	if m == 0 {
		cur, r.d[0] = 1, 0
	}
	r.s[last&(maxStaticLeaves-1)] = cur
	r.setFlat(last + 1)
	return true
}

// rightInverseOf sets r to the right inverse of the coalesced modes f.
func (r *Static) rightInverseOf(f *ints) bool {
	var pre leafArray
	if !f.prefix(&pre) {
		return false
	}
	m := 0
	next := int64(1)
	for {
		j := 0
		for j < f.n && f.d[j] != next {
			j++
		}
		if j == f.n || m == maxStaticLeaves {
			break
		}
		r.s[m], r.d[m] = f.s[j], pre[j]
		m++
		var ok bool
		if next, ok = mulOK(f.s[j], f.d[j]); !ok {
			return false
		}
	}
	k, ok := coalesceTo(&r.s, &r.d, &r.s, &r.d, m, false)
	r.setFlat(k)
	return ok
}

// prefix sets pre to the exclusive prefix products of f's extents; ok is
// false when their product overflows or a stride is negative (the
// inverses decline those).
func (f *ints) prefix(pre *leafArray) bool {
	p := int64(1)
	ok := true
	for i := 0; i < f.n && i < maxFast; i++ {
		if f.d[i] < 0 {
			return false
		}
		pre[i] = p
		if p, ok = mulOK(p, f.s[i]); !ok {
			return false
		}
	}
	return true
}

// LeftInverse sets r to the left inverse of a (LeftInverse) when CuTe's
// construction satisfies the law by itself (the sorted modes nest); other
// layouts, and those with a negative stride, are declined.
func (r *Static) LeftInverse(a *Static) bool {
	var f ints
	var pre leafArray
	if !f.coalesced(a, false) || !f.prefix(&pre) {
		return false
	}
	if f.n == 1 && f.d[0] == 0 {
		r.s[0], r.d[0] = 1, 0
		r.setFlat(1)
		return true
	}
	// The modes' order by stride, stable (insertion of indices).
	var idx [maxFast]uint8
	n := min(f.n, maxFast)
	for i := 0; i < n; i++ {
		j := i
		for ; j > 0 && f.d[idx[j-1]] > f.d[i]; j-- {
			idx[j] = idx[j-1]
		}
		idx[j] = uint8(i)
	}
	m := 0
	r.d[0] = 0
	covered, reach := int64(1), int64(0)
	for _, i := range idx[:n] {
		d := f.d[i]
		if d == 0 {
			continue
		}
		if !divides(d, covered) || reach > d || m+1 >= maxStaticLeaves {
			return false
		}
		r.s[m] = quo(d, covered)
		r.d[m+1] = pre[i]
		m++
		var ok bool
		if reach, ok = mulOK(d, f.s[i]); !ok {
			return false
		}
		covered = d
	}
	r.s[m] = f.s[idx[n-1]]
	k, ok := coalesceTo(&r.s, &r.d, &r.s, &r.d, m+1, false)
	r.setFlat(k)
	return ok
}

// divide appends logical_divide(l, tile) = l ∘ (tile, complement(tile,
// shape(coalesce(l)))) to r as one element, the rest's modes unpacked when
// flatRest (tiled and flat divides) and the tile's too when flatTile.
// tile must not be r.
func (r *Static) divide(l, tile *Static, flatTile, flatRest bool) bool {
	var fl, rest ints
	if !fl.coalesced(l, false) {
		return false
	}
	k, ok := complementModes(&rest.s, &rest.d, tile, fl.s[:fl.n])
	if !ok {
		return false
	}
	rest.n = k
	// Composition sees l on its extended domain (coalesce_x), which differs
	// from coalesce only when the last extent is 1.
	if l.s[(l.n-1)%maxStaticLeaves] == 1 && !fl.coalesced(l, true) {
		return false
	}
	if !r.token(profOpen) {
		return false
	}
	if flatTile {
		ok = r.composeElems(&fl, tile)
	} else {
		ok = r.composePart(&fl, tile, tile.whole())
	}
	return ok && r.composeModes(&fl, &rest, flatRest) && r.token(profClose)
}

// composeModes appends the composition of A (f) with the modes of g as one
// element (a leaf for one mode, a flat tuple otherwise), or its elements
// when unpacked.
func (r *Static) composeModes(f, g *ints, unpacked bool) bool {
	if g.n == 1 {
		m := f.composeLeaf(r, g.s[0], g.d[0])
		if unpacked {
			return m != 0 && r.endLeaves(m)
		}
		return m != 0 && r.endModes(m)
	}
	if !unpacked && !r.token(profOpen) {
		return false
	}
	for i := 0; i < g.n && i < maxFast; i++ {
		m := f.composeLeaf(r, g.s[i], g.d[i])
		if m == 0 || !r.endModes(m) {
			return false
		}
	}
	return unpacked || r.token(profClose)
}

// LogicalDivide sets r to logical_divide(l, tile) for a layout tile
// (LogicalDivide with TileLayout); ZippedDivide by a layout tile is the same.
func (r *Static) LogicalDivide(l, tile *Static) bool {
	return r.divideBy(l, tile, false, false)
}

// ZippedDivide sets r to zipped_divide(l, tile), which for a layout tile is
// logical_divide(l, tile).
func (r *Static) ZippedDivide(l, tile *Static) bool { return r.LogicalDivide(l, tile) }

// TiledDivide sets r to tiled_divide(l, tile): (TILE, REST0, REST1, ...).
func (r *Static) TiledDivide(l, tile *Static) bool { return r.divideBy(l, tile, false, true) }

// FlatDivide sets r to flat_divide(l, tile): (TILE0, ..., REST0, ...).
func (r *Static) FlatDivide(l, tile *Static) bool { return r.divideBy(l, tile, true, true) }

func (r *Static) divideBy(l, tile *Static, flatTile, flatRest bool) bool {
	if r == l || r == tile {
		var t Static
		if !t.divideBy(l, tile, flatTile, flatRest) {
			return false
		}
		*r = t
		return true
	}
	if l.n == 0 {
		return false
	}
	r.reset()
	return r.divide(l, tile, flatTile, flatRest)
}

// productComplement sets comp to complement(block, size(block)·cosize(tile))
// coalesced on its extended domain, the layout a product composes with
// its tile.
func (comp *ints) productComplement(block, tile *Static) bool {
	size := int64(1)
	ok := true
	for i := 0; i < int(block.n) && i < maxStaticLeaves; i++ {
		if size, ok = mulOK(size, block.s[i]); !ok {
			return false
		}
	}
	cosize := int64(1)
	for i := 0; i < int(tile.n) && i < maxStaticLeaves; i++ {
		d := tile.d[i]
		if d < 0 {
			if d == minInt64 {
				return false
			}
			d = -d
		}
		t, fits := mulOK(tile.s[i]-1, d)
		if cosize += t; !fits || cosize < 0 {
			return false
		}
	}
	target, fits := mulOK(size, cosize)
	if !fits {
		return false
	}
	cot := [1]int64{target}
	k, ok := complementModes(&comp.s, &comp.d, block, cot[:])
	// The complement is coalesced; coalesce_x changes it only where it is
	// 1:0, whose extent it counts as 2.
	if k == 1 && comp.s[0] == 1 {
		comp.s[0] = 2
	}
	comp.n = k
	return ok
}

// product appends logical_product(block, tile) = (block, complement(block,
// size(block)·cosize(tile)) ∘ tile) to r as one element, with the tile's
// part unpacked when flatTile and the block's when flatBlock. Neither
// operand may be r.
func (r *Static) product(block, tile *Static, flatBlock, flatTile bool) bool {
	var comp ints
	if !comp.productComplement(block, tile) || !r.token(profOpen) {
		return false
	}
	var ok bool
	if flatBlock {
		ok = r.appendElems(block)
	} else {
		ok = r.add(block, block.whole())
	}
	if flatTile {
		ok = ok && r.composeElems(&comp, tile)
	} else {
		ok = ok && r.composePart(&comp, tile, tile.whole())
	}
	return ok && r.token(profClose)
}

func (r *Static) productBy(block, tile *Static, flatBlock, flatTile bool) bool {
	if r == block || r == tile {
		var t Static
		if !t.productBy(block, tile, flatBlock, flatTile) {
			return false
		}
		*r = t
		return true
	}
	r.reset()
	return r.product(block, tile, flatBlock, flatTile)
}

// LogicalProduct sets r to logical_product(block, tile) for a layout tile
// (LogicalProduct with TileLayout); ZippedProduct by a layout tile is the
// same.
func (r *Static) LogicalProduct(block, tile *Static) bool {
	return r.productBy(block, tile, false, false)
}

// ZippedProduct sets r to zipped_product(block, tile), which for a layout
// tile is logical_product(block, tile).
func (r *Static) ZippedProduct(block, tile *Static) bool { return r.LogicalProduct(block, tile) }

// TiledProduct sets r to tiled_product(block, tile).
func (r *Static) TiledProduct(block, tile *Static) bool {
	return r.productBy(block, tile, false, true)
}

// FlatProduct sets r to flat_product(block, tile).
func (r *Static) FlatProduct(block, tile *Static) bool {
	return r.productBy(block, tile, true, true)
}

// BlockedProduct sets r to blocked_product(block, tile) (BlockedProduct).
func (r *Static) BlockedProduct(block, tile *Static) bool {
	return r.rankedProduct(block, tile, false)
}

// RakedProduct sets r to raked_product(block, tile) (RakedProduct).
func (r *Static) RakedProduct(block, tile *Static) bool {
	return r.rankedProduct(block, tile, true)
}

// rankedProduct is blocked_product (raked_product when raked): both
// layouts padded to the same rank R with 1:0 modes, their logical product
// (A, R) and A zipped with R mode by mode (R with A when raked). Padding
// changes neither the block's size nor the tile's cosize, so for R >= 2
// the result is written directly: mode i is (A_i, comp ∘ B_i), with 1:0
// for a padded A_i and comp ∘ 1:0 = 1:0 for a padded B_i.
func (r *Static) rankedProduct(block, tile *Static, raked bool) bool {
	if r == block || r == tile {
		var t Static
		if !t.rankedProduct(block, tile, raked) {
			return false
		}
		*r = t
		return true
	}
	// The top-level elements of each; their number is the rank (a leaf is
	// its own one element).
	var xs, ys [maxStaticLeaves]part
	kx, ok1 := block.topParts(&xs)
	ky, ok2 := tile.topParts(&ys)
	if !ok1 || !ok2 {
		return false
	}
	rank := max(kx, ky)
	if rank < 2 {
		return r.rankedProductPadded(block, tile, rank, raked)
	}
	var comp ints
	if !comp.productComplement(block, tile) {
		return false
	}
	r.reset()
	if !r.token(profOpen) {
		return false
	}
	for i := 0; i < rank; i++ {
		if !r.token(profOpen) {
			return false
		}
		for half := 0; half < 2; half++ {
			var ok bool
			switch {
			case (half == 0) == raked: // the repetition: comp ∘ B_i
				if i < ky {
					ok = r.composePart(&comp, tile, ys[i])
				} else {
					ok = r.leaf(1, 0)
				}
			case i < kx: // the block's mode A_i
				ok = r.add(block, xs[i])
			default:
				ok = r.leaf(1, 0)
			}
			if !ok {
				return false
			}
		}
		if !r.token(profClose) {
			return false
		}
	}
	return r.token(profClose)
}

// rankedProductPadded is rankedProduct through the padded layouts and
// their logical product, for rank 1.
func (r *Static) rankedProductPadded(block, tile *Static, rank int, raked bool) bool {
	var a, b, p Static
	if !a.padTo(block, rank) || !b.padTo(tile, rank) {
		return false
	}
	if !p.LogicalProduct(&a, &b) {
		return false
	}
	var xy [2]part
	if k, ok := p.elems(p.whole(), xy[:]); !ok || k != 2 {
		return false
	}
	x, y := xy[0], xy[1]
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
			ok = r.product(&m, &tiles[i], false, false)
		} else {
			ok = r.divide(&m, &tiles[i], false, false)
		}
		if !ok {
			return false
		}
	}
	return r.token(profClose)
}
