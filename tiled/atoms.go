package tiled

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/cutec/cutec/internal/suggest"
	"github.com/cutec/cutec/layout"
)

// MMAAtom is an MMA operation with what CuTe's MMA_Traits hold: the M,N,K
// shape of one instruction, ThrID (atom thread -> thread index) and the TV
// layouts A (thread, value) -> (m,k), B -> (n,k) and C -> (m,n), as
// column-major indices of those tiles; Bits are the widths of the value
// types A, B, C and D.
type MMAAtom struct {
	Name    string
	MNK     [3]int64
	ThrID   layout.Layout
	A, B, C layout.Layout
	Bits    [4]int
}

func t(xs ...any) layout.IntTuple {
	out := make([]layout.IntTuple, len(xs))
	for i, x := range xs {
		switch v := x.(type) {
		case int:
			out[i] = layout.Int(int64(v))
		case int64:
			out[i] = layout.Int(v)
		case layout.IntTuple:
			out[i] = v
		}
	}
	return layout.Tuple(out...)
}

func l(shape, stride any) layout.Layout {
	return layout.MustNew(t(shape).At(0), t(stride).At(0))
}

// canonName folds the spellings of an atom's name: spaces, a cute:: or
// SM90::GMMA:: prefix, a trailing {} and an empty template list.
func canonName(s string) string {
	s = strings.Join(strings.Fields(s), "")
	s = strings.TrimSuffix(s, "{}")
	s = strings.TrimPrefix(s, "cute::")
	s = strings.TrimSuffix(s, "<>")
	s = strings.ReplaceAll(s, "cute::", "")
	// MMA_Atom<OP> is CuTe's atom of the operation OP: the same atom.
	if strings.HasPrefix(s, "MMA_Atom<") && strings.HasSuffix(s, ">") {
		s = s[len("MMA_Atom<") : len(s)-1]
	}
	return s
}

var fixedIndex = sync.OnceValue(func() map[string]int {
	m := make(map[string]int, len(fixedMMA()))
	for i, a := range fixedMMA() {
		m[a.Name] = i
	}
	return m
})

var (
	gmmaRe = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`^SM90_64x(\d+)x(\d+)_([A-Z0-9]+)_(SS|RS)(_TN)?(_SATURATE)?(?:<(?:GMMA::Major::(K|MN)),(?:GMMA::Major::(K|MN))>)?$`)
	})
	ummaRe = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`^SM100_MMA_(F16BF16|TF32|S8)(_2x1SM)?_(SS|TS)<([A-Za-z0-9_]+),([A-Za-z0-9_]+),([A-Za-z0-9_]+),(\d+),(\d+)(?:,UMMA::Major::(?:K|MN),UMMA::Major::(?:K|MN))?>$`)
	})
)

// typeBits are the widths of the types in the names of CuTe's GMMA atoms
// (F32F16F16: D, then A and B) and in UMMA template arguments.
var typeBits = map[string]int{
	"F16": 16, "BF16": 16, "F32": 32, "TF32": 32, "S32": 32, "S8": 8, "U8": 8, "E4M3": 8, "E5M2": 8,
	"half_t": 16, "bfloat16_t": 16, "float": 32, "tfloat32_t": 32, "int32_t": 32, "int8_t": 8, "uint8_t": 8,
	"float_e4m3_t": 8, "float_e5m2_t": 8,
}

// gmmaTypes splits F32F16F16 or S32S8U8 into its three types.
func gmmaTypes(s string) ([3]int, bool) {
	var out [3]int
	for i := 0; i < 3; i++ {
		found := false
		for _, p := range []string{"TF32", "BF16", "E4M3", "E5M2", "F16", "F32", "S32", "S8", "U8"} {
			if strings.HasPrefix(s, p) {
				out[i], s, found = typeBits[p], s[len(p):], true
				break
			}
		}
		if !found {
			return out, false
		}
	}
	return out, s == ""
}

