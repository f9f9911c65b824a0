package normalize

import (
	"strconv"

	"github.com/cutec/cutec/ast"
	"github.com/cutec/cutec/diag"
	"github.com/cutec/cutec/layout"
)

// layout converts shape:stride. The shape's leaves must be positive integers
// or dynamic; the stride's must be integers, basis entries or dynamic, in
// the shape's profile. A basis with a non-integral count is dropped (it is a
// zero stride) on a mode of extent 1, and rejected anywhere else.
func (c *converter) layout(n *ast.Layout) (Value, bool) {
	if v, ok := staticLayout(n); ok {
		return v, true
	}
	return c.treeLayout(n)
}

// treeLayout is layout on the general tree, for every kind of leaf.
func (c *converter) treeLayout(n *ast.Layout) (Value, bool) {
	shape, ok := c.shape(n.Shape)
	if !ok {
		return nil, false
	}
	if !c.congruent(n.Shape, n.Stride) {
		return nil, false
	}
	var entries []simple
	stride, ok := c.tree(n.Stride, &entries)
	if !ok || !c.strideLeaves(n.Stride) {
		return nil, false
	}
	shapeLeaves := shape.Flatten()
	for _, s := range entries {
		if s.count.IsInt() {
			continue
		}
		extent := shapeLeaves.At(s.leaf)
		if extent.Kind() != layout.KindInt || extent.Value() != 1 {
			c.nonIntegral(s.cspan, s.count, extent.Value())
			return nil, false
		}
		stride = replaceLeaf(stride, s.leaf, layout.Int(0))
	}
	l, err := layout.New(shape, stride)
	if err != nil {
		c.algebra(spanOf(n), err)
		return nil, false
	}
	return Layout{l}, true
}

// shape converts a shape, reporting a leaf that is not a positive integer
// or a dynamic value at its own span.
func (c *converter) shape(e ast.Expr) (layout.IntTuple, bool) {
	switch n := e.(type) {
	case *ast.Tuple:
		elems := make([]layout.IntTuple, len(n.Elems))
		for i, el := range n.Elems {
			t, ok := c.shape(el)
			if !ok {
				return layout.IntTuple{}, false
			}
			elems[i] = t
		}
		return layout.Tuple(elems...), true
	case *ast.Int:
		if n.Value <= 0 {
			c.shapeLeaf(n.Span, strconv.FormatInt(n.Value, 10))
			return layout.IntTuple{}, false
		}
		return layout.Int(n.Value), true
	case *ast.Dynamic, *ast.Symbol, *ast.Product:
		var none []simple
		return c.tree(n, &none)
	}
	c.shapeLeaf(spanOf(e), leafText(c.file, e))
	return layout.IntTuple{}, false
}

// strideLeaves reports a stride leaf that is neither an integer, a basis
// entry nor a dynamic value.
func (c *converter) strideLeaves(e ast.Expr) bool {
	switch n := e.(type) {
	case *ast.Tuple:
		for _, el := range n.Elems {
			if !c.strideLeaves(el) {
				return false
			}
		}
		return true
	case *ast.Int, *ast.Basis, *ast.Dynamic, *ast.Symbol, *ast.Product:
		return true
	}
	c.strideLeaf(spanOf(e), leafText(c.file, e))
	return false
}

// congruent reports the first place where the stride's tree does not follow
// the shape's, at the stride node with a note at the shape node.
func (c *converter) congruent(shape, stride ast.Expr) bool {
	st, sIsTuple := shape.(*ast.Tuple)
	dt, dIsTuple := stride.(*ast.Tuple)
	if !sIsTuple && !dIsTuple {
		return true
	}
	if sIsTuple != dIsTuple || len(st.Elems) != len(dt.Elems) {
		c.shapeStride(spanOf(stride), spanOf(shape), spanOf(stride), leafText(c.file, shape), leafText(c.file, stride))
		return false
	}
	for i := range st.Elems {
		if !c.congruent(st.Elems[i], dt.Elems[i]) {
			return false
		}
	}
	return true
}

// leafText returns the source text of a node, for messages.
func leafText(f *diag.File, e ast.Node) string {
	if f == nil || e.Pos() < 0 || e.End() > len(f.Src) || e.Pos() > e.End() {
		return "value"
	}
	return string(f.Src[e.Pos():e.End()])
}

// replaceLeaf returns t with its leaf number i (in order) replaced by v.
func replaceLeaf(t layout.IntTuple, i int, v layout.IntTuple) layout.IntTuple {
	n := 0
	var walk func(layout.IntTuple) layout.IntTuple
	walk = func(t layout.IntTuple) layout.IntTuple {
		if t.Kind() != layout.KindTuple {
			n++
			if n-1 == i {
				return v
			}
			return t
		}
		elems := make([]layout.IntTuple, t.Len())
		for k := range elems {
			elems[k] = walk(t.At(k))
		}
		return layout.Tuple(elems...)
	}
	return walk(t)
}

