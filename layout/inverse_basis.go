package layout

import "fmt"

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
// right inverse of 8:1@0, whose values are (i), is (8):(1).

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
type inverseOfModes func(c *calc, sh, st []IntTuple, pre []int64) Layout

// direction is the modes of a layout along one basis direction: their
// extents, their counts as integer strides, and their positions in the
// layout's domain.
type direction struct {
	sh, st []IntTuple
	pre    []int64
}

// byDirection groups the flat modes of l by basis direction. Every non-zero
// stride must be a basis element c@d with a positive count and one index
// (E0702 otherwise; an integer stride next to them is E0600's mix); modes of
// extent 1 and stride 0 reach nothing and are left out.
func byDirection(op string, l Layout) ([]direction, error) {
	c := calc{op: op}
	sh, st := leaves(l.shape), leaves(l.stride)
	pre := prefixProducts(&c, sh)
	if c.err != nil {
		return nil, c.err
	}
	var dirs []direction
	for i, d := range st {
		if sh[i].Kind() == KindDynamic {
			return nil, errDynamic(op, sh[i])
		}
		switch {
		case d.Kind() == KindDynamic:
			return nil, errDynamic(op, d)
		case d.Kind() == KindInt && d.val == 0, sh[i].val == 1:
			continue // reaches nothing new
		case d.Kind() == KindInt:
			return nil, errMixed(op, d)
		case len(d.bpath()) != 1:
			return nil, newError(CodeBasisNotDefined, op, -1,
				"%s is defined for basis elements c@d of one index, not %s", op, d)
		case d.val <= 0:
			return nil, errBadValue(op, "the basis element %s has a count below 1", d)
		}
		dir := d.bpath()[0]
		for len(dirs) <= dir {
			dirs = append(dirs, direction{})
		}
		m := &dirs[dir]
		m.sh, m.st, m.pre = append(m.sh, sh[i]), append(m.st, Int(d.val)), append(m.pre, pre[i])
	}
	return dirs, nil
}

// byMode joins one layout per direction into a layout with one mode per
// direction.
func byMode(parts []Layout) Layout {
	outS, outD := make([]IntTuple, len(parts)), make([]IntTuple, len(parts))
	for d, p := range parts {
		outS[d], outD[d] = p.shape, p.stride
	}
	return Layout{Tuple(outS...), Tuple(outD...)}
}

// basisInverse inverts l direction by direction with inv.
func basisInverse(op string, l Layout, inv inverseOfModes) (Layout, error) {
	dirs, err := byDirection(op, l)
	if err != nil {
		return Layout{}, err
	}
	c := calc{op: op}
	parts := make([]Layout, len(dirs))
	for d, m := range dirs {
		parts[d] = unitLayout
		if len(m.sh) > 0 {
			parts[d] = inv(&c, m.sh, m.st, m.pre)
		}
	}
	if c.err != nil {
		return Layout{}, c.err
	}
	return byMode(parts), nil
}

// basisComplement is the complement of a layout with basis strides (paper
// Table 7): direction by direction, the integer complement of the modes
// along d, its strides scaled by e_d. complement((4,(4,2)):(1@1,(1@0,12@1)))
// is (1,3):(0,4@1), the paper's (1,(3,1)):(4e0,(4e1,24e1)) in CuTe's
// coalesced form.
func basisComplement(l Layout) (Layout, error) {
	dirs, err := byDirection("complement", l)
	if err != nil {
		return Layout{}, err
	}
	parts := make([]Layout, len(dirs))
	for d, m := range dirs {
		parts[d] = unitLayout
		if len(m.sh) == 0 {
			continue
		}
		p, err := Complement(Layout{Tuple(m.sh...), Tuple(m.st...)})
		if e, ok := err.(*Error); ok {
			along := *e
			along.Msg = fmt.Sprintf("along e%d of %s: %s", d, l, e.Msg)
			return Layout{}, &along
		} else if err != nil {
			return Layout{}, err
		}
		parts[d] = Layout{p.shape, scaleToBasis(p.stride, d)}
	}
	return byMode(parts), nil
}

// scaleToBasis turns the integer strides of t into multiples of e_d.
func scaleToBasis(t IntTuple, d int) IntTuple {
	if t.Kind() == KindTuple {
		elems := make([]IntTuple, len(t.elems))
		for i, e := range t.elems {
			elems[i] = scaleToBasis(e, d)
		}
		return Tuple(elems...)
	}
	if t.val == 0 {
		return t
	}
	return Basis(t.val, d)
}
