package parser

import "github.com/cutec/cutec/ast"

// A basis descriptor, `((1@0,8@1),(1/2@2,4@0@1))`, has no integers, layouts,
// names or calls: its nodes are tuples, basis entries, their dimensions and
// tuple elements. Its slab comes from one of two blocks of those kinds
// alone: a flatDescBlock holds a flat descriptor of rank 4 or less,
// `(1@0,1@1,1@2,1@3)`, as the dialect's strides write them; a descBlock one
// of two modes of rank 2, `((1@0,8@1),(1/2@2,4@0@1))`. A larger descriptor
// takes one slice of each kind, sized by its bounds, so that its parse makes
// four allocations for its nodes whatever its number of leaves.
type flatDescBlock struct {
	tuples [1]ast.Tuple
	bases  [4]ast.Basis
	dims   [4]ast.Dim
	exprs  [4]ast.Expr
}

type descBlock struct {
	tuples [3]ast.Tuple
	bases  [4]ast.Basis
	dims   [6]ast.Dim
	exprs  [6]ast.Expr
}

// newDescSlab returns a slab for a descriptor with bounds b (see
// countNodes).
func newDescSlab(b nodeBounds) slab {
	fits := func(tuples, bases, dims, exprs int) bool {
		return b.tuples <= tuples && b.bases <= bases && b.dims <= dims && b.exprs <= exprs
	}
	var f flatDescBlock
	var d descBlock
	switch {
	case fits(len(f.tuples), len(f.bases), len(f.dims), len(f.exprs)):
		k := new(flatDescBlock)
		return fillDesc(b, k.tuples[:], k.bases[:], k.dims[:], k.exprs[:])
	case fits(len(d.tuples), len(d.bases), len(d.dims), len(d.exprs)):
		k := new(descBlock)
		return fillDesc(b, k.tuples[:], k.bases[:], k.dims[:], k.exprs[:])
	}
	return slab{
		tuples: make([]ast.Tuple, b.tuples), bases: make([]ast.Basis, b.bases),
		dims: make([]ast.Dim, b.dims), exprs: make([]ast.Expr, b.exprs),
	}
}

// fillDesc makes a slab of the nodes of a descriptor block, as many of each
// kind as b bounds.
func fillDesc(b nodeBounds, tuples []ast.Tuple, bases []ast.Basis, dims []ast.Dim, exprs []ast.Expr) slab {
	return slab{
		tuples: tuples[:b.tuples], bases: bases[:b.bases], dims: dims[:b.dims], exprs: exprs[:b.exprs],
	}
}
