package layout

import (
	"testing"

	"pgregory.net/rapid"
)

// local_tile and local_partition as CuTe defines them (cute/tensor.hpp:
// local_tile = inner_partition, the slice of zipped_divide at the rest
// coordinate; local_partition = outer_partition at the thread's flat
// coordinate). Expected values derived by hand in the comments.
func TestLocalTileAndPartition(t *testing.T) {
	mkl := L(t, "(?{div=8},?,?):(1,?{div=8},?{div=8})")
	mnk := TileTuple(TileInt(128), TileInt(128), TileInt(32))
	for _, tc := range []struct {
		what      string
		got       func() (Layout, IntTuple, error)
		want, off string
	}{
		// zipped_divide((8,16):(1,8), (2,4)) is ((2,4),(4,4)):((1,8),(2,32));
		// the tile at (1,2) starts at 1·2 + 2·32 = 66, at index 5 = (1,1)
		// of the rest (4,4) at 2 + 32 = 34.
		{"local_tile((8,16):(1,8), (2,4), (1,2))", func() (Layout, IntTuple, error) {
			return LocalTile(L(t, "(8,16):(1,8)"), TileTuple(TileInt(2), TileInt(4)), T(t, "(1,2)"))
		}, "(2,4):(1,8)", "66"},
		{"local_tile((8,16):(1,8), (2,4), 5)", func() (Layout, IntTuple, error) {
			return LocalTile(L(t, "(8,16):(1,8)"), TileTuple(TileInt(2), TileInt(4)), T(t, "5"))
		}, "(2,4):(1,8)", "34"},
		// CuTe DSL's gA = local_tile(mA, tiler_mnk, (m,n,_), proj=(1,_,1)) in
		// NVIDIA's example kernels: the tiler [128:1;32:1] and the
		// coordinate (m,_) after dice; the rest (?,?,?) has the strides 128,
		// 32·?{div=8} and ?{div=8}; (m,_) pads to (m,_,_), and the offset
		// is m·128. The IR of those kernels has the tile
		// (128,32,?):(1,?{div=8},?{div=256}) once L is fixed too.
		{"local_tile(mA, [128;128;32], (?,?,_), (1,_,1))", func() (Layout, IntTuple, error) {
			return LocalTileProj(mkl, mnk, T(t, "(?,?,_)"), T(t, "(1,_,1)"))
		}, "(128,32,?,?):(1,?{div=8},?{div=256},?{div=8})", "?{div=128}"},
		{"local_tile(mA, [128;32], (?,_,?))", func() (Layout, IntTuple, error) {
			return LocalTile(mkl, TileTuple(TileInt(128), TileInt(32)), T(t, "(?,_,?)"))
		}, "(128,32,?):(1,?{div=8},?{div=256})", "?{div=8}"},
		// Threads (2,4):(4,1): index 5 is at ((5/4)%2, (5/1)%4) = (1,1); the
		// tiles of (8,16):(1,8) are (2,4), so the thread owns element (1,1)
		// of every tile: the rest (4,4):(2,32) from offset 1 + 8 = 9.
		{"local_partition((8,16):(1,8), (2,4):(4,1), 5)", func() (Layout, IntTuple, error) {
			return LocalPartition(L(t, "(8,16):(1,8)"), L(t, "(2,4):(4,1)"), T(t, "5"))
		}, "(4,4):(2,32)", "9"},
		{"local_partition((8,16):(1,8), (2,4):(1,2), ?)", func() (Layout, IntTuple, error) {
			return LocalPartition(L(t, "(8,16):(1,8)"), L(t, "(2,4):(1,2)"), T(t, "?"))
		}, "(4,4):(2,32)", "?"},
		// proj (1,1,_) dices (2,4,2):(1,2,8) to (2,4):(1,2); index 3 is at
		// (3%2, (3/2)%4) = (1,1).
		{"local_partition(..., (2,4,2):(1,2,8), 3, (1,1,_))", func() (Layout, IntTuple, error) {
			return LocalPartitionProj(L(t, "(8,16):(1,8)"), L(t, "(2,4,2):(1,2,8)"), T(t, "3"), T(t, "(1,1,_)"))
		}, "(4,4):(2,32)", "9"},
	} {
		l, off, err := tc.got()
		if err != nil || l.String() != tc.want || off.String() != tc.off {
			t.Errorf("%s = {%s} o %s, %v; want {%s} o %s", tc.what, off, l, err, tc.off, tc.want)
		}
	}
	_, _, err := LocalTile(L(t, "(8,16):(1,8)"), TileTuple(TileInt(2), TileInt(4), TileInt(2)), T(t, "(1,2)"))
	wantCode(t, "local_tile by a tiler of more modes than the layout", err, CodeTilerMismatch)
	_, _, err = LocalPartition(L(t, "(8,16):(1,8)"), L(t, "(2,4):(1@0,1@1)"), T(t, "1"))
	wantCode(t, "local_partition by threads with basis strides", err, CodeBasisNotDefined)
}

