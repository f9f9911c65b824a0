package verify

import (
	"testing"

	"github.com/cutec/cutec/ast"
	"github.com/cutec/cutec/diag"
	"github.com/cutec/cutec/layout"
	"github.com/cutec/cutec/normalize"
)

// TestComposedOffset runs the composed-offset check on composed layouts
// built directly (not through layout.NewComposed), so that the dynamic
// offset ? of the dialect is checked whatever the constructor accepts.
func TestComposedOffset(t *testing.T) {
	d := layout.Dynamic(0, 0)
	l := func(shape, stride layout.IntTuple) layout.Layout { return layout.MustNew(shape, stride) }
	sw, err := layout.NewSwizzle(3, 4, 3)
	if err != nil {
		t.Fatal(err)
	}
	a := l(layout.Ints(4, 5), layout.Ints(1, 4))
	cases := []struct {
		name  string
		outer layout.Function
		off   layout.IntTuple
		inner layout.Layout
		bad   bool
	}{
		// Constructor/static_errors.mlir#dynamic_composed_layout: a valid type.
		{"dynamic offset", a, d, l(layout.Ints(2, 3), layout.Ints(1, 2)), false},
		{"dynamic offset, swizzle", sw, d, l(layout.Ints(8, 4), layout.Ints(1, 8)), false},
		// Types/composed_layout.mlir#tuple_offset and #layout_a.
		{"tuple offset, basis inner", a, layout.Ints(0, 0),
			l(layout.Ints(2, 3), layout.Tuple(layout.Basis(1, 0), layout.Basis(1, 1))), false},
		{"scalar offset", a, layout.Int(2), l(layout.Ints(2, 3), layout.Ints(1, 2)), false},
		// Types/composed_layout_errors.mlir#offset_not_addable.
		{"scalar offset, basis inner", l(layout.Ints(6, 2), layout.Ints(1, 3)), layout.Int(2),
			l(layout.Ints(2, 3), layout.Tuple(layout.Basis(1, 1), layout.Basis(2, 0))), true},
		// A dynamic offset is a scalar too.
		{"dynamic offset, basis inner", a, d,
			l(layout.Ints(2, 3), layout.Tuple(layout.Basis(1, 1), layout.Basis(2, 0))), true},
		// Types/composed_layout_errors.mlir#swizzle_a_basis_b.
		{"swizzle, basis inner", sw, layout.Int(0),
			l(layout.Ints(4, 2), layout.Tuple(layout.Basis(1, 0), layout.Basis(1, 1))), true},
		{"swizzle, tuple offset", sw, layout.Ints(0, 0), l(layout.Ints(8, 4), layout.Ints(1, 8)), true},
		// Types/composed_layout_errors.mlir#affine_inner_profile_mismatch.
		{"sum not weakly congruent", a, layout.Int(0), l(layout.Tuple(layout.Ints(2, 3)),
			layout.Tuple(layout.Tuple(layout.DynamicBasis(0, 0), layout.DynamicBasis(0, 1)))), true},
	}
	for _, c := range cases {
		var got diag.List
		s := &Subject{Node: &ast.Ident{Name: "x"}, report: func(d *diag.Diagnostic) { got.Add(d) },
			Value: normalize.Composed{C: layout.ComposedLayout{Outer: c.outer, Offset: c.off, Inner: c.inner}}}
		checkComposed(s)
		if got.HasCode(diag.OffsetNotAddable) != c.bad {
			t.Errorf("%s: %s o %s o %s: reported %v, want %v", c.name, c.outer, c.off, c.inner, got, c.bad)
		}
	}
}

// TestCodomainZero: the value at 0 of a layout with basis strides has the
// profile its paths describe (Types/composed_layout.mlir#complex_fixture
// pairs the inner layout (64,(64,3,3,3)):(1@0,(1@0@1,1@1@1,1@2@1,1@3@1))
// with the offset (0,(0,0,0,0))).
func TestCodomainZero(t *testing.T) {
	b := layout.Basis
	for _, c := range []struct {
		stride layout.IntTuple
		want   string
	}{
		{layout.Ints(1, 4), "0"},
		{layout.Tuple(b(1, 1), b(2, 0)), "(0,0)"},
		{layout.Tuple(b(1, 2)), "(0,0,0)"},
		{layout.Tuple(b(1, 0), layout.Tuple(b(1, 1, 0), b(1, 1, 1), b(1, 1, 2), b(1, 1, 3))), "(0,(0,0,0,0))"},
		{layout.Tuple(layout.Int(0), layout.DynamicBasis(1)), "(0,0)"},
	} {
		if got := codomainZero(c.stride).String(); got != c.want {
			t.Errorf("codomainZero(%s) = %s, want %s", c.stride, got, c.want)
		}
	}
}

// TestAddOffsets follows the dialect's tuple_add (Arithmetic/tuple_add.mlir
// and tuple_add_errors.mlir).
func TestAddOffsets(t *testing.T) {
	for _, c := range []struct {
		a, b layout.IntTuple
		want string // "" when not addable
	}{
		{layout.Ints(3, 4), layout.Ints(1, 2), "(4,6)"},                         // add_int_tuple_static
		{layout.Ints(1, 2, 3), layout.Ints(4, 5), "(5,7,3)"},                    // add_rank_mismatch_lhs_longer
		{layout.Ints(3, 4), layout.Int(0), "(3,4)"},                             // add_zero_scalar_identity
		{layout.Int(0), layout.Ints(3, 4), "(3,4)"},                             // add_lhs_zero_identity
		{layout.Int(3), layout.Ints(1, 2), ""},                                  // lhs_scalar_rhs_tuple
		{layout.Tuple(layout.Ints(1, 2), layout.Int(3)), layout.Ints(4, 5), ""}, // nesting_mismatch
		{layout.Dynamic(0, 0), layout.Int(2), "?"},
	} {
		got, ok := addOffsets(c.a, c.b)
		if s := got.String(); ok != (c.want != "") || ok && s != c.want {
			t.Errorf("addOffsets(%s, %s) = %s, %v; want %q", c.a, c.b, s, ok, c.want)
		}
	}
}
