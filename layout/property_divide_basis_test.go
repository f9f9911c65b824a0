package layout

// Properties of the divides by coordinate tilers (tilers with basis
// strides), over random layouts of rank <= 3 and random by-mode tilers.
//
// A by-mode tiler [B0;B1;...] of integer layouts denotes the coordinate
// layout whose mode i is B_i with every stride d written d@i:
// [3:1;(2,2):(2,1)] denotes (3,(2,2)):(1@0,(2@1,1@1)). The properties check
// that a divide by that coordinate layout is the divide by the by-mode
// tiler, that the divides keep their post-conditions, and that dividing by a
// composed tiler is dividing twice. A long run:
//
//	go test ./layout -run 'TestPropertyDivideBy|TestPropertyDividePartition' -rapid.checks=20000

import (
	"slices"
	"testing"

	"pgregory.net/rapid"
)

// genDivided draws the layout to divide: rank 1 to 3, each mode a leaf or a
// pair of extents; strides compact in a random order of the leaves half the
// time (compact layouts coalesce, which the coordinate tiler once got wrong), random otherwise.
func genDivided(t *rapid.T) Layout {
	rank := rapid.IntRange(1, 3).Draw(t, "rank")
	var shape IntTuple
	if rank == 1 {
		shape = Int(rapid.Int64Range(1, 16).Draw(t, "extent"))
	} else {
		modes := make([]IntTuple, rank)
		for i := range modes {
			if rapid.IntRange(0, 3).Draw(t, "nested") == 0 {
				modes[i] = Tuple(Int(rapid.Int64Range(1, 4).Draw(t, "extent")), Int(rapid.Int64Range(1, 4).Draw(t, "extent")))
			} else {
				modes[i] = Int(rapid.Int64Range(1, 8).Draw(t, "extent"))
			}
		}
		shape = Tuple(modes...)
	}
	n := len(leaves(shape))
	if rapid.Bool().Draw(t, "compact") {
		perm := make([]int64, n)
		for i := range perm {
			perm[i] = int64(i)
		}
		perm = rapid.Permutation(perm).Draw(t, "order")
		k := 0
		order := mapLeaves(shape, func(IntTuple) IntTuple { k++; return Int(perm[k-1]) })
		l, err := MakeOrderedLayout(shape, order)
		if err != nil {
			t.Fatal(err)
		}
		return l
	}
	return Layout{shape, mapLeaves(shape, func(IntTuple) IntTuple {
		return Int(rapid.Int64Range(0, 40).Draw(t, "stride"))
	})}
}

// primeFactors returns the prime factors of n in increasing order.
func primeFactors(n int64) []int64 {
	var f []int64
	for p := int64(2); n > 1; p++ {
		for n%p == 0 {
			f, n = append(f, p), n/p
		}
	}
	return f
}

// genSubTile draws an injective layout B of n elements' domain whose
// complement in n is exact (size(B)·size(B*) = n): n is split into factors
// in a random order, laid out compactly, and B keeps some of those modes in
// a random order. With whole, B keeps them all (a bijection of [0,n)).
func genSubTile(t *rapid.T, n int64, whole bool) Layout {
	primes := rapid.Permutation(primeFactors(n)).Draw(t, "primes")
	var factors []int64
	for i, p := range primes {
		if i > 0 && rapid.Bool().Draw(t, "merge") {
			factors[len(factors)-1] *= p
		} else {
			factors = append(factors, p)
		}
	}
	var sh, st []IntTuple
	d := int64(1)
	for _, f := range factors {
		if whole || rapid.Bool().Draw(t, "keep") {
			sh, st = append(sh, Int(f)), append(st, Int(d))
		}
		d *= f
	}
	switch len(sh) {
	case 0:
		return Layout{Int(1), Int(1)}
	case 1:
		return Layout{sh[0], st[0]}
	}
	idx := make([]int, len(sh))
	for i := range idx {
		idx[i] = i
	}
	idx = rapid.Permutation(idx).Draw(t, "tile-order")
	psh, pst := make([]IntTuple, len(sh)), make([]IntTuple, len(sh))
	for i, j := range idx {
		psh[i], pst[i] = sh[j], st[j]
	}
	return Layout{Tuple(psh...), Tuple(pst...)}
}

