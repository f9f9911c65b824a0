package layout

import (
	"math"
	"math/big"
	"testing"

	"pgregory.net/rapid"
)

// The arithmetic of the Static kernels, and their paths for what the
// random layouts of TestPropertyStaticEqualsGeneral seldom reach: leaves
// beyond 32 bits, products that overflow, and more than half of
// maxStaticLeaves modes.

// fitsProduct is a·b by math/big and whether it and its magnitude lie in
// int64 (calc.mul's rule, which mulOK follows).
func fitsProduct(a, b int64) (int64, bool) {
	p := new(big.Int).Mul(big.NewInt(a), big.NewInt(b))
	return p.Int64(), p.IsInt64() && p.Int64() != math.MinInt64
}

func TestMulOK(t *testing.T) {
	// Edges of int64 multiplication: 2^31·2^31 = 2^62 fits; 2^32·2^31 =
	// 2^63 does not, nor does -2^32·2^31 = -2^63 (its magnitude does not;
	// calc.mul's rule); 3037000499² fits and 3037000500² does not
	// (√(2^63-1) ≈ 3037000499.98); -1·minInt64 and minInt64·minInt64
	// overflow, and 1·minInt64 is minInt64 again.
	for _, c := range []struct {
		a, b int64
		fits bool
	}{
		{0, math.MinInt64, true},
		{1, math.MinInt64, false},
		{-1, math.MinInt64, false},
		{math.MinInt64, math.MinInt64, false},
		{1 << 31, 1 << 31, true},
		{1 << 32, 1 << 31, false},
		{-(1 << 32), 1 << 31, false},
		{-(1 << 31), (1 << 32) - 1, true},
		{3037000499, 3037000499, true},
		{3037000500, 3037000500, false},
		{-3037000500, 3037000500, false},
		{math.MaxInt64, -1, true},
		{math.MaxInt64, 2, false},
	} {
		p, ok := mulOK(c.a, c.b)
		if ok != c.fits || ok && p != c.a*c.b {
			t.Errorf("mulOK(%d, %d) = %d, %v; want fits = %v", c.a, c.b, p, ok, c.fits)
		}
	}
	rapid.Check(t, func(t *rapid.T) {
		a, b := rapid.Int64().Draw(t, "a"), rapid.Int64().Draw(t, "b")
		if rapid.Bool().Draw(t, "near") { // operands near √2^63, where products cross the limit
			a = rapid.Int64Range(-1<<33, 1<<33).Draw(t, "a33")
			b = rapid.Int64Range(-1<<33, 1<<33).Draw(t, "b33")
		}
		want, fits := fitsProduct(a, b)
		got, ok := mulOK(a, b)
		if ok != fits || ok && got != want {
			t.Fatalf("mulOK(%d, %d) = %d, %v; math/big: %d, %v", a, b, got, ok, want, fits)
		}
	})
}

func TestQuoDivides(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		a := rapid.Int64Range(0, math.MaxInt64).Draw(t, "a")
		var b int64
		switch rapid.IntRange(0, 2).Draw(t, "form") {
		case 0: // a power of two: a shift
			b = 1 << rapid.IntRange(0, 62).Draw(t, "log")
		case 1: // 32 bits: a 32-bit division when a fits too
			b = rapid.Int64Range(1, 1<<32-1).Draw(t, "b32")
			if rapid.Bool().Draw(t, "a32") {
				a %= 1 << 32
			}
		default:
			b = rapid.Int64Range(1, math.MaxInt64).Draw(t, "b")
		}
		if q := quo(a, b); q != a/b {
			t.Fatalf("quo(%d, %d) = %d, want %d", a, b, q, a/b)
		}
		if d := divides(a, b); d != (a%b == 0) {
			t.Fatalf("divides(%d, %d) = %v, want %v", a, b, d, a%b == 0)
		}
		if a >= 1 {
			if c, want := ceilQuo(a, b), (a-1)/b+1; c != want {
				t.Fatalf("ceilQuo(%d, %d) = %d, want %d", a, b, c, want)
			}
		}
	})
}

// genWideLayout draws a layout of 9 to 16 leaves of extent 1 or 2 (so
// that the general path's point-by-point checks stay small), flat or in
// pairs, with strides that often continue the previous mode (so that
// modes merge), are 0, or are large: beyond 32 bits, near the overflow
// of int64, or negative.
func genWideLayout(t *rapid.T, label string) (Layout, Static) {
	n := rapid.IntRange(9, maxStaticLeaves).Draw(t, label+"-leaves")
	scale := int64(1)
	if rapid.Bool().Draw(t, label+"-large") {
		scale = 1 << rapid.IntRange(31, 60).Draw(t, label+"-log")
	}
	shape, stride := make([]IntTuple, n), make([]IntTuple, n)
	prev := int64(0)
	for i := range shape {
		s := rapid.Int64Range(1, 2).Draw(t, label+"-s")
		var d int64
		switch rapid.IntRange(0, 4).Draw(t, label+"-form") {
		case 0, 1:
			d = prev // continues the previous mode
		case 2:
			d = 0
		default:
			d = scale * rapid.Int64Range(-2, 64).Draw(t, label+"-d")
		}
		if d == 0 && i > 0 && prev == 0 {
			d = scale
		}
		shape[i], stride[i] = Int(s), Int(d)
		if p, ok := mulOK(s, d); ok {
			prev = p
		}
	}
	var l Layout
	if rapid.Bool().Draw(t, label+"-pairs") && n%2 == 0 {
		sh, st := make([]IntTuple, n/2), make([]IntTuple, n/2)
		for i := range sh {
			sh[i], st[i] = Tuple(shape[2*i], shape[2*i+1]), Tuple(stride[2*i], stride[2*i+1])
		}
		l = MustNew(Tuple(sh...), Tuple(st...))
	} else {
		l = MustNew(Tuple(shape...), Tuple(stride...))
	}
	s, ok := StaticOf(l)
	if !ok {
		t.Fatalf("StaticOf(%s) declines", l)
	}
	return l, s
}

