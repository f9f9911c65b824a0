package banks

import (
	"fmt"
	"strings"

	"github.com/cutec/cutec/layout"
	"github.com/cutec/cutec/tiled"
)

// Traits are the copy traits of an atom in CuTe, in bits: Mem is the TV
// layout (thread, bit) -> bit of its shared-memory side (SrcLayout of a load,
// DstLayout of a store) and Ref its reference TV layout (RefLayout), the one
// a tiled copy's layout_copy_tv is expressed in.
type Traits struct {
	Mem, Ref layout.Layout
}

// Traits returns the atom's copy traits, from package tiled's table of
// CuTe's copy operations (one table for both): the shared-memory side is
// the SrcLayout of a load (ldmatrix, UniversalCopy) and the DstLayout of a
// store (stmatrix, cp.async). An atom CuTe does not name (st.shared) is a
// one-thread copy: ThrID 1 and Src = Dst = Ref = (1,N):(0,1).
func (a Atom) Traits() Traits {
	for _, name := range a.CuTe {
		op, err := tiled.LookupCopy(name, func(typ string) (int, error) {
			if typ == "uint128_t" {
				return 128, nil
			}
			e, err := LookupElem(typ)
			return e.Bits, err
		})
		if err != nil {
			continue
		}
		if strings.Contains(name, "STSM") || strings.HasPrefix(name, "SM80_CP_ASYNC") {
			return Traits{Mem: op.Dst, Ref: op.Ref}
		}
		return Traits{Mem: op.Src, Ref: op.Ref}
	}
	one := layout.MustNew(layout.Ints(1, int64(a.WidthBits)), layout.Ints(0, 1))
	return Traits{Mem: one, Ref: one}
}

// tiledCopy is the access of one warp of a CuTe TiledCopy: the atom, the
// tiled copy's layout_copy_tv, (thread, value) -> index of the tiler's tile,
// and its tiler_mn, applied to the shared-memory tensor as CuTe's
// TiledCopy::tidfrg_S (tidfrg_D for a store) does.
type tiledCopy struct {
	atom  Atom
	tv    layout.Layout
	tiler layout.Tiler
	warp  int
}

// TiledCopyAccess returns the access of warp w of a tiled copy of atom a
// with the TV layout and tiler CuTe DSL prints in a !cute.tiled_copy type
// (layout_copy_tv, tiler_mn) and CuTe C++ holds in TiledCopy. Thread t of the
// warp (the tiled copy's thread 32w+t) supplies, for each of its atom calls,
// the shared-memory addresses of its atom thread: an atom value at bit b of
// Traits.Mem is the value Ref^-1(b) of the reference layout, which the tiled
// copy's layout_copy_tv, divided by the atom's (threads, values) as in
// zipped_divide, sends to an index of the tiler's tile; the tile, zipped
// out of the shared-memory layout by the tiler, gives the offset. Each atom
// call of the warp over the rest of the values, and over every tile of the
// shared-memory layout (every stage of a pipelined buffer), is an
// instruction.
func TiledCopyAccess(a Atom, copyTV layout.Layout, tiler layout.Tiler, warp int) (Access, error) {
	if copyTV.Rank() != 2 {
		return Access{}, errAccess("the tiled copy's layout_copy_tv %s has rank %d, not 2", copyTV, copyTV.Rank())
	}
	if warp < 0 || warp > 1<<20 {
		return Access{}, errAccess("warp %d is out of range", warp)
	}
	return Access{Name: fmt.Sprintf("%s, tiled, warp %d", a.Name, warp), TV: copyTV, WidthBits: a.WidthBits, Op: opOf(a.Name),
		tiled: &tiledCopy{atom: a, tv: copyTV, tiler: tiler, warp: warp}}, nil
}