// swizzle converts S<B,M,S>, checking that it is a bijection (|S| >= B).
func (c *converter) swizzle(n *ast.Swizzle) (Value, bool) {
	sw, ok := c.swizzleOf(n)
	if !ok {
		return nil, false
	}
	return Swizzle{sw}, true
}

// swizzleOf is swizzle without the Value (a composed layout's function A).
func (c *converter) swizzleOf(n *ast.Swizzle) (layout.Swizzle, bool) {
	sw, err := layout.NewSwizzle(int(n.B.Value), int(n.M.Value), int(n.S.Value))
	if err != nil {
		c.algebra(n.Span, err)
		return layout.Swizzle{}, false
	}
	return sw, true
}

// composed converts outer o offset o inner; an omitted offset is 0.
func (c *converter) composed(n *ast.Composed) (Value, bool) {
	var outer layout.Function
	if sw, isSwizzle := n.Outer.(*ast.Swizzle); isSwizzle { // the common case, without a Value
		s, ok := c.swizzleOf(sw)
		if !ok {
			return nil, false
		}
		outer = s
	} else {
		outerV, ok := c.value(n.Outer)
		if !ok {
			return nil, false
		}
		switch o := outerV.(type) {
		case Swizzle:
			outer = o.S
		case Layout:
			outer = o.L
		default:
			c.wrongKind(spanOf(n.Outer), "a swizzle or a layout", outerV)
			return nil, false
		}
	}
	offset := layout.Int(0)
	if n.Offset != nil {
		off, ok := c.offset(n.Offset)
		if !ok {
			return nil, false
		}
		offset = off
	}
	inner, ok := c.layoutOf(n.Inner)
	if !ok {
		return nil, false
	}
	if n.FlagBits != 0 {
		return c.byteSwizzled(n, outer, inner)
	}
	cl, err := layout.NewComposed(outer, offset, inner)
	if err != nil {
		at := spanOf(n)
		if n.Offset != nil {
			at = spanOf(n.Offset)
		}
		c.algebra(at, err)
		return nil, false
	}
	return Composed{cl}, true
}

// accessor converts {offset} o layout.
func (c *converter) accessor(n *ast.Accessor) (Value, bool) {
	off, ok := c.offset(n.Offset)
	if !ok {
		return nil, false
	}
	l, ok := c.layoutOf(n.Layout)
	if !ok {
		return nil, false
	}
	return Accessor{off, l}, true
}

func (c *converter) offset(e ast.Expr) (layout.IntTuple, bool) {
	v, ok := c.value(e)
	if !ok {
		return layout.IntTuple{}, false
	}
	switch v := v.(type) {
	case Int:
		return layout.Int(int64(v)), true
	case Tuple:
		return v.T, true
	}
	c.wrongKind(spanOf(e), "an integer offset", v)
	return layout.IntTuple{}, false
}

func (c *converter) layoutOf(e ast.Expr) (layout.Layout, bool) {
	if n, isLayout := e.(*ast.Layout); isLayout {
		if l, ok := staticLayoutOf(n); ok {
			return l, true // the common case, without a Value
		}
	}
	v, ok := c.value(e)
	if !ok {
		return layout.Layout{}, false
	}
	l, isLayout := v.(Layout)
	if !isLayout {
		c.wrongKind(spanOf(e), "a layout", v)
		return layout.Layout{}, false
	}
	return l.L, true
}

// tile converts [T0;T1;...]: each mode a layout, an integer, _, a shape or a
// nested tile; or a bare tile of the dialect.
func (c *converter) tile(n *ast.Tile) (Value, bool) {
	if n.Bare && len(n.Modes) == 1 {
		return c.bareTile(n.Modes[0])
	}
	modes := make([]layout.Tiler, len(n.Modes))
	for i, m := range n.Modes {
		v, ok := c.value(m)
		if !ok {
			return nil, false
		}
		t, ok := c.asTiler(m, v)
		if !ok {
			return nil, false
		}
		modes[i] = t
	}
	return Tiler{layout.TileTuple(modes...)}, true
}

// asTiler views a value as a tiler: a layout, an integer N (N:1), _, a
// shape such as (4,8) (meaning [4;8]) or a tiler.
func (c *converter) asTiler(e ast.Node, v Value) (layout.Tiler, bool) {
	switch v := v.(type) {
	case Tiler:
		return v.T, true
	case Layout:
		return layout.TileLayout(v.L), true
	case Int:
		if v <= 0 {
			c.shapeLeaf(spanOf(e), v.String())
			return layout.Tiler{}, false
		}
		return layout.TileInt(int64(v)), true
	case Tuple:
		t, err := layout.TilerOfShape(v.T)
		if err != nil {
			c.algebra(spanOf(e), err)
			return layout.Tiler{}, false
		}
		return t, true
	}
	c.wrongKind(spanOf(e), "a tiler (a layout, an integer, _ or a shape)", v)
	return layout.Tiler{}, false
}

