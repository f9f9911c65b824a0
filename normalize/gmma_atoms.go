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
// GMMA::Layout_{K,MN}_{INTER,SW32,SW64,SW128}_Atom<T> (which UMMA:: names
// too), and UMMA::Layout_MN_SW128_32B_Atom<T>, as the parser gives a C++
// template name (cute:: dropped, spaces removed, {} dropped).
var gmmaAtomRe = regexp.MustCompile(`^(?:(?:cute::)?(GMMA|UMMA)::)?Layout_(K|MN)_(INTER|SW32|SW64|SW128|SW128_32B)_Atom<([A-Za-z0-9_:]+)>$`)

// gmmaSmemAtom is the value of a GMMA (or UMMA) shared-memory layout atom,
// built as cute/atom/mma_traits_sm90_gmma.hpp builds it: the atom in bits is
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
	ns, major, kind, typ := m[1], m[2], m[3], m[4]
	if kind == "SW128_32B" && (major != "MN" || ns == "GMMA") {
		return nil, false, nil // only UMMA::Layout_MN_SW128_32B_Atom exists
	}
	e, err := banks.LookupElem(strings.TrimPrefix(typ, "cute::"))
	var be *banks.Error
	if errors.As(err, &be) {
		return nil, true, fmt.Errorf("%s: %s", name, be.Msg)
	} else if err != nil {
		return nil, true, err
	}
	// The swizzle, the row in bits and the rows: cute/atom/mma_traits_sm90_gmma.hpp,
	// and UMMA's SW128_32B atom Swizzle<2,5,2> over (1024,4):(1,1024) bits
	// (cute/atom/mma_traits_sm100.hpp).
	b, mbase, sshift, bits, rows := 0, 4, 3, 128, int64(8)
	switch kind {
	case "SW32":
		b, bits = 1, 256
	case "SW64":
		b, bits = 2, 512
	case "SW128":
		b, bits = 3, 1024
	case "SW128_32B":
		b, mbase, sshift, bits, rows = 2, 5, 2, 1024, 4
	}
	w := int64(bits) / int64(e.Bits)
	if w < 1 {
		return nil, true, fmt.Errorf("%s: %d-bit %s elements are wider than the atom's row of %d bits", name, e.Bits, e.Name, bits)
	}
	inner := layout.MustNew(layout.Ints(rows, w), layout.Ints(w, 1))
	if major == "MN" {
		inner = layout.MustNew(layout.Ints(w, rows), layout.Ints(1, w))
	}
	sw, err := layout.NewSwizzle(b, mbase, sshift)
	if err != nil {
		return nil, true, err
	}
	c, err := layout.NewByteSwizzled(sw, e.Bits, inner)
	if err != nil {
		return nil, true, err
	}
	return Composed{c}, true, nil
}
