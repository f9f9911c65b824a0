package layout

// LogicalDivide splits l by the tiler (paper §3.5.2): A ⊘ B = A ∘ (B, B*),
// where B* is the complement of B with respect to the shape of the
// coalesced A. The first mode holds the elements B points to (the tile), the
// second the rest. A tuple tiler divides mode by mode and keeps the modes it
// does not reach; an integer N divides by N's compact layout; _ keeps the
// mode. logical_divide(128:1, 32:1) is (32,4):(1,32).
func LogicalDivide(l Layout, t Tiler) (Layout, error) {
	switch t.form {
	case tileTuple:
		return byModeTiler("logical_divide", l, t, LogicalDivide)
	case tileUnderscore:
		return l, nil
	case tileInt:
		tile, err := Make(Int(t.n))
		if err != nil {
			return Layout{}, withOp(err, "logical_divide")
		}
		return divideByLayout(l, tile)
	}
	return divideByLayout(l, t.layout)
}

func divideByLayout(l, tile Layout) (Layout, error) {
	rest, err := ComplementTo(tile, Coalesce(l).shape)
	if err != nil {
		return Layout{}, withOp(err, "logical_divide")
	}
	r, err := Compose(l, Concat(tile, rest))
	return r, withOp(err, "logical_divide")
}

// ZippedDivide is LogicalDivide with the tiles of every mode gathered in the
// first mode and the rests in the second: ((TILE...),(REST...)).
// zipped_divide((8,16):(20,1), [4:1;8:2]) is ((4,8),(2,2)):((20,2),(80,1)).
func ZippedDivide(l Layout, t Tiler) (Layout, error) {
	r, err := LogicalDivide(l, t)
	if err != nil {
		return Layout{}, withOp(err, "zipped_divide")
	}
	return tileUnzip("zipped_divide", r, t)
}

// TiledDivide is ZippedDivide with the rest modes unpacked:
// ((TILE...),REST0,REST1,...).
func TiledDivide(l Layout, t Tiler) (Layout, error) {
	r, err := ZippedDivide(l, t)
	if err != nil {
		return Layout{}, withOp(err, "tiled_divide")
	}
	return unpack(r, false), nil
}

// FlatDivide is ZippedDivide with both parts unpacked:
// (TILE0,TILE1,...,REST0,REST1,...).
func FlatDivide(l Layout, t Tiler) (Layout, error) {
	r, err := ZippedDivide(l, t)
	if err != nil {
		return Layout{}, withOp(err, "flat_divide")
	}
	return unpack(r, true), nil
}