// byModeTiles draws one tile for each of the first k modes of a (k >= 1).
func byModeTiles(t *rapid.T, a Layout) []Layout {
	k := rapid.IntRange(1, a.Rank()).Draw(t, "tiler-rank")
	tiles := make([]Layout, k)
	for i := range tiles {
		m, _ := a.Mode(i)
		tiles[i] = genSubTile(t, size(t, m), false)
	}
	return tiles
}

// integerTiler is the by-mode tiler [B0;B1;...]; a tile d:1 is sometimes
// written as the integer d, which stands for it.
func integerTiler(t *rapid.T, tiles []Layout) Tiler {
	modes := make([]Tiler, len(tiles))
	for i, b := range tiles {
		modes[i] = TileLayout(b)
		if b.shape.IsInt() && isStaticInt(b.stride, 1) && rapid.Bool().Draw(t, "int-tile") {
			modes[i] = TileInt(b.shape.val)
		}
	}
	return TileTuple(modes...)
}

// coordinateTiler is the coordinate layout a by-mode tiler denotes: mode i
// is B_i with every stride d written d@i.
func coordinateTiler(tiles []Layout) Layout {
	sh, st := make([]IntTuple, len(tiles)), make([]IntTuple, len(tiles))
	for i, b := range tiles {
		sh[i] = b.shape
		st[i] = mapLeaves(b.stride, func(d IntTuple) IntTuple { return Basis(d.val, i) })
	}
	return Layout{Tuple(sh...), Tuple(st...)}
}

// sameFunction fails unless x and y have the same size and the same value
// at every index.
func sameFunction(t *rapid.T, what string, x, y Layout) {
	n := size(t, x)
	if m := size(t, y); m != n {
		t.Fatalf("%s: %s has size %d, %s has size %d", what, x, n, y, m)
	}
	for i := int64(0); i < n; i++ {
		u, err1 := x.Eval(Int(i))
		v, err2 := y.Eval(Int(i))
		if err1 != nil || err2 != nil || !u.Equal(v) {
			t.Fatalf("%s: %s and %s differ at %d: %s, %s (%v, %v)", what, x, y, i, u, v, err1, err2)
		}
	}
}

// A divide by the coordinate form of a by-mode tiler is the divide by the
// tiler: wherever the by-mode divide keeps A's size, the logical and zipped
// divides by the coordinate tiler are its zipped form (a layout tiler
// gives the rank-2 (tile, rest) at once) and the tiled and flat divides are
// its tiled and flat forms, as functions of the index.
func TestPropertyDivideByCoordinateTiler(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		a := genDivided(t)
		tiles := byModeTiles(t, a)
		it, ct := integerTiler(t, tiles), coordinateTiler(tiles)
		zi, err := ZippedDivide(a, it)
		if err != nil || size(t, zi) != size(t, a) {
			return // CuTe's by-mode divide does not apply (a mode of a does not split)
		}
		for _, op := range []struct {
			name       string
			integer    func(Layout, Tiler) (Layout, error)
			coordinate func(Layout, Tiler) (Layout, error)
		}{
			{"logical_divide", ZippedDivide, LogicalDivide},
			{"zipped_divide", ZippedDivide, ZippedDivide},
			{"tiled_divide", TiledDivide, TiledDivide},
			{"flat_divide", FlatDivide, FlatDivide},
		} {
			want, err := op.integer(a, it)
			if err != nil {
				t.Fatalf("%s(%s, %s): %v", op.name, a, it, err)
			}
			got, err := op.coordinate(a, TileLayout(ct))
			if err != nil {
				t.Fatalf("%s(%s, %s): %v, but by %s it is %s", op.name, a, ct, err, it, want)
			}
			sameFunction(t, op.name+"("+a.String()+", "+ct.String()+") against "+it.String(), got, want)
		}
	})
}

