package layout

import "testing"

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
		r, err := c.RightInverse()
		if err != nil || r.String() != tc.right {
			t.Errorf("right_inverse(%s) = %s, %v; want %s", tc.c, r, err, tc.right)
		}
		l, err := c.LeftInverse()
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
	_, err := (C(t, "S<1,0,2> o 1 o (4,4):(1,4)")).RightInverse()
	wantCode(t, "right_inverse with an offset", err, CodeBadValue)
	_, err = (C(t, "(4,5):(1,4) o 2 o 4:1")).LeftInverse()
	wantCode(t, "left_inverse with an outer layout", err, CodeBadValue)
}