// right_inverse follows the chain of |stride| and gives each inverse mode
// the sign of its stride, as CuTe C++ does: right_inverse((4):(-1)) is
// 4:-1, and L(R(k)) = k for every k below size(R).
func TestRightInverseNegativeStrides(t *testing.T) {
	for _, tc := range []struct{ l, want string }{
		{"(4):(-1)", "4:-1"},
		{"8:-1", "8:-1"},
		// A stride-0 mode is skipped, the negative one is the chain.
		{"(3,4):(0,-1)", "4:-3"},
	} {
		l := L(t, tc.l)
		r, err := RightInverse(l)
		if err != nil || r.String() != tc.want {
			t.Errorf("right_inverse(%s) = %s, %v; want %s", tc.l, r, err, tc.want)
			continue
		}
		n, _ := r.Size()
		for k := range n {
			x, err := r.Eval(Int(k))
			if err != nil {
				t.Fatal(err)
			}
			y, err := l.Eval(x)
			if err != nil || y.String() != Int(k).String() {
				t.Errorf("%s(%s(%d)) = %s, %v; want %d", tc.l, r, k, y, err, k)
			}
		}
	}
	// Sorted by |stride|, CuTe builds (2,4):(-4,1) for (4,2):(2,-1), but
	// the layout maps its value -3 at k = 3 to (-3%4)·2 + (-3/4)·(-1) = -6
	// with C's truncating division: not an inverse, so an error.
	_, err := RightInverse(L(t, "(4,2):(2,-1)"))
	wantCode(t, "right_inverse((4,2):(2,-1))", err, CodeBadValue)
	// (4,2):(-1,4) gives (4,2):(-1,4), but R(5) = -1 + 4 = 3 and l(3) = -3.
	_, err = RightInverse(L(t, "(4,2):(-1,4)"))
	wantCode(t, "right_inverse((4,2):(-1,4))", err, CodeBadValue)
}

// The documented deviations from the dialect (deviations.go), with the
// dialect's results quoted in docs/dialect.md.
func TestDialectDeviation(t *testing.T) {
	for _, tc := range []struct {
		op, r, d string
		want     Deviation
		ok       bool
	}{
		// CuTe DSL's IR: raked_product((16,8):(1,16), (8,1):(1,0)) is
		// ((8,16),8):((128,1),16); CuTe C++ keeps the mode (1,8):(0,16).
		{"raked_product", "((8,16),(1,8)):((128,1),(0,16))", "((8,16),8):((128,1),16)", DeviationRakedCoalesce, true},
		{"coalesce", "1:2", "1:0", DeviationUnitStride, true},
		{"complement", "(10,1):(8,0)", "(10,1):(8,80)", DeviationUnitStride, true},
		{"coalesce", "1:0", "():()", DeviationEmptyCoalesce, true},
		{"complement", "2:4", "(2,1):(4,20)", DeviationUnitStride, true},
		{"complement", "2:4", "(2,2):(4,20)", "", false},
		// Not deviations: another extent, a stride of an extent-2 mode, a
		// coalesce of a mode that is not raked_product's.
		{"coalesce", "(2,1):(1,0)", "(2,1):(2,0)", "", false},
		{"logical_product", "((8,16),(1,8)):((128,1),(0,16))", "((8,16),8):((128,1),16)", "", false},
		{"coalesce", "4:1", "4:1", "", false},
	} {
		got, ok := DialectDeviation(tc.op, L(t, tc.r), L(t, tc.d))
		if got != tc.want || ok != tc.ok {
			t.Errorf("DialectDeviation(%s, %s, %s) = %q, %v; want %q, %v", tc.op, tc.r, tc.d, got, ok, tc.want, tc.ok)
		}
	}
}

