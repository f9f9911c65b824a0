package layout

// LogicalProduct repeats the block over the tiler (paper §3.5.1):
// A ⊗ B = (A, A* ∘ B), where A* is the complement of A with respect to
// size(A)·cosize(B). Every element of B is replaced by a uniquely shifted
// copy of A. A tuple tiler multiplies mode by mode and keeps the modes it
// does not reach; an integer N repeats by N's compact layout; _ keeps the
// mode. logical_product(128:1, 4:32) is (128,4):(1,4096) (docs/semantics.md §E5).
//
// The block must be static (E0700, as in the dialect); the tiler may hold
// dynamic values, which the complement and the composition carry through:
// logical_product((3,4):(4,1), (?,?):(1,2)) is ((3,4),(?,?)):((4,1),(12,24)).
// A block with basis strides is complemented in its coordinate codomain:
// logical_product((4,3):(1@0,1@1), (2,5):(1,2)) is
// ((4,3),(2,5)):((1@0,1@1),(3@1,6@1)). A tiler with basis strides denotes
// the by-mode tiler of its directions and repeats the block mode by mode
// (product_basis.go): logical_product((4,3):(1,12), (2,5):(1@0,1@1)) is
// ((4,3),(2,5)):((1,12),(4,1)), zipped_product by [2:1;5:1].
func LogicalProduct(block Layout, t Tiler) (Layout, error) {
	if err := requireStaticBlock("logical_product", block); err != nil {
		return Layout{}, err
	}
	return logicalProduct(block, t)
}

func logicalProduct(block Layout, t Tiler) (Layout, error) {
	switch t.form {
	case tileTuple:
		if r, ok := viaStaticByMode(block, t, true); ok {
			return r, nil
		}
		return byModeTiler("logical_product", block, t, logicalProduct)
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

// requireStaticBlock fails with E0700 when the block of a product has a
// dynamic value: the copies of a block are placed by its static size and
// cosize.
func requireStaticBlock(op string, block Layout) error {
	if block.shape.IsStatic() && block.stride.IsStatic() {
		return nil
	}
	for _, t := range []IntTuple{block.shape, block.stride} {
		if d, ok := firstDynamic(t); ok {
			return newError(CodeDynamicValue, op, 0,
				"%s needs a static block (its left operand), but %s has the dynamic value %s", op, block, d)
		}
	}
	return nil
}

// firstDynamic returns the first dynamic leaf of t.
func firstDynamic(t IntTuple) (IntTuple, bool) {
	if t.Kind() != KindTuple {
		return t, t.IsDynamic()
	}
	for _, e := range t.elems {
		if d, ok := firstDynamic(e); ok {
			return d, true
		}
	}
	return IntTuple{}, false
}

func productByLayout(block, tiler Layout) (Layout, error) {
	if r, ok := viaStatic(sLogicalProduct, block, tiler); ok {
		return r, nil
	}
	return productGeneral(block, tiler)
}

// productGeneral is productByLayout on the general tree.
func productGeneral(block, tiler Layout) (Layout, error) {
	if hasBasisStride(tiler.stride) {
		return productByCoordinates(block, tiler)
	}
	c := calc{op: "logical_product"}
	size := Int(c.size(block.shape))
	if c.err != nil { // a dynamic extent (tile_to_shape's block)
		c.err = nil
		size = sizeLeaf(&c, block.shape)
	}
	co := dyn() // a tiler with dynamic values has a dynamic cosize
	if n, err := tiler.Cosize(); err == nil {
		co = Int(n)
	} else if e, ok := err.(*Error); !ok || e.Code != CodeDynamicValue {
		return Layout{}, withOp(err, "logical_product")
	}
	target := c.mulLeaf(size, co)
	if c.err != nil {
		return Layout{}, c.err
	}
	comp, err := complementBlock(block, target)
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

// complementBlock is the complement of a product's block in the integer
// target size(block)·cosize(tiler). A block with basis strides is
// complemented with its directions laid out one after the other
// (complementOverRange), the dialect's rule:
// logical_product((4,3):(1@0,1@1), (2,5):(1,2)) repeats the block along e1.
func complementBlock(block Layout, target IntTuple) (Layout, error) {
	if !hasBasisStride(block.stride) {
		return ComplementTo(block, target)
	}
	return complementBasisTo(block, target)
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
	if t.form == tileLayout {
		if r, ok := viaStatic(sTiledProduct, block, t.layout); ok {
			return r, nil
		}
	}
	r, err := ZippedProduct(block, t)
	if err != nil {
		return Layout{}, withOp(err, "tiled_product")
	}
	return unpack(r, false), nil
}

// FlatProduct is ZippedProduct with both parts unpacked.
func FlatProduct(block Layout, t Tiler) (Layout, error) {
	if t.form == tileLayout {
		if r, ok := viaStatic(sFlatProduct, block, t.layout); ok {
			return r, nil
		}
	}
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
	if r, ok := viaStatic(sBlockedProduct, block, tiler); ok {
		return r, nil
	}
	if err := requireStaticBlock("blocked_product", block); err != nil {
		return Layout{}, err
	}
	return blockedProduct(block, tiler)
}

// blockedProduct is BlockedProduct without the check that the block is
// static, for tile_to_shape, whose block may have a dynamic extent where
// its stride is 0.
func blockedProduct(block, tiler Layout) (Layout, error) {
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
	if r, ok := viaStatic(sRakedProduct, block, tiler); ok {
		return r, nil
	}
	if err := requireStaticBlock("raked_product", block); err != nil {
		return Layout{}, err
	}
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
	a, err := appendTo(block, r)
	if err != nil {
		return Layout{}, Layout{}, withOp(err, op)
	}
	b, err := appendTo(tiler, r)
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
