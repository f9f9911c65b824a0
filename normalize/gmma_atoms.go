package normalize

import (
	"errors"
	"fmt"
	"regexp"
	"strings"

	"github.com/cutec/cutec/banks"
	"github.com/cutec/cutec/layout"
)

// gmmaAtomRe matches CuTe's names of the GMMA shared-memory layout atoms,
// GMMA::Layout_{K,MN}_{INTER,SW32,SW64,SW128}_Atom<T>, as the parser gives
// a C++ template name (cute:: dropped, spaces removed, {} dropped).
var gmmaAtomRe = regexp.MustCompile(`^(?:(?:cute::)?GMMA::)?Layout_(K|MN)_(INTER|SW32|SW64|SW128)_Atom<([A-Za-z0-9_:]+)>$`)

// gmmaSmemAtom is the value of a GMMA shared-memory layout atom, built as
// cute/atom/mma_traits_sm90_gmma.hpp builds it: the atom in bits is
// Swizzle<B,4,3> o smem_ptr_flag o (8,W):(W,1) for K-major and
// (W,8):(1,W) for MN-major, W = 128 << B bits (B = 0, 1, 2, 3 for INTER,
// SW32, SW64, SW128), and Layout_*_Atom<T> is its upcast to T's width:
// the byte swizzle S<B,4,3> o smem_ptr[Nb](unset) o L with W/N elements in
// the row. ok is false when name is no such atom; err is set when it is one
// but T is no element type cutec knows.
func gmmaSmemAtom(name string) (v Value, ok bool, err error) {
	m := gmmaAtomRe.FindStringSubmatch(strings.Join(strings.Fields(name), ""))
	if m == nil {
		return nil, false, nil
	}
	e, err := banks.LookupElem(strings.TrimPrefix(m[3], "cute::"))
	var be *banks.Error
	if errors.As(err, &be) {
		return nil, true, fmt.Errorf("%s: %s", name, be.Msg)
	} else if err != nil {
		return nil, true, err
	}
	b := map[string]int{"INTER": 0, "SW32": 1, "SW64": 2, "SW128": 3}[m[2]]
	w := int64(128<<b) / int64(e.Bits)
	if w < 1 {
		return nil, true, fmt.Errorf("%s: %d-bit %s elements are wider than the atom's row of %d bits", name, e.Bits, e.Name, 128<<b)
	}
	inner := layout.MustNew(layout.Ints(8, w), layout.Ints(w, 1))
	if m[1] == "MN" {
		inner = layout.MustNew(layout.Ints(w, 8), layout.Ints(1, w))
	}
	sw, err := layout.NewSwizzle(b, 4, 3)
	if err != nil {
		return nil, true, err
	}
	c, err := layout.NewByteSwizzled(sw, e.Bits, inner)
	if err != nil {
		return nil, true, err
	}
	return Composed{c}, true, nil
}