// The post-conditions of a divide by a coordinate tiler T, checked on the
// coordinates it assigns: D = zipped_divide(I, T) for the identity layout I
// = (n0,n1,...):(1@0,1@1,...) of the extents of A's modes gives the
// coordinate of A that each index of the result stands for. Then
//   - D is a bijection from the indices of the result onto the coordinates
//     of A's shape: the size is kept and the tiles partition A's domain, the
//     rest mode enumerating each tile once;
//   - each tile is T's coordinates moved: D(i,j) = T(i) + D(0,j), and
//     D(i,0) = T(i);
//   - zipped_divide(A, T)(i,j) = A(D(i,j)): the image of each tile is A's
//     image of the tile's coordinates;
//   - logical_divide, tiled_divide and flat_divide by T are zipped_divide as
//     functions of the index.
func TestPropertyDivideByCoordinatePostconditions(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		a := genDivided(t)
		ct := coordinateTiler(byModeTiles(t, a))
		r, err := ZippedDivide(a, TileLayout(ct))
		if err != nil {
			// A's composition with a tile can fail (a mode whose strides do
			// not divide); the same tile then fails by mode too, or gives a
			// result of another size, which breaks the post-conditions.
			if z, err2 := ZippedDivide(a, integerTiler(t, tilesOf(ct))); err2 == nil && size(t, z) == size(t, a) {
				t.Fatalf("zipped_divide(%s, %s): %v, but by mode it is %s", a, ct, err, z)
			}
			return
		}
		// The other divides rearrange the zipped one without changing it as
		// a function of the index, so they keep its post-conditions.
		for name, op := range map[string]func(Layout, Tiler) (Layout, error){
			"logical_divide": LogicalDivide, "tiled_divide": TiledDivide, "flat_divide": FlatDivide,
		} {
			o, err := op(a, TileLayout(ct))
			if err != nil {
				t.Fatalf("%s(%s, %s): %v, but zipped_divide is %s", name, a, ct, err, r)
			}
			sameFunction(t, name+" against zipped_divide", o, r)
		}
		// The coordinates a by-mode tiler addresses are one index per mode
		// of A (a nested mode counted colexicographically), so the identity
		// is that of the extents of A's modes.
		rank := a.Rank()
		extents := make([]int64, rank)
		ish, ist := make([]IntTuple, rank), make([]IntTuple, rank)
		for k := range extents {
			m, _ := a.Mode(k)
			extents[k] = size(t, m)
			ish[k], ist[k] = Int(extents[k]), Basis(1, k)
		}
		id := Layout{Tuple(ish...), Tuple(ist...)}
		d, err := ZippedDivide(id, TileLayout(ct))
		if err != nil {
			t.Fatalf("zipped_divide(%s, %s): %v", id, ct, err)
		}
		n, nt := size(t, a), size(t, ct)
		if size(t, r) != n || size(t, d) != n {
			t.Fatalf("zipped_divide(%s, %s) = %s and the coordinates %s: sizes %d, %d, want %d", a, ct, r, d, size(t, r), size(t, d), n)
		}
		seen := map[int64]bool{}
		coord := func(v IntTuple) ([]int64, int64) {
			x, key := make([]int64, rank), int64(0)
			for k := rank - 1; k >= 0; k-- {
				x[k] = coordAlong(v, k)
				if x[k] < 0 || x[k] >= extents[k] {
					t.Fatalf("coordinate %s is outside the extents %v", v, extents)
				}
				key = key*extents[k] + x[k]
			}
			return x, key
		}
		for idx := int64(0); idx < n; idx++ {
			dv, err := d.Eval(Int(idx))
			if err != nil {
				t.Fatal(err)
			}
			x, key := coord(dv)
			if seen[key] {
				t.Fatalf("zipped_divide(%s, %s) = %s reaches the coordinate %s twice", id, ct, d, dv)
			}
			seen[key] = true
			i, j := idx%nt, idx/nt
			tv, _ := ct.Eval(Int(i))
			d0, _ := d.Eval(Int(j * nt))
			x0, _ := coord(d0)
			for k := range x {
				if x[k] != coordAlong(tv, k)+x0[k] {
					t.Fatalf("tile %d of %s at %d is %s, not T(%d) + %s = %s + %s", j, d, i, dv, i, d0, tv, d0)
				}
			}
			crd := make([]IntTuple, rank)
			for k := range crd {
				crd[k] = Int(x[k])
			}
			c := crd[0]
			if a.shape.Kind() == KindTuple {
				c = Tuple(crd...)
			}
			want, err := a.Eval(c)
			if err != nil {
				t.Fatal(err)
			}
			got, _ := r.Eval(Int(idx))
			if !got.Equal(want) {
				t.Fatalf("zipped_divide(%s, %s) = %s is %s at %d, but A%s = %s", a, ct, r, got, idx, c, want)
			}
		}
	})
}

// tilesOf recovers the by-mode tiles from a coordinate tiler made by
// coordinateTiler.
func tilesOf(ct Layout) []Layout {
	tiles := make([]Layout, ct.Rank())
	for i := range tiles {
		m, _ := ct.Mode(i)
		tiles[i] = Layout{m.shape, mapLeaves(m.stride, func(d IntTuple) IntTuple { return Int(d.val) })}
	}
	return tiles
}

