package layout

// Property tests over random layouts of rank <= 4 and depth <= 3: every law
// of the algebra that the paper states, checked point by point.

import (
	"testing"

	"pgregory.net/rapid"
)

const maxPropSize = 1 << 12

// genShape draws a shape tree of depth <= depth with extents in [1,lim].
func genShape(t *rapid.T, depth int, lim int64, label string) IntTuple {
	if depth == 0 || rapid.IntRange(0, 2).Draw(t, label+"-leaf") == 0 {
		return Int(rapid.Int64Range(1, lim).Draw(t, label+"-n"))
	}
	n := rapid.IntRange(1, 4).Draw(t, label+"-rank")
	elems := make([]IntTuple, n)
	for i := range elems {
		elems[i] = genShape(t, depth-1, lim, label)
	}
	return Tuple(elems...)
}

// genStride draws a stride congruent with shape: mostly compact strides in
// a random order, sometimes zeros or arbitrary values.
func genStride(t *rapid.T, shape IntTuple, label string) IntTuple {
	compact, _ := CompactColMajor(shape)
	if rapid.Bool().Draw(t, label+"-compact") {
		return mapLeaves(compact, func(d IntTuple) IntTuple {
			if rapid.IntRange(0, 5).Draw(t, label+"-zero") == 0 {
				return Int(0)
			}
			return d
		})
	}
	return mapLeaves(shape, func(IntTuple) IntTuple {
		return Int(rapid.Int64Range(0, 48).Draw(t, label+"-d"))
	})
}

func genLayout(t *rapid.T, label string) Layout {
	shape := genShape(t, 3, 8, label)
	if n, err := Size(shape); err != nil || n > maxPropSize {
		t.Skip("too large")
	}
	return Layout{shape, genStride(t, shape, label)}
}

func evalInt(t *rapid.T, l Layout, i int64) int64 {
	v, err := l.Eval(Int(i))
	if err != nil || v.Kind() != KindInt {
		t.Fatalf("%s(%d) = %s, %v", l, i, v, err)
	}
	return v.val
}

func size(t *rapid.T, l Layout) int64 {
	n, err := l.Size()
	if err != nil {
		t.Fatal(err)
	}
	return n
}

func TestPropertyCoalesce(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		l := genLayout(t, "l")
		r := Coalesce(l)
		if r.Depth() > 1 || size(t, r) != size(t, l) {
			t.Fatalf("coalesce(%s) = %s: depth or size changed", l, r)
		}
		for i := int64(0); i < size(t, l); i++ {
			if evalInt(t, l, i) != evalInt(t, r, i) {
				t.Fatalf("coalesce(%s) = %s differs at %d", l, r, i)
			}
		}
	})
}

func TestPropertyFilterKeepsImage(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		l := genLayout(t, "l")
		r := Filter(l)
		image := map[int64]bool{}
		for i := int64(0); i < size(t, l); i++ {
			image[evalInt(t, l, i)] = true
		}
		got := map[int64]bool{}
		for i := int64(0); i < size(t, r); i++ {
			got[evalInt(t, r, i)] = true
		}
		if len(got) != len(image) {
			t.Fatalf("filter(%s) = %s changes the image", l, r)
		}
		for k := range got {
			if !image[k] {
				t.Fatalf("filter(%s) = %s reaches %d", l, r, k)
			}
		}
	})
}

