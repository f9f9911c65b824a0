package banks

import (
	"fmt"

	"github.com/cutec/cutec/layout"
)

// Access is what one warp does to a tile, the CuTe way: a thread-value
// layout TV, (thread, value) -> index of the tile, and the width in bits of
// one access of a thread. The values of one access are consecutive in the
// value mode: with n = WidthBits / element bits, instruction k of thread t
// touches the values k*n ... k*n+n-1, which must be contiguous and aligned
// in memory, as in a copy atom. Threads beyond the size of the thread mode
// take no part.
type Access struct {
	// Name is the atom the access was built from ("ldmatrix.x4"), or empty
	// for an access given as a TV layout.
	Name      string
	TV        layout.Layout
	WidthBits int
	// Op is the instruction that performs the access: OpPlain for a TV
	// layout and a width, the atom's for an atom.
	Op Op
	// Lanes is how many threads of the warp supply addresses (ldmatrix.x1
	// and .x2 read only those of threads 0-7 and 0-15); 0 means all.
	Lanes int
	// Warp is the warp of a TV layout of more than 32 threads that performs
	// the access: its threads 32*Warp ... 32*Warp+31 are lanes 0-31.
	Warp int

	tiled *tiledCopy // a CuTe tiled copy (TiledCopyAccess), or nil
}

// maxThreads bounds the threads of a TV layout (a CTA has at most 1024).
const maxThreads = 1024

// AccessTV returns the access of a TV layout performed by the atom: the
// atom's width and instruction, and, for ldmatrix and stmatrix .x1 and
// .x2, only the addresses of the threads the hardware reads (0-7, 0-15).
func (a Atom) AccessTV(tv layout.Layout) (Access, error) {
	acc, err := NewAccess(tv, a.WidthBits)
	if err != nil {
		return Access{}, err
	}
	acc.Name, acc.Op = a.Name, opOf(a.Name)
	if a.Threads < WarpSize {
		acc.Lanes = a.Threads
	}
	return acc, nil
}

// Warps returns how many warps the thread mode of the access's TV layout
// spans (1 for a tiled copy, whose warp is chosen when it is made).
func (a Access) Warps() int {
	if a.tiled != nil {
		return 1
	}
	n := sizeOfMode(a.TV, 0)
	return int((n + WarpSize - 1) / WarpSize)
}

// InWarp returns the access performed by warp w of a TV layout of more than
// 32 threads; E0908 when the layout has no such warp.
func (a Access) InWarp(w int) (Access, error) {
	if a.tiled != nil {
		return Access{}, errAccess("a tiled copy's warp is given when it is made")
	}
	if n := a.Warps(); w < 0 || w >= n {
		return Access{}, errAccess("the TV layout %s has %d threads, %d warps: there is no warp %d", a.TV, sizeOfMode(a.TV, 0), n, w)
	}
	a.Warp = w
	return a, nil
}

// NewAccess returns the access of a TV layout and a width, after checking
// that the layout has rank 2 (thread, value) and the width is a power of two
// between 8 and MaxWidthBits.
func NewAccess(tv layout.Layout, widthBits int) (Access, error) {
	if tv.Rank() != 2 {
		return Access{}, errAccess("the TV layout %s has rank %d; it maps (thread, value) and has rank 2", tv, tv.Rank())
	}
	if widthBits < 8 || widthBits > MaxWidthBits || widthBits&(widthBits-1) != 0 {
		return Access{}, errAccess("the access width %d bits is not one of 8, 16, 32, 64, 128", widthBits)
	}
	return Access{TV: tv, WidthBits: widthBits}, nil
}

// Label returns the atom's name, or "TV layout" for an explicit access.
func (a Access) Label() string {
	name := a.Name
	if name == "" {
		name = "TV layout"
	}
	if n := a.Warps(); n > 1 {
		name += fmt.Sprintf(", warp %d of %d", a.Warp, n)
	}
	return name
}

// request is one thread's access in one instruction.
type request struct {
	thread int
	index  int64 // the tile index of the first value
	offset int64 // its element offset
	bit    int64 // its address in bits
}

// requests evaluates an access on a tile: for each instruction, the request
// of each thread that takes part, in thread order.
func (a Access) requests(t Tile, e Elem) ([][]request, error) {
	if a.tiled != nil {
		return a.tiled.requests(t, e)
	}
	offs, err := t.offsets()
	if err != nil {
		return nil, err
	}
	if a.WidthBits%e.Bits != 0 {
		return nil, errAccess("a %d-bit access does not hold a whole number of %d-bit %s elements", a.WidthBits, e.Bits, e.Name)
	}
	n := int64(a.WidthBits / e.Bits)
	thr, err := a.TV.Mode(0)
	if err != nil {
		return nil, errAccess("%v", err)
	}
	tf, err := flatten("thread mode of the TV layout", thr, maxThreads)
	if err != nil {
		return nil, err
	}
	lanes := int64(WarpSize)
	if a.Lanes > 0 {
		lanes = int64(a.Lanes)
	}
	lo := int64(a.Warp) * WarpSize
	hi := min(tf.size, lo+lanes)
	tv, err := flatten("TV layout", a.TV, MaxTileSize)
	if err != nil {
		return nil, err
	}
	threads := tf.size
	vals := tv.size / threads
	if vals%n != 0 {
		return nil, errAccess("the TV layout %s gives each thread %d values, not a multiple of the %d elements of a %d-bit access",
			a.TV, vals, n, a.WidthBits)
	}
	size := int64(len(offs))
	out := make([][]request, vals/n)
	for k := range out {
		out[k] = make([]request, 0, max(0, hi-lo))
		for th := lo; th < hi; th++ {
			var first request
			for j := int64(0); j < n; j++ {
				v := int64(k)*n + j
				idx := tv.at(th + threads*v)
				if idx < 0 || idx >= size {
					return nil, errAccess("the TV layout %s sends thread %d, value %d to the index %d, outside the tile %s of size %d",
						a.TV, th, v, idx, t, size)
				}
				off := offs[idx]
				if j == 0 {
					first = request{thread: int(th - lo), index: idx, offset: off, bit: off * int64(e.Bits)}
					continue
				}
				if off != first.offset+j {
					return nil, errAccess("thread %d's %d-bit access %d is not contiguous: value %d (index %d) is at the offset %d, not %d",
						th, a.WidthBits, k, v, idx, off, first.offset+j)
				}
			}
			if first.bit%int64(a.WidthBits) != 0 {
				return nil, errAccess("thread %d's %d-bit access %d starts at the offset %d (bit %d), not aligned to %d bits",
					th, a.WidthBits, k, first.offset, first.bit, a.WidthBits)
			}
			out[k] = append(out[k], first)
		}
	}
	return out, nil
}
