package banks

import (
	"github.com/cutec/cutec/layout"
)

// MaxTileSize bounds the number of elements of a tile the analysis reads.
const MaxTileSize = 1 << 20

// maxStride bounds a stride, so that evaluating a tile of at most
// MaxTileSize elements cannot overflow.
const maxStride = int64(1) << 36

// maxOffset bounds an element offset, so that offsets in bits fit an int64.
const maxOffset = int64(1) << 52

// Tile is a shared-memory layout: index i of the tile (its colexicographic
// index, 0 <= i < size(L)) lives at element offset Swizzle(Offset + L(i)).
// A plain layout is a Tile with the identity swizzle S<0,0,0> and offset 0;
// a swizzled layout S<B,M,S> o off o L is the composed layout of CuTe.
type Tile struct {
	Swizzle layout.Swizzle
	Offset  int64
	L       layout.Layout
}

// TileOf returns the tile of a plain layout.
func TileOf(l layout.Layout) Tile { return Tile{L: l} }

// TileOfComposed returns the tile of a composed layout whose outer function
// is a swizzle and whose offset is a static integer. A swizzle on bytes
// (CuTe's S<3,4,3> o smem_ptr[16b](unset) o L) is taken on elements, as
// ElementSwizzle recasts it (S<3,3,3> o 0 o L); CheckElem checks that the
// element type is the one it was written for.
func TileOfComposed(c layout.ComposedLayout) (Tile, error) {
	if bsw, ok := c.ByteSwizzle(); ok {
		esw, err := ElementSwizzle(bsw, Elem{Name: "(" + c.String() + ")", Bits: c.ElemBits})
		if err != nil {
			return Tile{}, err
		}
		return Tile{Swizzle: esw, L: c.Inner}, nil
	}
	sw, ok := c.Outer.(layout.Swizzle)
	if !ok {
		return Tile{}, errAccess("the shared-memory layout %s has an outer layout, not a swizzle", c)
	}
	if c.Offset.Kind() != layout.KindInt {
		return Tile{}, errAccess("the offset %s of %s is not a static integer", c.Offset, c)
	}
	return Tile{Swizzle: sw, Offset: c.Offset.Value(), L: c.Inner}, nil
}

// String returns the tile in the canonical text of the layout algebra.
func (t Tile) String() string {
	if t.Swizzle.IsIdentity() && t.Offset == 0 {
		return t.L.String()
	}
	return t.Swizzle.String() + " o " + layout.Int(t.Offset).String() + " o " + t.L.String()
}

// WithSwizzle returns the tile with its swizzle replaced.
func (t Tile) WithSwizzle(sw layout.Swizzle) Tile { t.Swizzle = sw; return t }

// flat is a static layout flattened to its leaves, for fast evaluation.
type flat struct {
	shape, stride []int64
	size          int64
}

// flatten returns the leaves of a static integer layout; what is dynamic or
// has basis strides is an E0908 error, and so is a size above limit.
func flatten(what string, l layout.Layout, limit int64) (flat, error) {
	f := layout.Flatten(l)
	sh, st := f.Shape(), f.Stride()
	var out flat
	out.size = 1
	add := func(s, d layout.IntTuple) error {
		if s.Kind() != layout.KindInt || d.Kind() != layout.KindInt {
			return errAccess("the %s %s is not static with integer strides", what, l)
		}
		if d.Value() > maxStride || d.Value() < -maxStride {
			return errAccess("the %s %s has the stride %d, larger than %d", what, l, d.Value(), maxStride)
		}
		out.shape = append(out.shape, s.Value())
		out.stride = append(out.stride, d.Value())
		if s.Value() > limit || out.size > limit/s.Value() {
			return errAccess("the %s %s has more than %d elements", what, l, limit)
		}
		out.size *= s.Value()
		return nil
	}
	if sh.Kind() != layout.KindTuple {
		return out, add(sh, st)
	}
	for i := 0; i < sh.Len(); i++ {
		if err := add(sh.At(i), st.At(i)); err != nil {
			return flat{}, err
		}
	}
	return out, nil
}

// at evaluates the flattened layout at a colexicographic index below size.
func (f flat) at(i int64) int64 {
	var off int64
	for k, s := range f.shape {
		off += (i % s) * f.stride[k]
		i /= s
	}
	return off
}

