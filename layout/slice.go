package layout

// Slice returns the sublayout of l left unevaluated by the coordinate crd:
// the modes paired with _ (paper §2.5.1). Every _ contributes its whole
// mode; the selected modes are gathered into one flat tuple, as CuTe's slice
// does, so slicing (2,((0,_),_)) of ((3,2),((2,3),2)) keeps (3,2).
func Slice(crd IntTuple, l Layout) (Layout, error) {
	shape, err := pick(crd, l.shape, true)
	if err != nil {
		return Layout{}, err
	}
	stride, _ := pick(crd, l.stride, true)
	return Layout{shape, stride}, nil
}

// Dice returns the sublayout of l at the modes paired with integers in crd,
// the complement of Slice. The coordinate must be static: which modes it
// fixes is known, but a dice keeps them whatever their value, and the
// dialect requires it.
func Dice(crd IntTuple, l Layout) (Layout, error) {
	if err := checkStaticCoord("dice", crd); err != nil {
		return Layout{}, err
	}
	shape, err := pick(crd, l.shape, false)
	if err != nil {
		return Layout{}, err
	}
	stride, _ := pick(crd, l.stride, false)
	return Layout{shape, stride}, nil
}

// Slice returns the parts of t (a shape, stride, coordinate or integer
// tuple) paired with _ in crd, gathered as Slice gathers modes:
// slice((_,1,_), (2,3,4)) is (2,4).
func (t IntTuple) Slice(crd IntTuple) (IntTuple, error) { return pick(crd, t, true) }

// Dice returns the parts of t paired with integers in crd, which must
// be static.
func (t IntTuple) Dice(crd IntTuple) (IntTuple, error) {
	if err := checkStaticCoord("dice", crd); err != nil {
		return IntTuple{}, err
	}
	return pick(crd, t, false)
}

func checkStaticCoord(op string, crd IntTuple) error {
	if !crd.IsStatic() {
		return newError(CodeDynamicValue, op, 0, "the coordinate %s must be static", crd)
	}
	return nil
}

// SliceAndOffset returns the offset of crd in l, with every _ taken as 0,
// and the sublayout of the modes paired with _: the paper's {offset} o L(c*).
func SliceAndOffset(crd IntTuple, l Layout) (Layout, IntTuple, error) {
	sub, err := Slice(crd, l)
	if err != nil {
		return Layout{}, IntTuple{}, withOp(err, "slice_and_offset")
	}
	off, err := l.Eval(crd)
	if err != nil {
		return Layout{}, IntTuple{}, withOp(err, "slice_and_offset")
	}
	return sub, off, nil
}

// pick keeps the parts of t paired with _ in crd (keep == true) or with
// integers (keep == false). A tuple coordinate gathers the picks of its
// elements into one flat tuple.
func pick(crd, t IntTuple, keep bool) (IntTuple, error) {
	if crd.Kind() != KindTuple {
		if (crd.Kind() == KindUnderscore) == keep {
			return t, nil
		}
		return Tuple(), nil
	}
	var out []IntTuple
	if err := gather(crd, t, keep, &out); err != nil {
		return IntTuple{}, err
	}
	return Tuple(out...), nil
}

func gather(crd, t IntTuple, keep bool, out *[]IntTuple) error {
	if crd.Kind() != KindTuple {
		if (crd.Kind() == KindUnderscore) == keep {
			*out = append(*out, t)
		}
		return nil
	}
	if t.Kind() != KindTuple || len(t.elems) != len(crd.elems) {
		return errCoord("slice", crd, t)
	}
	for i := range crd.elems {
		if err := gather(crd.elems[i], t.elems[i], keep, out); err != nil {
			return err
		}
	}
	return nil
}