// The partitioning associativity of an MMA (as in partitioning by the
// thread-value layout of an SM70 8x8 tile): the data A is tiled by a
// coordinate tiler T1 (the block of A an MMA covers, here s_i:1@i per
// mode, d_i dividing A's extent), and a thread-value layout T2 is a
// bijection of the n = size(T1) elements of the block, laid out compactly
// over prime factors of the d_i. Then
//
//	zipped_divide(A, T1 ∘ T2) = logical_divide(zipped_divide(A, T1), [T2;_])
//
// as functions of the index: dividing once by the composed tiler is
// dividing by T1 and then dividing the tile by T2. It must hold because
// both tile modes are A ∘ T1 ∘ T2 (composition is associative), both rest
// modes are A ∘ T1*: a complement depends only on the image of the layout
// (eq. 28 and 29 pin it), and T1 ∘ T2 has T1's image since T2 is a
// bijection of T1's domain; and T2's own complement in n has size 1, so
// the second divide adds only a mode of extent 1.
func TestPropertyDividePartitionAssociativity(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		a := genDivided(t)
		k := rapid.IntRange(1, a.Rank()).Draw(t, "tiler-rank")
		tiles := make([]Layout, k)
		var factors []int64
		for i := range tiles {
			m, _ := a.Mode(i)
			e := size(t, m)
			var divs []int64
			for d := int64(1); d <= e; d++ {
				if e%d == 0 {
					divs = append(divs, d)
				}
			}
			d := rapid.SampledFrom(divs).Draw(t, "block")
			tiles[i] = Layout{Int(d), Int(1)}
			factors = append(factors, primeFactors(d)...)
		}
		t1 := coordinateTiler(tiles)
		t2 := threadValueLayout(t, factors)
		t12, err := Compose(t1, t2)
		if err != nil {
			t.Fatalf("%s o %s: %v", t1, t2, err)
		}
		first, err := ZippedDivide(a, TileLayout(t1))
		if err != nil {
			return // a mode of A does not compose with its block (CuTe's composition)
		}
		twice, err := LogicalDivide(first, TileTuple(TileLayout(t2), TileUnderscore()))
		if err != nil {
			return // A ∘ T1 has a mode whose stride T2's factors do not divide
		}
		once, err := ZippedDivide(a, TileLayout(t12))
		if err != nil {
			t.Fatalf("zipped_divide(%s, %s): %v, but dividing twice gives %s", a, t12, err, twice)
		}
		sameFunction(t, "zipped_divide(A, T1 o T2) against dividing twice", once, twice)
	})
}

// threadValueLayout draws a bijection of [0, prod(factors)): the compact
// layout of the factors (in the order given, so each factor's stride
// divides the blocks of T1) with its modes permuted and split into a
// thread and a value mode.
func threadValueLayout(t *rapid.T, factors []int64) Layout {
	if len(factors) == 0 {
		return Layout{Int(1), Int(0)}
	}
	sh, st := make([]IntTuple, len(factors)), make([]IntTuple, len(factors))
	d := int64(1)
	for i, f := range factors {
		sh[i], st[i] = Int(f), Int(d)
		d *= f
	}
	idx := make([]int, len(factors))
	for i := range idx {
		idx[i] = i
	}
	idx = rapid.Permutation(idx).Draw(t, "tv-order")
	psh, pst := make([]IntTuple, len(idx)), make([]IntTuple, len(idx))
	for i, j := range idx {
		psh[i], pst[i] = sh[j], st[j]
	}
	split := rapid.IntRange(0, len(idx)).Draw(t, "threads")
	if split == 0 || split == len(idx) {
		return Layout{Tuple(psh...), Tuple(pst...)}
	}
	return Layout{
		Tuple(Tuple(psh[:split]...), Tuple(psh[split:]...)),
		Tuple(Tuple(pst[:split]...), Tuple(pst[split:]...)),
	}
}