// composition with a composed layout on the right, as CuTe C++:
// composition(a, F o off o B) = (a o F) o off o B, a swizzle F carried
// through a as make_swizzle<a(yyy), a(zzz)>(). Each result is checked to
// be a(C(c)) at every coordinate.
func TestComposeComposed(t *testing.T) {
	for _, tc := range []struct{ a, c, want string }{
		// (16):(2) maps the swizzle's bits 2 (read) and 0 (written) to bits
		// 3 and 1: S<1,1,2>; B becomes (4,4):(2,8).
		{"(16):(2)", "S<1,0,2> o 0 o (4,4):(1,4)", "S<1,1,2> o 0 o (4,4):(2,8)"},
		// The transpose (4,4):(4,1) maps bit 2 to bit 0 and bit 0 to bit 2.
		{"(4,4):(4,1)", "S<1,0,2> o 0 o (4,4):(1,4)", "S<1,0,-2> o 0 o (4,4):(4,1)"},
		{"(4,4):(1,4)", "S<1,0,2> o 0 o (4,4):(1,4)", "S<1,0,2> o 0 o (4,4):(1,4)"},
		// An outer layout composes with a: (4,5):(1,4) is the identity on
		// its 20 offsets.
		{"(4,5):(1,4)", "(2,3):(3,1) o 2 o (3,4):(4,1)", "(2,3):(3,1) o 2 o (3,4):(4,1)"},
	} {
		a, c := L(t, tc.a), C(t, tc.c)
		r, err := ComposeComposed(a, c)
		if err != nil || r.String() != tc.want {
			t.Errorf("composition(%s, %s) = %s, %v; want %s", tc.a, tc.c, r, err, tc.want)
			continue
		}
		n, _ := c.Inner.Size()
		for k := range n {
			want, err1 := c.Eval(Int(k))
			got, err2 := r.Eval(Int(k))
			if err1 != nil || err2 != nil {
				t.Fatal(err1, err2)
			}
			aw, err := a.Eval(want)
			if err != nil || !aw.Equal(got) {
				t.Errorf("composition(%s, %s) at %d = %s, want a(C(%d)) = %s", tc.a, tc.c, k, got, k, aw)
			}
		}
	}
	_, err := ComposeComposed(L(t, "(16):(2)"), C(t, "S<1,0,2> o 1 o (4,4):(1,4)"))
	wantCode(t, "composition with a swizzled layout and an offset", err, CodeBadValue)
	// (3,8):(1,4) maps the read bit 4 = (1,1) to 1+4 = 5, two bits, and
	// the written bit 1 to 1: no swizzle of its offsets.
	_, err = ComposeComposed(L(t, "(3,8):(1,4)"), C(t, "S<1,0,2> o 0 o 3:1"))
	wantCode(t, "composition with a layout that does not carry the swizzle", err, CodeBadValue)
}

// Inverses of swizzled layouts, as CuTe C++ builds them:
// composition(inverse(B), S), the swizzle carried through the inverse.
func TestInversesComposed(t *testing.T) {
	for _, tc := range []struct {
		c, right, left string
	}{
		// The example: B = (4,4):(1,4) is the identity on 16
		// offsets, so both inverses are 16:1 and the swizzle stays S<1,0,2>.
		{"S<1,0,2> o 0 o (4,4):(1,4)", "S<1,0,2> o 0 o 16:1", "S<1,0,2> o 0 o 16:1"},
		// B = (8,64):(64,1) is the transpose; its inverse (64,8):(8,1) maps
		// the read field (bits 6-8, 448 = (0,7)) to 7 and the written field
		// (bits 3-5, 56 = (56,0)) to 448: S<3,0,-6>.
		{"S<3,3,3> o 0 o (8,64):(64,1)", "S<3,0,-6> o 0 o (64,8):(8,1)", "S<3,0,-6> o 0 o (64,8):(8,1)"},
	} {
		c := C(t, tc.c)
		r, err := RightInverseComposed(c)
		if err != nil || r.String() != tc.right {
			t.Errorf("right_inverse(%s) = %s, %v; want %s", tc.c, r, err, tc.right)
		}
		l, err := LeftInverseComposed(c)
		if err != nil || l.String() != tc.left {
			t.Errorf("left_inverse(%s) = %s, %v; want %s", tc.c, l, err, tc.left)
		}
		// The laws, by evaluation: C(R(k)) = k and L(C(k)) = k.
		n, _ := c.Inner.Size()
		for k := range n {
			x, _ := r.Eval(Int(k))
			y, err := c.Eval(x)
			if err != nil || !y.Equal(Int(k)) {
				t.Errorf("%s(%s(%d)) = %s, %v", tc.c, r, k, y, err)
			}
			x, _ = c.Eval(Int(k))
			y, err = l.Eval(x)
			if err != nil || !y.Equal(Int(k)) {
				t.Errorf("%s(%s(%d)) = %s, %v", l, tc.c, k, y, err)
			}
		}
	}
	_, err := RightInverseComposed(C(t, "S<1,0,2> o 1 o (4,4):(1,4)"))
	wantCode(t, "right_inverse with an offset", err, CodeBadValue)
	_, err = LeftInverseComposed(C(t, "(4,5):(1,4) o 2 o 4:1"))
	wantCode(t, "left_inverse with an outer layout", err, CodeBadValue)
}

