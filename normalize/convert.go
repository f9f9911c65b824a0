package normalize

import (
	"github.com/cutec/cutec/ast"
	"github.com/cutec/cutec/diag"
	"github.com/cutec/cutec/layout"
)

// maxDim bounds basis dimension indices: a mode index beyond it names no
// real mode.
const maxDim = 1<<16 - 1

// simple is the simple candidate (docs/semantics.md §Descriptors): one basis entry as written,
// its count in lowest terms and its dimension path (outermost first). It
// never leaves this package.
type simple struct {
	count Rational // 0 when dynamic
	dyn   bool     // the count is `?`, known only at run time
	path  []int
	leaf  int // index of the entry among the leaves of its tree
	span  diag.Span
	cspan diag.Span // the count's span
}

// converter turns AST value forms into Values, reporting at exact spans.
type converter struct {
	*report
	lowerable bool
	// exprs evaluates the names and calls that appear where a value is
	// expected (a tile's modes, a composed layout's parts); nil when none
	// are allowed.
	exprs exprEvaluator
	// symbols holds the facts of the symbols (convert_symbol.go); nil
	// when there are none.
	symbols *symbolScope
}

// exprEvaluator evaluates a name or a call (an evaluation, whose pointer is
// stored without the allocation a method value would cost).
type exprEvaluator interface {
	eval(e ast.Expr) (Value, bool)
}

// value converts a value form: an integer, tuple, basis entry, dynamic leaf,
// underscore, layout, swizzle, composed layout, tile, accessor, or one of
// them in parentheses. ok is false when a diagnostic was reported.
func (c *converter) value(e ast.Expr) (Value, bool) {
	switch n := e.(type) {
	case *ast.Int:
		return Int(n.Value), true
	case *ast.Paren:
		return c.value(n.X)
	case *ast.Layout:
		return c.layout(n)
	case *ast.Swizzle:
		return c.swizzle(n)
	case *ast.Composed:
		return c.composed(n)
	case *ast.Accessor:
		return c.accessor(n)
	case *ast.Tile:
		return c.tile(n)
	case *ast.Wrapper:
		return c.wrapper(n)
	case *ast.Tuple, *ast.Basis, *ast.Dynamic, *ast.Underscore, *ast.Symbol, *ast.Product:
		return c.treeValue(e)
	}
	if c.exprs != nil {
		return c.exprs.eval(e)
	}
	c.notAValue(spanOf(e), "a value")
	return nil, false
}

// wrapper converts the payload of a dialect wrapper `!cute.layout<"…">`.
// The dialect lowers every payload, so a ratio-valued basis count is
// rejected whatever the options (Types/stride_errors.mlir).
func (c *converter) wrapper(n *ast.Wrapper) (Value, bool) {
	lowerable := c.lowerable
	c.lowerable = true
	defer func() { c.lowerable = lowerable }()
	return c.value(n.Payload)
}

func spanOf(e ast.Node) diag.Span { return diag.Span{Start: e.Pos(), End: e.End()} }

// treeValue converts a tuple or a leaf: a Tuple, or a Descriptor when a
// basis count is not an integer.
func (c *converter) treeValue(e ast.Expr) (Value, bool) {
	var entries []simple
	t, ok := c.tree(e, &entries)
	if !ok {
		return nil, false
	}
	for _, s := range entries {
		if !s.count.IsInt() {
			if c.lowerable {
				c.nonIntegralDescriptor(s.cspan, s.count)
				return nil, false
			}
			return Descriptor{ratTree(t, entries)}, true
		}
	}
	return Tuple{t}, true
}

// tree converts a tuple or leaf to an IntTuple and collects its basis
// entries. A basis with a non-integral count is a placeholder leaf
// Basis(0, path) in the IntTuple; its count is in entries.
func (c *converter) tree(e ast.Expr, entries *[]simple) (layout.IntTuple, bool) {
	leaf := 0
	return c.walk(e, entries, &leaf)
}

