package normalize

import "github.com/cutec/cutec/layout"

// The products with ? in their arguments (docs/dialect.md, "The rule for
// dynamic values"). Each is derived from its static definition, A ⊗ B =
// (A, complement(A, size(A)·cosize(B)) ∘ B) (paper §3.6), zipped,
// unpacked or paired mode by mode as CuTe's products are, by the
// symbolic algebra on the arguments with each ? a symbol of its own
// (layout.Symbolic): the result's static parts and facts hold for every
// value, and the composition's divisibility conditions (paper eq. 20 and
// 21) are stated on the named ?s by dynamicConditions. Where the symbolic
// algebra cannot decide a step, the static algebra computes the result
// with ? as it computes it with integers.

// symZippedProduct and the forms below are the symbolic forms of the
// products other than logical_product (symLogicalProduct).
func symZippedProduct(a *args) (Value, []layout.Obligation, error) {
	return symTiled((*layout.Symbolic).ZippedProduct, a.layout(0), a.tiler(1))
}

func symTiledProduct(a *args) (Value, []layout.Obligation, error) {
	return symTiled((*layout.Symbolic).TiledProduct, a.layout(0), a.tiler(1))
}

func symFlatProduct(a *args) (Value, []layout.Obligation, error) {
	return symTiled((*layout.Symbolic).FlatProduct, a.layout(0), a.tiler(1))
}

func symBlockedProduct(a *args) (Value, []layout.Obligation, error) {
	return symLayout(func(s *layout.Symbolic) (layout.Layout, error) {
		return s.BlockedProduct(a.layout(0), a.layout(1))
	})
}

func symRakedProduct(a *args) (Value, []layout.Obligation, error) {
	return symLayout(func(s *layout.Symbolic) (layout.Layout, error) {
		return s.RakedProduct(a.layout(0), a.layout(1))
	})
}

// dynamicProduct is a product's evaluation: where an argument has a ?,
// its symbolic form, else (or where that cannot decide a step) the static
// algebra.
func dynamicProduct(static func(*args) (Value, error), sym symbolicForm) func(*args) (Value, error) {
	return func(a *args) (Value, error) {
		if l, ok := a.vals[0].(Layout); ok && (l.L.Shape().HasAnonymous() || l.L.Stride().HasAnonymous()) {
			return static(a) // a dynamic block: E0700, as in the dialect
		}
		if !hasAnonymous(a.vals, a) {
			return static(a)
		}
		r, _, err := sym(a)
		if err == nil {
			return r, nil
		}
		// The static algebra computes with ? as with integers where the
		// symbolic one fails, but states no condition: where it fails too,
		// its error; where it computes a result, the symbolic algebra's
		// reason (a coded error: a step no condition on the ?s decides, or
		// one that fails for some values), since that result would hold
		// for some values only. Basis strides, which the symbolic algebra
		// does not take, keep the static result.
		sr, serr := static(a)
		if serr != nil || hasBasisArg(a) {
			return sr, serr
		}
		if e, ok := err.(*layout.Error); ok {
			e2 := *e
			e2.Msg += " (with ? in the tiler, the product holds for some values only, and no condition on the ?s says which)"
			return nil, &e2
		}
		return nil, err
	}
}

// productOps are the products: with symbols and ? in their arguments,
// their symbolic form states its conditions, and dynamicConditions adds
// what it assumes of the ?s.
var productOps = map[string]bool{"logical_product": true, "zipped_product": true, "tiled_product": true,
	"flat_product": true, "blocked_product": true, "raked_product": true}

// hasBasisArg reports whether a layout argument of a product has a basis
// stride.
func hasBasisArg(a *args) bool {
	for i, v := range a.vals {
		if l, ok := v.(Layout); ok && l.L.Stride().HasBasis() {
			return true
		}
		if t, ok := a.tilerAt(i); ok {
			if l, ok := t.Layout(); ok && l.Stride().HasBasis() {
				return true
			}
			for j := 0; t.IsTuple() && j < t.Rank(); j++ {
				if l, ok := t.Mode(j).Layout(); ok && l.Stride().HasBasis() {
					return true
				}
			}
		}
	}
	return false
}

// productTiler is the tiler of a product written as a shape with a
// dynamic extent: CuTe's products take an integer N as the layout N:1
// (make_layout(N)), so an extent ? (or a symbol) is the tile ?:1, and a
// shape the tuple of its modes' tiles: logical_product(4:2, ?) is
// logical_product(4:2, ?:1). ok is false where v is no such shape (the
// static tilers are read by asTiler).
func productTiler(op string, v Value) (layout.Tiler, bool) {
	t, isTuple := v.(Tuple)
	if !isTuple || !productOps[op] || t.T.IsStatic() {
		return layout.Tiler{}, false
	}
	var walk func(s layout.IntTuple) (layout.Tiler, bool)
	walk = func(s layout.IntTuple) (layout.Tiler, bool) {
		switch {
		case s.IsTuple():
			modes := make([]layout.Tiler, s.Len())
			for i := range modes {
				m, ok := walk(s.At(i))
				if !ok {
					return layout.Tiler{}, false
				}
				modes[i] = m
			}
			return layout.TileTuple(modes...), true
		case s.IsStatic():
			r, err := layout.TilerOfShape(s)
			return r, err == nil
		case s.IsDynamic() && !s.HasBasis():
			l, err := layout.New(s, layout.Int(1))
			return layout.TileLayout(l), err == nil
		}
		return layout.Tiler{}, false
	}
	return walk(t.T)
}
