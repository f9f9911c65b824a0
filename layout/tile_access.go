package layout

// Accessors of tilers as the dialect's operations on !cute.tile see them:
// a tile is a tuple of slots, each a layout, an integer N (N:1), _ or a
// nested tile.

// GetMode returns the slot of t at a path of mode indices (see the
// IntTuple.GetMode for the rule on leaves). A slot that is a layout
// gives a tiler of that layout, which prints as the layout itself.
func (t Tiler) GetMode(path ...int) (Tiler, error) {
	for depth, i := range path {
		if err := checkModeIndex(t.IsTuple(), t.Rank(), i, depth, len(path)); err != nil {
			return Tiler{}, err
		}
		if t.IsTuple() {
			t = t.modes[i]
		}
	}
	return t, nil
}

// Select returns the tile of the given slots of t, in the given order.
func (t Tiler) Select(idx ...int) (Tiler, error) {
	out := make([]Tiler, len(idx))
	for k, i := range idx {
		m, err := t.GetMode(i)
		if err != nil {
			return Tiler{}, withOp(err, "select")
		}
		out[k] = m
	}
	return TileTuple(out...), nil
}

// Leaves returns the slots of t that are not tuples (layouts, integers and
// _), depth first.
func (t Tiler) Leaves() []Tiler {
	if !t.IsTuple() {
		return []Tiler{t}
	}
	var out []Tiler
	for _, m := range t.modes {
		out = append(out, m.Leaves()...)
	}
	return out
}

// Flatten returns the tile of the leaves of t: the nesting of slots is
// dropped, the layouts in them are kept as they are.
func (t Tiler) Flatten() Tiler {
	if !t.IsTuple() {
		return t
	}
	return TileTuple(t.Leaves()...)
}

// Layouts returns the tile of the layouts among the leaves of t, depth
// first, an integer slot N as N:1 (the dialect's get_layouts_from_tile). A
// tile with no layout at all is an error.
func (t Tiler) Layouts() (Tiler, error) {
	var out []Tiler
	for _, m := range t.Leaves() {
		switch m.form {
		case tileLayout:
			out = append(out, m)
		case tileInt:
			out = append(out, TileLayout(Layout{Int(m.n), Int(1)}))
		}
	}
	if len(out) == 0 {
		return Tiler{}, errBadValue("get_layouts_from_tile", "the tile %s holds no layout, only _", t)
	}
	return TileTuple(out...), nil
}

// Shape returns the shape of a tile: the tuple of the shapes of its
// slots, an integer slot N as N. A _ slot has no shape, which is an error.
func (t Tiler) Shape() (IntTuple, error) {
	s, ok := tileShape(t)
	if !ok {
		return IntTuple{}, errBadValue("shape", "the tile %s has a _ slot, which has no shape", t)
	}
	return s, nil
}

func tileShape(t Tiler) (IntTuple, bool) {
	switch t.form {
	case tileLayout:
		return t.layout.shape, true
	case tileInt:
		return Int(t.n), true
	case tileTuple:
		elems := make([]IntTuple, len(t.modes))
		for i, m := range t.modes {
			s, ok := tileShape(m)
			if !ok {
				return IntTuple{}, false
			}
			elems[i] = s
		}
		return Tuple(elems...), true
	}
	return IntTuple{}, false
}

// Dice returns the slots of t paired with integers in the static
// coordinate crd, gathered into one flat tile as Dice gathers modes: the
// projection of CuTe's local_tile, dice((1,_,1), [128:1;128:1;32:1]) is
// [128:1;32:1]. A layout slot paired with a tuple coordinate is diced
// itself.
func (t Tiler) Dice(crd IntTuple) (Tiler, error) {
	if err := checkStaticCoord("dice", crd); err != nil {
		return Tiler{}, err
	}
	if crd.Kind() != KindTuple {
		if crd.Kind() == KindUnderscore {
			return TileTuple(), nil
		}
		return t, nil
	}
	var out []Tiler
	if err := gatherTile(crd, t, &out); err != nil {
		return Tiler{}, err
	}
	return TileTuple(out...), nil
}

func gatherTile(crd IntTuple, t Tiler, out *[]Tiler) error {
	switch {
	case crd.Kind() == KindUnderscore:
		return nil
	case crd.Kind() != KindTuple:
		*out = append(*out, t)
		return nil
	case t.form == tileLayout:
		l, err := Dice(crd, t.layout)
		if err != nil {
			return err
		}
		*out = append(*out, TileLayout(l))
		return nil
	case t.form != tileTuple || len(t.modes) != len(crd.elems):
		return newError(CodeCoordMismatch, "dice", 0, "coordinate %s is not congruent with the tile %s", crd, t)
	}
	for i := range crd.elems {
		if err := gatherTile(crd.elems[i], t.modes[i], out); err != nil {
			return err
		}
	}
	return nil
}
