package normalize

import (
	"github.com/cutec/cutec/ast"
	"github.com/cutec/cutec/diag"
	"github.com/cutec/cutec/layout"
)

// The size of values is bounded by layout.MaxNodes (E0705) at one place,
// the evaluation of a call or an application, whatever the operation:
//
//   - before an operation runs, the nodes of its arguments are counted
//     (the count stops past the bound, so it costs at most MaxNodes steps),
//     and an operation that builds its result from its arguments is refused
//     when they hold more than the bound together: make_layout(A, A) of a
//     large A is refused before anything is allocated;
//   - after it runs, its result is counted, for the operations whose result
//     can outgrow their arguments (composition splits modes; a basis
//     coordinate has as many elements as its dimension);
//   - operations whose result is a number, a truth value or a part of an
//     argument (queries) are not refused for the size of their arguments,
//     which are values that already exist.
//
// The algebra itself bounds what it allocates where the size is known in
// advance (a basis coordinate, see layout.MaxNodes).

// queries are the operations whose result is no larger than one of their
// arguments: a number, a truth value, or a part.
var queries = map[string]bool{
	"size": true, "rank": true, "depth": true, "cosize": true, "stride": true, "shape": true,
	"crd2idx": true, "equal": true, "elem_less": true, "sum": true, "product": true,
	"inner_product": true, "max_common_vector": true, "get": true, "select": true,
	"composed_get_inner": true, "composed_get_outer": true, "composed_get_offset": true,
}

// checkArgsSize reports E0705 at the call when an operation that builds its
// result from its arguments (not one of queries) gets arguments over the
// bound together.
func (x *evaluation) checkArgsSize(n *ast.Call, op *operation, vals []Value) bool {
	if op.query {
		return true
	}
	var total int64
	for _, v := range vals {
		total += valueNodes(v, layout.MaxNodes-total)
		if total > layout.MaxNodes {
			x.tooLarge(n.Span, op.name, vals...)
			return false
		}
	}
	return true
}

// checkResultSize reports E0705 at span when v is over the bound on nodes
// or on depth.
func (x *evaluation) checkResultSize(span diag.Span, op string, v Value) bool {
	n := valueNodes(v, layout.MaxNodes)
	if n > layout.MaxNodes {
		x.tooLarge(span, op, v)
		return false
	}
	if n <= shallowNodes {
		return true // nests at most n-1 deep: not too deep
	}
	var buf [5]layout.IntTuple
	if layout.TooDeep(appendTrees(buf[:0], v)...) {
		x.algebra(span, layout.ErrValueTooDeep(op))
		return false
	}
	return true
}

// shallowNodes is a number of nodes below the depth that layout.TooDeep
// refuses (256): a value of at most this many nodes nests at most one less
// deep, so its depth needs no walk (TestShallowNodesNotTooDeep holds it to
// TooDeep).
const shallowNodes = 64

// tooLarge reports the values, over the bound together, with their exact
// size.
func (x *evaluation) tooLarge(span diag.Span, op string, vals ...Value) {
	var trees []layout.IntTuple
	for _, v := range vals {
		trees = append(trees, valueTrees(v)...)
	}
	n := layout.ExactNodes(trees...)
	x.algebra(span, layout.ErrValueTooLarge(op, max(n, layout.MaxNodes+1)))
}

// valueNodes counts the nodes of v, stopping past limit.
func valueNodes(v Value, limit int64) int64 {
	switch v := v.(type) {
	case Layout: // the commonest, without the copy to trees
		return v.L.Nodes(limit)
	case Tuple:
		return v.T.Nodes(limit)
	case Tiler:
		return v.T.Nodes(limit)
	case Composed:
		return v.C.Nodes(limit)
	}
	var buf [5]layout.IntTuple
	var n int64
	for _, t := range appendTrees(buf[:0], v) {
		if n += t.Nodes(limit - n); n > limit {
			break
		}
	}
	return n
}

// valueTrees returns the IntTuples a value is made of.
func valueTrees(v Value) []layout.IntTuple { return appendTrees(nil, v) }

// appendTrees appends the IntTuples a value is made of to trees (at most
// five but for a tiler, so that a caller's array of five does not
// allocate).
func appendTrees(trees []layout.IntTuple, v Value) []layout.IntTuple {
	switch v := v.(type) {
	case Int:
		return append(trees, layout.Int(int64(v)))
	case Tuple:
		return append(trees, v.T)
	case Layout:
		return append(trees, v.L.Shape(), v.L.Stride())
	case Accessor:
		return append(trees, v.Offset, v.L.Shape(), v.L.Stride())
	case Composed:
		trees = append(trees, v.C.Offset, v.C.Inner.Shape(), v.C.Inner.Stride())
		if l, ok := v.C.Outer.(layout.Layout); ok {
			trees = append(trees, l.Shape(), l.Stride())
		}
		return trees
	case Tiler:
		return append(trees, tilerTrees(v.T)...)
	}
	return append(trees, layout.Int(0))
}

func tilerTrees(t layout.Tiler) []layout.IntTuple {
	if l, ok := t.Layout(); ok {
		return []layout.IntTuple{l.Shape(), l.Stride()}
	}
	var trees []layout.IntTuple
	if t.IsTuple() {
		for i := 0; i < t.Rank(); i++ {
			trees = append(trees, tilerTrees(t.Mode(i))...)
		}
	}
	return trees
}
