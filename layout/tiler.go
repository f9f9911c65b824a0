package layout

import "strings"

type tileKind uint8

const (
	tileTuple tileKind = iota
	tileLayout
	tileInt
	tileUnderscore
)

// Tiler is the paper's tiler (Definition 3.1), ⟨T0, T1, ...⟩, written
// [T0;T1;...]: a tuple of tiles, each a layout, an integer N (meaning N:1),
// _ (the mode is kept whole) or a nested tuple of tiles. A single layout or
// integer is a tiler too. Tilers apply by mode: composition, the divides and
// the products combine mode i of a layout with tile i.
type Tiler struct {
	form   tileKind
	layout Layout
	n      int64
	modes  []Tiler
}

// TileLayout returns the tiler of one layout.
func TileLayout(l Layout) Tiler { return Tiler{form: tileLayout, layout: l} }

// TileInt returns the integer tile n, which stands for n:1.
func TileInt(n int64) Tiler { return Tiler{form: tileInt, n: n} }

// TileUnderscore returns the tile _.
func TileUnderscore() Tiler { return Tiler{form: tileUnderscore} }

// TileTuple returns the tuple of tiles ⟨modes...⟩.
func TileTuple(modes ...Tiler) Tiler { return Tiler{form: tileTuple, modes: modes} }

// TilerOfShape returns the tiler a shape stands for where a tiler is
// expected: (4,8) is ⟨4,8⟩, an integer N is the tile N, and _ stays _.
func TilerOfShape(s IntTuple) (Tiler, error) {
	switch s.Kind() {
	case KindInt:
		if s.val <= 0 {
			return Tiler{}, errShapeLeaf(s)
		}
		return TileInt(s.val), nil
	case KindUnderscore:
		return TileUnderscore(), nil
	case KindTuple:
		modes := make([]Tiler, len(s.elems))
		for i, e := range s.elems {
			t, err := TilerOfShape(e)
			if err != nil {
				return Tiler{}, err
			}
			modes[i] = t
		}
		return TileTuple(modes...), nil
	case KindDynamic:
		if s.IsSymbolic() {
			return TileLayout(Layout{s, Int(1)}), nil // a symbolic N is the tile N:1
		}
		return Tiler{}, errDynamic("tiler", s)
	}
	return Tiler{}, errShapeLeaf(s)
}

// IsTuple reports whether t is a tuple of tiles.
func (t Tiler) IsTuple() bool { return t.form == tileTuple }

// Rank returns the number of modes of a tuple tiler, and 1 otherwise.
func (t Tiler) Rank() int {
	if t.form == tileTuple {
		return len(t.modes)
	}
	return 1
}

// Mode returns mode i of a tuple tiler.
func (t Tiler) Mode(i int) Tiler { return t.modes[i] }

// Layout returns the layout of a layout tile and whether t is one.
func (t Tiler) Layout() (Layout, bool) { return t.layout, t.form == tileLayout }

// AsLayout returns the layout a tile composes as (see ComposeTiler): a
// layout tile's layout, N:1 for the integer tile N; false for _ and a
// tuple of tiles.
func (t Tiler) AsLayout() (Layout, bool) {
	switch t.form {
	case tileLayout:
		return t.layout, true
	case tileInt:
		return Layout{Int(t.n), Int(1)}, true
	}
	return Layout{}, false
}

// String returns the canonical text: [4:1;_] for a tuple of tiles, nested
// ones included ([[_;_];_], as the dialect writes them: a parenthesized
// shape in a tile slot is a layout to the dialect), and the layout, integer
// or _ itself for a single tile.
func (t Tiler) String() string {
	var b strings.Builder
	t.write(&b)
	return b.String()
}

func (t Tiler) write(b *strings.Builder) {
	switch t.form {
	case tileLayout:
		b.WriteString(t.layout.String())
	case tileInt:
		b.WriteString(Int(t.n).String())
	case tileUnderscore:
		b.WriteByte('_')
	case tileTuple:
		b.WriteByte('[')
		for i, m := range t.modes {
			if i > 0 {
				b.WriteByte(';')
			}
			m.write(b)
		}
		b.WriteByte(']')
	}
}

// profile returns the tiler's profile as a tuple: the guide that zipped
// divides and products use to pair up modes.
func (t Tiler) profile() IntTuple {
	if t.form != tileTuple {
		return Int(0)
	}
	elems := make([]IntTuple, len(t.modes))
	for i, m := range t.modes {
		elems[i] = m.profile()
	}
	return Tuple(elems...)
}

// byModeTiler applies f to each mode of l and the matching tile of t; modes
// of l beyond the tiler are kept (CuTe's transform_layout). A tiler with
// more modes than l is an error.
func byModeTiler(op string, l Layout, t Tiler, f func(Layout, Tiler) (Layout, error)) (Layout, error) {
	rank := l.Rank()
	if len(t.modes) > rank {
		return Layout{}, errTilerRank(op, t, rank)
	}
	buf := make([]IntTuple, 2*rank)
	for i := 0; i < rank; i++ {
		m := Layout{l.shape.At(i), l.stride.At(i)}
		if i < len(t.modes) {
			r, err := f(m, t.modes[i])
			if err != nil {
				return Layout{}, err
			}
			m = r
		}
		buf[i], buf[rank+i] = m.shape, m.stride
	}
	return Layout{Tuple(buf[:rank:rank]...), Tuple(buf[rank:]...)}, nil
}
