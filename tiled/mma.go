package tiled

import (
	"fmt"
	"strconv"

	"github.com/cutec/cutec/layout"
)

// MMA is CuTe's TiledMMA: an atom tiled over M,N,K by a layout of atoms
// (AtomLayout, (m,n,k) -> atom index) and a permutation of each of M,N,K
// (Perm, a tiler mode each: an extent, a layout, or "_" for the atoms'
// extent).
type MMA struct {
	Atom       MMAAtom
	AtomLayout layout.Layout
	Perm       [3]layout.Tiler
	vmnk       layout.Layout
	tile       [3]layout.Tiler
	size       [3]int64
}

// MakeMMA is make_tiled_mma(atom, atomLayout, perm): atomLayout of rank at
// most 3 (a zero Layout for CuTe's default (1,1,1)) and perm a tiler of at
// most three modes (a zero Tiler for none); missing modes are 1:0 and _.
func MakeMMA(atom MMAAtom, atomLayout layout.Layout, perm layout.Tiler) (*MMA, error) {
	if n, err := atomLayout.Size(); err == nil && n == 0 { // the zero Layout
		atomLayout = l(t(1, 1, 1), t(0, 0, 0))
	}
	if atomLayout.Rank() > 3 {
		return nil, errFit("make_tiled_mma: the atom layout %s has rank %d, more than M,N,K", atomLayout, atomLayout.Rank())
	}
	var err error
	if atomLayout.Rank() < 3 {
		if !atomLayout.Shape().IsTuple() {
			atomLayout, _ = layout.New(layout.Tuple(atomLayout.Shape()), layout.Tuple(atomLayout.Stride()))
		}
		if atomLayout, err = layout.AppendModeTo(atomLayout, 3, l(1, 0)); err != nil {
			return nil, wrap("make_tiled_mma", err)
		}
	}
	if _, err := atomLayout.Size(); err != nil || !atomLayout.Shape().IsStatic() {
		return nil, errFit("make_tiled_mma: the atom layout %s is not static", atomLayout)
	}
	m := &MMA{Atom: atom, AtomLayout: atomLayout}
	switch {
	case perm.IsTuple():
		if perm.Rank() > 3 {
			return nil, errFit("make_tiled_mma: the permutation %s has %d modes, more than M,N,K", perm, perm.Rank())
		}
		for i := range 3 {
			if i < perm.Rank() {
				m.Perm[i] = perm.Mode(i)
			} else {
				m.Perm[i] = layout.TileUnderscore()
			}
		}
	case perm.String() == "_" || perm.String() == "":
		m.Perm = [3]layout.Tiler{layout.TileUnderscore(), layout.TileUnderscore(), layout.TileUnderscore()}
	default:
		m.Perm = [3]layout.Tiler{perm, layout.TileUnderscore(), layout.TileUnderscore()}
	}
	if m.vmnk, err = layout.TiledProduct(atom.ThrID, layout.TileLayout(atomLayout)); err != nil {
		return nil, wrap("tiled_product(ThrID, atom layout)", err)
	}
	for i := range 3 {
		p := m.Perm[i]
		if p.String() == "_" {
			p = layout.TileInt(atom.MNK[i] * modeSize(m.vmnk, i+1))
		} else if pl, ok := p.Layout(); ok && !pl.Shape().IsStatic() {
			return nil, errFit("make_tiled_mma: the permutation of %s, %s, is not static", "MNK"[i:i+1], p)
		}
		m.tile[i] = p
		n, err := tilerSize(p)
		if err != nil {
			return nil, wrap("make_tiled_mma", err)
		}
		if n%atom.MNK[i] != 0 {
			return nil, errFit("make_tiled_mma: the permutation of %s, %s, covers %d, not a multiple of the atom's %s = %d",
				"MNK"[i:i+1], p, n, "MNK"[i:i+1], atom.MNK[i])
		}
		m.size[i] = n
	}
	return m, nil
}

func tilerSize(p layout.Tiler) (int64, error) {
	if pl, ok := p.Layout(); ok {
		return pl.Size()
	}
	if p.IsTuple() {
		n := int64(1)
		for i := 0; i < p.Rank(); i++ {
			s, err := tilerSize(p.Mode(i))
			if err != nil {
				return 0, err
			}
			n *= s
		}
		return n, nil
	}
	n, err := strconv.ParseInt(p.String(), 10, 64) // an extent
	if err != nil {
		return 0, errFit("the tiler %s has no size", p)
	}
	return n, nil
}