func TestPropertyComposition(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		a, b := genLayout(t, "a"), genLayout(t, "b")
		r, err := Compose(a, b)
		if err != nil {
			if _, ok := err.(*Error); !ok {
				t.Fatalf("uncoded error %v", err)
			}
			return
		}
		if size(t, r) != size(t, b) || !compatible(b.shape, r.shape) {
			t.Fatalf("%s o %s = %s is not compatible with B", a, b, r)
		}
		na := size(t, a)
		whole := Distributes(a, b)
		for i := int64(0); i < size(t, b); i++ {
			bi := evalInt(t, b, i)
			if bi < 0 || bi >= na || !whole {
				continue
			}
			if evalInt(t, r, i) != evalInt(t, a, bi) {
				t.Fatalf("%s o %s = %s differs from A(B(%d)) = A(%d)", a, b, r, i, bi)
			}
		}
		// Every mode of B composes exactly (paper §3.3.2), whether or not
		// A distributes over the whole of B.
		for k, bm := range leafLayouts(b) {
			rm, err := Compose(a, bm)
			if err != nil {
				t.Fatalf("mode %d of %s: %v", k, b, err)
			}
			for i := int64(0); i < size(t, bm); i++ {
				bi := evalInt(t, bm, i)
				if bi >= 0 && bi < na && evalInt(t, rm, i) != evalInt(t, a, bi) {
					t.Fatalf("%s o %s = %s differs from A(B(%d))", a, bm, rm, i)
				}
			}
		}
	})
}

// compatible reports whether shape p is compatible with s (Definition 2.7):
// a leaf of p has the size of the matching part of s.
func compatible(p, s IntTuple) bool {
	if p.Kind() != KindTuple {
		np, e1 := Size(p)
		ns, e2 := Size(s)
		return e1 == nil && e2 == nil && np == ns
	}
	if s.Kind() != KindTuple || len(s.elems) != len(p.elems) {
		return false
	}
	for i := range p.elems {
		if !compatible(p.elems[i], s.elems[i]) {
			return false
		}
	}
	return true
}

func leafLayouts(l Layout) []Layout {
	sh, st := leaves(l.shape), leaves(l.stride)
	out := make([]Layout, len(sh))
	for i := range sh {
		out[i] = Layout{sh[i], st[i]}
	}
	return out
}

func TestPropertyComplement(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		l := genLayout(t, "l")
		target := rapid.Int64Range(1, 2*maxPropSize).Draw(t, "target")
		c, err := ComplementTo(l, Int(target))
		if err != nil {
			if e, ok := err.(*Error); !ok || e.Code != CodeComplementInjective {
				t.Fatalf("complement(%s, %d): %v", l, target, err)
			}
			return
		}
		image := map[int64]bool{}
		for i := int64(0); i < size(t, l); i++ {
			image[evalInt(t, l, i)] = true
		}
		// CuTe's promise, size(C) >= cotarget / size(filter(L)), holds when
		// the sorted strides nest (s_i·d_i divides d_i+1); otherwise the
		// complement is still disjoint and ordered but leaves gaps.
		nc := size(t, c)
		if nests(Filter(l)) && nc < target/size(t, Filter(l)) {
			t.Fatalf("complement(%s, %d) = %s does not cover the cotarget", l, target, c)
		}
		for a := int64(1); a < nc && a < 4*maxPropSize; a++ {
			ca := evalInt(t, c, a)
			if image[ca] {
				t.Fatalf("complement(%s, %d) = %s meets the image at %d", l, target, c, ca)
			}
			if evalInt(t, c, a-1) >= ca {
				t.Fatalf("complement(%s, %d) = %s is not increasing at %d", l, target, c, a)
			}
		}
	})
}

func TestPropertyInverses(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		l := genLayout(t, "l")
		r, err := RightInverse(l)
		if err != nil {
			t.Fatalf("right_inverse(%s): %v", l, err)
		}
		for k := int64(0); k < size(t, r); k++ {
			if got := evalInt(t, l, evalInt(t, r, k)); got != k {
				t.Fatalf("right_inverse(%s) = %s: L(R(%d)) = %d", l, r, k, got)
			}
		}
		li, err := LeftInverse(l)
		if err != nil {
			return
		}
		for k := int64(0); k < size(t, l); k++ {
			y := evalInt(t, l, k)
			if got := evalInt(t, l, evalInt(t, li, y)); got != y {
				t.Fatalf("left_inverse(%s) = %s: L(Li(L(%d))) = %d, not %d", l, li, k, got, y)
			}
		}
	})
}

