package verify

import (
	"fmt"

	"github.com/cutec/cutec/ast"
	"github.com/cutec/cutec/diag"
	"github.com/cutec/cutec/layout"
	"github.com/cutec/cutec/normalize"
)

// dialectStridesCheck is the check dialect-strides (see checks in check.go).
var dialectStridesCheck = &Check{
	Name: "dialect-strides",
	Doc: "The dialect's rules on strides, for every layout of a value (both layouts of a composed layout, " +
		"every layout of a tile, nested tiles included): all integers or all basis elements, only a literal 0 " +
		"may sit beside basis elements (E0600); no basis path ends at a node of the codomain that another " +
		"path continues through (E0601); in lowerable mode, no ratio-valued basis (E0602).",
	Codes: []diag.Code{diag.MixedStrideKinds, diag.BasisDepthMismatch, diag.RatioNotLowerable},
	Value: checkStrides,
}

func checkStrides(s *Subject) {
	if d, ok := s.Value.(normalize.Descriptor); ok {
		if s.lowerable {
			s.Report(diag.RatioNotLowerable, s.Span(),
				fmt.Sprintf("the basis descriptor %s has a ratio-valued count, which a lowerable layout cannot hold", d))
		}
		return
	}
	var buf [4]spannedStride
	for _, st := range stridesOf(s.Value, payload(s.Node), buf[:0]) {
		checkStride(s, st.stride, st.span(s))
	}
}

// spannedStride is a stride to check and the node it was written in (nil
// when the value does not come from a literal of the same structure).
type spannedStride struct {
	stride layout.IntTuple
	node   ast.Expr
}

func (st spannedStride) span(s *Subject) diag.Span {
	if st.node == nil {
		return s.Span()
	}
	return spanOf(st.node)
}

func spanOf(n ast.Node) diag.Span { return diag.Span{Start: n.Pos(), End: n.End()} }

// payload returns the payload of a dialect wrapper, and any other node as
// it is: checks report at the parts of the value, inside the quotes.
func payload(n ast.Expr) ast.Expr {
	if w, ok := n.(*ast.Wrapper); ok {
		return w.Payload
	}
	return n
}

// stridesOf lists the strides the dialect's rules apply to: a layout's, a
// stride tuple itself, both layouts of a composed layout and every layout of
// a tile, appended to out. n is the node v was written as, used for the
// parts' spans.
func stridesOf(v normalize.Value, n ast.Expr, out []spannedStride) []spannedStride {
	switch v := v.(type) {
	case normalize.Layout:
		return append(out, spannedStride{v.L.Stride(), n})
	case normalize.Tuple:
		return append(out, spannedStride{v.T, n})
	case normalize.Composed:
		var outer, inner ast.Expr
		if c, ok := n.(*ast.Composed); ok {
			outer, inner = c.Outer, c.Inner
		}
		out = append(out, spannedStride{v.C.Inner.Stride(), inner})
		if l, ok := v.C.Outer.(layout.Layout); ok {
			out = append(out, spannedStride{l.Stride(), outer})
		}
		return out
	case normalize.Tiler:
		return tileStrides(v.T, n, out)
	}
	return out
}

// tileStrides appends the stride of every layout of the tiler t, which was
// written as n when n is a tile of the same rank.
func tileStrides(t layout.Tiler, n ast.Expr, out []spannedStride) []spannedStride {
	if l, ok := t.Layout(); ok {
		return append(out, spannedStride{l.Stride(), n})
	}
	if !t.IsTuple() {
		return out
	}
	tile, _ := n.(*ast.Tile)
	for i := 0; i < t.Rank(); i++ {
		var mode ast.Expr
		if tile != nil && len(tile.Modes) == t.Rank() {
			mode = tile.Modes[i]
		}
		out = tileStrides(t.Mode(i), mode, out)
	}
	return out
}

// checkStride reports the dialect's stride rules on one stride. A dynamic
// integer `?` counts as a non-zero integer: only a literal 0 may sit beside
// basis elements.
func checkStride(s *Subject, stride layout.IntTuple, at diag.Span) {
	if !hasBasis(stride) {
		return // both rules are about basis elements: an integer stride, the common case, passes
	}
	var ints, bases []layout.IntTuple
	walkLeaves(stride, func(t layout.IntTuple) {
		switch {
		case t.Kind() == layout.KindBasis:
			bases = append(bases, t)
		case t.Kind() == layout.KindDynamic, t.Kind() == layout.KindInt && t.Value() != 0:
			ints = append(ints, t)
		}
	})
	if len(bases) > 0 && len(ints) > 0 {
		s.Report(diag.MixedStrideKinds, at, fmt.Sprintf(
			"the stride %s mixes the integer %s with basis elements such as %s", stride, ints[0], bases[0]))
	}
	if ends, deeper, ok := depthConflict(bases); ok {
		s.Report(diag.BasisDepthMismatch, at, fmt.Sprintf(
			"in the stride %s, the basis path of %s ends at a node of the codomain that %s continues through",
			stride, ends, deeper))
	}
}

// depthConflict finds a basis path that ends at a node of the codomain that
// another path continues through, and returns both (ok is false when there
// is none): the paths then describe one codomain profile, such as ((*,*),*)
// for 1@0@0, 1@1@0 and 1@1. Paths may differ in length: 1@0 (mode 0) and
// 1@0@1 (mode 0 inside mode 1) agree.
func depthConflict(bases []layout.IntTuple) (ends, deeper layout.IntTuple, ok bool) {
	type node struct {
		end     *layout.IntTuple // the first path that ends here
		through *layout.IntTuple // the first path that continues through here
		kids    map[int]*node
	}
	root := &node{}
	for k := range bases {
		b := &bases[k]
		n := root
		for _, i := range b.Path() {
			if n.end != nil {
				return *n.end, *b, true
			}
			if n.through == nil {
				n.through = b
			}
			if n.kids == nil {
				n.kids = map[int]*node{}
			}
			if n.kids[i] == nil {
				n.kids[i] = &node{}
			}
			n = n.kids[i]
		}
		if n.through != nil {
			return *b, *n.through, true
		}
		if n.end == nil {
			n.end = b
		}
	}
	return layout.IntTuple{}, layout.IntTuple{}, false
}

// hasBasis reports whether a leaf of t is a basis element.
func hasBasis(t layout.IntTuple) bool {
	switch t.Kind() {
	case layout.KindBasis:
		return true
	case layout.KindTuple:
		for i := 0; i < t.Len(); i++ {
			if hasBasis(t.At(i)) {
				return true
			}
		}
	}
	return false
}

func walkLeaves(t layout.IntTuple, f func(layout.IntTuple)) {
	if t.Kind() != layout.KindTuple {
		f(t)
		return
	}
	for i := 0; i < t.Len(); i++ {
		walkLeaves(t.At(i), f)
	}
}