// ThrLayoutVMNK is get_thr_layout_vmnk(): (atom thread, m, n, k) -> thread.
func (m *MMA) ThrLayoutVMNK() layout.Layout { return m.vmnk }

// TileSize is tile_size<0..2>: the M, N and K the tiled MMA covers.
func (m *MMA) TileSize() [3]int64 { return m.size }

// Size is the number of threads.
func (m *MMA) Size() int64 { return modeSize(m.vmnk, -1) }

// Permutation is permutation_mnk<i>(): the tiler mode of M, N or K.
func (m *MMA) Permutation(i int) layout.Tiler { return m.tile[i] }

// String is the tiled MMA as C++ builds it.
func (m *MMA) String() string {
	return fmt.Sprintf("make_tiled_mma(%s, %s, [%s;%s;%s])", m.Atom.Name, m.AtomLayout, m.Perm[0], m.Perm[1], m.Perm[2])
}

// operand returns, for A, B or C, the modes (of M,N,K) it spans, its atom
// TV layout and its name.
func (m *MMA) operand(op byte) (int, int, layout.Layout, error) {
	switch op {
	case 'A':
		return 0, 2, m.Atom.A, nil
	case 'B':
		return 1, 2, m.Atom.B, nil
	case 'C':
		return 0, 1, m.Atom.C, nil
	}
	return 0, 0, layout.Layout{}, errFit("no operand %q of an MMA: A, B or C", op)
}

// AtomLayoutTV is the atom's own TV layout of the operand A, B or C (the
// traits' ALayout, BLayout, CLayout): (atom thread, value) -> column-major
// index of the atom's tile.
func (m *MMA) AtomLayoutTV(op byte) layout.Layout {
	_, _, atv, _ := m.operand(op)
	return atv
}

// ThrFrg is thrfrg_A, thrfrg_B or thrfrg_C (op 'A', 'B', 'C') of a layout of
// the operand: ((ThrV,(Thr0,Thr1)),(FrgV,(Rest0,Rest1,...))).
func (m *MMA) ThrFrg(op byte, x layout.Layout) (layout.Layout, error) {
	i, j, atv, err := m.operand(op)
	if err != nil {
		return layout.Layout{}, err
	}
	if x.Rank() < 2 {
		return layout.Layout{}, errFit("partition_%c: the layout %s has rank %d; an operand has rank 2 or more", op, x, x.Rank())
	}
	// The operand holds whole tiles: CuTe would divide a smaller or ragged
	// one all the same and partition elements that are not there.
	for k, d := range [2]int{i, j} {
		mode, _ := x.Mode(k)
		if n, err := mode.Size(); err == nil && mode.Shape().IsStatic() && n%m.size[d] != 0 {
			return layout.Layout{}, errFit("partition_%c: mode %d of %s has %d elements, not a multiple of the tiled MMA's %s = %d",
				op, k, x, n, "MNK"[d:d+1], m.size[d])
		}
	}
	td, err := layout.LogicalDivide(x, layout.TileTuple(m.tile[i], m.tile[j]))
	if err != nil {
		return layout.Layout{}, wrap(fmt.Sprintf("partition_%c: logical_divide(%s, (%s,%s)) by the permutation", op, x, m.tile[i], m.tile[j]), err)
	}
	at := layout.TileTuple(layout.TileLayout(l(m.Atom.MNK[i], 1)), layout.TileLayout(l(m.Atom.MNK[j], 1)))
	zd, err := layout.ZippedDivide(td, at)
	if err != nil {
		return layout.Layout{}, wrap(fmt.Sprintf("partition_%c: zipped_divide by the atom's (%d,%d)", op, m.Atom.MNK[i], m.Atom.MNK[j]), err)
	}
	tv, err := layout.ComposeTiler(zd, layout.TileTuple(layout.TileLayout(atv), layout.TileUnderscore()))
	if err != nil {
		return layout.Layout{}, wrap(fmt.Sprintf("partition_%c: composing the atom's TV layout %s", op, atv), err)
	}
	thr := layout.TileTuple(layout.TileUnderscore(), layout.TileTuple(
		layout.TileLayout(l(modeSize(m.vmnk, i+1), 1)), layout.TileLayout(l(modeSize(m.vmnk, j+1), 1))))
	r, err := layout.ZippedDivide(tv, thr)
	if err != nil {
		return layout.Layout{}, wrap(fmt.Sprintf("partition_%c: zipped_divide by the threads", op), err)
	}
	return r, nil
}