func TestPropertyProductsAndDividesKeepSize(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		a, b := genLayout(t, "a"), genLayout(t, "b")
		if p, err := LogicalProduct(a, TileLayout(b)); err == nil {
			if size(t, p) != size(t, a)*size(t, b) {
				t.Fatalf("logical_product(%s, %s) = %s has the wrong size", a, b, p)
			}
		}
		// A divide covers A: B* is the complement of the tile against the
		// shape of the coalesced A (as CuTe C++ takes it), so the result
		// has at least size(A) elements, exactly size(A) when the
		// coalesced A is one mode that the tile's size divides. Its first
		// mode is A composed with the tile.
		n := size(t, a)
		d := rapid.Int64Range(1, n).Draw(t, "divisor")
		r, err := LogicalDivide(a, TileInt(d))
		if err != nil {
			return
		}
		exact := Coalesce(a).shape.Kind() != KindTuple && n%d == 0
		if got := size(t, r); got < n || (exact && got != n) {
			t.Fatalf("logical_divide(%s, %d) = %s has size %d", a, d, r, got)
		}
		tile, _ := r.Mode(0)
		compact, _ := Make(Int(d))
		want, err := Compose(a, compact)
		if err == nil && !tile.Equal(want) {
			t.Fatalf("logical_divide(%s, %d) = %s: tile is not A o %s = %s", a, d, r, compact, want)
		}
	})
}

func TestPropertySwizzle(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		b := rapid.IntRange(0, 4).Draw(t, "B")
		m := rapid.IntRange(0, 4).Draw(t, "M")
		s := rapid.IntRange(b, 5).Draw(t, "S")
		if rapid.Bool().Draw(t, "negative") {
			s = -s
		}
		sw, err := NewSwizzle(b, m, s)
		if err != nil {
			t.Fatal(err)
		}
		span := int64(1) << (m + int(abs(int64(s))) + b + 1)
		seen := make(map[int64]bool, span)
		for x := int64(0); x < span; x++ {
			y := sw.Apply(x)
			if sw.Apply(y) != x {
				t.Fatalf("%s is not an involution at %d", sw, x)
			}
			if y < 0 || y >= span || seen[y] {
				t.Fatalf("%s is not a bijection on [0,%d) at %d", sw, span, x)
			}
			seen[y] = true
		}
	})
}

// nests reports whether the sorted modes of a filtered layout nest: each
// stride is a multiple of the previous stride times its extent.
func nests(l Layout) bool {
	var f ints
	if !f.load(&l.shape, &l.stride) {
		return false
	}
	f.sortByStride()
	for i := 1; i < f.n; i++ {
		if f.d[i]%(f.s[i-1]*f.d[i-1]) != 0 {
			return false
		}
	}
	return true
}

// TestPropertyDivideFastPath checks the integer fast path of logical_divide
// against its definition, A ∘ (B, complement(B, shape(coalesce(A)))), as the
// general path computes it: the same layout or the same error code.
func TestPropertyDivideFastPath(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		a, tile := genLayout(t, "a"), genLayout(t, "tile")
		got, gotErr := LogicalDivide(a, TileLayout(tile))
		var want Layout
		rest, wantErr := ComplementTo(tile, Coalesce(a).shape)
		if wantErr == nil {
			want, wantErr = Compose(a, Concat(tile, rest))
		}
		if (gotErr == nil) != (wantErr == nil) {
			t.Fatalf("logical_divide(%s, %s): error %v, definition's error %v", a, tile, gotErr, wantErr)
		}
		if gotErr != nil {
			if gotErr.(*Error).Code != wantErr.(*Error).Code {
				t.Fatalf("logical_divide(%s, %s): %v, definition: %v", a, tile, gotErr, wantErr)
			}
			return
		}
		if !got.Equal(want) {
			t.Fatalf("logical_divide(%s, %s) = %s, definition gives %s", a, tile, got, want)
		}
	})
}
