package layout

// symLocalTile is LocalTile on a layout with symbolic leaves: the tile of
// the symbolic zipped_divide at coord, and its offset, with the
// obligations of the divide.
func symLocalTile(l Layout, tiler Tiler, coord IntTuple) (Layout, IntTuple, []Obligation, error) {
	z, err := symZippedDivide(l, tiler)
	if err != nil {
		return Layout{}, IntTuple{}, nil, withOp(err, "local_tile")
	}
	tile, rest := z.Layout.shape.At(0), z.Layout.shape.At(1)
	crd := Tuple(underscores(tile), padWithUnderscores(coord, rest))
	r, off, err := sliceWithOffset("local_tile", crd, z.Layout)
	return r, off, z.Obligations, err
}

// symLocalTileProj is LocalTileProj on a layout with symbolic leaves.
func symLocalTileProj(l Layout, tiler Tiler, coord, proj IntTuple) (Layout, IntTuple, []Obligation, error) {
	t, err := tiler.Dice(proj)
	if err != nil {
		return Layout{}, IntTuple{}, nil, withOp(err, "local_tile")
	}
	c, err := coord.Dice(proj)
	if err != nil {
		return Layout{}, IntTuple{}, nil, withOp(err, "local_tile")
	}
	return symLocalTile(l, t, c)
}

// symLocalPartition is LocalPartition on a layout with symbolic leaves and
// a static thread layout.
func symLocalPartition(l, threads Layout, index IntTuple) (Layout, IntTuple, []Obligation, error) {
	shape, err := ProductEach(threads.shape)
	if err != nil {
		return Layout{}, IntTuple{}, nil, withOp(err, "local_partition")
	}
	tiler, err := TilerOfShape(shape)
	if err != nil {
		return Layout{}, IntTuple{}, nil, withOp(err, "local_partition")
	}
	flat, err := flatCoord(threads, index)
	if err != nil {
		return Layout{}, IntTuple{}, nil, err
	}
	z, err := symZippedDivide(l, tiler)
	if err != nil {
		return Layout{}, IntTuple{}, nil, withOp(err, "local_partition")
	}
	tile, rest := z.Layout.shape.At(0), z.Layout.shape.At(1)
	crd := Tuple(padWithUnderscores(flat, tile), underscores(rest))
	r, off, err := sliceWithOffset("local_partition", crd, z.Layout)
	return r, off, z.Obligations, err
}