func (c *converter) walk(e ast.Expr, entries *[]simple, leaf *int) (layout.IntTuple, bool) {
	switch n := e.(type) {
	case *ast.Tuple:
		elems := make([]layout.IntTuple, len(n.Elems))
		for i, el := range n.Elems {
			t, ok := c.walk(el, entries, leaf)
			if !ok {
				return layout.IntTuple{}, false
			}
			elems[i] = t
		}
		return layout.Tuple(elems...), true
	case *ast.Int:
		*leaf++
		return layout.Int(n.Value), true
	case *ast.Dynamic:
		*leaf++
		div := int64(0)
		if n.Div != nil {
			div = n.Div.Value
		}
		return layout.Dynamic(dynamicWidth(n.Width), div), true
	case *ast.Underscore:
		*leaf++
		return layout.Underscore(), true
	case *ast.Symbol, *ast.Product:
		*leaf++
		return c.symbolic(n)
	case *ast.Basis:
		s, ok := c.basis(n, *leaf)
		*leaf++
		if !ok {
			return layout.IntTuple{}, false
		}
		*entries = append(*entries, s)
		if s.dyn {
			return layout.DynamicBasis(s.path...), true
		}
		if !s.count.IsInt() {
			return layout.Basis(0, s.path...), true
		}
		return layout.Basis(s.count.Num, s.path...), true
	}
	c.notAValue(spanOf(e), "an integer, a basis entry, ?, _ or a tuple of them")
	return layout.IntTuple{}, false
}

// defaultWidth is the integer width of a dynamic value written `?`: the
// dialect's `?` and `?{i32}` are the same value (cutegen's dynamic_t, whose
// width is 32 unless given).
const defaultWidth = 32

// dynamicWidth normalizes a written width: the default width is dropped, so
// that `?{i32}` is `?`.
func dynamicWidth(w int) uint8 {
	if w == defaultWidth {
		return 0
	}
	return uint8(w)
}

// basis normalizes one basis entry into a simple candidate.
func (c *converter) basis(n *ast.Basis, leaf int) (simple, bool) {
	if n.Count.Den == 0 && !n.Count.Dynamic {
		c.zeroDenominator(n.Count.DenSpan, n.Count.Num)
		return simple{}, false
	}
	path := make([]int, len(n.Dims))
	for i, d := range n.Dims {
		if d.Value > maxDim {
			c.dimTooLarge(d.Span, d.Value)
			return simple{}, false
		}
		path[len(n.Dims)-1-i] = int(d.Value) // written innermost first
	}
	if n.Count.Dynamic {
		return simple{count: Rational{0, 1}, dyn: true, path: path, leaf: leaf, span: n.Span, cspan: n.Count.Span}, true
	}
	count, ok := reduce(n.Count.Num, n.Count.Den)
	if !ok {
		c.add(diag.Overflow, n.Count.Span, "the basis count %d/%d overflows int64 in lowest terms with a positive denominator (a part is 2^63)", n.Count.Num, n.Count.Den)
		return simple{}, false
	}
	return simple{count: count, path: path, leaf: leaf, span: n.Span, cspan: n.Count.Span}, true
}

// ratTree rebuilds a basis tree with the rational counts of entries.
func ratTree(t layout.IntTuple, entries []simple) RatTree {
	leaf, next := 0, 0
	var walk func(layout.IntTuple) RatTree
	walk = func(t layout.IntTuple) RatTree {
		if t.Kind() == layout.KindTuple {
			elems := make([]RatTree, t.Len())
			for i := range elems {
				elems[i] = walk(t.At(i))
			}
			return RatTree{Elems: elems}
		}
		defer func() { leaf++ }()
		if next < len(entries) && entries[next].leaf == leaf {
			s := entries[next]
			next++
			return RatTree{Count: s.count, Dynamic: s.dyn, Path: s.path}
		}
		return RatTree{Count: Rational{t.Value(), 1}}
	}
	return walk(t)
}
