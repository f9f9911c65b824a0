package layout

import "slices"

// The inverses of layouts with basis strides (paper Tables 5 and 6): a
// layout whose strides are scaled basis elements c@d maps into the
// coordinate semimodule, one integer coordinate per basis direction d, and
// each direction is reached only by its own modes. Its inverses therefore
// take a coordinate (x0, x1, ...) congruent with the codomain and invert
// direction by direction: the part for direction d is the integer inverse of
// the modes along d, with their coefficients c as strides, placed at those
// modes' positions in the domain of the layout. For (4,(4,2)):(1@1,(1@0,6@1))
// the right inverse is (4,4):(4,1) and the left inverse (4,(6,2)):(4,(1,16)).
// The result always has one mode per direction, as the codomain has: the
// right inverse of 8:1@0, whose values are (i), is (8):(1). A direction is
// a path into a hierarchical codomain, and the result follows the
// codomain's profile: right_inverse((4,5):(1@1,1@1@4)) is
// (1,4,1,1,(1,5)):(0,1,0,0,(0,4)), with 1:0 for the directions no mode
// reaches.

// hasBasisStride reports whether a stride holds a basis element.
func hasBasisStride(t IntTuple) bool {
	if t.Kind() == KindTuple {
		for _, e := range t.elems {
			if hasBasisStride(e) {
				return true
			}
		}
		return false
	}
	return t.Kind() == KindBasis
}

// inverseOfModes inverts the integer modes sh:st of one direction, whose
// positions in the layout's domain are pre.
type inverseOfModes func(c *calc, sh, st []IntTuple, pre []IntTuple) Layout

// direction is the modes of a layout along one basis direction, a path into
// the codomain: their extents, their counts as integer strides, and their
// positions in the layout's domain.
type direction struct {
	path   []int
	sh, st []IntTuple
	pre    []IntTuple
}

// byDirection groups the flat modes of l by basis direction, and returns
// them with the profile of l's codomain (coprofile). Every non-zero stride
// must be a basis element c@path with a positive count (an integer stride
// next to them is E0600's mix); modes of extent 1 and stride 0 reach
// nothing and are left out. Dynamic values are E0700: the directions are
// told apart by their static counts.
func byDirection(op string, l Layout) (IntTuple, []direction, error) {
	profile, err := coprofile(l.stride)
	if err != nil {
		return IntTuple{}, nil, withOp(err, op)
	}
	c := calc{op: op}
	sh, st := leaves(l.shape), leaves(l.stride)
	for i, d := range st {
		switch {
		case sh[i].IsDynamic():
			return IntTuple{}, nil, errDynamic(op, sh[i])
		case d.IsDynamic():
			return IntTuple{}, nil, errDynamic(op, d)
		}
	}
	pre := prefixProducts(&c, sh)
	if c.err != nil {
		return IntTuple{}, nil, c.err
	}
	var dirs []direction
	for i, d := range st {
		switch {
		case d.Kind() == KindInt && d.val == 0, sh[i].val == 1:
			continue // reaches nothing new
		case d.Kind() == KindInt:
			return IntTuple{}, nil, errMixed(op, d)
		case d.val <= 0:
			return IntTuple{}, nil, errBadValue(op, "the basis element %s has a count below 1", d)
		}
		k := findDirection(dirs, d.bpath())
		if k < 0 {
			dirs, k = append(dirs, direction{path: d.bpath()}), len(dirs)
		}
		m := &dirs[k]
		m.sh, m.st, m.pre = append(m.sh, sh[i]), append(m.st, Int(d.val)), append(m.pre, pre[i])
	}
	return profile, dirs, nil
}

// findDirection returns the index of the direction with the given path, -1
// when there is none.
func findDirection(dirs []direction, path []int) int {
	for k := range dirs {
		if slices.Equal(dirs[k].path, path) {
			return k
		}
	}
	return -1
}

// alongProfile builds a layout shaped like the codomain profile: the tuple
// of its modes where profile is a tuple, and part(path) at each leaf, the
// leaf's path from the root.
func alongProfile(profile IntTuple, path []int, part func(path []int) (Layout, error)) (Layout, error) {
	if profile.Kind() != KindTuple {
		return part(path)
	}
	ms := make([]Layout, len(profile.elems))
	for i, p := range profile.elems {
		m, err := alongProfile(p, append(path[:len(path):len(path)], i), part)
		if err != nil {
			return Layout{}, err
		}
		ms[i] = m
	}
	return Concat(ms...), nil
}

// basisInverse inverts l direction by direction with inv; a direction no
// mode reaches gets 1:0.
func basisInverse(op string, l Layout, inv inverseOfModes) (Layout, error) {
	profile, dirs, err := byDirection(op, l)
	if err != nil {
		return Layout{}, err
	}
	c := calc{op: op}
	r, _ := alongProfile(profile, nil, func(path []int) (Layout, error) {
		k := findDirection(dirs, path)
		if k < 0 {
			return unitLayout, nil
		}
		m := dirs[k]
		return inv(&c, m.sh, m.st, m.pre), nil
	})
	if c.err != nil {
		return Layout{}, c.err
	}
	return r, nil
}
