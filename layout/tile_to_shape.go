package layout

// TileToShape repeats block until it covers the target shape, CuTe's
// tile_to_shape as the dialect computes it: the block is padded to the
// target's rank, mode i is repeated ceil_div(size(target_i), size(block_i))
// times, rounding up where the block does not divide the target
// (tile_to_shape((3,3):(1,3), (5,8)) is ((3,2),(3,3)):((1,9),(3,18))), and
// the block is blocked over the column-major layout of the repetitions.
// Dynamic extents give ? repetitions: tile_to_shape((3,2):(1,3), (?,?)) is
// ((3,?),(2,?)):((1,6),(3,?)). The block's rank is at most the target's
// (E0406).
func TileToShape(block Layout, target IntTuple) (Layout, error) {
	return tileToShape(block, target, nil)
}

// TileToShapeOrdered is TileToShape with the repetitions laid out in the
// order of order, a permutation of the target's modes (E0406 otherwise):
// the mode with the smallest entry repeats fastest, so (1,0) repeats along
// mode 1 first.
func TileToShapeOrdered(block Layout, target, order IntTuple) (Layout, error) {
	return tileToShape(block, target, &order)
}

func tileToShape(block Layout, target IntTuple, order *IntTuple) (Layout, error) {
	if err := checkShape(target); err != nil {
		return Layout{}, withOp(err, "tile_to_shape")
	}
	r := target.Rank()
	if block.Rank() > r {
		return Layout{}, newError(CodeTileShapeDivisible, "tile_to_shape", 0,
			"the block %s has rank %d, more than the rank %d of the target shape %s", block, block.Rank(), r, target)
	}
	ord, err := tileOrder(target, order)
	if err != nil {
		return Layout{}, err
	}
	padded, err := appendTo(block, r)
	if err != nil {
		return Layout{}, withOp(err, "tile_to_shape")
	}
	c := calc{op: "tile_to_shape"}
	reps := make([]IntTuple, r)
	for i := range reps {
		reps[i] = c.ceilDivLeaf(sizeLeaf(&c, target.At(i)), sizeLeaf(&c, padded.shape.At(i)))
	}
	tiling := Layout{Tuple(reps...), orderedStrides(&c, reps, ord)}
	if c.err != nil {
		return Layout{}, c.err
	}
	return blockedProduct(padded, tiling)
}

// tileOrder returns the order of the target's modes: 0, 1, ... without an
// order, else the order's entries, which must be static (E0700) and a
// permutation of the target's modes (E0406).
func tileOrder(target IntTuple, order *IntTuple) ([]int64, error) {
	r := target.Rank()
	ord := make([]int64, r)
	if order == nil {
		for i := range ord {
			ord[i] = int64(i)
		}
		return ord, nil
	}
	if d, ok := firstDynamic(*order); ok {
		return nil, newError(CodeDynamicValue, "tile_to_shape", 2,
			"the order %s has the dynamic value %s: the order must be static", *order, d)
	}
	if order.Rank() != r {
		return nil, newError(CodeTileShapeDivisible, "tile_to_shape", 2,
			"the order %s has rank %d but the target shape %s has rank %d", *order, order.Rank(), target, r)
	}
	seen := make([]bool, r)
	for i := range ord {
		o := order.At(i)
		switch {
		case o.Kind() != KindInt || o.val < 0 || o.val >= int64(r):
			return nil, newError(CodeTileShapeDivisible, "tile_to_shape", 2,
				"the order %s is not a permutation of [0, %d): mode %d has the entry %s", *order, r, i, o)
		case seen[o.val]:
			return nil, newError(CodeTileShapeDivisible, "tile_to_shape", 2,
				"the order %s is not a permutation of [0, %d): %d appears more than once", *order, r, o.val)
		}
		seen[o.val] = true
		ord[i] = o.val
	}
	return ord, nil
}

// orderedStrides returns the compact strides of the extents reps laid out
// in the order ord, CuTe's compact_order: the stride of mode i is the
// product of the extents of the modes with a smaller order, and a mode of
// extent 1 gets stride 0.
func orderedStrides(c *calc, reps []IntTuple, ord []int64) IntTuple {
	strides := make([]IntTuple, len(reps))
	for i := range reps {
		d := Int(1)
		for j := range reps {
			if ord[j] < ord[i] {
				d = c.mulLeaf(d, reps[j])
			}
		}
		strides[i] = compactFrom(c, reps[i], d)
	}
	return Tuple(strides...)
}
