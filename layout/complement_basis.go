package layout

import "fmt"

// The complement of a layout with basis strides (paper Table 7, and the
// dialect's scaled-basis complement). Such a layout maps into the
// coordinate semimodule, and each direction e_p of the codomain is reached
// only by its own modes: the modes whose strides are c@p, an integer layout
// with strides c. The complement is taken direction by direction: along
// e_p, the sorted strides leave gaps stride/covered between them (gaps of
// size 1 are left out), and a rest mode repeats from the offset the modes
// cover. complement((2,5,3):(4@1,5@0,16@1)) is
// ((5,1),(4,2,1)):((1@0,25@0),(1@1,8@1,48@1)): along e0 the gap 5:1@0 below
// the mode 5:5@0 and the rest 1:25@0; along e1 the gaps 4:1@1 and 2:8@1 and
// the rest 1:48@1. The rest keeps its stride when its size is 1: it says
// where the direction's next repetition would start.

// complementBasis is Complement for a layout with basis strides: one mode
// per direction of the codomain, each the complement along it with respect
// to its own cosize, left as it is (not coalesced), as the dialect writes
// it: complement(3:4@2) is (1,1,(4,1)):(1@0,1@1,(1@2,12@2)). It is the
// complement in the shape of those cosizes.
func complementBasis(l Layout) (Layout, error) {
	profile, dirs, err := byDirection("complement", l)
	if err != nil {
		return Layout{}, err
	}
	cot, err := shapeAlong(profile, l, dirs, func(g gaps, _ bool) (int64, error) { return g.cosize() })
	if err != nil {
		return Layout{}, err
	}
	return complementOverShape(l, dirs, profile, cot, nil)
}

// complementBasisTo is ComplementTo for a layout with basis strides,
// coalesced as the integer complement is. A shape cotarget is the extent of
// the codomain mode by mode (the shape of the layout a divide's tile
// selects from): complement(2:64@0, (128,64)) is (64,64):(1@0,1@1). An
// integer cotarget counts the codomain as one range, its directions laid
// out one after the other: each direction but the last repeats up to what
// its modes cover, and the last one repeats up to the cotarget, so that
// complement((4,3):(2@0,1@1), 120) is (2,5):(1@0,3@1), where the layout
// repeats along e1 every 3@1.
//
// A shape cotarget may have dynamic extents: the repetitions up to one are
// ?, complement((8,8):(1@0,1@1), (?,?)) is (?,?):(8@0,8@1), which divides
// a layout of dynamic shape by a coordinate tiler. An integer cotarget must
// be static (E0700): how it splits across the directions depends on it.
func complementBasisTo(l Layout, cotarget IntTuple) (Layout, error) {
	if cotarget.Kind() != KindTuple && !cotarget.IsStatic() {
		return Layout{}, newError(CodeDynamicValue, "complement", 1,
			"the cotarget %s of the layout %s with basis strides is dynamic: an integer cotarget of a basis complement must be static", cotarget, l)
	}
	profile, dirs, err := byDirection("complement", l)
	if err != nil {
		return Layout{}, err
	}
	var r Layout
	if cotarget.Kind() == KindTuple {
		r, err = complementOverShape(l, dirs, profile, cotarget, nil)
	} else {
		r, err = complementOverRange(l, dirs, profile, cotarget.val)
	}
	if err != nil {
		return Layout{}, err
	}
	return Coalesce(r), nil
}

// complementOverShape walks the codomain profile and the cotarget shape
// together: a direction the cotarget names repeats up to the cotarget's
// extent there (its size, where the cotarget is finer than the strides),
// and a mode of the cotarget no stride reaches is covered whole, as one
// range at the depth the profile has there: in (4,(2,3)), 1:1@0 leaves
// 6:1@1 for mode 1, not (2,3):(1@0@1,1@1@1), so that the tile and its rest
// address the codomain at the same depths and compose with one layout.
func complementOverShape(l Layout, dirs []direction, profile, cot IntTuple, path []int) (Layout, error) {
	switch {
	case cot.Kind() == KindTuple && profile.Kind() == KindTuple:
		if len(profile.elems) > len(cot.elems) {
			return Layout{}, newError(CodeBasisOutside, "complement", 0,
				"the basis strides of %s reach mode %d of the codomain, but the cotarget %s has no mode %d",
				l, len(profile.elems)-1, cot, len(profile.elems)-1)
		}
		ms := make([]Layout, len(cot.elems))
		for i := range ms {
			p := Int(0) // a mode no stride reaches
			if i < len(profile.elems) {
				p = profile.elems[i]
			}
			m, err := complementOverShape(l, dirs, p, cot.elems[i], append(path[:len(path):len(path)], i))
			if err != nil {
				return Layout{}, err
			}
			ms[i] = m
		}
		return Concat(ms...), nil
	case profile.Kind() == KindTuple:
		return Layout{}, newError(CodeBasisOutside, "complement", 1,
			"the strides of %s reach inside mode %s of the codomain, where the cotarget has the single extent %s",
			l, Basis(1, path...), cot)
	}
	g, err := gapsAlong(l, dirs, path)
	if err != nil {
		return Layout{}, err
	}
	c := calc{op: "complement"}
	n := sizeLeaf(&c, cot)
	return g.withRestLeaf(c.ceilDivLeaf(n, Int(g.covered))), c.errOrNil()
}