// gmmaNs are the N of CuTe's GMMA atoms: multiples of 8 up to 256 (those
// not a multiple of 16 or 64 only with CUTE_SM90_EXTENDED_MMA_SHAPES_ENABLED),
// and for the 8-bit integer kinds 8, 16, 24 and the multiples of 16 from 32.
func gmmaN(n int64, integer bool) bool {
	if n < 8 || n > 256 || n%8 != 0 {
		return false
	}
	return !integer || n <= 24 || n%16 == 0
}

// gmma builds an SM90 GMMA atom the way mma_traits_sm90_gmma.hpp does:
// 128 threads; A and B read from shared memory as ABLayout<M,K>
// (128,(M,K)):(0,(1,M)) (the RS kinds read A from registers, ALayout_64xK);
// C is CLayout_64xN.
func gmma(name string) (MMAAtom, bool) {
	m := gmmaRe().FindStringSubmatch(name)
	if m == nil {
		return MMAAtom{}, false
	}
	n, _ := strconv.ParseInt(m[1], 10, 64)
	k, _ := strconv.ParseInt(m[2], 10, 64)
	types, ok := gmmaTypes(m[3])
	if !ok {
		return MMAAtom{}, false
	}
	tn, integer := m[5] != "", types[0] == 32 && strings.HasPrefix(m[3], "S32")
	// The kinds of 32-bit or 8-bit inputs take no majors (K-major only,
	// _TN); the 16-bit kinds take both, and RS takes A K-major.
	if tn != (types[1] != 16) || (m[6] != "" && !integer) || (m[7] != "" && tn) || (m[7] == "" && !tn) {
		return MMAAtom{}, false
	}
	if m[4] == "RS" && m[7] == "MN" {
		return MMAAtom{}, false
	}
	if k*int64(types[1]) != 256 || !gmmaN(n, integer) {
		return MMAAtom{}, false
	}
	ab := func(mn int64) layout.Layout { return l(t(128, t(mn, k)), t(0, t(1, mn))) }
	a := ab(64)
	if m[4] == "RS" {
		// ALayout_64xK of mma_traits_sm90_gmma.hpp: v values a thread
		// along K in each of the two 8-column halves.
		if v := k / 8; v == 1 {
			a = l(t(t(4, 8, 4), t(2, 2)), t(t(64, 1, 16), t(8, 256)))
		} else {
			a = l(t(t(4, 8, 4), t(v, 2, 2)), t(t(64*v, 1, 16), t(64, 8, 256*v)))
		}
	}
	return MMAAtom{Name: name, MNK: [3]int64{64, n, k}, ThrID: l(128, 1), A: a, B: ab(n),
		C:    l(t(t(4, 8, 4), t(2, 2, n/8)), t(t(128, 1, 16), t(64, 8, 512))),
		Bits: [4]int{types[1], types[2], types[0], types[0]}}, true
}

// umma builds an SM100 UMMA atom as mma_traits_sm100.hpp does: one thread
// (two for the 2x1SM kinds, each holding half of M and of N), K = 256 bits.
func umma(name string) (MMAAtom, bool) {
	m := ummaRe().FindStringSubmatch(name)
	if m == nil {
		return MMAAtom{}, false
	}
	ab, bb, cb := typeBits[m[4]], typeBits[m[5]], typeBits[m[6]]
	want := map[string]int{"F16BF16": 16, "TF32": 32, "S8": 8}[m[1]]
	if ab != want || bb != want || cb == 0 {
		return MMAAtom{}, false
	}
	mm, _ := strconv.ParseInt(m[7], 10, 64)
	n, _ := strconv.ParseInt(m[8], 10, 64)
	k := int64(256 / ab)
	if m[2] == "" {
		if (mm != 64 && mm != 128) || n < 8 || n > 256 || n%8 != 0 {
			return MMAAtom{}, false
		}
		return MMAAtom{Name: name, MNK: [3]int64{mm, n, k}, ThrID: l(1, 0),
			A: l(t(1, t(mm, k)), t(0, t(1, mm))), B: l(t(1, t(n, k)), t(0, t(1, n))), C: l(t(1, t(mm, n)), t(0, t(1, mm))),
			Bits: [4]int{ab, bb, cb, cb}}, true
	}
	if (mm != 128 && mm != 256) || n < 16 || n > 256 || n%16 != 0 {
		return MMAAtom{}, false
	}
	h, hn := mm/2, n/2
	return MMAAtom{Name: name, MNK: [3]int64{mm, n, k}, ThrID: l(2, 1),
		A: l(t(2, t(h, k)), t(h, t(1, mm))), B: l(t(2, t(hn, k)), t(hn, t(1, n))), C: l(t(2, t(h, n)), t(h, t(1, mm))),
		Bits: [4]int{ab, bb, cb, cb}}, true
}