// local_tile and local_partition pick the elements CuTe's definitions
// describe, checked against coordinates computed independently: with a
// tiler (t0,t1) that divides the shape (s0,s1), the tile at (c0,c1) holds
// the element (c0·t0 + i0, c1·t1 + i1) at its index (i0,i1), and thread
// (k0,k1) of a compact (t0,t1) thread layout owns the element
// (r0·t0 + k0, r1·t1 + k1) at index (r0,r1) of its partition.
func TestPropertyLocalTileAndPartition(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		t0 := rapid.SampledFrom([]int64{1, 2, 4}).Draw(t, "t0")
		t1 := rapid.SampledFrom([]int64{1, 2, 3}).Draw(t, "t1")
		n0, n1 := rapid.Int64Range(1, 3).Draw(t, "n0"), rapid.Int64Range(1, 3).Draw(t, "n1")
		s0, s1 := t0*n0, t1*n1
		d0 := rapid.SampledFrom([]int64{1, 2, 5}).Draw(t, "d0")
		d1 := rapid.SampledFrom([]int64{0, 3, 16, 40}).Draw(t, "d1")
		l := Layout{Ints(s0, s1), Ints(d0, d1)}
		at := func(x, y int64) int64 { return x*d0 + y*d1 }
		c0, c1 := rapid.Int64Range(0, n0-1).Draw(t, "c0"), rapid.Int64Range(0, n1-1).Draw(t, "c1")
		tile, off, err := LocalTile(l, TileTuple(TileInt(t0), TileInt(t1)), Ints(c0, c1))
		if err != nil {
			t.Fatalf("local_tile(%s, [%d;%d], (%d,%d)): %v", l, t0, t1, c0, c1, err)
		}
		for i0 := range t0 {
			for i1 := range t1 {
				v, err := tile.Eval(Ints(i0, i1))
				if err != nil || v.val+off.val != at(c0*t0+i0, c1*t1+i1) {
					t.Fatalf("local_tile(%s, [%d;%d], (%d,%d)) = {%s} o %s: at (%d,%d) %s, want %d",
						l, t0, t1, c0, c1, off, tile, i0, i1, v, at(c0*t0+i0, c1*t1+i1))
				}
			}
		}
		threads := Layout{Ints(t0, t1), Ints(1, t0)}
		k := rapid.Int64Range(0, t0*t1-1).Draw(t, "k")
		k0, k1 := k%t0, k/t0
		part, off, err := LocalPartition(l, threads, Int(k))
		if err != nil {
			t.Fatalf("local_partition(%s, %s, %d): %v", l, threads, k, err)
		}
		for r0 := range n0 {
			for r1 := range n1 {
				v, err := part.Eval(Ints(r0, r1))
				if err != nil || v.val+off.val != at(r0*t0+k0, r1*t1+k1) {
					t.Fatalf("local_partition(%s, %s, %d) = {%s} o %s: at (%d,%d) %s, want %d",
						l, threads, k, off, part, r0, r1, v, at(r0*t0+k0, r1*t1+k1))
				}
			}
		}
	})
}
