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
