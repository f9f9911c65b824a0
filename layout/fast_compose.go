package layout

// composeFast is Compose for integer layouts on the fast path. ok is false
// when a or b does not qualify, or when a mode of b crosses a mode of a that
// its stride does not divide (the general path checks those point by point).
func composeFast(a, b Layout) (r Layout, ok bool, err error) {
	var fa, fb ints
	if !fa.load(&a.shape, &a.stride) || !fb.load(&b.shape, &b.stride) {
		return Layout{}, false, nil
	}
	fa.coalesce(true)
	var out modeList
	var spans [maxFast]struct{ start, n int }
	for j := 0; j < fb.n; j++ {
		start := out.n
		ok, err := fa.composeBase(fb.s[j], fb.d[j], &out)
		if err != nil || !ok {
			return Layout{}, ok, err
		}
		spans[j].start, spans[j].n = start, out.n-start
	}
	bl := newBuilder(countNodes(b.shape, spans[:fb.n]))
	leaf := 0
	shape, stride := bl.build(&b.shape, spans[:fb.n], &out, &leaf)
	return Layout{shape, stride}, true, nil
}

// modeList collects the modes of a composition's result.
type modeList struct {
	n    int
	s, d [4 * maxFast]int64
}

func (m *modeList) add(s, d int64) bool {
	if m.n == len(m.s) {
		return false
	}
	m.s[m.n], m.d[m.n] = s, d
	m.n++
	return true
}

// composeBase is the base case of §3.3.2 on the coalesced modes of A, the
// same fold as composer.composeBase. ok is false when the fast path must
// give up.
func (f *ints) composeBase(s, d int64, out *modeList) (ok bool, err error) {
	c := calc{op: "composition"}
	if d == 0 {
		return out.add(s, 0), nil
	}
	if f.n == 1 {
		return out.add(s, c.mul(f.d[0], d)), c.errOrNil()
	}
	start := out.n
	restShape, restStride, prefix := s, d, int64(1)
	for i := 0; i < f.n-1; i++ {
		extent := f.s[i]
		prefix = c.mul(prefix, extent)
		ad := c.abs(restStride)
		if c.err != nil {
			return false, c.err
		}
		if ad >= extent && ad%extent != 0 {
			return false, errStrideDiv(i, f.layout(), prefix, d)
		}
		nextShape := c.ceilDiv(extent, ad)
		nextStride := c.ceilDiv(ad, extent) * signum(restStride)
		if nextShape == 1 || restShape == 1 {
			restStride = nextStride
			continue
		}
		newShape := min(nextShape, restShape)
		if restShape%newShape != 0 {
			return false, divisibilityError(i, f.layout(), prefix, extent, ad, d, s)
		}
		if extent%ad != 0 && restShape > nextShape {
			return false, nil
		}
		if !out.add(newShape, c.mul(f.d[i], restStride)) {
			return false, nil
		}
		restShape /= newShape
		restStride = nextStride
	}
	if out.n == start || restShape != 1 {
		if !out.add(restShape, c.mul(f.d[f.n-1], restStride)) {
			return false, nil
		}
	}
	return c.err == nil, c.errOrNil()
}

func (c *calc) errOrNil() error {
	if c.err == nil {
		return nil
	}
	return c.err
}

// countNodes counts the IntTuple elements the result needs: the elements of
// every tuple of B, and the modes of every leaf of B that became a tuple.
func countNodes(shape IntTuple, spans []struct{ start, n int }) int {
	leaf := 0
	return countIn(&shape, spans, &leaf)
}

func countIn(t *IntTuple, spans []struct{ start, n int }, leaf *int) int {
	if t.elems == nil {
		n := spans[*leaf].n
		*leaf++
		if n > 1 {
			return n
		}
		return 0
	}
	n := len(t.elems)
	for i := range t.elems {
		n += countIn(&t.elems[i], spans, leaf)
	}
	return n
}

// builder hands out slices of one shape buffer and one stride buffer.
type builder struct{ shape, stride []IntTuple }

func newBuilder(n int) *builder {
	buf := make([]IntTuple, 2*n)
	return &builder{buf[:n:n], buf[n:]}
}

func (b *builder) take(n int) (s, d []IntTuple) {
	s, d = b.shape[:n:n], b.stride[:n:n]
	b.shape, b.stride = b.shape[n:], b.stride[n:]
	return s, d
}

// build gives the result B's tree, with every leaf of B replaced by its
// composition: a leaf for one mode, a tuple of modes otherwise.
func (b *builder) build(t *IntTuple, spans []struct{ start, n int }, out *modeList, leaf *int) (IntTuple, IntTuple) {
	if t.elems == nil {
		sp := spans[*leaf]
		*leaf++
		if sp.n == 1 {
			return Int(out.s[sp.start]), Int(out.d[sp.start])
		}
		s, d := b.take(sp.n)
		for i := range s {
			s[i], d[i] = Int(out.s[sp.start+i]), Int(out.d[sp.start+i])
		}
		return IntTuple{elems: s}, IntTuple{elems: d}
	}
	s, d := b.take(len(t.elems))
	for i := range t.elems {
		s[i], d[i] = b.build(&t.elems[i], spans, out, leaf)
	}
	return IntTuple{elems: s}, IntTuple{elems: d}
}
