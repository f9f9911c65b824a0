package tiled

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/cutec/cutec/internal/suggest"
	"github.com/cutec/cutec/layout"
)

// CopyOp is a copy operation with what CuTe's Copy_Traits hold, in bits:
// ThrID, and the TV layouts (thread, bit) -> bit of its source, its
// destination and its reference (the one a tiled copy's TV layout is
// written in).
type CopyOp struct {
	Name          string
	ThrID         layout.Layout
	Src, Dst, Ref layout.Layout
}

// CopyAtom is CuTe's Copy_Atom<Op, T>: the operation and its value type
// (Bits wide), with the TV layouts recast from bits to values
// (ValLayoutSrc, ValLayoutDst, ValLayoutRef).
type CopyAtom struct {
	Op            CopyOp
	ValType       string
	Bits          int
	Src, Dst, Ref layout.Layout
}

// warp is the ThrID of ldmatrix and stmatrix: the 32 threads of a warp.
var warp = l(32, 1)

// matrixOps are the ldmatrix and stmatrix operations: name -> (the
// shared-memory side, the register side); a load reads the first, a store
// writes it. The traits of ldmatrix (copy_traits_sm75.hpp) and stmatrix
// (copy_traits_sm90.hpp, the same layouts with source and destination
// swapped), as CuTe prints them (testdata/cute/atoms.tsv). They are built
// on first use, not when the package starts.
var matrixOps = sync.OnceValue(func() map[string][2]layout.Layout {
	ldsmAddr1 := l(t(t(8, 4), 128), t(t(128, 0), 1))
	ldsmAddr2 := l(t(t(16, 2), 128), t(t(128, 0), 1))
	ldsmAddr4 := l(t(32, 128), t(128, 1))
	ldsmN1 := l(t(32, 32), t(32, 1))
	ldsmN2 := l(t(32, t(32, 2)), t(32, t(1, 1024)))
	ldsmN4 := l(t(32, t(32, 4)), t(32, t(1, 1024)))
	ldsmT1 := l(t(t(4, 8), t(16, 2)), t(t(256, 16), t(1, 128)))
	ldsmT2 := l(t(t(4, 8), t(16, 2, 2)), t(t(256, 16), t(1, 128, 1024)))
	ldsmT4 := l(t(t(4, 8), t(16, 2, 4)), t(t(256, 16), t(1, 128, 1024)))
	return map[string][2]layout.Layout{
		"SM75_U32x1_LDSM_N": {ldsmAddr1, ldsmN1}, "SM75_U32x2_LDSM_N": {ldsmAddr2, ldsmN2}, "SM75_U32x4_LDSM_N": {ldsmAddr4, ldsmN4},
		"SM75_U16x2_LDSM_T": {ldsmAddr1, ldsmT1}, "SM75_U16x4_LDSM_T": {ldsmAddr2, ldsmT2}, "SM75_U16x8_LDSM_T": {ldsmAddr4, ldsmT4},
		"SM90_U32x1_STSM_N": {ldsmAddr1, ldsmN1}, "SM90_U32x2_STSM_N": {ldsmAddr2, ldsmN2}, "SM90_U32x4_STSM_N": {ldsmAddr4, ldsmN4},
		"SM90_U16x2_STSM_T": {ldsmAddr1, ldsmT1}, "SM90_U16x4_STSM_T": {ldsmAddr2, ldsmT2}, "SM90_U16x8_STSM_T": {ldsmAddr4, ldsmT4},
	}
})

// oneThread is the traits of a one-thread copy of n bits (UniversalCopy,
// cp.async, a TMA box): ThrID 1:0 and Src = Dst = Ref = (1,n):(0,1).
func oneThread(name string, n int64) CopyOp {
	v := l(t(1, n), t(0, 1))
	return CopyOp{Name: name, ThrID: l(1, 0), Src: v, Dst: v, Ref: v}
}

// CopyNames returns the names of the copy operations without a parameter,
// sorted; UniversalCopy<T>, SM80_CP_ASYNC_CACHEALWAYS<T>,
// SM80_CP_ASYNC_CACHEGLOBAL<T> and the TMA copies take one (see LookupCopy).
func CopyNames() []string {
	out := []string{"AutoVectorizingCopy"}
	for n := range matrixOps() {
		out = append(out, n)
	}
	slices.Sort(out)
	return out
}

