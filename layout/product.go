package layout

// LogicalProduct repeats the block over the tiler (paper §3.5.1):
// A ⊗ B = (A, A* ∘ B), where A* is the complement of A with respect to
// size(A)·cosize(B). Every element of B is replaced by a uniquely shifted
// copy of A. A tuple tiler multiplies mode by mode and keeps the modes it
// does not reach; an integer N repeats by N's compact layout; _ keeps the
// mode. logical_product(128:1, 4:32) is (128,4):(1,4096) (ERRATA.md).
func LogicalProduct(block Layout, t Tiler) (Layout, error) {
	switch t.form {
	case tileTuple:
		return byModeTiler("logical_product", block, t, LogicalProduct)
	case tileUnderscore:
		return block, nil
	case tileInt:
		tile, err := Make(Int(t.n))
		if err != nil {
			return Layout{}, withOp(err, "logical_product")
		}
		return productByLayout(block, tile)
	}
	return productByLayout(block, t.layout)
}

func productByLayout(block, tiler Layout) (Layout, error) {
	c := calc{op: "logical_product"}
	size := c.size(block.shape)
	co, err := tiler.Cosize()
	if err != nil {
		return Layout{}, withOp(err, "logical_product")
	}
	target := c.mul(size, co)
	if c.err != nil {
		return Layout{}, c.err
	}
	comp, err := complementTo(block, Int(target))
	if err != nil {
		if e, ok := err.(*Error); ok && e.Code == CodeComplementInjective {
			return Layout{}, newError(CodeProductOverlap, "logical_product", 0,
				"the copies of block %s would overlap: %s", block, e.Msg)
		}
		return Layout{}, withOp(err, "logical_product")
	}
	rest, err := Compose(comp, tiler)
	if err != nil {
		return Layout{}, withOp(err, "logical_product")
	}
	return Concat(block, rest), nil
}

// ZippedProduct is LogicalProduct with the blocks of every mode gathered in
// the first mode and the repetitions in the second.
func ZippedProduct(block Layout, t Tiler) (Layout, error) {
	r, err := LogicalProduct(block, t)
	if err != nil {
		return Layout{}, withOp(err, "zipped_product")
	}
	return tileUnzip("zipped_product", r, t)
}

// TiledProduct is ZippedProduct with the repetition modes unpacked.
func TiledProduct(block Layout, t Tiler) (Layout, error) {
	r, err := ZippedProduct(block, t)
	if err != nil {
		return Layout{}, withOp(err, "tiled_product")
	}
	return unpack(r, false), nil
}

// FlatProduct is ZippedProduct with both parts unpacked.
func FlatProduct(block Layout, t Tiler) (Layout, error) {
	r, err := ZippedProduct(block, t)
	if err != nil {
		return Layout{}, withOp(err, "flat_product")
	}
	return unpack(r, true), nil
}

// BlockedProduct repeats the block over the tiler and pairs mode i of the
// block with mode i of the repetition, so that the result has the rank of
// the larger input and each block is contiguous in the result's coordinates:
// blocked_product((3,4):(4,1), (2,5):(1,2)) is ((3,2),(4,5)):((4,12),(1,24))
// (paper Figure 10). Both layouts are padded to the same rank with 1:0 modes;
// the paired modes must have the same rank profile (E0404).
func BlockedProduct(block, tiler Layout) (Layout, error) {
	a, rest, err := rankedProduct("blocked_product", block, tiler)
	if err != nil {
		return Layout{}, err
	}
	return zipLayouts("blocked_product", a, rest)
}

// RakedProduct is BlockedProduct with the pairs reversed, so that the block
// is raked across the repetition (paper Figure 11):
// raked_product((3,4):(4,1), (2,5):(1,2)) is ((2,3),(5,4)):((12,4),(24,1)).
func RakedProduct(block, tiler Layout) (Layout, error) {
	a, rest, err := rankedProduct("raked_product", block, tiler)
	if err != nil {
		return Layout{}, err
	}
	return zipLayouts("raked_product", rest, a)
}

// rankedProduct pads both layouts to the larger rank and returns the two
// modes of their logical product.
func rankedProduct(op string, block, tiler Layout) (Layout, Layout, error) {
	r := max(block.Rank(), tiler.Rank())
	a, err := AppendTo(block, r)
	if err != nil {
		return Layout{}, Layout{}, withOp(err, op)
	}
	b, err := AppendTo(tiler, r)
	if err != nil {
		return Layout{}, Layout{}, withOp(err, op)
	}
	p, err := productByLayout(a, b)
	if err != nil {
		return Layout{}, Layout{}, withOp(err, op)
	}
	rest, _ := p.Mode(1)
	return a, rest, nil
}
