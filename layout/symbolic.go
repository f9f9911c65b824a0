package layout

// Symbolic computes the algebra on values with symbolic leaves (`M{div=128}`,
// `32*lda`; docs/symbols.md). Its methods have the names and arguments of
// the static operations; each computes its result assuming the conditions
// it needs, D divides T, and appends them to Obligations, so the caller
// decides them (Obligation.Discharge) against the facts. A step no
// divisibility condition decides fails with CodeSymbolUndecided: the
// algebra never guesses. Anonymous ? leaves are fresh symbols, written ?1,
// ?2, … in obligations (symbol_ops.go explains the model).
//
// The zero Symbolic is ready to use; it is not safe for concurrent use.
type Symbolic struct {
	Obligations []Obligation // of every result computed so far, in order
}

// keep records the obligations of r and returns its layout.
func (s *Symbolic) keep(r symResult, err error) (Layout, error) {
	if err != nil {
		return Layout{}, err
	}
	if s.Obligations == nil {
		s.Obligations = r.Obligations // the result's own list: no copy
	} else {
		s.Obligations = append(s.Obligations, r.Obligations...)
	}
	return r.Layout, nil
}

// Size is the size of a shape, a term: size((M{div=8},4)) is 4*M{div=8},
// whose known divisor is 32. It needs no obligation.
func (s *Symbolic) Size(shape IntTuple) (IntTuple, error) { return symSize(shape) }

// Cosize is one more than the offset of l's last coordinate, a term where
// the sum collapses to one (cosize((M,N):(1,M)) is M*N), and undecided
// otherwise.
func (s *Symbolic) Cosize(l Layout) (IntTuple, error) { return symCosize(l) }

// Crd2Idx is the offset of a coordinate congruent with l's shape, a term
// when the terms add up to one, and undecided otherwise.
func (s *Symbolic) Crd2Idx(crd IntTuple, l Layout) (IntTuple, error) { return symCrd2Idx(crd, l) }

// Coalesce is Coalesce: 192*N:1 for (192,N):(1,192). It needs no
// obligation.
func (s *Symbolic) Coalesce(l Layout) (Layout, error) { return s.keep(symCoalesce(l)) }

// CoalesceProfile is CoalesceProfile over symbolic leaves: each mode the
// profile selects coalesced by Coalesce.
func (s *Symbolic) CoalesceProfile(l Layout, profile IntTuple) (Layout, error) {
	return s.byProfile("coalesce", l, profile, func(m Layout) Layout { return m })
}

// FilterProfile is FilterProfile over symbolic leaves: each mode the
// profile selects filtered (filter_zeros, then Coalesce).
func (s *Symbolic) FilterProfile(l Layout, profile IntTuple) (Layout, error) {
	return s.byProfile("filter", l, profile, FilterZeros)
}

func (s *Symbolic) byProfile(op string, l Layout, profile IntTuple, pre func(Layout) Layout) (Layout, error) {
	var err error
	r, perr := byProfile(op, l, profile, func(m Layout) Layout {
		c, e := s.Coalesce(pre(m))
		if e != nil && err == nil {
			err = e
		}
		return c
	})
	if perr != nil {
		return Layout{}, perr
	}
	return r, err
}

// ComposeTiler is the static ComposeTiler over symbolic leaves.
func (s *Symbolic) ComposeTiler(a Layout, t Tiler) (Layout, error) {
	return s.keep(symComposeTiler(a, t))
}

// ComplementTo is the static ComplementTo over symbolic leaves.
func (s *Symbolic) ComplementTo(l Layout, cotarget IntTuple) (Layout, error) {
	return s.keep(symComplement(l, cotarget))
}

// LogicalDivide is the static LogicalDivide over symbolic leaves.
func (s *Symbolic) LogicalDivide(l Layout, t Tiler) (Layout, error) {
	return s.keep(symLogicalDivide(l, t))
}

// ZippedDivide is the static ZippedDivide over symbolic leaves.
func (s *Symbolic) ZippedDivide(l Layout, t Tiler) (Layout, error) {
	return s.keep(symZippedDivide(l, t))
}

// TiledDivide is the static TiledDivide over symbolic leaves.
func (s *Symbolic) TiledDivide(l Layout, t Tiler) (Layout, error) {
	return s.keep(symTiledDivide(l, t))
}

// FlatDivide is the static FlatDivide over symbolic leaves.
func (s *Symbolic) FlatDivide(l Layout, t Tiler) (Layout, error) { return s.keep(symFlatDivide(l, t)) }

// LogicalProduct is the static LogicalProduct over symbolic leaves.
func (s *Symbolic) LogicalProduct(block Layout, t Tiler) (Layout, error) {
	return s.keep(symLogicalProduct(block, t))
}

// ZippedProduct, TiledProduct and FlatProduct are the static products
// over symbolic leaves: the logical product, its modes gathered as the
// static ones gather them.
func (s *Symbolic) ZippedProduct(block Layout, t Tiler) (Layout, error) {
	return s.keep(symProductThen("zipped_product", block, t, func(r Layout) (Layout, error) { return tileUnzip("zipped_product", r, t) }))
}

// TiledProduct: see ZippedProduct.
func (s *Symbolic) TiledProduct(block Layout, t Tiler) (Layout, error) {
	return s.keep(symProductThen("tiled_product", block, t, func(r Layout) (Layout, error) {
		z, err := tileUnzip("tiled_product", r, t)
		if err != nil {
			return Layout{}, err
		}
		return unpack(z, false), nil
	}))
}

// FlatProduct: see ZippedProduct.
func (s *Symbolic) FlatProduct(block Layout, t Tiler) (Layout, error) {
	return s.keep(symProductThen("flat_product", block, t, func(r Layout) (Layout, error) {
		z, err := tileUnzip("flat_product", r, t)
		if err != nil {
			return Layout{}, err
		}
		return unpack(z, true), nil
	}))
}

// BlockedProduct is the static BlockedProduct over symbolic leaves.
func (s *Symbolic) BlockedProduct(block, tiler Layout) (Layout, error) {
	return s.keep(symRankedProduct(block, tiler, false))
}

// RakedProduct is the static RakedProduct over symbolic leaves.
func (s *Symbolic) RakedProduct(block, tiler Layout) (Layout, error) {
	return s.keep(symRankedProduct(block, tiler, true))
}

// LocalTile is LocalTile: the tile at coord and its offset.
func (s *Symbolic) LocalTile(l Layout, tiler Tiler, coord IntTuple) (Layout, IntTuple, error) {
	r, off, obl, err := symLocalTile(l, tiler, coord)
	return s.keepLocal(r, off, obl, err)
}

// LocalTileProj is the static LocalTileProj over symbolic leaves.
func (s *Symbolic) LocalTileProj(l Layout, tiler Tiler, coord, proj IntTuple) (Layout, IntTuple, error) {
	r, off, obl, err := symLocalTileProj(l, tiler, coord, proj)
	return s.keepLocal(r, off, obl, err)
}

// LocalPartition is LocalPartition with a static thread layout.
func (s *Symbolic) LocalPartition(l, threads Layout, index IntTuple) (Layout, IntTuple, error) {
	r, off, obl, err := symLocalPartition(l, threads, index)
	return s.keepLocal(r, off, obl, err)
}

func (s *Symbolic) keepLocal(r Layout, off IntTuple, obl []Obligation, err error) (Layout, IntTuple, error) {
	if err != nil {
		return Layout{}, IntTuple{}, err
	}
	s.Obligations = append(s.Obligations, obl...)
	return r, off, nil
}
