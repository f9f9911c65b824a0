package parser

import (
	"github.com/cutec/cutec/ast"
	"github.com/cutec/cutec/grammar"
)

// slab holds preallocated nodes for converting one fast tree: counting the
// tree first turns a dozen small allocations into three. Nodes taken from a
// slab are ordinary nodes; the slab only keeps them together in memory.
type slab struct {
	ints   []ast.Int
	tuples []ast.Tuple
	exprs  []ast.Expr
}

// newSlab sizes a slab for the integers, tuples and tuple elements of t.
func newSlab(t grammar.FastTerm) slab {
	var ints, tuples, exprs int
	var count func(v grammar.FastValue)
	count = func(v grammar.FastValue) {
		switch v := v.(type) {
		case *grammar.FastTuple:
			tuples++
			exprs += len(v.Elems)
			for _, e := range v.Elems {
				count(e)
			}
		case *grammar.FastInt:
			ints++
		}
	}
	if l, ok := t.(*grammar.FastLayout); ok {
		count(l.Shape)
		count(l.Stride)
	} else {
		count(t.(grammar.FastValue))
	}
	return slab{ints: make([]ast.Int, ints), tuples: make([]ast.Tuple, tuples), exprs: make([]ast.Expr, exprs)}
}

func (s *slab) newInt() *ast.Int {
	if len(s.ints) == 0 {
		return new(ast.Int)
	}
	n := &s.ints[0]
	s.ints = s.ints[1:]
	return n
}

func (s *slab) newTuple() *ast.Tuple {
	if len(s.tuples) == 0 {
		return new(ast.Tuple)
	}
	n := &s.tuples[0]
	s.tuples = s.tuples[1:]
	return n
}

func (s *slab) newExprs(n int) []ast.Expr {
	if len(s.exprs) < n {
		return make([]ast.Expr, n)
	}
	out := s.exprs[:n:n]
	s.exprs = s.exprs[n:]
	return out
}