// TestPropertyStaticWideEqualsGeneral is TestPropertyStaticEqualsGeneral
// on wide layouts (genWideLayout), against a small second operand: where
// the Static path computes a result, it is the general path's.
func TestPropertyStaticWideEqualsGeneral(t *testing.T) {
	for _, tc := range staticCases {
		t.Run(tc.name, func(tt *testing.T) {
			computed := 0
			rapid.Check(tt, func(t *rapid.T) {
				a, sa := genWideLayout(t, "a")
				b, sb := genStaticLayout(t, "b")
				if rapid.Bool().Draw(t, "swap") && tc.name != "composition" {
					a, sa, b, sb = b, sb, a, sa // a wide tile or tiler
				}
				want, wantErr := tc.general(a, b)
				var r Static
				if !tc.static(&r, &sa, &sb) {
					return
				}
				computed++
				if wantErr != nil {
					t.Fatalf("%s(%s, %s): Static gives %s, the general path fails: %v", tc.name, a, b, r.Layout(), wantErr)
				}
				if got := r.Layout(); !got.Equal(want) {
					t.Fatalf("%s(%s, %s): Static gives %s, the general path %s", tc.name, a, b, got, want)
				}
				sa2 := sa
				if tc.static(&sa2, &sa2, &sb) && !sa2.Layout().Equal(want) {
					t.Fatalf("%s(%s, %s) into its operand: %s, want %s", tc.name, a, b, sa2.Layout(), want)
				}
			})
			tt.Logf("%s: the Static path computed %d results", tc.name, computed)
		})
	}
}

// TestStaticWidePaths checks, on layouts derived by hand, the paths that
// only wide layouts take.
func TestStaticWidePaths(t *testing.T) {
	// 2:2^40 followed by 2:2^41 merges into 4:2^40 (2·2^40 = 2^41), past the
	// one-pass coalesce of 32-bit leaves.
	big := MustNew(Ints(2, 2), Ints(1<<40, 1<<41))
	// Extents whose product overflows: 2^32 · 2^32 merged (stride 1, then
	// 2^32 = 2^32·1) would be 2^64; the Static coalesce declines.
	over := MustNew(Ints(1<<32, 1<<32), Ints(1, 1<<32))
	// Nine modes that do not merge (strides 1, 4, 16, ... of extent 2):
	// more than half of maxStaticLeaves, the right inverse's second path.
	// Its right inverse takes the modes in order of stride: the mode of
	// stride 4^i sits at prefix 2^i, and only stride 1 is reached (the next
	// index after 2:1 is 2, which no mode has), so it is 2:1.
	var sh, st []int64
	for i := range 9 {
		sh, st = append(sh, 2), append(st, int64(1)<<(2*i))
	}
	nine := MustNew(Ints(sh...), Ints(st...))
	// Nine modes of extent 2 with strides 256, 128, ..., 1 (row-major, no
	// merges): the chain takes them all from the last, mode 8-i at prefix
	// 2^(8-i), so the inverse is the same row-major layout.
	var rs []int64
	for i := range 9 {
		rs = append(rs, int64(1)<<(8-i))
	}
	rowMajor := MustNew(Ints(sh...), Ints(rs...))
	for _, c := range []struct {
		name string
		op   func(r, a *Static) bool
		l    Layout
		want string // "" when the Static path must decline
	}{
		{"coalesce", (*Static).Coalesce, big, "4:1099511627776"},
		{"coalesce", (*Static).Coalesce, over, ""},
		{"right_inverse", (*Static).RightInverse, nine, "2:1"},
		{"right_inverse", (*Static).RightInverse, rowMajor, "(2,2,2,2,2,2,2,2,2):(256,128,64,32,16,8,4,2,1)"},
	} {
		s, _ := StaticOf(c.l)
		var r Static
		ok := c.op(&r, &s)
		switch {
		case c.want == "" && ok:
			t.Errorf("%s(%s) = %s, want a refusal", c.name, c.l, r.Layout())
		case c.want != "" && (!ok || r.Layout().String() != c.want):
			t.Errorf("%s(%s) = %s, %v; want %s", c.name, c.l, r.Layout(), ok, c.want)
		}
	}
}