// LayoutTV is get_layoutA_TV, get_layoutB_TV or get_layoutC_TV: (thread,
// value) -> column-major index of the operand's tile (M x K, N x K, M x N).
func (m *MMA) LayoutTV(op byte) (layout.Layout, error) {
	i, j, _, err := m.operand(op)
	if err != nil {
		return layout.Layout{}, err
	}
	ref, _ := layout.Make(layout.Ints(m.size[i], m.size[j]))
	frg, err := m.ThrFrg(op, ref)
	if err != nil {
		return layout.Layout{}, err
	}
	// (ThrV,(Thr_i,Thr_j)) -> (ThrV,(ThrM,ThrN,ThrK)): the threads of the
	// mode the operand does not span are broadcast.
	thrM, thrN := modeSize(m.vmnk, 1), modeSize(m.vmnk, 2)
	switch op {
	case 'A':
		frg, err = layout.ComposeTiler(frg, layout.TileTuple(layout.TileTuple(layout.TileUnderscore(), layout.TileTuple(
			layout.TileLayout(l(t(thrM, thrN), t(1, 0))), layout.TileUnderscore())), layout.TileUnderscore()))
	case 'B':
		frg, err = layout.ComposeTiler(frg, layout.TileTuple(layout.TileTuple(layout.TileUnderscore(), layout.TileTuple(
			layout.TileLayout(l(t(thrM, thrN), t(0, 1))), layout.TileUnderscore())), layout.TileUnderscore()))
	}
	if err != nil {
		return layout.Layout{}, wrap(fmt.Sprintf("get_layout%c_TV", op), err)
	}
	comp, err := layout.Complement(m.vmnk)
	if err != nil {
		return layout.Layout{}, wrap("complement(thr_layout_vmnk)", err)
	}
	both, err := layout.New(layout.Tuple(m.vmnk.Shape(), comp.Shape()), layout.Tuple(m.vmnk.Stride(), comp.Stride()))
	if err != nil {
		return layout.Layout{}, wrap("thr_layout_vmnk", err)
	}
	inv, err := layout.RightInverse(both)
	if err != nil {
		return layout.Layout{}, wrap("right_inverse(thr_layout_vmnk)", err)
	}
	thr2id, err := layout.Compose(l(t(m.Size(), 1), t(1, 0)), inv)
	if err != nil {
		return layout.Layout{}, wrap("thread index -> (ThrV,ThrM,ThrN,ThrK)", err)
	}
	r, err := layout.ComposeTiler(frg, layout.TileTuple(layout.TileLayout(thr2id), layout.TileUnderscore()))
	if err != nil {
		return layout.Layout{}, wrap(fmt.Sprintf("get_layout%c_TV", op), err)
	}
	return r, nil
}

// ThreadCoord is get_slice(thread)'s coordinate (v, m, n, k) in
// ThrLayoutVMNK: get_flat_coord, mode by mode (idx / stride) % shape.
func (m *MMA) ThreadCoord(thread int64) ([4]int64, error) {
	var c [4]int64
	if thread < 0 || thread >= m.Size() {
		return c, errFit("thread %d of a tiled MMA of %d threads", thread, m.Size())
	}
	for i := range 4 {
		mode, _ := m.vmnk.Mode(i)
		c[i] = flatCoord(thread, mode.Shape(), mode.Stride())
	}
	return c, nil
}

// flatCoord is crd2idx(idx2crd(idx, shape, stride), shape): the
// column-major index of the coordinate CuTe's idx2crd gives for idx.
func flatCoord(idx int64, shape, stride layout.IntTuple) int64 {
	if !shape.IsTuple() {
		if shape.Value() == 1 || stride.Value() == 0 {
			return 0
		}
		return (idx / stride.Value()) % shape.Value()
	}
	var r, mul int64 = 0, 1
	for k := 0; k < shape.Len(); k++ {
		r += mul * flatCoord(idx, shape.At(k), stride.At(k))
		n, _ := layout.Size(shape.At(k))
		mul *= n
	}
	return r
}