// offsets returns the element offset of every index of the tile.
func (t Tile) offsets() ([]int64, error) {
	f, err := flatten("shared-memory layout", t.L, MaxTileSize)
	if err != nil {
		return nil, err
	}
	out := make([]int64, f.size)
	for i := range out {
		off := t.Offset + f.at(int64(i))
		if off < 0 || off >= maxOffset {
			return nil, errAccess("index %d of %s lies at the offset %d, outside shared memory", i, t, off)
		}
		out[i] = t.Swizzle.Apply(off)
	}
	return out, nil
}

// CheckElem reports an E0908 error when c's swizzle acts on the bytes of
// elements of another width than e's: CuTe's make_tensor of a layout with
// smem_ptr_flag_bits<N> asserts that the pointer's elements are N bits.
func CheckElem(c layout.ComposedLayout, e Elem) error {
	if c.ElemBits > 0 && c.ElemBits != e.Bits {
		return errAccess("the swizzle of %s acts on the bytes of %d-bit elements, and %s is %d bits", c, c.ElemBits, e.Name, e.Bits)
	}
	return nil
}

// ElementSwizzle returns the swizzle on element offsets that acts as sw
// does on the byte addresses of elements of e. CuTe applies the swizzle of
// its shared-memory layouts with smem_ptr_flag (the GMMA atoms, and the
// swizzle CuTe DSL prints in a shared-memory memref) to byte addresses,
// while the composition S<B,M,S> o off o L of the layout algebra applies it
// to element offsets: with elements of 2^k bytes, S<B,M,S> on bytes is
// S<B,M-k,S> on elements (S<3,4,3> on bytes is S<3,3,3> on f16), the
// swizzle of layout.ComposedLayout.PositionIndependent. It is an E0908
// error when the element is narrower than a byte (the model counts whole
// bytes) or M < k (the swizzle would split an element).
func ElementSwizzle(sw layout.Swizzle, e Elem) (layout.Swizzle, error) {
	if sw.IsIdentity() {
		return sw, nil
	}
	if e.Bits < 8 || e.Bits&(e.Bits-1) != 0 {
		return layout.Swizzle{}, errAccess("a swizzle on byte addresses cannot be recast to %d-bit %s elements", e.Bits, e.Name)
	}
	c, err := layout.NewByteSwizzled(sw, e.Bits, unitLayout)
	if err == nil {
		c, err = c.PositionIndependent()
	}
	if err != nil {
		return layout.Swizzle{}, errAccess("%s on byte addresses cannot act on %d-bit %s elements: %v", sw, e.Bits, e.Name, err)
	}
	return c.Outer.(layout.Swizzle), nil
}

// Stages returns the stages of a staged buffer: the size of mode 2 of a
// tile of rank 3 (rows, columns, stages, as CuTe's pipelined shared-memory
// layouts are), 1 for a tile of rank 1 or 2.
func (t Tile) Stages() (int, error) {
	if t.L.Rank() != 3 {
		return 1, nil
	}
	m, _ := t.L.Mode(2)
	n, err := m.Size()
	if err != nil {
		return 0, errAccess("the stages of %s are not static", t.L)
	}
	return int(n), nil
}

// Stage returns stage s of a staged buffer (a tile of rank 3): modes 0 and
// 1, at the offset of stage s in mode 2, under the same swizzle (which
// reads the whole offset, stage included, as CuTe's does).
func (t Tile) Stage(s int) (Tile, error) {
	n, err := t.Stages()
	if err != nil {
		return Tile{}, err
	}
	if t.L.Rank() != 3 {
		return Tile{}, errAccess("the tile %s has rank %d; stages are mode 2 of a tile of rank 3", t.L, t.L.Rank())
	}
	if s < 0 || s >= n {
		return Tile{}, errAccess("the tile %s has %d stages (mode 2): there is no stage %d", t.L, n, s)
	}
	m, _ := t.L.Mode(2)
	f, err := flatten("stage mode", m, MaxTileSize)
	if err != nil {
		return Tile{}, err
	}
	m0, _ := t.L.Mode(0)
	m1, _ := t.L.Mode(1)
	l, err := layout.New(layout.Tuple(m0.Shape(), m1.Shape()), layout.Tuple(m0.Stride(), m1.Stride()))
	if err != nil {
		return Tile{}, errAccess("%v", err)
	}
	out := t
	out.L, out.Offset = l, t.Offset+f.at(int64(s))
	return out, nil
}

// unitLayout is 1:0, the layout a swizzle is recast with alone.
var unitLayout = layout.MustNew(layout.Int(1), layout.Int(0))
