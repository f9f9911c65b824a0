package layout

// Laws for what the dialect adds to the algebra: results computed from
// dynamic values hold for every value they stand for, a block with basis
// strides multiplies as the integer block of its linearized codomain, and
// tile_to_shape never overlaps its copies.

import (
	"testing"

	"pgregory.net/rapid"
)

// withDynamicExtent returns l with the extent of flat mode k replaced by ?,
// and the layout that gives ? the value v.
func withDynamicExtent(l Layout, k int, v int64) (dynamic, instance Layout) {
	sh := leaves(l.shape)
	ds, is := append([]IntTuple(nil), sh...), append([]IntTuple(nil), sh...)
	ds[k], is[k] = dyn(), Int(v)
	return Layout{Tuple(ds...), Tuple(leaves(l.stride)...)}, Layout{Tuple(is...), Tuple(leaves(l.stride)...)}
}

// genFlat draws a flat integer layout of rank 1-3 with extents in [1,4].
func genFlat(t *rapid.T, label string) Layout {
	rank := rapid.IntRange(1, 3).Draw(t, label+"-rank")
	sh, st := make([]IntTuple, rank), make([]IntTuple, rank)
	for i := range rank {
		sh[i] = Int(rapid.Int64Range(1, 4).Draw(t, label+"-s"))
		st[i] = Int(rapid.SampledFrom([]int64{0, 1, 2, 3, 4, 6, 8, 12, 16}).Draw(t, label+"-d"))
	}
	return Layout{Tuple(sh...), Tuple(st...)}
}

// A static result computed with a dynamic extent in A is A(B(c)) for every
// value of the extent, wherever B(c) lies in A's domain: mode by mode of B
// (paper §3.3.2), as for static layouts.
func TestPropertyComposeDynamicSound(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		a, b := genFlat(t, "a"), genFlat(t, "b")
		k := rapid.IntRange(0, a.Rank()-1).Draw(t, "k")
		ad, _ := withDynamicExtent(a, k, 1)
		for _, bm := range leafLayouts(b) {
			r, err := Compose(ad, bm)
			if err != nil || !r.shape.IsStatic() || !r.stride.IsStatic() {
				continue
			}
			for v := int64(1); v <= 5; v++ {
				_, av := withDynamicExtent(a, k, v)
				n := size(t, av)
				for c := range size(t, bm) {
					if off := evalInt(t, bm, c); off >= 0 && off < n && evalInt(t, r, c) != evalInt(t, av, off) {
						t.Fatalf("%s o %s = %s, but with ? = %d, R(%d) != A(B(%d)) = %d", ad, bm, r, v, c, c, evalInt(t, av, off))
					}
				}
			}
		}
	})
}

// A static right inverse of a layout with a dynamic extent is a right
// inverse of every instance: L(R(k)) = k.
func TestPropertyRightInverseDynamicSound(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		l := genFlat(t, "l")
		k := rapid.IntRange(0, l.Rank()-1).Draw(t, "k")
		ld, _ := withDynamicExtent(l, k, 1)
		r, err := RightInverse(ld)
		if err != nil {
			t.Fatalf("right_inverse%s: %v", ld, err)
		}
		if !r.shape.IsStatic() || !r.stride.IsStatic() {
			return
		}
		for v := int64(1); v <= 5; v++ {
			_, lv := withDynamicExtent(l, k, v)
			for i := range size(t, r) {
				if got := evalInt(t, lv, evalInt(t, r, i)); got != i {
					t.Fatalf("right_inverse%s = %s, but with ? = %d, L(R(%d)) = %d", ld, r, v, i, got)
				}
			}
		}
	})
}

// genBasisBlock draws a flat layout with strides c@0 or c@1 whose modes
// nest along each direction, and the covered extent of direction 0.
func genBasisBlock(t *rapid.T) (Layout, int64) {
	rank := rapid.IntRange(1, 3).Draw(t, "rank")
	sh, st := make([]IntTuple, rank), make([]IntTuple, rank)
	next := [2]int64{1, 1}
	for i := range rank {
		d := rapid.IntRange(0, 1).Draw(t, "dir")
		s := rapid.Int64Range(2, 4).Draw(t, "shape")
		c := next[d] * rapid.Int64Range(1, 3).Draw(t, "gap")
		sh[i], st[i] = Int(s), Basis(c, d)
		next[d] = c * s
	}
	if rapid.Bool().Draw(t, "reverse") {
		reverse(sh)
		reverse(st)
	}
	return Layout{Tuple(sh...), Tuple(st...)}, next[0]
}

// A block with basis strides c@d multiplies as the integer block whose
// strides are c·E_d, E_0 = 1 and E_1 the extent direction 0 covers: the
// products agree at every index once the coordinates (x0, x1) are read as
// x0 + E_1·x1.
func TestPropertyBasisProductLinear(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		a, e1 := genBasisBlock(t)
		b := genFlat(t, "b")
		lin := mapLeaves(a.stride, func(d IntTuple) IntTuple {
			if d.bpath()[0] == 1 {
				return Int(d.val * e1)
			}
			return Int(d.val)
		})
		p, errP := LogicalProduct(a, TileLayout(b))
		q, errQ := LogicalProduct(Layout{a.shape, lin}, TileLayout(b))
		switch {
		case errP != nil && errQ != nil && errCode(errP) == errCode(errQ):
			return // the composition's conditions fail on both sides
		case errP != nil || errQ != nil:
			t.Fatalf("logical_product(%s, %s): %v, but with integer strides: %v", a, b, errP, errQ)
		}
		if size(t, p) != size(t, q) {
			t.Fatalf("sizes of %s and %s differ", p, q)
		}
		for i := range size(t, p) {
			v, err := p.Eval(Int(i))
			if err != nil {
				t.Fatal(err)
			}
			if got := coordAlong(v, 0) + e1*coordAlong(v, 1); got != evalInt(t, q, i) {
				t.Fatalf("logical_product(%s, %s) = %s: at %d, %s is %d, but the integer product %s gives %d",
					a, b, p, i, v, got, q, evalInt(t, q, i))
			}
		}
	})
}

