package normalize_test

import (
	"testing"

	"github.com/cutec/cutec/layout"
	"github.com/cutec/cutec/normalize"
)

// TestComposedFirstArgument: the operations CuTe overloads for a composed
// layout apply to its inner layout and keep the swizzle and offset, so the
// result is A o B as functions: R(i) = A(B(i)) for composition, and the
// size of B's domain is kept.
func TestComposedFirstArgument(t *testing.T) {
	for _, c := range []struct{ a, b, want string }{
		// (8,64):(64,1) o (8,8):(1,8) = (8,8):(64,1) by the paper's rules.
		{"S<3,4,3> o 0 o (8,64):(64,1)", "(8,8):(1,8)", "S<3,4,3> o 0 o (8,8):(64,1)"},
		{"S<3,4,3> o 0 o (8,64):(64,1)", "8:1", "S<3,4,3> o 0 o 8:64"},
		{"S<2,4,3> o 16 o (8,32):(32,1)", "(4,16):(2,8)", ""},
		{"S<3,3,3> o 0 o ((8,8),(8,8)):((8,64),(1,512))", "[(4,2):(1,4);16:2]", ""},
	} {
		v, diags := eval(t, "composition("+c.a+", "+c.b+")", nil)
		if diags.HasErrors() {
			t.Errorf("composition(%s, %s): %v", c.a, c.b, diags)
			continue
		}
		r, ok := v.(normalize.Composed)
		if !ok {
			t.Errorf("composition(%s, %s) = %v, want a composed layout", c.a, c.b, v)
			continue
		}
		if c.want != "" && r.String() != c.want {
			t.Errorf("composition(%s, %s) = %s, want %s", c.a, c.b, r, c.want)
		}
		av, _ := eval(t, c.a, nil)
		a := av.(normalize.Composed).C
		inner, _ := eval(t, "composition("+a.Inner.String()+", "+c.b+")", nil)
		if r.C.Inner.String() != inner.String() || r.C.Offset.String() != a.Offset.String() ||
			r.C.Outer.String() != a.Outer.String() {
			t.Errorf("composition(%s, %s) = %s, want %s o %s o %s", c.a, c.b, r, a.Outer, a.Offset, inner)
		}
		bv, _ := eval(t, c.b, nil)
		b, isLayout := bv.(normalize.Layout)
		if !isLayout {
			continue // a tiler: composed mode by mode
		}
		n, err := b.L.Size()
		if err != nil {
			t.Fatal(err)
		}
		for i := range n {
			got, err1 := r.C.Eval(layout.Int(i))
			bi, err2 := b.L.Eval(layout.Int(i))
			want, err3 := a.Eval(bi)
			if err1 != nil || err2 != nil || err3 != nil || got.Value() != want.Value() {
				t.Fatalf("composition(%s, %s)(%d) = %v, want A(B(i)) = %v (%v %v %v)", c.a, c.b, i, got, want, err1, err2, err3)
			}
		}
	}
}

// TestComposedQueriesAndProducts: size and shape of a composed layout are
// its inner layout's, and tile_to_shape of a swizzled atom stays swizzled.
func TestComposedQueriesAndProducts(t *testing.T) {
	for src, want := range map[string]string{
		"size(S<3,4,3> o 0 o (8,64):(64,1))":  "512",
		"shape(S<3,4,3> o 0 o (8,64):(64,1))": "(8,64)",
		"rank(S<3,4,3> o 0 o (8,64):(64,1))":  "2",
		// blocked_product((8,64):(64,1), (8,2):(1,8)) with strides times cosize 512.
		"tile_to_shape(S<3,3,3> o 0 o (8,64):(64,1), (64,128))": "S<3,3,3> o 0 o ((8,8),(64,2)):((64,512),(1,4096))",
	} {
		v, diags := eval(t, src, nil)
		if diags.HasErrors() || v.String() != want {
			t.Errorf("%s = %v %v, want %s", src, v, diags, want)
		}
	}
}
