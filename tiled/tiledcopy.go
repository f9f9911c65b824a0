package tiled

import (
	"fmt"

	"github.com/cutec/cutec/layout"
)

// Copy is CuTe's TiledCopy: a copy atom, the tiled copy's TV layout
// (thread, value) -> index of a tile (TiledLayout_TV, in the atom's
// reference values) and the tile it covers (Tiler_MN, a shape).
type Copy struct {
	Atom  CopyAtom
	TV    layout.Layout
	Tiler layout.IntTuple
}

// MakeCopyTV is make_tiled_copy_impl(atom, tv, tiler): it checks that the
// atom's threads and values divide the TV layout's, as CuTe's static
// assertions do, and that the TV layout stays inside the tile.
func MakeCopyTV(atom CopyAtom, tv layout.Layout, tiler layout.IntTuple) (*Copy, error) {
	if tv.Rank() != 2 {
		return nil, errFit("the tiled copy's TV layout %s has rank %d, not 2 (thread, value)", tv, tv.Rank())
	}
	if !tv.Shape().IsStatic() || !tv.Stride().IsStatic() || !tiler.IsStatic() {
		return nil, errFit("the tiled copy's TV layout %s and tile %s must be static", tv, tiler)
	}
	athr, aval := modeSize(atom.Ref, 0), modeSize(atom.Ref, 1)
	thr, val := modeSize(tv, 0), modeSize(tv, 1)
	if thr%athr != 0 {
		return nil, errFit("%s needs its threads in groups of %d, but the TV layout %s has %d threads (TiledCopy uses too few threads for the atom)",
			atom, athr, tv, thr)
	}
	if val%aval != 0 {
		return nil, errFit("%s moves %d values a thread, but the TV layout %s gives each thread %d, not a multiple (TiledCopy uses too few values for the atom)",
			atom, aval, tv, val)
	}
	size, err := layout.Size(tiler)
	if err != nil {
		return nil, wrap("the tile of the tiled copy", err)
	}
	if hi, herr := maxImage(tv); herr == nil && hi >= size {
		return nil, errFit("the TV layout %s reaches the index %d, outside the %d elements of the tile %s", tv, hi, size, tiler)
	}
	return &Copy{Atom: atom, TV: tv, Tiler: tiler}, nil
}

// maxImage is the largest value of a static layout with non-negative strides.
func maxImage(l layout.Layout) (int64, error) {
	n, err := l.Size()
	if err != nil || n == 0 {
		return 0, err
	}
	last := layout.Int(n - 1)
	co, err := l.Eval(last)
	if err != nil {
		return 0, err
	}
	// The largest value of a layout with non-negative strides is at the
	// last coordinate of every mode: sum (s_i - 1) d_i, which is L(size-1).
	return co.Value(), nil
}

// MakeCopy is make_tiled_copy(atom, thr, val): the raked product of the
// thread layout (m,n) -> thread and the value layout (m,n) -> value gives
// the tile (m,n) -> (thread, value); its right inverse, shaped (threads,
// values), is the TV layout, and the product's extents are the tile.
func MakeCopy(atom CopyAtom, thr, val layout.Layout) (*Copy, error) {
	mn, err := layout.RakedProduct(thr, val)
	if err != nil {
		return nil, wrap(fmt.Sprintf("make_tiled_copy: raked_product(%s, %s)", thr, val), err)
	}
	inv, err := layout.RightInverse(mn)
	if err != nil {
		return nil, wrap("make_tiled_copy: right_inverse", err)
	}
	nt, err1 := thr.Size()
	nv, err2 := val.Size()
	if err1 != nil || err2 != nil {
		return nil, errFit("make_tiled_copy: the thread layout %s and value layout %s must be static", thr, val)
	}
	shape, err := layout.Make(t(nt, nv)) // with_shape: make_layout of (threads, values), a mode of 1 stride 0 as CuTe's compact layout
	if err != nil {
		return nil, wrap("make_tiled_copy: with_shape(threads, values)", err)
	}
	tv, err := layout.Compose(inv, shape)
	if err != nil {
		return nil, wrap("make_tiled_copy: with_shape(threads, values)", err)
	}
	tiler, err := layout.ProductEach(mn.Shape())
	if err != nil {
		return nil, wrap("make_tiled_copy: product_each", err)
	}
	return MakeCopyTV(atom, tv, tiler)
}

