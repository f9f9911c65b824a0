package parser

import (
	"github.com/cutec/cutec/ast"
	"github.com/cutec/cutec/internal/syntax"
)

// slab holds preallocated nodes for converting one input: its tokens bound
// how many integers, tuples, layouts, names, calls and tuple or argument
// elements the tree can have, and when the bounds are small (the common
// case: a layout, or a call on a few layouts) all those nodes come from one
// allocation of a nodeBlock instead of one allocation each. Nodes taken from
// a slab are ordinary nodes; the slab only keeps them together in memory.
// When a kind runs out (the bounds were larger than a block), nodes of that
// kind are allocated one by one.
type slab struct {
	ints    []ast.Int
	tuples  []ast.Tuple
	layouts []ast.Layout
	idents  []ast.Ident
	calls   []ast.Call
	exprs   []ast.Expr
	bases   []ast.Basis // basis entries, and their dimensions (see withBases)
	dims    []ast.Dim
}

// tinyBlock, smallBlock, layoutBlock and nodeBlock are the one allocation
// of a slab, in four sizes, since parses are cached and their size counts: a tinyBlock
// covers a call on flat layouts, `logical_divide(7680:1, 40:1)`; a
// smallBlock a call on rank-2 layouts, `composition((36,40):(1,36), 8:1)`,
// or an assignment of one; a layoutBlock a layout of eight leaves in nested
// tuples, `((8,8),(8,4)):((64,1),(8,512))`, as the dialect's payloads are;
// a nodeBlock anything larger (a rank-4 layout of nested tuples, a call on
// one).
type tinyBlock struct {
	ints    [4]ast.Int
	tuples  [1]ast.Tuple
	layouts [2]ast.Layout
	idents  [1]ast.Ident
	calls   [1]ast.Call
	exprs   [4]ast.Expr
}

type smallBlock struct {
	ints    [6]ast.Int
	tuples  [2]ast.Tuple
	layouts [2]ast.Layout
	idents  [2]ast.Ident
	calls   [1]ast.Call
	exprs   [6]ast.Expr
}

type layoutBlock struct {
	ints    [8]ast.Int
	tuples  [6]ast.Tuple
	layouts [1]ast.Layout
	idents  [0]ast.Ident
	calls   [0]ast.Call
	exprs   [14]ast.Expr
}

type nodeBlock struct {
	ints    [16]ast.Int
	tuples  [8]ast.Tuple
	layouts [2]ast.Layout
	idents  [2]ast.Ident
	calls   [1]ast.Call
	exprs   [24]ast.Expr
}

// nodeBounds are upper bounds on the nodes of one input's tree, counted
// from its tokens: an integer per number token, a tuple per `(` that does
// not open arguments (after a name or a `)`), a layout per `:`, a name per
// identifier (but a template's or a pointer's, followed by `<` or `[`, and
// a pointer's address, which make no name node: a composed payload such as
// `S<3,4,3> o smem_ptr[16b](unset) o L` then fits a block without names;
// a bound too small only allocates the nodes past it one by one) and a
// call per identifier followed by `(`, and an element per
// `,` or `(` (a tuple or an argument list of n elements has n-1 commas), a
// dimension per `@` and a basis entry per `@` that does not follow a
// dimension (`4@0@1` is one entry of two dimensions); the numbers around an
// `@` are not integers.
type nodeBounds struct {
	ints, tuples, layouts, idents, calls, exprs int
	bases, dims                                 int
}

// countNodes returns the node bounds of the tokens of one input and rewinds
// them.
func countNodes(toks *syntax.Tokens) nodeBounds {
	var b nodeBounds
	prev, prev2 := syntax.TokComma, syntax.TokComma
	for tok := toks.Next(); !tok.EOF(); tok = toks.Next() {
		switch tok.Type {
		case syntax.TokAt:
			b.dims++
			if prev2 == syntax.TokAt {
				break // a further dimension of the same entry
			}
			b.bases++
			if prev == syntax.TokNat || prev == syntax.TokNeg || prev == syntax.TokStatic {
				b.ints-- // the count of a basis entry, not an integer
			}
		case syntax.TokNat, syntax.TokNeg, syntax.TokStatic:
			if prev != syntax.TokAt { // not a dimension
				b.ints++
			}
		case syntax.TokLParen:
			switch prev {
			case syntax.TokIdent:
				b.calls++
			case syntax.TokRParen:
			default:
				b.tuples++
			}
			b.exprs++
		case syntax.TokComma:
			b.exprs++
		case syntax.TokColon:
			b.layouts++
		case syntax.TokIdent:
			if prev != syntax.TokLParen || prev2 != syntax.TokRBracket {
				b.idents++ // not the address of a pointer, smem_ptr[16b](unset)
			}
		case syntax.TokLAngle, syntax.TokLBracket:
			if prev == syntax.TokIdent {
				b.idents-- // a template's or a pointer's name, S<3,4,3> or smem_ptr[16b]: no name node
			}
		}
		prev, prev2 = tok.Type, prev
	}
	toks.Rewind()
	return b
}