// Partition is get_slice(thread).partition_A/B/C(tensor) of a tensor laid
// out by x: the thread's (FrgV, Rest0, Rest1, ...) layout and the offset of
// its first element (a coordinate when x maps to coordinates, as
// make_identity_tensor does).
func (m *MMA) Partition(op byte, thread int64, x layout.Layout) (layout.Layout, layout.IntTuple, error) {
	frg, err := m.ThrFrg(op, x)
	if err != nil {
		return layout.Layout{}, layout.IntTuple{}, err
	}
	c, err := m.ThreadCoord(thread)
	if err != nil {
		return layout.Layout{}, layout.IntTuple{}, err
	}
	i, j, _, _ := m.operand(op)
	rest, _ := frg.Mode(1)
	restRest, _ := rest.Mode(1)
	us := make([]layout.IntTuple, max(restRest.Rank(), 1))
	for k := range us {
		us[k] = layout.Underscore()
	}
	var restCrd layout.IntTuple
	if restRest.Shape().IsTuple() {
		restCrd = layout.Tuple(us...)
	} else {
		restCrd = layout.Underscore()
	}
	crd := layout.Tuple(
		layout.Tuple(layout.Int(c[0]), layout.Tuple(layout.Int(c[i+1]), layout.Int(c[j+1]))),
		layout.Tuple(layout.Underscore(), restCrd))
	r, off, err := layout.SliceAndOffset(crd, frg)
	if err != nil {
		return layout.Layout{}, layout.IntTuple{}, wrap(fmt.Sprintf("partition_%c of thread %d", op, thread), err)
	}
	return r, coordOffset(off, x), nil
}

// coordOffset gives the offset of a slice of a layout that maps to
// coordinates (strides of basis elements, as make_identity_tensor's) the
// rank of those coordinates, as CuTe's ArithTuple keeps it: the algebra
// drops the trailing coordinates a slice does not move.
func coordOffset(off layout.IntTuple, x layout.Layout) layout.IntTuple {
	if !x.Stride().HasBasis() {
		return off
	}
	r := x.Shape().Rank()
	if !x.Shape().IsTuple() {
		r = 1
	}
	var elems []layout.IntTuple
	if off.IsTuple() {
		for i := 0; i < off.Len(); i++ {
			elems = append(elems, off.At(i))
		}
	} else {
		elems = append(elems, off)
	}
	for len(elems) < r {
		elems = append(elems, layout.Int(0))
	}
	return layout.Tuple(elems...)
}

// PartitionFragment is partition_fragment_A/B/C(tensor) for an atom that
// holds its operands in registers: make_fragment_like of thread 0's
// partition (mode 0 compact column-major, the other modes compact in the
// order of their strides).
func (m *MMA) PartitionFragment(op byte, x layout.Layout) (layout.Layout, error) {
	p, _, err := m.Partition(op, 0, x)
	if err != nil {
		return layout.Layout{}, err
	}
	return FragmentLike(p)
}

// FragmentLike is CuTe's make_fragment_like of a static layout of rank 2 or
// more: mode 0 compact column-major (its stride-0 modes kept at stride 0),
// tiled by the other modes made compact in the order of their strides.
func FragmentLike(p layout.Layout) (layout.Layout, error) {
	if p.Rank() < 2 || !p.Shape().IsStatic() {
		return layout.Make(p.Shape())
	}
	m0, _ := p.Mode(0)
	fz := layout.FilterZeros(m0)
	st, err := layout.CompactColMajor(fz.Shape())
	if err != nil {
		return layout.Layout{}, wrap("make_fragment_like", err)
	}
	first, err := layout.New(m0.Shape(), st)
	if err != nil {
		return layout.Layout{}, wrap("make_fragment_like", err)
	}
	rest, _ := layout.Take(p, 1, p.Rank())
	ord, err := layout.MakeOrderedLayout(rest.Shape(), rest.Stride())
	if err != nil {
		return layout.Layout{}, wrap("make_fragment_like", err)
	}
	r, err := layout.TiledProduct(first, layout.TileLayout(ord))
	if err != nil {
		return layout.Layout{}, wrap("make_fragment_like", err)
	}
	return r, nil
}
