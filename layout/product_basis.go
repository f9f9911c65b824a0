package layout

// A product by a coordinate tiler. A tiler T with basis strides maps its
// coordinates to coordinates of the block A: a mode c@i steps along mode i
// of A. It denotes the by-mode tiler whose tile i is T's modes along e_i
// with their counts as integer strides, so (2,5):(1@0,1@1) denotes
// [2:1;5:1]. The product repeats A by mode: mode i of A is complemented in
// size(A_i)·cosize_i(T), where cosize_i(T) is one more than the largest
// count T reaches along e_i, and that complement, composed with T, lays out
// the copies. So A ⊗ T = (A, A*_T ∘ T), with A*_T the layout of those
// complements, and it is the same function as the zipped product by the
// by-mode tiler (the modes of A that T does not reach are repeated once).

// productByCoordinates is productByLayout for a tiler with basis strides.
func productByCoordinates(block, tiler Layout) (Layout, error) {
	if hasBasisStride(block.stride) {
		return Layout{}, newError(CodeBasisNotDefined, "logical_product", 1,
			"the block %s and the tiler %s both have basis strides: a block with basis strides is repeated by an integer tiler, and an integer block by a coordinate tiler", block, tiler)
	}
	profile, dirs, err := byDirection("logical_product", tiler)
	if err != nil {
		return Layout{}, err
	}
	comp, err := complementByMode(block, profile, dirs, nil)
	if err != nil {
		return Layout{}, withOp(err, "logical_product")
	}
	rest, err := Compose(comp, tiler)
	if err != nil {
		return Layout{}, withOp(err, "logical_product")
	}
	return Concat(block, rest), nil
}

// complementByMode complements each mode of a that the profile reaches, in
// its size times the cosize of the tiler's modes along it (dirs); a mode
// the profile reaches inside is complemented mode by mode inside.
func complementByMode(a Layout, profile IntTuple, dirs []direction, path []int) (Layout, error) {
	if profile.Kind() == KindTuple {
		ms := a.modes()
		if len(profile.elems) > len(ms) {
			return Layout{}, errBasisOutside("logical_product", Basis(1, append(path, len(profile.elems)-1)...), a.shape)
		}
		out := make([]Layout, len(profile.elems))
		for i, p := range profile.elems {
			m, err := complementByMode(ms[i], p, dirs, append(path[:len(path):len(path)], i))
			if err != nil {
				return Layout{}, err
			}
			out[i] = m
		}
		return Concat(out...), nil
	}
	c := calc{op: "logical_product"}
	co := int64(1)
	if k := findDirection(dirs, path); k >= 0 {
		n, err := gaps{modes: dirs[k]}.cosize()
		if err != nil {
			return Layout{}, err
		}
		co = n
	}
	target := c.mul(c.size(a.shape), co)
	if c.err != nil {
		return Layout{}, c.err
	}
	r, err := ComplementTo(a, Int(target))
	if e, ok := err.(*Error); ok && e.Code == CodeComplementInjective {
		return Layout{}, newError(CodeProductOverlap, "logical_product", 0,
			"the copies of mode %v of the block, %s, would overlap: %s", path, a, e.Msg)
	}
	return r, err
}
