package layout

// The general functions try the Static form first: a static integer
// layout that fits is loaded into fixed-size arrays on the stack, the
// operation runs there, and only the result is built as a tree (one
// allocation). When a Static operation declines, the general code that
// follows computes the result or the error.

// staticOp names an operation of two Static operands. (A switch rather than
// a method value, so that the operands stay on the stack.)
type staticOp uint8

const (
	sCompose staticOp = iota
	sLogicalDivide
	sTiledDivide
	sFlatDivide
	sLogicalProduct
	sTiledProduct
	sFlatProduct
	sBlockedProduct
	sRakedProduct
	sRightInverse // one operand
	sLeftInverse  // one operand
)

// viaStatic runs op on the Static forms of a and b (b is ignored for the
// operations of one operand).
func viaStatic(op staticOp, a, b Layout) (Layout, bool) {
	var sa, sb, r Static
	if !sa.load(&a.shape, &a.stride) {
		return Layout{}, false
	}
	if op < sRightInverse && !sb.load(&b.shape, &b.stride) {
		return Layout{}, false
	}
	var ok bool
	switch op {
	case sCompose:
		ok = r.Compose(&sa, &sb)
	case sLogicalDivide:
		ok = r.LogicalDivide(&sa, &sb)
	case sTiledDivide:
		ok = r.TiledDivide(&sa, &sb)
	case sFlatDivide:
		ok = r.FlatDivide(&sa, &sb)
	case sLogicalProduct:
		ok = r.LogicalProduct(&sa, &sb)
	case sTiledProduct:
		ok = r.TiledProduct(&sa, &sb)
	case sFlatProduct:
		ok = r.FlatProduct(&sa, &sb)
	case sBlockedProduct:
		ok = r.BlockedProduct(&sa, &sb)
	case sRakedProduct:
		ok = r.RakedProduct(&sa, &sb)
	case sRightInverse:
		ok = r.RightInverse(&sa)
	case sLeftInverse:
		ok = r.LeftInverse(&sa)
	}
	if !ok {
		return Layout{}, false
	}
	return r.Layout(), true
}

// maxStaticTiles is the most tiles of a tuple tiler the Static path takes.
const maxStaticTiles = 4

// viaStaticByMode is LogicalDivide (or, with product, LogicalProduct) of l
// by a tuple tiler of layouts, integers and _, on the Static forms.
func viaStaticByMode(l Layout, t Tiler, product bool) (Layout, bool) {
	if len(t.modes) > maxStaticTiles {
		return Layout{}, false
	}
	var sl, r Static
	var tiles [maxStaticTiles]Static
	var keep [maxStaticTiles]bool
	if !sl.load(&l.shape, &l.stride) || sl.n == 0 {
		return Layout{}, false
	}
	for i, m := range t.modes {
		switch m.form {
		case tileUnderscore:
			keep[i] = true
		case tileLayout:
			if !tiles[i].load(&m.layout.shape, &m.layout.stride) || tiles[i].n == 0 {
				return Layout{}, false
			}
		case tileInt:
			tl, err := Make(Int(m.n))
			if err != nil || !tiles[i].load(&tl.shape, &tl.stride) {
				return Layout{}, false
			}
		default:
			return Layout{}, false
		}
	}
	if !r.byMode(&sl, tiles[:len(t.modes)], keep[:len(t.modes)], product) {
		return Layout{}, false
	}
	return r.Layout(), true
}
