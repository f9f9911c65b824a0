package layout

// LogicalDivide splits l by the tiler (paper §3.5.2): A ⊘ B = A ∘ (B, B*),
// where B* is the complement of B with respect to the shape of the
// coalesced A. The first mode holds the elements B points to (the tile), the
// second the rest. A tuple tiler divides mode by mode and keeps the modes it
// does not reach; an integer N divides by N's compact layout; _ keeps the
// mode. logical_divide(128:1, 32:1) is (32,4):(1,32).
//
// Dynamic values are carried through the complement and the composition:
// a shape tile keeps its static size on a dynamic mode,
// logical_divide((?,?):(?,?), (3,4)) is ((3,?),(4,?)):((?,?),(?,?)), and a
// dynamic tile of rank 1 divides a static layout,
// logical_divide(24:1, ?:?) is (?,(?,?)):(?,(1,?)).
//
// A tile with basis strides, a coordinate tiler (as make_identity_layout
// and the tilers of MMA and copy atoms build them), maps its coordinates to
// coordinates of l: a mode s:c@i steps c at a time along mode i of l. It
// denotes the by-mode tiler of its directions, whose tile i is the tile's
// modes along e_i with their counts as integer strides: (8,8):(1@0,1@1)
// denotes [8:1;8:1], and (4,(2,2)):(1@1,(1@0,4@1)) denotes
// [2:1;(4,2):(1,4)] up to the order of the tile's modes. The divide is
// l ∘ (T, T*) with the coordinate complement T* = complement(T, shape(l)):
// along each direction e_i the sorted counts of T's modes leave gaps, and
// a rest repeats from what they cover up to the extent of mode i of l (a
// nested mode of l is one range of coordinates, counted
// colexicographically); a mode of l that T does not reach is covered
// whole. Composing l with s:c@i composes mode i of l with s:c. So the
// rest is the rests of the by-mode divide in the order of the directions,
// the tile enumerates the same elements in T's order, and when T's modes
// come direction by direction the divide by T is the zipped divide by the
// tiler it denotes:
// zipped_divide((32,64):(1,32), (8,8):(1@0,1@1)) is
// ((8,8),(4,8)):((1,32),(8,256)), as by [8:1;8:1]. T is complemented in
// the shape of l itself, not of the coalesced l as an integer tile is:
// coalescing merges the modes the basis elements name, and the compact
// (32,64):(1,32) would become 2048:1.
// logical_divide((128,64):(1@1,1@0), 2:64@0) is (2,(64,64)):(64@1,(1@1,1@0)).
func LogicalDivide(l Layout, t Tiler) (Layout, error) {
	switch t.form {
	case tileTuple:
		if r, ok := viaStaticByMode(l, t, false); ok {
			return r, nil
		}
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
	if r, ok := viaStatic(sLogicalDivide, l, tile); ok {
		return r, nil
	}
	return divideGeneral(l, tile)
}

// divideGeneral is divideByLayout on the general tree.
func divideGeneral(l, tile Layout) (Layout, error) {
	rest, err := complementTo(tile, divideCotarget(l, tile), false)
	if err != nil {
		return Layout{}, withOp(err, "logical_divide")
	}
	r, err := Compose(l, Concat(tile, rest))
	return r, withOp(err, "logical_divide")
}

// divideCotarget is what a divide complements its tile in. An integer tile
// selects offsets of l's domain counted as one range, so it is complemented
// in the shape of the coalesced l, as in CuTe. A tile with basis strides
// selects coordinates of l, so it is complemented in l's own shape, mode by
// mode: coalescing l first would merge the modes the basis elements name
// (the compact (12,8):(1,12) coalesces to 96:1), and the rest would lose
// the modes the tile does not cover. A rank-1 l is its own mode 0.
func divideCotarget(l, tile Layout) IntTuple {
	if !hasBasisStride(tile.stride) {
		return Coalesce(l).shape
	}
	if l.shape.Kind() != KindTuple {
		return Tuple(l.shape)
	}
	return l.shape
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
	if t.form == tileLayout {
		if r, ok := viaStatic(sTiledDivide, l, t.layout); ok {
			return r, nil
		}
	}
	r, err := ZippedDivide(l, t)
	if err != nil {
		return Layout{}, withOp(err, "tiled_divide")
	}
	return unpack(r, false), nil
}

// FlatDivide is ZippedDivide with both parts unpacked:
// (TILE0,TILE1,...,REST0,REST1,...).
func FlatDivide(l Layout, t Tiler) (Layout, error) {
	if t.form == tileLayout {
		if r, ok := viaStatic(sFlatDivide, l, t.layout); ok {
			return r, nil
		}
	}
	r, err := ZippedDivide(l, t)
	if err != nil {
		return Layout{}, withOp(err, "flat_divide")
	}
	return unpack(r, true), nil
}
