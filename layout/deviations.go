package layout

// The documented deviations from NVIDIA's CuTe dialect. cutec gives the
// results of CuTe C++ (the project's reference for the form of results);
// in these places the dialect's type inference gives the same function in
// another form. Each deviation has a name, so that a comparison with the
// dialect's result (the dialect's test cases, an op checker on IR) can
// accept exactly these differences and no other.

// Deviation names a documented difference of form between the dialect's
// result and cutec's.
type Deviation string

const (
	// DeviationUnitStride: a mode of extent 1 has the stride 0 in CuTe C++
	// and the stride it would have had in the dialect (coalesce(1:2) is
	// 1:0, the dialect's 1:2). Such a mode is only evaluated at 0. A
	// complement, coalesced in C++, also drops such a mode where the
	// dialect keeps it: complement((4,2):(1,10)) is 2:4, the dialect's
	// (2,1):(4,20).
	DeviationUnitStride Deviation = "unit-stride"
	// DeviationRakedCoalesce: the dialect's raked_product coalesces each
	// mode of CuTe C++'s result (raked_product((16,8):(1,16), (8,1):(1,0))
	// is ((8,16),(1,8)):((128,1),(0,16)) in C++, ((8,16),8):((128,1),16)
	// in the dialect), which also drops the 1:0 modes that pad operands of
	// different rank.
	DeviationRakedCoalesce Deviation = "raked-coalesce"
	// DeviationEmptyCoalesce: coalesce(():()) is 1:0 in cutec (pycute), the
	// size-1 layout; the dialect keeps ():().
	DeviationEmptyCoalesce Deviation = "empty-coalesce"
	// DeviationDynamicCoalesce: coalesce merges a mode s:d with the next
	// mode ?:d' when d' = s·d, a dynamic extent included (symbol_ops.go):
	// coalesce((192,?):(1,192)) is ?{div=192}:1, where the dialect keeps
	// (192,?):(1,192) (NVIDIA/cutlass #3469). Both are the same function.
	DeviationDynamicCoalesce Deviation = "dynamic-coalesce"
)

// allDeviations lists every documented deviation.
var allDeviations = []Deviation{DeviationUnitStride, DeviationRakedCoalesce, DeviationEmptyCoalesce, DeviationDynamicCoalesce}

// DialectDeviation reports which documented deviation explains that the
// dialect's result d of the operation op differs from cutec's result r, or
// false when none does (or they do not differ). op is the dialect's name of
// the operation (raked_product, coalesce, ...).
func DialectDeviation(op string, r, d Layout) (Deviation, bool) {
	switch {
	case r.Equal(d):
		return "", false
	case op == "raked_product" && coalesceModes(r).Equal(d):
		return DeviationRakedCoalesce, true
	case op == "coalesce" && r.Equal(unitLayout) && d.Equal(Layout{Tuple(), Tuple()}):
		return DeviationEmptyCoalesce, true
	case sameUpToUnitStrides(r, d), op == "complement" && Coalesce(r).Equal(Coalesce(d)):
		return DeviationUnitStride, true
	case op == "coalesce" && symCoalesces(d, r):
		return DeviationDynamicCoalesce, true
	}
	return "", false
}

// coalesceModes returns l with each top mode coalesced, the dialect's form
// of raked_product (DeviationRakedCoalesce).
func coalesceModes(l Layout) Layout {
	if l.shape.Kind() != KindTuple {
		return Coalesce(l)
	}
	ms := l.modes()
	out := make([]Layout, len(ms))
	for i, m := range ms {
		out[i] = Coalesce(m)
	}
	return Concat(out...)
}

// sameUpToUnitStrides reports whether a and b have the same shape and the
// same strides except at leaves of extent 1 (DeviationUnitStride).
func sameUpToUnitStrides(a, b Layout) bool {
	if !a.shape.Equal(b.shape) || !Congruent(a.stride, b.stride) {
		return false
	}
	sh, da, db := leaves(a.shape), leaves(a.stride), leaves(b.stride)
	for i := range sh {
		if !isStaticInt(sh[i], 1) && !da[i].Equal(db[i]) {
			return false
		}
	}
	return true
}

// symCoalesces reports whether the symbolic coalesce of d is r
// (DeviationDynamicCoalesce).
func symCoalesces(d, r Layout) bool {
	s, err := symCoalesce(d)
	return err == nil && s.Layout.Equal(r)
}
