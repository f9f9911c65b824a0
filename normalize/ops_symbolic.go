package normalize

import (
	"errors"

	"github.com/cutec/cutec/ast"
	"github.com/cutec/cutec/layout"
)

// symbolicForm computes an operation with symbols (layout.Symbolic) when an
// argument has a symbolic leaf: the operations' rows hold it (withSymbolic
// in ops_table.go). Every operation without one computes with a symbol as
// with the anonymous ? of the same divisor (docs/symbols.md).
type symbolicForm func(a *args) (Value, []layout.Obligation, error)

func symSize(a *args) (Value, []layout.Obligation, error) {
	r, err := new(layout.Symbolic).Size(sizedShape(a.vals[0]))
	return tupleValue(r), nil, err
}

func symCosize(a *args) (Value, []layout.Obligation, error) {
	l, ok := a.vals[0].(Layout)
	if !ok {
		return nil, nil, errNotSymbolic
	}
	r, err := new(layout.Symbolic).Cosize(l.L)
	return tupleValue(r), nil, err
}

func symCoalesceOp(a *args) (Value, []layout.Obligation, error) {
	if a.n() == 2 {
		return symLayout(func(s *layout.Symbolic) (layout.Layout, error) { return s.CoalesceProfile(a.layout(0), a.tuple(1)) })
	}
	return symLayout(func(s *layout.Symbolic) (layout.Layout, error) { return s.Coalesce(a.layout(0)) })
}

func symFilter(a *args) (Value, []layout.Obligation, error) {
	if a.n() == 2 {
		return symLayout(func(s *layout.Symbolic) (layout.Layout, error) {
			return s.FilterProfile(a.layout(0), a.tuple(1))
		})
	}
	return symLayout(func(s *layout.Symbolic) (layout.Layout, error) {
		return s.Coalesce(layout.FilterZeros(a.layout(0)))
	})
}

func symComposition(a *args) (Value, []layout.Obligation, error) {
	t, ok := a.tilerAt(1)
	if _, isLayout := a.vals[0].(Layout); !ok || !isLayout {
		return nil, nil, errNotSymbolic // a composed layout on the right
	}
	return symTiled((*layout.Symbolic).ComposeTiler, a.layout(0), t)
}

func symComplementTo(a *args) (Value, []layout.Obligation, error) {
	if a.n() != 2 {
		return nil, nil, errNotSymbolic
	}
	return symLayout(func(s *layout.Symbolic) (layout.Layout, error) {
		return s.ComplementTo(a.layout(0), sizedShape(a.vals[1]))
	})
}

func symLogicalDivide(a *args) (Value, []layout.Obligation, error) {
	return symTiled((*layout.Symbolic).LogicalDivide, a.layout(0), a.tiler(1))
}

func symZippedDivide(a *args) (Value, []layout.Obligation, error) {
	return symTiled((*layout.Symbolic).ZippedDivide, a.layout(0), a.tiler(1))
}

func symTiledDivide(a *args) (Value, []layout.Obligation, error) {
	return symTiled((*layout.Symbolic).TiledDivide, a.layout(0), a.tiler(1))
}

func symFlatDivide(a *args) (Value, []layout.Obligation, error) {
	return symTiled((*layout.Symbolic).FlatDivide, a.layout(0), a.tiler(1))
}

func symLogicalProduct(a *args) (Value, []layout.Obligation, error) {
	return symTiled((*layout.Symbolic).LogicalProduct, a.layout(0), a.tiler(1))
}

func symLocalTile(a *args) (Value, []layout.Obligation, error) {
	var s layout.Symbolic
	var l layout.Layout
	var off layout.IntTuple
	var err error
	if a.n() == 4 {
		l, off, err = s.LocalTileProj(a.layout(0), a.tiler(1), a.tuple(2), a.tuple(3))
	} else {
		l, off, err = s.LocalTile(a.layout(0), a.tiler(1), a.tuple(2))
	}
	if err != nil {
		return nil, nil, err
	}
	return Accessor{off, l}, s.Obligations, nil
}

