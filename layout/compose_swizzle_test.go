package layout

import "testing"

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
