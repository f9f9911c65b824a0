package layout

// CuTe's local_tile and local_partition (cute/tensor.hpp), on the layout
// of a tensor: both divide the layout with zipped_divide and slice the
// result, local_tile at a coordinate of the rest mode (which tile), and
// local_partition at a coordinate of the tile mode (which element of every
// tile). On a tensor the slice also moves the pointer; here that move is
// the offset returned beside the sliced layout, the offset of the slice's
// coordinate with every _ taken as 0.

// LocalTile returns CuTe's local_tile(l, tiler, coord): the tile of
// zipped_divide(l, tiler) at coord in the rest mode. A tuple coord is
// padded with _ to the rank of the rest mode, so the modes it leaves out
// stay whole; an integer coord indexes the rest mode as a whole. Result:
// the tile's layout and its offset in l.
func LocalTile(l Layout, tiler Tiler, coord IntTuple) (Layout, IntTuple, error) {
	z, err := ZippedDivide(l, tiler)
	if err != nil {
		return Layout{}, IntTuple{}, withOp(err, "local_tile")
	}
	tile, rest := z.shape.At(0), z.shape.At(1)
	if err := tileCoordForm(tiler, coord, z.stride.At(1), rest); err != nil {
		return Layout{}, IntTuple{}, err
	}
	crd := Tuple(underscores(tile), padWithUnderscores(coord, rest))
	return sliceWithOffset("local_tile", crd, z)
}

// tileCoordForm refuses a local_tile coordinate whose meaning depends on
// run-time values. A tuple coordinate names modes of the rest of the
// divide, one component a mode, padded with _ to the rest's rank; an
// integer names a tile of a mode (or of the rest) counted as one range,
// which is the same offset however the values factor the mode. The
// rest's modes are those of the tiler where it is a tuple of tiles
// (zipped_divide((M,N,L), (BM,BN)) has the rest (M/BM,N/BN,L)), but
// where the tiler is one layout they are the pieces of the complement
// and of the composition, which the values decide: local_tile((?,4):(1,?),
// 2:3, (1,1)) has the rest (3,4):(1,?2) at ?1 = 6, where (1,1) is the
// offset 1+?2, and (3,(2,4)):(1,(6,?2)) at ?1 = 12, where it is 7. So a
// tuple coordinate needs a tiler by mode, and a tuple component needs a
// mode of the rest with no dynamic leaf, in its shape or its stride (a
// stride decides which modes the static algebra merges).
func tileCoordForm(tiler Tiler, coord, restStride, rest IntTuple) error {
	static := func(t IntTuple) bool { return t.IsStatic() && !t.HasSymbols() }
	if coord.Kind() != KindTuple || static(rest) && static(restStride) {
		return nil
	}
	if tiler.form != tileTuple {
		return newError(CodeDynamicValue, "local_tile", 2,
			"the tuple coordinate %s names modes of the rest %s of the divide, whose modes the run-time values decide where the tiler %s is one layout: index the rest with one integer, or tile by mode (a tuple of tiles)",
			coord, rest, tiler)
	}
	for i, c := range coord.elems {
		if c.Kind() != KindTuple || rest.Kind() != KindTuple || i >= len(rest.elems) {
			continue
		}
		if m := rest.elems[i]; !static(m) || restStride.Kind() != KindTuple || !static(restStride.elems[i]) {
			return newError(CodeDynamicValue, "local_tile", 2,
				"the coordinate %s names modes of the rest's mode %d, %s, whose modes the run-time values decide: index that mode with one integer",
				c, i, m)
		}
	}
	return nil
}

// LocalTileProj is local_tile(l, tiler, coord, proj): the modes of tiler
// and coord that the static proj fixes (dice), as CuTe DSL's
// local_tile(..., proj=(1,None,1)) selects the M and K modes of an MNK
// tiler.
func LocalTileProj(l Layout, tiler Tiler, coord, proj IntTuple) (Layout, IntTuple, error) {
	t, err := tiler.Dice(proj)
	if err != nil {
		return Layout{}, IntTuple{}, withOp(err, "local_tile")
	}
	c, err := coord.Dice(proj)
	if err != nil {
		return Layout{}, IntTuple{}, withOp(err, "local_tile")
	}
	return LocalTile(l, t, c)
}

