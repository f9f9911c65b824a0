package layout

// Concat returns the concatenation (L_0, L_1, ...) of layouts (paper §3.1),
// CuTe's make_layout(L0, L1, ...). Concat of one layout wraps it in a rank-1
// layout.
func Concat(ls ...Layout) Layout {
	sh, st := concatModes(len(ls))
	for i, l := range ls {
		sh[i], st[i] = l.shape, l.stride
	}
	return Layout{Tuple(sh...), Tuple(st...)}
}

// concatModes returns the shapes and strides of a concatenation of n modes,
// to fill, in one allocation: Layout{Tuple(sh...), Tuple(st...)} is then
// the Concat of the modes, without a slice of them.
func concatModes(n int) (sh, st []IntTuple) {
	buf := make([]IntTuple, 2*n)
	return buf[:n:n], buf[n:]
}

// modes returns the modes of l as a slice of layouts (one for an integral
// shape).
func (l Layout) modes() []Layout {
	if !l.shape.IsTuple() {
		return []Layout{l}
	}
	out := make([]Layout, len(l.shape.elems))
	for i := range out {
		out[i] = Layout{l.shape.elems[i], l.stride.elems[i]}
	}
	return out
}

// Append returns l with x appended as a last mode.
func Append(l, x Layout) Layout { return Concat(append(l.modes(), x)...) }

// Prepend returns l with x prepended as a first mode.
func Prepend(l, x Layout) Layout { return Concat(append([]Layout{x}, l.modes()...)...) }

// appendTo extends l to rank n with modes 1:0, CuTe's append<N>(layout),
// which like CuTe rejects a layout of rank above n (E0305).
func appendTo(l Layout, n int) (Layout, error) {
	if l.Rank() > n {
		return Layout{}, errModeRange("append", n, l.Rank())
	}
	return AppendModeTo(l, n, unitLayout)
}

// prependTo extends l to rank n with leading modes 1:0; a layout of rank
// above n is an error.
func prependTo(l Layout, n int) (Layout, error) {
	if l.Rank() > n {
		return Layout{}, errModeRange("prepend", n, l.Rank())
	}
	return PrependModeTo(l, n, unitLayout)
}

// AppendModeTo extends l to rank n with copies of the mode x, the dialect's
// append_to_rank: the result has rank max(rank(l), n), so a layout of rank
// n or more is returned unchanged. n must be positive.
func AppendModeTo(l Layout, n int, x Layout) (Layout, error) {
	return padLayout("append_to", l, n, x, false)
}

// PrependModeTo extends l to rank n with leading copies of the mode x.
func PrependModeTo(l Layout, n int, x Layout) (Layout, error) {
	return padLayout("prepend_to", l, n, x, true)
}

func padLayout(op string, l Layout, n int, x Layout, front bool) (Layout, error) {
	shape, err := padTuple(op, l.shape, n, x.shape, front)
	if err != nil {
		return Layout{}, err
	}
	stride, _ := padTuple(op, l.stride, n, x.stride, front)
	return Layout{shape, stride}, nil
}

// AppendTo extends the tuple t (a leaf has rank 1) to rank n with
// copies of x: append_to((4,8), 4, 1) is (4,8,1,1).
func (t IntTuple) AppendTo(n int, x IntTuple) (IntTuple, error) {
	return padTuple("append_to", t, n, x, false)
}

// PrependTo extends the tuple t to rank n with leading copies of x.
func (t IntTuple) PrependTo(n int, x IntTuple) (IntTuple, error) {
	return padTuple("prepend_to", t, n, x, true)
}

// maxRank is the largest rank appendTo and prependTo build. CuTe's ranks are
// small; a larger request is a mistake that would otherwise exhaust memory.
const maxRank = 1 << 16

func padTuple(op string, t IntTuple, n int, x IntTuple, front bool) (IntTuple, error) {
	switch {
	case n <= 0:
		return IntTuple{}, errBadValue(op, "the rank %d is not positive", n)
	case n > maxRank:
		return IntTuple{}, errBadValue(op, "the rank %d is larger than %d", n, maxRank)
	case t.Rank() >= n:
		return t, nil
	}
	ms := []IntTuple{t}
	if t.Kind() == KindTuple {
		ms = t.elems
	}
	pad := make([]IntTuple, n-len(ms), n)
	for i := range pad {
		pad[i] = x
	}
	if front {
		return Tuple(append(pad, ms...)...), nil
	}
	return Tuple(append(append(make([]IntTuple, 0, n), ms...), pad...)...), nil
}

// unitLayout is 1:0, CuTe's Layout<_1,_0>.
var unitLayout = Layout{Int(1), Int(0)}

// GroupModes groups the modes [b, e) of l into a single mode, CuTe's
// group<B,E>: (M,N,K) grouped over [0,2) is ((M,N),K).
func GroupModes(l Layout, b, e int) (Layout, error) {
	ms := l.modes()
	if b < 0 || e > len(ms) || b >= e {
		return Layout{}, newError(CodeModeOutOfRange, "group_modes", -1,
			"the modes [%d, %d) are not a non-empty range within rank %d", b, e, len(ms))
	}
	out := append([]Layout{}, ms[:b]...)
	out = append(out, Concat(ms[b:e]...))
	out = append(out, ms[e:]...)
	return Concat(out...), nil
}

// Take returns the layout of the modes [b, e) of l.
func Take(l Layout, b, e int) (Layout, error) {
	ms := l.modes()
	if b < 0 || e > len(ms) || b >= e {
		return Layout{}, errModeRange("take", max(b, e), len(ms))
	}
	return Concat(ms[b:e]...), nil
}

// Select returns the layout of the given modes of l, in the given order.
func Select(l Layout, idx ...int) (Layout, error) {
	ms := l.modes()
	out := make([]Layout, len(idx))
	for k, i := range idx {
		if i < 0 || i >= len(ms) {
			return Layout{}, errModeRange("select", i, len(ms))
		}
		out[k] = ms[i]
	}
	return Concat(out...), nil
}

// Flatten returns l with depth at most 1: its leaves in order.
func Flatten(l Layout) Layout {
	if l.Depth() <= 1 {
		return l
	}
	return Layout{l.shape.Flatten(), l.stride.Flatten()}
}

// Flatten returns the leaves of t as a flat tuple (a leaf stays a leaf).
func (t IntTuple) Flatten() IntTuple {
	if t.Kind() != KindTuple || t.Depth() <= 1 {
		return t
	}
	return Tuple(appendLeaves(nil, t)...)
}

func appendLeaves(out []IntTuple, t IntTuple) []IntTuple {
	if t.Kind() != KindTuple {
		return append(out, t)
	}
	for _, e := range t.elems {
		out = appendLeaves(out, e)
	}
	return out
}

// leaves returns the leaves of t, sharing storage with t when it is already
// flat.
func leaves(t IntTuple) []IntTuple {
	if t.Kind() != KindTuple {
		return []IntTuple{t}
	}
	for _, e := range t.elems {
		if e.Kind() == KindTuple {
			return appendLeaves(nil, t)
		}
	}
	return t.elems
}
