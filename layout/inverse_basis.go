package layout

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

// basisInverse inverts l direction by direction with inv. Every non-zero
// stride must be a basis element c@d with a positive count and one index
// (E0702 otherwise; an integer stride next to them is E0601's mix).
func basisInverse(op string, l Layout, inv inverseOfModes) (Layout, error) {
	c := calc{op: op}
	sh, st := leaves(l.shape), leaves(l.stride)
	pre := prefixProducts(&c, sh)
	type modes struct {
		sh, st []IntTuple
		pre    []int64
	}
	var dirs []modes
	for i, d := range st {
		if sh[i].Kind() == KindDynamic {
			return Layout{}, errDynamic(op, sh[i])
		}
		switch {
		case d.Kind() == KindDynamic:
			return Layout{}, errDynamic(op, d)
		case d.Kind() == KindInt && d.val == 0, sh[i].val == 1:
			continue // reaches nothing new
		case d.Kind() == KindInt:
			return Layout{}, errMixed(op, d)
		case len(d.bpath()) != 1:
			return Layout{}, newError(CodeBasisNotDefined, op, -1,
				"%s is defined for basis elements c@d of one index, not %s", op, d)
		case d.val <= 0:
			return Layout{}, errBadValue(op, "the basis element %s has a count below 1", d)
		}
		dir := d.bpath()[0]
		for len(dirs) <= dir {
			dirs = append(dirs, modes{})
		}
		m := &dirs[dir]
		m.sh, m.st, m.pre = append(m.sh, sh[i]), append(m.st, Int(d.val)), append(m.pre, pre[i])
	}
	outS, outD := make([]IntTuple, len(dirs)), make([]IntTuple, len(dirs))
	for d, m := range dirs {
		part := unitLayout
		if len(m.sh) > 0 {
			part = inv(&c, m.sh, m.st, m.pre)
		}
		outS[d], outD[d] = part.shape, part.stride
	}
	if c.err != nil {
		return Layout{}, c.err
	}
	return Layout{Tuple(outS...), Tuple(outD...)}, nil
}
