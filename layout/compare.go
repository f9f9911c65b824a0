package layout

import "slices"

// Truth is the result of a comparison that may depend on values known only
// at run time: False, True, or Unknown when a dynamic leaf decides it.
type Truth uint8

const (
	False   Truth = iota // the comparison is false for every run-time value
	True                 // the comparison is true for every run-time value
	Unknown              // the comparison depends on a dynamic value
)

// String returns false, true, or ? for Unknown (a value the dialect leaves
// to run time, as it writes a dynamic integer).
func (t Truth) String() string {
	switch t {
	case False:
		return "false"
	case True:
		return "true"
	}
	return "?"
}

// and is three-valued conjunction: False wins, then Unknown.
func (t Truth) and(u Truth) Truth {
	if t == False || u == False {
		return False
	}
	if t == Unknown || u == Unknown {
		return Unknown
	}
	return True
}

func truth(b bool) Truth {
	if b {
		return True
	}
	return False
}

// TupleEqual compares two integer tuples as the dialect's equal does, by
// profile and then leaf by leaf: tuples of different profiles are not
// equal, and two leaves of which one is dynamic are equal only at run time
// (Unknown), unless they are basis elements of different modes. A leaf's
// width and divisor annotations do not take part.
func TupleEqual(a, b IntTuple) Truth {
	if a.Kind() == KindTuple || b.Kind() == KindTuple {
		if a.Kind() != b.Kind() || len(a.elems) != len(b.elems) {
			return False
		}
		r := True
		for i := range a.elems {
			r = r.and(TupleEqual(a.elems[i], b.elems[i]))
		}
		return r
	}
	if (a.Kind() == KindBasis) != (b.Kind() == KindBasis) || !slices.Equal(a.bpath(), b.bpath()) {
		return False
	}
	if a.IsDynamic() || b.IsDynamic() {
		return Unknown
	}
	return truth(a.Kind() == b.Kind() && a.val == b.val)
}

// LayoutEqual compares two layouts as the dialect's equal does: the same
// shape and the same stride (TupleEqual).
func LayoutEqual(a, b Layout) Truth {
	return TupleEqual(a.shape, b.shape).and(TupleEqual(a.stride, b.stride))
}

// ElemLess is CuTe's elem_less and the dialect's elem_less: a < b at every
// leaf of two congruent integer tuples (E0301 otherwise); Unknown when a
// dynamic leaf decides it. elem_less((3,4),(5,6)) is true.
func ElemLess(a, b IntTuple) (Truth, error) {
	const op = "elem_less"
	if !Congruent(a, b) {
		return False, newError(CodeCoordMismatch, op, 1, "%s and %s are not congruent", a, b)
	}
	c := calc{op: op}
	r := True
	as, bs := leaves(a), leaves(b)
	for i := range as {
		c.checkScalar(as[i])
		c.checkScalar(bs[i])
		if as[i].IsDynamic() || bs[i].IsDynamic() {
			r = r.and(Unknown)
		} else {
			r = r.and(truth(as[i].val < bs[i].val))
		}
	}
	if c.err != nil {
		return False, c.err
	}
	return r, nil
}