func symLocalPartition(a *args) (Value, []layout.Obligation, error) {
	threads := a.layout(1)
	if a.n() == 4 {
		// local_partition(L, threads, index, proj) is the thread layout
		// diced by proj first (layout.LocalPartitionProj).
		t, err := layout.Dice(a.tuple(3), threads)
		if err != nil {
			return nil, nil, errNotSymbolic
		}
		threads = t
	}
	if a.n() > 4 || threads.HasSymbols() {
		return nil, nil, errNotSymbolic
	}
	var s layout.Symbolic
	l, off, err := s.LocalPartition(a.layout(0), threads, a.tuple(2))
	if err != nil {
		return nil, nil, err
	}
	return Accessor{off, l}, s.Obligations, nil
}

// crd2idx(c, L) is an evaluation: evalAt takes symbols.

// errNotSymbolic says that a form of an operation does not compute with
// symbols; the static algebra (symbols as ?) takes it. It never reaches a
// user.
var errNotSymbolic = errors.New("not a symbolic form")

// symTiled runs a symbolic operation of a layout and a tiler.
func symTiled(op func(*layout.Symbolic, layout.Layout, layout.Tiler) (layout.Layout, error), l layout.Layout, t layout.Tiler) (Value, []layout.Obligation, error) {
	return symLayout(func(s *layout.Symbolic) (layout.Layout, error) { return op(s, l, t) })
}

// symLayout runs one symbolic operation and returns its layout and
// obligations.
func symLayout(op func(*layout.Symbolic) (layout.Layout, error)) (Value, []layout.Obligation, error) {
	var s layout.Symbolic
	l, err := op(&s)
	if err != nil {
		return nil, nil, err
	}
	return Layout{l}, s.Obligations, nil
}

// hasSymbols reports whether an argument has a symbolic leaf (a layout
// read as a tiler is walked once, as a value).
func hasSymbols(a *args) bool {
	for _, v := range a.vals {
		switch v := v.(type) {
		case Layout:
			if v.L.HasSymbols() {
				return true
			}
		case Tuple:
			if v.T.HasSymbols() {
				return true
			}
		}
	}
	found := false
	a.eachTiler(func(t layout.Tiler) { found = found || t.HasSymbols() })
	return found
}

// anonymousOnly reports whether the one argument is a layout with ? leaves
// and integer strides: coalesce computes with ? as with a symbol, so
// (192,?):(1,192) is ?{div=192}:1, as the dialect's coalesce should give
// (NVIDIA/cutlass #3469).
func anonymousOnly(vals []Value) bool {
	if len(vals) == 2 {
		if _, ok := vals[1].(Tuple); !ok {
			return false // coalesce and filter by a profile
		}
	} else if len(vals) != 1 {
		return false
	}
	l, ok := vals[0].(Layout)
	return ok && !(l.L.Shape().IsStatic() && l.L.Stride().IsStatic()) && !l.L.Stride().HasBasis()
}

// symbolic runs the symbolic form of op when there is one and an argument
// has symbols (syms, hasSymbols(a)). handled is false when the static
// algebra should run.
func (x *evaluation) symbolic(op *operation, n *ast.Call, a *args, syms bool) (r Value, handled, ok bool) {
	f := op.symbolic
	if f == nil || !syms && !((op.name == "coalesce" || op.name == "filter") && anonymousOnly(a.vals)) {
		return nil, false, false
	}
	r, obl, err := f(a)
	if err == errNotSymbolic {
		return nil, false, false
	}
	if err != nil {
		x.algebra(argSpan(n, err), err)
		return nil, true, false
	}
	for _, o := range obl {
		if !x.obligation(n, o) {
			return nil, true, false
		}
	}
	return r, true, true
}