// MakeCopyMMA is make_tiled_copy_A, _B or _C (op 'A', 'B', 'C'): the copy
// that moves the operand of the tiled MMA with its TV layout and tile.
func MakeCopyMMA(atom CopyAtom, m *MMA, op byte) (*Copy, error) {
	tv, err := m.LayoutTV(op)
	if err != nil {
		return nil, err
	}
	i, j, _, _ := m.operand(op)
	c, err := MakeCopyTV(atom, tv, layout.Ints(m.size[i], m.size[j]))
	if err != nil {
		if e, ok := err.(*Error); ok {
			e.Msg = fmt.Sprintf("make_tiled_copy_%c(%s, %s): %s", op, atom, m, e.Msg)
		}
		return nil, err
	}
	return c, nil
}

// Size is the number of threads.
func (c *Copy) Size() int64 { return modeSize(c.TV, 0) }

// side is the atom's layout of the source ('S') or the destination ('D').
func (c *Copy) side(s byte) (layout.Layout, error) {
	switch s {
	case 'S':
		return c.Atom.Src, nil
	case 'D':
		return c.Atom.Dst, nil
	}
	return layout.Layout{}, errFit("no side %q of a copy: S or D", s)
}

// tile2thrfrg is CuTe's TiledCopy::tile2thrfrg: x of shape (tile, rest)
// to (thread, value, rest), values in the source's or destination's order.
func (c *Copy) tile2thrfrg(s byte, x layout.Layout) (layout.Layout, error) {
	trg, err := c.side(s)
	if err != nil {
		return layout.Layout{}, err
	}
	inv, err := layout.RightInverse(c.Atom.Ref)
	if err != nil {
		return layout.Layout{}, wrap("right_inverse(the atom's reference layout)", err)
	}
	ref2trg, err := layout.Compose(inv, trg)
	if err != nil {
		return layout.Layout{}, wrap("the atom's reference to its "+map[byte]string{'S': "source", 'D': "destination"}[s], err)
	}
	at, _ := layout.TilerOfShape(layout.Ints(modeSize(c.Atom.Ref, 0), modeSize(c.Atom.Ref, 1)))
	atv, err := layout.ZippedDivide(c.TV, at)
	if err != nil {
		return layout.Layout{}, wrap("zipped_divide(TiledLayout_TV, the atom's (threads, values))", err)
	}
	trgTV, err := layout.ComposeTiler(atv, layout.TileTuple(layout.TileLayout(ref2trg), layout.TileUnderscore()))
	if err != nil {
		return layout.Layout{}, wrap("composing the atom's layout", err)
	}
	// zip: ((trg_tid,trg_val),(rest_tid,rest_val)) -> ((trg_tid,rest_tid),(trg_val,rest_val))
	a, _ := trgTV.Mode(0)
	b, _ := trgTV.Mode(1)
	a0, _ := a.Mode(0)
	a1, _ := a.Mode(1)
	b0, _ := b.Mode(0)
	b1, _ := b.Mode(1)
	zipped, err := layout.New(
		layout.Tuple(layout.Tuple(a0.Shape(), b0.Shape()), layout.Tuple(a1.Shape(), b1.Shape())),
		layout.Tuple(layout.Tuple(a0.Stride(), b0.Stride()), layout.Tuple(a1.Stride(), b1.Stride())))
	if err != nil {
		return layout.Layout{}, wrap("zip", err)
	}
	thrval, err := layout.CoalesceProfile(zipped, layout.Tuple(layout.Int(1), layout.Ints(1, 1)))
	if err != nil {
		return layout.Layout{}, wrap("coalesce", err)
	}
	tv, err := layout.ComposeTiler(x, layout.TileTuple(layout.TileLayout(thrval), layout.TileUnderscore()))
	if err != nil {
		return layout.Layout{}, wrap("composing the tile with the copy's (thread, value)", err)
	}
	m0, _ := tv.Mode(0)
	m00, _ := m0.Mode(0)
	m01, _ := m0.Mode(1)
	rest, _ := tv.Mode(1)
	return layout.New(layout.Tuple(m00.Shape(), m01.Shape(), rest.Shape()), layout.Tuple(m00.Stride(), m01.Stride(), rest.Stride()))
}

