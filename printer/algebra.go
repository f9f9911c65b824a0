package printer

import "github.com/cutec/cutec/layout"

// The functions below give the canonical text of the algebra's values. Each
// type's String method in package layout produces that text; these functions
// are the documented place that owns it, so that every caller (eval, verify's
// messages, fmt) spells a value the same way.

// IntTuple returns the canonical text of an integer tuple, a stride or a
// coordinate: `8`, `(4,(2,2))`, `(1@0,1@1@0)`, `?{i64 div=16}`, `_`.
func IntTuple(t layout.IntTuple) string { return t.String() }

// Layout returns the canonical text `shape:stride` of a layout:
// `(4,(2,2)):(1,(4,8))`, `8:1`.
func Layout(l layout.Layout) string { return l.String() }

// Swizzle returns the canonical text `S<B,M,S>` of a swizzle.
func Swizzle(s layout.Swizzle) string { return s.String() }

// Composed returns the canonical text `outer o offset o inner` of a composed
// layout: `S<3,4,3> o 0 o (8,64):(64,1)`.
func Composed(c layout.ComposedLayout) string { return c.String() }

// Tiler returns the canonical text of a tiler: `[4:1;_]` for a tuple of
// tiles, the layout or integer itself for a single tile.
func Tiler(t layout.Tiler) string { return t.String() }

// Accessor returns the paper's accessor notation `{offset} o layout` that
// slice_and_offset yields: `{8} o (3,2):(15,100)`.
func Accessor(offset layout.IntTuple, l layout.Layout) string {
	return "{" + offset.String() + "} o " + l.String()
}