// A product by the coordinate form of a by-mode tiler is the product by the
// tiler: where the by-mode product [B0;...;B(k-1);1;...] (padded with the
// tile 1 to A's rank, so that the modes of A the coordinate tiler does not
// reach stay in the block) succeeds, the logical and zipped products by the
// coordinate tiler are its zipped form, and the tiled and flat products its
// tiled and flat forms, as functions of the index.
func TestPropertyProductByCoordinateTiler(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		a := genDivided(t)
		k := rapid.IntRange(1, a.Rank()).Draw(t, "tiler-rank")
		tiles := make([]Layout, k)
		for i := range tiles {
			tiles[i] = genSubTile(t, rapid.Int64Range(1, 6).Draw(t, "tile-size"), false)
		}
		modes := make([]Tiler, a.Rank())
		for i := range modes {
			modes[i] = TileInt(1)
		}
		copy(modes, integerTiler(t, tiles).modes)
		it, ct := TileTuple(modes...), coordinateTiler(tiles)
		if z, err := ZippedProduct(a, it); err != nil || size(t, z) > maxPropSize {
			return // CuTe's by-mode product does not apply, or the result is large
		}
		for _, op := range []struct {
			name                string
			integer, coordinate func(Layout, Tiler) (Layout, error)
		}{
			{"logical_product", ZippedProduct, LogicalProduct},
			{"zipped_product", ZippedProduct, ZippedProduct},
			{"tiled_product", TiledProduct, TiledProduct},
			{"flat_product", FlatProduct, FlatProduct},
		} {
			want, err := op.integer(a, it)
			if err != nil {
				t.Fatalf("%s(%s, %s): %v", op.name, a, it, err)
			}
			got, err := op.coordinate(a, TileLayout(ct))
			if err != nil {
				t.Fatalf("%s(%s, %s): %v, but by %s it is %s", op.name, a, ct, err, it, want)
			}
			sameFunction(t, op.name+"("+a.String()+", "+ct.String()+") against "+it.String(), got, want)
		}
	})
}

// make_layout_like of a layout with basis strides is compact in the order
// of its strides: the modes with a non-zero stride, filtered, cover
// [0, their size) exactly once (the result is a bijection there), and a
// mode whose stride c@p comes first in the order (smaller path, then
// smaller c) gets the smaller stride; zero strides stay 0. The identity
// layout of a shape becomes its column-major layout.
func TestPropertyMakeLayoutLikeBasis(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		l := genBasisLayout(t)
		r, err := MakeLayoutLike(l)
		if err != nil {
			t.Fatalf("make_layout_like(%s): %v", l, err)
		}
		ls, rs := leaves(l.stride), leaves(r.stride)
		sh := leaves(l.shape)
		before := func(a, b IntTuple) bool {
			if c := slices.Compare(a.bpath(), b.bpath()); c != 0 {
				return c < 0
			}
			return a.val < b.val
		}
		for i := range ls {
			if ls[i].Kind() != KindBasis {
				if !isStaticInt(rs[i], 0) {
					t.Fatalf("make_layout_like(%s) = %s: the zero stride of mode %d became %s", l, r, i, rs[i])
				}
				continue
			}
			for j := range ls {
				if ls[j].Kind() == KindBasis && sh[i].val > 1 && sh[j].val > 1 && before(ls[i], ls[j]) && rs[i].val >= rs[j].val {
					t.Fatalf("make_layout_like(%s) = %s: %s comes before %s but gets %s >= %s", l, r, ls[i], ls[j], rs[i], rs[j])
				}
			}
		}
		f := Filter(r)
		if !distinctKeys(l) {
			return // equal strides get equal ranks, as for integer strides
		}
		n := size(t, f)
		seen := make([]bool, n)
		for i := int64(0); i < n; i++ {
			v := evalInt(t, f, i)
			if v < 0 || v >= n || seen[v] {
				t.Fatalf("make_layout_like(%s) = %s is not compact: %d at %d", l, r, v, i)
			}
			seen[v] = true
		}
		id, _ := MakeIdentityLayout(l.shape)
		like, err := MakeLayoutLike(id)
		if err != nil {
			t.Fatalf("make_layout_like(%s): %v", id, err)
		}
		col, _ := CompactColMajor(l.shape)
		sameFunction(t, "make_layout_like("+id.String()+") against the column-major layout", like, Layout{l.shape, col})
	})
}

// distinctKeys reports whether the non-zero strides of l, on modes of
// extent above 1, are all different.
func distinctKeys(l Layout) bool {
	sh, st := leaves(l.shape), leaves(l.stride)
	for i := range st {
		for j := i + 1; j < len(st); j++ {
			if st[i].Kind() == KindBasis && sh[i].val > 1 && sh[j].val > 1 && st[i].Equal(st[j]) {
				return false
			}
		}
	}
	return true
}