// ThrFrg is tidfrg_S or tidfrg_D (side 'S' or 'D') of a layout x:
// (thread, (FrgV, FrgX), (Rest0, Rest1, ...)).
func (c *Copy) ThrFrg(s byte, x layout.Layout) (layout.Layout, error) {
	if x.Rank() < c.Tiler.Rank() {
		return layout.Layout{}, errFit("partition_%c: the layout %s has rank %d, less than the rank %d of the tile %s", s, x, x.Rank(), c.Tiler.Rank(), c.Tiler)
	}
	for k := 0; k < c.Tiler.Rank(); k++ {
		mode, _ := x.Mode(k)
		t, _ := layout.Size(c.Tiler.At(k))
		if n, err := mode.Size(); err == nil && mode.Shape().IsStatic() && t > 0 && n%t != 0 {
			return layout.Layout{}, errFit("partition_%c: mode %d of %s has %d elements, not a multiple of the tiled copy's tile %s", s, k, x, n, c.Tiler)
		}
	}
	tl, err := layout.TilerOfShape(c.Tiler)
	if err != nil {
		return layout.Layout{}, wrap("the tile", err)
	}
	zd, err := layout.ZippedDivide(x, tl)
	if err != nil {
		return layout.Layout{}, wrap(fmt.Sprintf("partition_%c: zipped_divide(%s, %s)", s, x, c.Tiler), err)
	}
	return c.tile2thrfrg(s, zd)
}

// LayoutTV is get_layoutS_TV or get_layoutD_TV: (thread, value) -> index
// of the tile, in the order of the source's or the destination's values.
func (c *Copy) LayoutTV(s byte) (layout.Layout, error) {
	ref, err := layout.Make(layout.Tuple(c.Tiler, layout.Int(1)))
	if err != nil {
		return layout.Layout{}, wrap("the tile", err)
	}
	r, err := c.tile2thrfrg(s, ref)
	if err != nil {
		return layout.Layout{}, err
	}
	out, err := layout.Slice(layout.Tuple(layout.Underscore(), layout.Underscore(), layout.Int(0)), r)
	if err != nil {
		return layout.Layout{}, wrap(fmt.Sprintf("get_layout%c_TV", s), err)
	}
	return out, nil
}

// Partition is get_slice(thread).partition_S or partition_D of a tensor
// laid out by x: the thread's ((FrgV,FrgX), Rest0, Rest1, ...) layout and
// the offset (a coordinate for an identity layout) of its first element.
func (c *Copy) Partition(s byte, thread int64, x layout.Layout) (layout.Layout, layout.IntTuple, error) {
	if thread < 0 || thread >= c.Size() {
		return layout.Layout{}, layout.IntTuple{}, errFit("thread %d of a tiled copy of %d threads", thread, c.Size())
	}
	frg, err := c.ThrFrg(s, x)
	if err != nil {
		return layout.Layout{}, layout.IntTuple{}, err
	}
	rest, _ := frg.Mode(2)
	var restCrd layout.IntTuple = layout.Underscore()
	if rest.Shape().IsTuple() {
		us := make([]layout.IntTuple, rest.Shape().Len())
		for k := range us {
			us[k] = layout.Underscore()
		}
		restCrd = layout.Tuple(us...)
	}
	r, off, err := layout.SliceAndOffset(layout.Tuple(layout.Int(thread), layout.Underscore(), restCrd), frg)
	if err != nil {
		return layout.Layout{}, layout.IntTuple{}, wrap(fmt.Sprintf("partition_%c of thread %d", s, thread), err)
	}
	return r, coordOffset(off, x), nil
}