// tile_to_shape repeats a compact block (its modes in any order) without
// overlap, and each mode covers its target: size(mode i) =
// size(block_i)·ceil_div(target_i, size(block_i)) >= target_i.
func TestPropertyTileToShape(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		shape := leaves(genFlat(t, "block").shape)
		order := rapid.Permutation([]int64{0, 1, 2}[:len(shape)]).Draw(t, "order")
		block, err := MakeOrderedLayout(Tuple(shape...), Ints(order...))
		if err != nil {
			t.Fatal(err)
		}
		r := rapid.IntRange(block.Rank(), 3).Draw(t, "rank")
		target := make([]IntTuple, r)
		for i := range target {
			target[i] = Int(rapid.Int64Range(1, 9).Draw(t, "target"))
		}
		res, err := TileToShape(block, Tuple(target...))
		if err != nil {
			t.Fatalf("tile_to_shape(%s, %s): %v", block, Tuple(target...), err)
		}
		for i := range target {
			m, _ := res.Mode(i)
			if size(t, m) < target[i].val {
				t.Fatalf("tile_to_shape(%s, %s) = %s: mode %d is smaller than the target", block, Tuple(target...), res, i)
			}
		}
		if !injective(t, res) {
			t.Fatalf("tile_to_shape(%s, %s) = %s overlaps", block, Tuple(target...), res)
		}
	})
}

func injective(t *rapid.T, l Layout) bool {
	seen := map[int64]bool{}
	for i := range size(t, l) {
		v := evalInt(t, l, i)
		if seen[v] {
			return false
		}
		seen[v] = true
	}
	return true
}

// genMixedLeaf draws a stride leaf: an integer, ?, or a basis element
// c@d or c@d@e.
func genMixedLeaf(t *rapid.T, label string) IntTuple {
	switch rapid.IntRange(0, 5).Draw(t, label+"-kind") {
	case 0:
		return dyn()
	case 1:
		return Basis(rapid.Int64Range(1, 8).Draw(t, label+"-c"), rapid.IntRange(0, 2).Draw(t, label+"-d"))
	case 2:
		return Basis(1, rapid.IntRange(0, 2).Draw(t, label+"-d"), rapid.IntRange(0, 1).Draw(t, label+"-e"))
	}
	return Int(rapid.Int64Range(-2, 16).Draw(t, label+"-n"))
}

// genMixed draws a flat layout of rank 1-3 whose leaves may be dynamic or
// basis elements.
func genMixed(t *rapid.T, label string) Layout {
	rank := rapid.IntRange(1, 3).Draw(t, label+"-rank")
	sh, st := make([]IntTuple, rank), make([]IntTuple, rank)
	for i := range rank {
		sh[i] = Int(rapid.Int64Range(1, 6).Draw(t, label+"-s"))
		if rapid.IntRange(0, 4).Draw(t, label+"-dyn") == 0 {
			sh[i] = dyn()
		}
		st[i] = genMixedLeaf(t, label)
	}
	return Layout{Tuple(sh...), Tuple(st...)}
}

// Every operation of the algebra returns a result or a coded error on
// layouts with dynamic values and basis strides, never a panic.
func TestPropertyMixedLeavesNoPanic(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		a, b := genMixed(t, "a"), genMixed(t, "b")
		n := rapid.Int64Range(1, 64).Draw(t, "n")
		ops := []func() (Layout, error){
			func() (Layout, error) { return Compose(a, b) },
			func() (Layout, error) { return Complement(a) },
			func() (Layout, error) { return ComplementTo(a, Int(n)) },
			func() (Layout, error) { return ComplementTo(a, b.shape) },
			func() (Layout, error) { return complementBasisTo(a, b.shape) },
			func() (Layout, error) { return complementBasisTo(a, Int(n)) },
			func() (Layout, error) { return RightInverse(a) },
			func() (Layout, error) { return LeftInverse(a) },
			func() (Layout, error) { return LogicalDivide(a, TileLayout(b)) },
			func() (Layout, error) { return ZippedDivide(a, TileTuple(TileLayout(b))) },
			func() (Layout, error) { return LogicalProduct(a, TileLayout(b)) },
			func() (Layout, error) { return productByLayout(a, b) },
			func() (Layout, error) { return BlockedProduct(a, b) },
			func() (Layout, error) { return RakedProduct(a, b) },
			func() (Layout, error) { return TileToShape(a, b.shape) },
			func() (Layout, error) { return RecastLayout(8, 32, a) },
			func() (Layout, error) { return RecastLayout(32, 8, a) },
		}
		for k, op := range ops {
			if _, err := op(); err != nil {
				if _, ok := err.(*Error); !ok {
					t.Fatalf("op %d on %s, %s: uncoded error %v", k, a, b, err)
				}
			}
		}
	})
}