// requests evaluates the tiled copy on a tile.
func (c *tiledCopy) requests(t Tile, e Elem) ([][]request, error) {
	a, tr := c.atom, c.atom.Traits()
	if a.WidthBits%e.Bits != 0 || a.WidthBits < e.Bits {
		return nil, errAccess("%s moves %d bits a thread, not a whole number of %d-bit %s elements", a.Name, a.WidthBits, e.Bits, e.Name)
	}
	nvec := int64(a.WidthBits / e.Bits)
	zd, err := layout.ZippedDivide(t.L, c.tiler)
	if err != nil {
		return nil, errAccess("zipped_divide(%s, %s): %v", t.L, c.tiler, err)
	}
	tileMode, _ := zd.Mode(0)
	tileSize, err := tileMode.Size()
	if err != nil {
		return nil, errAccess("the tile of %s by %s is not static", t.L, c.tiler)
	}
	zf, err := flatten("tiled shared-memory layout", zd, MaxTileSize)
	if err != nil {
		return nil, err
	}
	rest := zf.size / tileSize
	mem, err := flatten("atom layout", tr.Mem, MaxTileSize)
	if err != nil {
		return nil, err
	}
	ref, err := flatten("atom layout", tr.Ref, MaxTileSize)
	if err != nil {
		return nil, err
	}
	memThr, refThr := sizeOfMode(tr.Mem, 0), sizeOfMode(tr.Ref, 0)
	// inv is Ref's inverse, bit -> (thread, value) index; -1 where Ref does
	// not reach. Ref is a bijection onto [0, size) for CuTe's atoms.
	inv := make([]int64, ref.size)
	for i := range inv {
		inv[i] = -1
	}
	for i := int64(0); i < ref.size; i++ {
		if b := ref.at(i); b >= 0 && b < ref.size {
			inv[b] = i
		}
	}
	refVals := ref.size / refThr
	if refVals%int64(e.Bits) != 0 {
		return nil, errAccess("%s's %d reference bits a thread do not hold whole %d-bit elements", a.Name, refVals, e.Bits)
	}
	atomVals := refVals / int64(e.Bits)
	tvf, err := flatten("layout_copy_tv", c.tv, MaxTileSize)
	if err != nil {
		return nil, err
	}
	threads := sizeOfMode(c.tv, 0)
	vals := tvf.size / threads
	if threads%refThr != 0 || vals%atomVals != 0 {
		return nil, errAccess("layout_copy_tv %s (%d threads, %d values) does not divide into %s atoms of %d threads and %d %s values",
			c.tv, threads, vals, a.Name, refThr, atomVals, e.Name)
	}
	if int64(c.warp)*WarpSize >= threads {
		return nil, errAccess("the tiled copy has %d threads, so no warp %d", threads, c.warp)
	}
	calls := vals / atomVals
	if calls*rest*WarpSize*nvec > MaxTileSize {
		return nil, errAccess("the tiled copy makes more than %d accesses a warp", MaxTileSize)
	}
	var out [][]request
	for r := int64(0); r < rest; r++ {
		for call := int64(0); call < calls; call++ {
			var inst []request
			for lane := int64(0); lane < WarpSize; lane++ {
				tid := int64(c.warp)*WarpSize + lane
				if tid >= threads {
					break
				}
				atomT, restT := tid%refThr, tid/refThr
				if atomT >= int64(a.Threads) || atomT >= memThr {
					continue // this thread supplies no address to the atom
				}
				var first request
				for j := int64(0); j < nvec; j++ {
					bit := mem.at(atomT + memThr*j*int64(e.Bits))
					ci := int64(-1)
					if bit >= 0 && bit < int64(len(inv)) {
						ci = inv[bit]
					}
					if ci < 0 {
						return nil, errAccess("%s: bit %d of thread %d is not in the reference layout", a.Name, bit, atomT)
					}
					tp, bv := ci%refThr, ci/refThr
					if bv%int64(e.Bits) != 0 {
						return nil, errAccess("%s: the %d-bit %s elements do not fit its reference layout", a.Name, e.Bits, e.Name)
					}
					idx := tvf.at(tp + refThr*restT + threads*(bv/int64(e.Bits)+atomVals*call))
					if idx < 0 || idx >= tileSize {
						return nil, errAccess("layout_copy_tv %s sends thread %d to the index %d, outside the %d-element tile of %s",
							c.tv, tp+refThr*restT, idx, tileSize, c.tiler)
					}
					off := t.Offset + zf.at(idx+tileSize*r)
					if off < 0 || off >= maxOffset {
						return nil, errAccess("the tiled copy reaches the offset %d, outside shared memory", off)
					}
					off = t.Swizzle.Apply(off)
					if j == 0 {
						first = request{thread: int(lane), index: idx + tileSize*r, offset: off, bit: off * int64(e.Bits)}
					} else if off != first.offset+j {
						return nil, errAccess("thread %d's %d-bit access of call %d is not contiguous: element %d is at the offset %d, not %d",
							lane, a.WidthBits, call, j, off, first.offset+j)
					}
				}
				if first.bit%int64(a.WidthBits) != 0 {
					return nil, errAccess("thread %d's %d-bit access starts at the offset %d, not aligned", lane, a.WidthBits, first.offset)
				}
				inst = append(inst, first)
			}
			out = append(out, inst)
		}
	}
	return out, nil
}

// sizeOfMode returns the size of mode i of a static layout.
func sizeOfMode(l layout.Layout, i int) int64 {
	m, err := l.Mode(i)
	if err != nil {
		return 1
	}
	n, err := m.Size()
	if err != nil || n < 1 {
		return 1
	}
	return n
}
