package verify_test

import (
	"testing"

	"github.com/cutec/cutec/diag"
	"github.com/cutec/cutec/layout"
	"github.com/cutec/cutec/normalize"
	"github.com/cutec/cutec/verify"
)

// The documented deviations from NVIDIA's CuTe dialect (docs/dialect.md),
// used by TestDialectCases to accept exactly these differences. cutec gives the
// results of CuTe C++ (the project's reference for the form of results);
// in these places the dialect's type inference gives the same function in
// another form. Each deviation has a name, so that a comparison with the
// dialect's result (the dialect's test cases, an op checker on IR) can
// accept exactly these differences and no other.

// deviation names a documented difference of form between the dialect's
// result and cutec's.
type deviation string

const (
	// DeviationUnitStride: a mode of extent 1 has the stride 0 in CuTe C++
	// and the stride it would have had in the dialect (coalesce(1:2) is
	// 1:0, the dialect's 1:2). Such a mode is only evaluated at 0. A
	// complement, coalesced in C++, also drops such a mode where the
	// dialect keeps it: complement((4,2):(1,10)) is 2:4, the dialect's
	// (2,1):(4,20).
	DeviationUnitStride deviation = "unit-stride"
	// DeviationRakedCoalesce: the dialect's raked_product coalesces each
	// mode of CuTe C++'s result (raked_product((16,8):(1,16), (8,1):(1,0))
	// is ((8,16),(1,8)):((128,1),(0,16)) in C++, ((8,16),8):((128,1),16)
	// in the dialect), which also drops the 1:0 modes that pad operands of
	// different rank.
	DeviationRakedCoalesce deviation = "raked-coalesce"
	// DeviationEmptyCoalesce: coalesce(():()) is 1:0 in cutec (pycute), the
	// size-1 layout; the dialect keeps ():().
	DeviationEmptyCoalesce deviation = "empty-coalesce"
	// DeviationDynamicCoalesce: coalesce merges a mode s:d with the next
	// mode ?:d' when d' = s·d, a dynamic extent included (symbol_ops.go):
	// coalesce((192,?):(1,192)) is ?{div=192}:1, where the dialect keeps
	// (192,?):(1,192) (NVIDIA/cutlass #3469). Both are the same function.
	// complement's rest is merged the same way: complement(1:0, (2,?)) is
	// ?{div=2}:1, the dialect's (2,?):(1,2) coalesced.
	DeviationDynamicCoalesce deviation = "dynamic-coalesce"
)

// dialectDeviation reports which documented deviation explains that the
// dialect's result d of the operation op differs from cutec's result r, or
// false when none does (or they do not differ). op is the dialect's name of
// the operation (raked_product, coalesce, ...).
func dialectDeviation(op string, r, d layout.Layout) (deviation, bool) {
	switch {
	case r.Equal(d):
		return "", false
	case op == "raked_product" && coalesceModes(r).Equal(d):
		return DeviationRakedCoalesce, true
	case op == "coalesce" && r.Equal(layout.MustNew(layout.Int(1), layout.Int(0))) && d.Equal(layout.MustNew(layout.Tuple(), layout.Tuple())):
		return DeviationEmptyCoalesce, true
	case sameUpToUnitStrides(r, d), op == "complement" && layout.Coalesce(r).Equal(layout.Coalesce(d)):
		return DeviationUnitStride, true
	case (op == "coalesce" || op == "filter" || op == "complement" || op == "right_inverse") && symCoalesces(d, r):
		return DeviationDynamicCoalesce, true
	}
	return "", false
}

// coalesceModes returns l with each top mode coalesced, the dialect's form
// of raked_product (DeviationRakedCoalesce).
func coalesceModes(l layout.Layout) layout.Layout {
	if !l.Shape().IsTuple() {
		return layout.Coalesce(l)
	}
	out := make([]layout.Layout, l.Rank())
	for i := range out {
		m, err := l.Mode(i)
		if err != nil {
			return layout.Layout{}
		}
		out[i] = layout.Coalesce(m)
	}
	return layout.Concat(out...)
}

// sameUpToUnitStrides reports whether a and b have the same shape and the
// same strides except at leaves of extent 1 (DeviationUnitStride).
func sameUpToUnitStrides(a, b layout.Layout) bool {
	if !a.Shape().Equal(b.Shape()) || !layout.Congruent(a.Stride(), b.Stride()) {
		return false
	}
	sh, da, db := leavesOf(a.Shape()), leavesOf(a.Stride()), leavesOf(b.Stride())
	for i := range sh {
		if !(sh[i].IsInt() && sh[i].Value() == 1) && !da[i].Equal(db[i]) {
			return false
		}
	}
	return true
}

// symCoalesces reports whether the symbolic coalesce of d is r
// (DeviationDynamicCoalesce).
func symCoalesces(d, r layout.Layout) bool {
	s, err := new(layout.Symbolic).Coalesce(d)
	return err == nil && s.Equal(r)
}

// leavesOf lists the leaves of t in order.
func leavesOf(t layout.IntTuple) []layout.IntTuple {
	if !t.IsTuple() {
		return []layout.IntTuple{t}
	}
	var out []layout.IntTuple
	for i := range t.Len() {
		out = append(out, leavesOf(t.At(i))...)
	}
	return out
}

// The documented deviations from the dialect (above), with the
// dialect's results quoted in docs/dialect.md.
func TestDialectDeviation(t *testing.T) {
	for _, tc := range []struct {
		op, r, d string
		want     deviation
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
		got, ok := dialectDeviation(tc.op, parseLayout(t, tc.r), parseLayout(t, tc.d))
		if got != tc.want || ok != tc.ok {
			t.Errorf("dialectDeviation(%s, %s, %s) = %q, %v; want %q, %v", tc.op, tc.r, tc.d, got, ok, tc.want, tc.ok)
		}
	}
}

// parseLayout evaluates the text of a layout.
func parseLayout(t *testing.T, src string) layout.Layout {
	t.Helper()
	v, ds := verify.Default().Expr(diag.NewFile("<layout>", []byte(src)))
	l, ok := v.(normalize.Layout)
	if !ok {
		t.Fatalf("%s is not a layout: %v", src, ds)
	}
	return l.L
}
