package layout

// The layouts CuTe builds to take a swizzle apart (swizzle_layout.hpp): an
// offset x is split into five bit fields, from the least significant,
//
//	x = (low: M bits, f1: B bits, gap: |S|-B bits, f2: B bits, high)
//
// where one of f1, f2 is the field the swizzle reads (yyy) and the other
// the field it writes (zzz).

// fields returns the extents of the five fields and their lowest bits.
func (sw Swizzle) fields() (shape [5]int64, base [5]int64) {
	s := int(abs(int64(sw.S)))
	shape = [5]int64{1 << sw.M, 1 << sw.B, 1 << (s - sw.B), 1 << sw.B, 1}
	base = [5]int64{1, 1 << sw.M, 1 << (sw.M + sw.B), 1 << (sw.M + s), 1 << (sw.M + s + sw.B)}
	return shape, base
}

// projection is the layout that keeps only the bits of the two swizzled
// fields of an offset: composed with a layout L, it gives the part of L's
// offsets the swizzle reads or writes.
func (sw Swizzle) projection() Layout {
	shape, base := sw.fields()
	return Layout{
		Ints(shape[:]...),
		Ints(0, base[1], 0, base[3], 0),
	}
}

// decay returns the plain layout equal to x ↦ S(offZY + x) - S(offZY) on
// the offsets of l, for an l that never reaches both a bit the swizzle
// reads and the bit it writes there: each bit of the two fields becomes a
// mode of extent 2 whose stride says what stepping it does once swizzled
// (CuTe's make_swizzle_strides). The strides depend on the bits of offZY
// in the other field; a dynamic offZY makes them dynamic.
func (sw Swizzle) decay(offZY IntTuple, l Layout) (Layout, error) {
	shape, base := sw.fields()
	lo, hi := sw.fieldStrides(offZY)
	strides := []IntTuple{Int(1), lo, Int(base[2]), hi, Int(base[4])}
	shapes := []IntTuple{Int(shape[0]), sw.bits(), Int(shape[2]), sw.bits(), Int(1)}
	if offZY.Kind() == KindInt {
		return Compose(Layout{Tuple(shapes...), Tuple(strides...)}, l)
	}
	// The strides are dynamic: compose with a layout whose strides are
	// basis elements, one dimension per mode, so that no two modes merge,
	// then put the strides in place of the basis elements.
	var flat []IntTuple
	for _, d := range strides {
		flat = append(flat, leaves(d)...)
	}
	dims := 0
	marked := mapLeaves(Tuple(strides...), func(IntTuple) IntTuple { dims++; return Basis(1, dims-1) })
	r, err := Compose(Layout{Tuple(shapes...), marked}, l)
	if err != nil {
		return Layout{}, err
	}
	c := calc{op: "slice"}
	stride := mapLeaves(r.stride, func(t IntTuple) IntTuple {
		if t.Kind() != KindBasis {
			return t
		}
		return c.mulLeaf(Int(t.val), flat[t.bpath()[0]])
	})
	return Layout{r.shape, stride}, c.errOrNil()
}

// bits is the shape of one swizzled field as single bits: B modes of
// extent 2 (one mode when B is 1).
func (sw Swizzle) bits() IntTuple {
	if sw.B == 1 {
		return Int(2)
	}
	out := make([]IntTuple, sw.B)
	for i := range out {
		out[i] = Int(2)
	}
	return Tuple(out...)
}

// fieldStrides returns the strides of the bits of the low and the high
// swizzled field once swizzled after adding offZY. Stepping bit i of the
// written field z flips it, which subtracts when the matching bit of the
// read field y is set in offZY; stepping bit i of y flips y and z, which
// subtracts z's bit when offZY has it set.
func (sw Swizzle) fieldStrides(offZY IntTuple) (lo, hi IntTuple) {
	_, base := sw.fields()
	z, y := base[1], base[3]
	if sw.S < 0 {
		z, y = y, z
	}
	zs, ys := make([]IntTuple, sw.B), make([]IntTuple, sw.B)
	for i := range zs {
		zi, yi := z<<i, y<<i
		switch {
		case offZY.Kind() != KindInt:
			// The sign depends on the offset: ±zi is a multiple of zi, and
			// yi±zi of gcd(yi, zi) (CuTe DSL's IR has the strides
			// ?{div=8}, ?{div=16}, ?{div=32} for S<3,3,3> after a dynamic
			// offset).
			w := offZY.bwidth()
			zs[i], ys[i] = dynWith(w, abs(zi)), dynWith(w, gcd(yi, zi))
		default:
			zs[i], ys[i] = Int(zi), Int(yi+zi)
			if offZY.val&yi != 0 {
				zs[i] = Int(-zi)
			}
			if offZY.val&zi != 0 {
				ys[i] = Int(yi - zi)
			}
		}
	}
	lo, hi = oneOrTuple(zs), oneOrTuple(ys)
	if sw.S < 0 {
		lo, hi = hi, lo
	}
	return lo, hi
}

// oneOrTuple is the single element of a one-element list, and the tuple of
// the list otherwise.
func oneOrTuple(ts []IntTuple) IntTuple {
	if len(ts) == 1 {
		return ts[0]
	}
	return Tuple(ts...)
}