// LocalPartition returns CuTe's local_partition(l, threads, index): l
// divided into tiles of the shape product_each(shape(threads)), and in
// every tile the element of thread index, whose coordinate is the flat
// coordinate of index in threads (Layout::get_flat_coord: mode by mode,
// (index / stride) mod extent, flattened to one index per mode). Result:
// the layout of the thread's elements and their first offset in l.
func LocalPartition(l, threads Layout, index IntTuple) (Layout, IntTuple, error) {
	shape, err := ProductEach(threads.shape)
	if err != nil {
		return Layout{}, IntTuple{}, withOp(err, "local_partition")
	}
	tiler, err := TilerOfShape(shape)
	if err != nil {
		return Layout{}, IntTuple{}, withOp(err, "local_partition")
	}
	flat, err := flatCoord(threads, index)
	if err != nil {
		return Layout{}, IntTuple{}, err
	}
	z, err := ZippedDivide(l, tiler)
	if err != nil {
		return Layout{}, IntTuple{}, withOp(err, "local_partition")
	}
	tile, rest := z.shape.At(0), z.shape.At(1)
	crd := Tuple(padWithUnderscores(flat, tile), underscores(rest))
	return sliceWithOffset("local_partition", crd, z)
}

// LocalPartitionProj is local_partition(l, threads, index, proj): the
// thread layout diced by the static proj first.
func LocalPartitionProj(l, threads Layout, index, proj IntTuple) (Layout, IntTuple, error) {
	t, err := Dice(proj, threads)
	if err != nil {
		return Layout{}, IntTuple{}, withOp(err, "local_partition")
	}
	return LocalPartition(l, t, index)
}

// flatCoord is Layout::get_flat_coord(index) of CuTe: in each top mode i
// of l, the hierarchical coordinate (index / d) mod s of every leaf s:d,
// folded to the mode's colexicographic index. A stride-0 leaf gives 0.
func flatCoord(l Layout, index IntTuple) (IntTuple, error) {
	c := calc{op: "local_partition"}
	c.checkScalar(index)
	var hier func(s, d IntTuple) IntTuple
	hier = func(s, d IntTuple) IntTuple {
		if s.Kind() == KindTuple {
			elems := make([]IntTuple, len(s.elems))
			for i := range elems {
				elems[i] = hier(s.elems[i], d.elems[i])
			}
			return Tuple(elems...)
		}
		if isStaticInt(d, 0) {
			return Int(0)
		}
		if d.Kind() == KindBasis {
			c.fail(errBasis(c.op, d))
			return Int(0)
		}
		q := c.quoLeaf(index, d)
		return c.modLeaf(q, s)
	}
	if c.err != nil {
		return IntTuple{}, c.err
	}
	modes := l.shape.Rank()
	out := make([]IntTuple, modes)
	for i := range modes {
		s, d := l.shape.At(i), l.stride.At(i)
		h := hier(s, d)
		if c.err != nil {
			return IntTuple{}, c.err
		}
		idx, err := Crd2IdxCompact(h, s)
		if err != nil {
			return IntTuple{}, withOp(err, "local_partition")
		}
		out[i] = idx
	}
	if l.shape.Kind() != KindTuple {
		return out[0], nil
	}
	return Tuple(out...), nil
}

// underscores is the coordinate that leaves every top mode of shape whole:
// _ for a leaf, (_,...,_) for a tuple.
func underscores(shape IntTuple) IntTuple {
	if shape.Kind() != KindTuple {
		return Underscore()
	}
	elems := make([]IntTuple, len(shape.elems))
	for i := range elems {
		elems[i] = Underscore()
	}
	return Tuple(elems...)
}

// padWithUnderscores pads a tuple coordinate with _ to the rank of shape
// (CuTe's append<R>(coord, _)); a scalar coordinate is kept as it is.
func padWithUnderscores(crd, shape IntTuple) IntTuple {
	if crd.Kind() != KindTuple || shape.Kind() != KindTuple || len(crd.elems) >= len(shape.elems) {
		return crd
	}
	elems := append([]IntTuple(nil), crd.elems...)
	for len(elems) < len(shape.elems) {
		elems = append(elems, Underscore())
	}
	return Tuple(elems...)
}

// sliceWithOffset slices l at crd and returns the sublayout and the offset
// of crd with every _ taken as 0.
func sliceWithOffset(op string, crd IntTuple, l Layout) (Layout, IntTuple, error) {
	sub, off, err := SliceAndOffset(crd, l)
	if err != nil {
		return Layout{}, IntTuple{}, withOp(err, op)
	}
	return sub, off, nil
}