// bareTile converts the dialect's tile payload written without brackets
// (Types/tile.mlir, Accessors/get.mlir#tile_mode0): a layout is the tile of
// that layout, `_` the tile `_`, and a shape the tile of its compact layout
// (Arithmetic/equal_errors.mlir prints `!cute.tile<"(2,2)">` as
// `(2,2):(1,2)`).
func (c *converter) bareTile(e ast.Expr) (Value, bool) {
	v, ok := c.value(e)
	if !ok {
		return nil, false
	}
	switch v := v.(type) {
	case Layout:
		return Tiler{layout.TileLayout(v.L)}, true
	case Int:
		v2, ok := c.shapeTile(e, layout.Int(int64(v)))
		return v2, ok
	case Tuple:
		if v.T.Kind() == layout.KindUnderscore {
			return Tiler{layout.TileUnderscore()}, true
		}
		return c.shapeTile(e, v.T)
	}
	c.wrongKind(spanOf(e), "a tile (a layout, `_` or a shape)", v)
	return nil, false
}

// shapeTile is the tile of the compact layout of a shape.
func (c *converter) shapeTile(e ast.Expr, shape layout.IntTuple) (Value, bool) {
	l, err := layout.Make(shape)
	if err != nil {
		c.algebra(spanOf(e), err)
		return nil, false
	}
	return Tiler{layout.TileLayout(l)}, true
}

// staticLayout converts a layout of positive integer extents and integer
// strides in the same profile, the common case, through a layout.Static:
// the tree is built with one allocation, where the general path below makes
// one per tuple. It declines (ok false) on anything else, which the general
// path converts or reports; whatever it accepts, the general path accepts
// with the same result.
func staticLayout(n *ast.Layout) (Value, bool) {
	l, ok := staticLayoutOf(n)
	if !ok {
		return nil, false
	}
	return Layout{l}, true
}

// staticLayoutOf is staticLayout without the Value.
func staticLayoutOf(n *ast.Layout) (layout.Layout, bool) {
	var s layout.Static
	if !addStatic(&s, n.Shape, n.Stride) || !s.Valid() {
		return layout.Layout{}, false
	}
	return s.Layout(), true
}

// addStatic adds the element shape:stride to s.
func addStatic(s *layout.Static, shape, stride ast.Expr) bool {
	switch sh := shape.(type) {
	case *ast.Int:
		st, ok := stride.(*ast.Int)
		return ok && s.AddLeaf(sh.Value, st.Value)
	case *ast.Tuple:
		st, ok := stride.(*ast.Tuple)
		if !ok || len(st.Elems) != len(sh.Elems) || !s.OpenTuple() {
			return false
		}
		for i := range sh.Elems {
			if !addStatic(s, sh.Elems[i], st.Elems[i]) {
				return false
			}
		}
		return s.CloseTuple()
	}
	return false
}

// byteSwizzled converts S<B,M,S> o smem_ptr[Nb](unset) o inner, CuTe's
// ComposedLayout with smem_ptr_flag_bits<N>: the swizzle acts on the byte
// addresses of N-bit elements.
func (c *converter) byteSwizzled(n *ast.Composed, outer layout.Function, inner layout.Layout) (Value, bool) {
	sw, ok := outer.(layout.Swizzle)
	if !ok {
		c.add(diag.WrongKind, spanOf(n.Outer),
			"expected a swizzle before %s (CuTe's smem_ptr_flag follows a swizzle), found the layout %s",
			c.flagText(n), outer)
		return nil, false
	}
	if n.FlagBits < 0 {
		c.add(diag.BadValue, n.FlagSpan, "the element width of %s is not a power of two that fits an int", c.flagText(n))
		return nil, false
	}
	cl, err := layout.NewByteSwizzled(sw, n.FlagBits, inner)
	if err != nil {
		c.algebra(n.FlagSpan, err)
		return nil, false
	}
	return Composed{cl}, true
}

// flagText is the source text of the smem_ptr flag of n.
func (c *converter) flagText(n *ast.Composed) string {
	if c.file != nil && n.FlagSpan.Start >= 0 && n.FlagSpan.End <= len(c.file.Src) && n.FlagSpan.Start < n.FlagSpan.End {
		return string(c.file.Src[n.FlagSpan.Start:n.FlagSpan.End])
	}
	return "the pointer"
}