// complementOverRange is the complement in the integer cotarget n with the
// directions of the codomain laid out one after the other: it is the
// complement in the shape whose extent along each direction but the last is
// what the layout's modes cover there, and along the last direction what
// is left of n.
func complementOverRange(l Layout, dirs []direction, profile IntTuple, n int64) (Layout, error) {
	c := calc{op: "complement"}
	if _, err := shapeAlong(profile, l, dirs, func(g gaps, last bool) (int64, error) {
		if !last {
			n = c.ceilDiv(n, g.covered)
		}
		return 0, c.errOrNil()
	}); err != nil {
		return Layout{}, err
	}
	cot, err := shapeAlong(profile, l, dirs, func(g gaps, last bool) (int64, error) {
		if last {
			return n, nil
		}
		return g.covered, nil
	})
	if err != nil {
		return Layout{}, err
	}
	return complementOverShape(l, dirs, profile, cot, nil)
}

// shapeAlong builds a shape with the profile's structure whose leaf at each
// direction is extent(gaps along it, whether it is the last direction).
func shapeAlong(profile IntTuple, l Layout, dirs []direction, extent func(g gaps, last bool) (int64, error)) (IntTuple, error) {
	total := len(leaves(profile))
	k := 0
	var walk func(p IntTuple, path []int) (IntTuple, error)
	walk = func(p IntTuple, path []int) (IntTuple, error) {
		if p.Kind() != KindTuple {
			g, err := gapsAlong(l, dirs, path)
			if err != nil {
				return IntTuple{}, err
			}
			k++
			e, err := extent(g, k == total)
			return Int(e), err
		}
		elems := make([]IntTuple, len(p.elems))
		for i, q := range p.elems {
			e, err := walk(q, append(path[:len(path):len(path)], i))
			if err != nil {
				return IntTuple{}, err
			}
			elems[i] = e
		}
		return Tuple(elems...), nil
	}
	return walk(profile, nil)
}

// gaps is the complement along one direction before its rest: the modes
// between the sorted strides, and the offset the direction's modes cover.
type gaps struct {
	path    []int
	sh, st  []IntTuple
	covered int64
	modes   direction // the layout's modes along the direction
}

// gapsAlong computes the gaps along the direction path of l (none when no
// mode reaches it). A stride that lies inside the offsets already covered
// is E0402, as for integer strides.
func gapsAlong(l Layout, dirs []direction, path []int) (gaps, error) {
	g := gaps{path: path, covered: 1}
	k := findDirection(dirs, path)
	if k < 0 {
		return g, nil
	}
	g.modes = dirs[k]
	c := calc{op: "complement"}
	for _, i := range sortedByStride(g.modes.st) {
		s, d := g.modes.sh[i].val, g.modes.st[i].val
		gap := d / g.covered
		if gap == 0 {
			err := errComplement(l, d, g.covered)
			err.Msg = fmt.Sprintf("along %s: %s", Basis(1, path...), err.Msg)
			return gaps{}, err
		}
		if gap > 1 {
			g.sh, g.st = append(g.sh, Int(gap)), append(g.st, Basis(g.covered, path...))
		}
		g.covered = c.mul(d, s)
	}
	return g, c.errOrNil()
}

// cosize is the cosize of the modes along the direction: one more than the
// largest count they reach.
func (g gaps) cosize() (int64, error) {
	c := calc{op: "complement"}
	n := int64(1)
	for i := range g.modes.sh {
		n = c.add(n, c.mul(g.modes.sh[i].val-1, g.modes.st[i].val))
	}
	return n, c.errOrNil()
}

// withRestLeaf returns the gaps followed by the rest, rest repetitions
// (an integer or ?) from the covered offset: a single mode stays a leaf.
func (g gaps) withRestLeaf(rest IntTuple) Layout {
	sh := append(g.sh[:len(g.sh):len(g.sh)], rest)
	st := append(g.st[:len(g.st):len(g.st)], Basis(g.covered, g.path...))
	if len(sh) == 1 {
		return Layout{sh[0], st[0]}
	}
	return Layout{Tuple(sh...), Tuple(st...)}
}