// String is the tiled copy as make_tiled_copy_impl would take it.
func (c *Copy) String() string {
	return fmt.Sprintf("make_tiled_copy_tv(%s, %s, %s)", c.Atom, c.TV, c.Tiler)
}

// Retile is CuTe's TiledCopy::retile (retile_S, retile_D) of a register
// fragment laid out by x, (V, Rest...): the same registers regrouped as
// (atom values, the atom calls, Rest...), the copy's view of a fragment
// that partition_fragment_A/B/C made for the MMA.
func (c *Copy) Retile(x layout.Layout) (layout.Layout, error) {
	m0, err := x.Mode(0)
	if x.Rank() < 1 || err != nil {
		return layout.Layout{}, errFit("retile: the fragment %s has no modes", x)
	}
	v, err := m0.Size()
	if err != nil || !x.Shape().IsStatic() {
		return layout.Layout{}, errFit("retile: the fragment %s is not static", x)
	}
	inv, err := layout.RightInverse(c.TV)
	if err != nil {
		return layout.Layout{}, wrap("retile: right_inverse(TiledLayout_TV)", err)
	}
	shaped, err := layout.Compose(inv, mustMake(c.Tiler))
	if err != nil {
		return layout.Layout{}, wrap("retile: with_shape(Tiler_MN)", err)
	}
	frgMN, err := layout.Upcast(shaped, c.Size()*v)
	if err != nil {
		return layout.Layout{}, wrap(fmt.Sprintf("retile: upcast by %d threads x %d values", c.Size(), v), err)
	}
	invMN, err := layout.RightInverse(frgMN)
	if err != nil {
		return layout.Layout{}, wrap("retile: right_inverse", err)
	}
	prod, err := layout.LogicalProduct(l(v, 1), layout.TileLayout(invMN))
	if err != nil {
		return layout.Layout{}, wrap("retile: logical_product", err)
	}
	frgV, err := layout.ZippedDivide(prod, layout.TileLayout(l(modeSize(c.Atom.Ref, 1), 1)))
	if err != nil {
		return layout.Layout{}, wrap("retile: zipped_divide by the atom's values", err)
	}
	each, err := layout.ProductEach(frgMN.Shape())
	if err != nil {
		return layout.Layout{}, wrap("retile: product_each", err)
	}
	elems := []layout.IntTuple{layout.Int(v)}
	if each.IsTuple() {
		for i := 0; i < each.Len(); i++ {
			elems = append(elems, each.At(i))
		}
	} else {
		elems = append(elems, each)
	}
	tl, err := layout.TilerOfShape(layout.Tuple(elems...))
	if err != nil {
		return layout.Layout{}, wrap("retile: the tile", err)
	}
	tt, err := layout.ZippedDivide(x, tl)
	if err != nil {
		return layout.Layout{}, wrap(fmt.Sprintf("retile: zipped_divide(%s, %s)", x, layout.Tuple(elems...)), err)
	}
	vt, err := layout.ComposeTiler(tt, layout.TileTuple(layout.TileLayout(frgV), layout.TileUnderscore()))
	if err != nil {
		return layout.Layout{}, wrap("retile: composing the values", err)
	}
	rest := make([]layout.IntTuple, x.Rank())
	rest[0] = layout.Int(0)
	for i := 1; i < len(rest); i++ {
		rest[i] = layout.Underscore()
	}
	r, err := layout.Slice(layout.Tuple(layout.Underscore(), layout.Tuple(rest...)), vt)
	if err != nil {
		return layout.Layout{}, wrap("retile", err)
	}
	return r, nil
}

func mustMake(shape layout.IntTuple) layout.Layout {
	m, err := layout.Make(shape)
	if err != nil {
		return l(1, 0)
	}
	return m
}
