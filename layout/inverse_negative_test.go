package layout

import "testing"

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