// newSlab returns a slab for an input with bounds b: the smallest block that
// holds b, or a nodeBlock, whose nodes of each kind then serve the first
// ones of the input's tree.
func newSlab(b nodeBounds) slab {
	fits := func(ints, tuples, layouts, idents, calls, exprs int) bool {
		return b.ints <= ints && b.tuples <= tuples && b.layouts <= layouts &&
			b.idents <= idents && b.calls <= calls && b.exprs <= exprs
	}
	var t tinyBlock
	var s smallBlock
	var l layoutBlock
	switch {
	case fits(len(t.ints), len(t.tuples), len(t.layouts), len(t.idents), len(t.calls), len(t.exprs)):
		k := new(tinyBlock)
		return fill(b, k.ints[:], k.tuples[:], k.layouts[:], k.idents[:], k.calls[:], k.exprs[:]).withBases(b)
	case fits(len(s.ints), len(s.tuples), len(s.layouts), len(s.idents), len(s.calls), len(s.exprs)):
		k := new(smallBlock)
		return fill(b, k.ints[:], k.tuples[:], k.layouts[:], k.idents[:], k.calls[:], k.exprs[:]).withBases(b)
	case fits(len(l.ints), len(l.tuples), len(l.layouts), len(l.idents), len(l.calls), len(l.exprs)):
		k := new(layoutBlock)
		return fill(b, k.ints[:], k.tuples[:], k.layouts[:], k.idents[:], k.calls[:], k.exprs[:]).withBases(b)
	}
	k := new(nodeBlock)
	return fill(b, k.ints[:], k.tuples[:], k.layouts[:], k.idents[:], k.calls[:], k.exprs[:]).withBases(b)
}

// withBases gives s the basis entries and dimensions that b bounds, in one
// allocation of each kind when there are any: a stride of basis entries,
// `(4,8):(1@0,1@1)`, as the dialect's identity layouts are written, takes two
// allocations whatever its rank. The blocks hold none, since most inputs
// have none.
func (s slab) withBases(b nodeBounds) slab {
	if b.bases > 0 {
		s.bases = make([]ast.Basis, b.bases)
		s.dims = make([]ast.Dim, b.dims)
	}
	return s
}

// fill makes a slab of the nodes of a block, as many of each kind as b
// bounds and the block holds.
func fill(b nodeBounds, ints []ast.Int, tuples []ast.Tuple, layouts []ast.Layout, idents []ast.Ident, calls []ast.Call, exprs []ast.Expr) slab {
	return slab{
		ints: ints[:min(b.ints, len(ints))], tuples: tuples[:min(b.tuples, len(tuples))],
		layouts: layouts[:min(b.layouts, len(layouts))], idents: idents[:min(b.idents, len(idents))],
		calls: calls[:min(b.calls, len(calls))], exprs: exprs[:min(b.exprs, len(exprs))],
	}
}

// take returns the first node of *s, or a new one when *s is empty.
func take[T any](s *[]T) *T {
	if len(*s) == 0 {
		return new(T)
	}
	n := &(*s)[0]
	*s = (*s)[1:]
	return n
}

func (s *slab) newInt() *ast.Int       { return take(&s.ints) }
func (s *slab) newTuple() *ast.Tuple   { return take(&s.tuples) }
func (s *slab) newLayout() *ast.Layout { return take(&s.layouts) }
func (s *slab) newIdent() *ast.Ident   { return take(&s.idents) }
func (s *slab) newCall() *ast.Call     { return take(&s.calls) }

func (s *slab) newBasis() *ast.Basis { return take(&s.bases) }

// newDims returns a slice of n dimensions with no room to append in place.
func (s *slab) newDims(n int) []ast.Dim {
	if len(s.dims) < n {
		return make([]ast.Dim, n)
	}
	out := s.dims[:n:n]
	s.dims = s.dims[n:]
	return out
}

// newExprs returns a slice of n elements with no room to append in place.
func (s *slab) newExprs(n int) []ast.Expr {
	if len(s.exprs) < n {
		return make([]ast.Expr, n)
	}
	out := s.exprs[:n:n]
	s.exprs = s.exprs[n:]
	return out
}