// LookupMMA returns the MMA atom CuTe names name (SM80_16x8x16_F32F16F16F32_TN,
// SM90_64x128x16_F32F16F16_SS<GMMA::Major::K,GMMA::Major::K>,
// SM100_MMA_F16BF16_SS<half_t,half_t,float,128,256,UMMA::Major::K,UMMA::Major::K>,
// UniversalFMA<float>); an unknown name is an E0920 error.
func LookupMMA(name string) (MMAAtom, error) {
	c := canonName(name)
	if c == "UniversalFMA" { // an identifier cannot carry <float>
		c = "UniversalFMA<float>"
	}
	if i, ok := fixedIndex()[c]; ok {
		a := fixedMMA()[i]
		a.Name = c
		return a, nil
	}
	if strings.HasPrefix(c, "UniversalFMA<") {
		args := strings.Split(strings.TrimSuffix(strings.TrimPrefix(c, "UniversalFMA<"), ">"), ",")
		if i, ok := fixedIndex()["UniversalFMA<"+args[0]+">"]; ok && strings.HasSuffix(c, ">") {
			a := fixedMMA()[i]
			a.Name = c
			return a, nil
		}
	}
	if strings.HasPrefix(c, "SM80_16x8x128_S32U1U1S32_TN_") {
		return MMAAtom{}, errFit("CuTe's MMA_Traits<%s>::ALayout is ((4,8),(32,2)):((512,1),((16,8))) (mma_traits_sm80.hpp): "+
			"its stride is not congruent with its shape, so it is no layout and no tiled MMA can be built from it", c)
	}
	if a, ok := gmma(c); ok {
		return a, nil
	}
	// A GMMA of 16-bit inputs named without its majors is K-major in both
	// (an identifier cannot carry C++'s template arguments).
	if a, ok := gmma(c + "<GMMA::Major::K,GMMA::Major::K>"); ok && !strings.Contains(c, "<") {
		return a, nil
	}
	if a, ok := umma(c); ok {
		return a, nil
	}
	return MMAAtom{}, errUnknown("unknown MMA atom %s%s", name, mmaHint(c))
}

// mmaHint names the known fixed atom nearest to name, or the form of a
// parametrized one.
func mmaHint(name string) string {
	switch {
	case strings.HasPrefix(name, "SM90_64x"):
		return "; an SM90 GMMA atom is SM90_64xNxK_<D><A><B>_SS or _RS with <GMMA::Major::K|MN,GMMA::Major::K|MN>, or _TN for 8- and 32-bit inputs, K = 256 bits"
	case strings.HasPrefix(name, "SM100_"):
		return "; an SM100 UMMA atom is SM100_MMA_{F16BF16,TF32,S8}[_2x1SM]_{SS,TS}<A,B,C,M,N[,UMMA::Major::K,UMMA::Major::K]>"
	}
	best := suggest.Closest(name, MMANames())
	if best == "" {
		return ""
	}
	return fmt.Sprintf("; did you mean %s?", best)
}

// MMANames returns the names of the MMA atoms of fixed shape, sorted (the
// GMMA and UMMA families are parametrized: see LookupMMA).
func MMANames() []string {
	out := make([]string, len(fixedMMA()))
	for i, a := range fixedMMA() {
		out[i] = a.Name
	}
	slices.Sort(out)
	return out
}