// LookupCopy returns the copy operation CuTe names name. A template
// argument that is a type (UniversalCopy<uint128_t>) gets its width from
// bits; the TMA copies (SM90_TMA_LOAD, SM90_TMA_STORE,
// SM90_TMA_LOAD_MULTICAST) are one-thread copies of a box and take its
// size in bits as CuTe's Copy_Traits<SM90_TMA_LOAD, Int<BITS>> does
// (SM90_TMA_LOAD<8192>). An unknown name is an E0920 error.
func LookupCopy(name string, bits func(typ string) (int, error)) (CopyOp, error) {
	c := canonName(name)
	if p, ok := matrixOps()[c]; ok {
		if strings.Contains(c, "LDSM") {
			return CopyOp{Name: c, ThrID: warp, Src: p[0], Dst: p[1], Ref: p[1]}, nil
		}
		return CopyOp{Name: c, ThrID: warp, Src: p[1], Dst: p[0], Ref: p[1]}, nil
	}
	base, arg, hasArg := strings.Cut(c, "<")
	arg = strings.TrimSuffix(arg, ">")
	if hasArg && !strings.HasSuffix(c, ">") {
		return CopyOp{}, errUnknown("unknown copy operation %s: its template argument is not closed", name)
	}
	switch base {
	case "AutoVectorizingCopy", "AutoVectorizingCopyWithAssumedAlignment", "DefaultCopy":
		v := l(t(1, 1), t(0, 0))
		return CopyOp{Name: c, ThrID: l(1, 0), Src: v, Dst: v, Ref: v}, nil
	case "UniversalCopy", "SM80_CP_ASYNC_CACHEALWAYS", "SM80_CP_ASYNC_CACHEGLOBAL":
		if !hasArg {
			return CopyOp{}, errUnknown("%s takes the type it copies: %s<uint128_t>", base, base)
		}
		typ, _, _ := strings.Cut(arg, ",")
		n, err := bits(typ)
		if err != nil {
			return CopyOp{}, errUnknown("%s<%s>: %v", base, typ, err)
		}
		// cp.async copies 4, 8 or 16 bytes; .cg only 16 (copy_sm80.hpp).
		if base == "SM80_CP_ASYNC_CACHEALWAYS" && n != 32 && n != 64 && n != 128 ||
			base == "SM80_CP_ASYNC_CACHEGLOBAL" && n != 128 {
			return CopyOp{}, errFit("%s copies %s of %d bits; cp.async moves 4, 8 or 16 bytes (.cg only 16)", base, typ, n)
		}
		return oneThread(c, int64(n)), nil
	case "SM90_TMA_LOAD", "SM90_TMA_STORE", "SM90_TMA_LOAD_MULTICAST":
		n, err := strconv.ParseInt(strings.TrimSuffix(strings.TrimPrefix(arg, "Int<"), ">"), 10, 64)
		if !hasArg || err != nil || n <= 0 || n > 1<<40 {
			return CopyOp{}, errUnknown("%s is a copy of a box: give its size in bits, %s<8192>", base, base)
		}
		return oneThread(c, n), nil
	}
	best := suggest.Closest(c, append(CopyNames(), "UniversalCopy<T>", "SM80_CP_ASYNC_CACHEALWAYS<T>", "SM80_CP_ASYNC_CACHEGLOBAL<T>", "SM90_TMA_LOAD<BITS>"))
	if best != "" {
		return CopyOp{}, errUnknown("unknown copy operation %s; did you mean %s?", name, best)
	}
	return CopyOp{}, errUnknown("unknown copy operation %s", name)
}

// NewCopyAtom returns Copy_Atom<op, T> for a value type T of bits bits:
// CuTe's recast_layout<uint1_t, T> of each TV layout, which must leave every
// thread a whole number of values.
func NewCopyAtom(op CopyOp, valType string, bits int) (CopyAtom, error) {
	if bits <= 0 {
		return CopyAtom{}, errFit("Copy_Atom<%s, %s>: a value type of %d bits", op.Name, valType, bits)
	}
	a := CopyAtom{Op: op, ValType: valType, Bits: bits}
	for i, p := range []*layout.Layout{&a.Src, &a.Dst, &a.Ref} {
		from := [3]layout.Layout{op.Src, op.Dst, op.Ref}[i]
		r, err := layout.RecastLayout(1, int64(bits), from)
		if err != nil {
			return CopyAtom{}, errFit("Copy_Atom<%s, %s>: the %d-bit values do not divide its %s layout %s: %v",
				op.Name, valType, bits, [3]string{"source", "destination", "reference"}[i], from, err)
		}
		*p = r
	}
	thr := modeSize(op.ThrID, -1)
	for i, v := range []layout.Layout{a.Src, a.Dst, a.Ref} {
		if modeSize(v, 0) != thr {
			return CopyAtom{}, errFit("Copy_Atom<%s, %s>: the %s layout %s has %d threads, not the %d of ThrID",
				op.Name, valType, [3]string{"source", "destination", "reference"}[i], v, modeSize(v, 0), thr)
		}
	}
	return a, nil
}

// String is the atom as C++ writes it.
func (a CopyAtom) String() string { return fmt.Sprintf("Copy_Atom<%s, %s>", a.Op.Name, a.ValType) }

// modeSize is the size of mode i of l (of l itself when i < 0), 0 when it
// is not static.
func modeSize(l layout.Layout, i int) int64 {
	m := l
	if i >= 0 {
		var err error
		if m, err = l.Mode(i); err != nil {
			return 0
		}
	}
	n, err := m.Size()
	if err != nil {
		return 0
	}
	return n
}
