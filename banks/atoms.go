package banks

import (
	"fmt"
	"sort"
	"strings"

	"github.com/cutec/cutec/diag"
	"github.com/cutec/cutec/layout"
)

// Atom is a named shared-memory access: a copy instruction of one warp.
//
// Each thread of an atom moves one vector of WidthBits contiguous bits per
// instruction (ldmatrix and stmatrix: one 16-byte row of an 8x8 matrix of
// 16-bit elements, whose address the thread supplies). CuTe states this in
// the source TV layout of the atom's copy traits, in bits:
// SM75_U32x4_LDSM_N has (32,128):(128,1) (thread t supplies the 128 bits
// from bit 128t: row t), SM75_U32x2_LDSM_N ((16,2),128):((128,0),1) and
// SM75_U32x1_LDSM_N ((8,4),128):((128,0),1) (only threads 0-15 and 0-7
// supply addresses; the others repeat them), in
// include/cute/atom/copy_traits_sm75.hpp of CUTLASS. The .trans forms
// (SM75_U16x{2,4,8}_LDSM_T) read the same rows and only deal the 16-bit
// elements to other registers, so their shared-memory side is the same;
// stmatrix (SM90_U32x{1,2,4}_STSM_N, SM90_U16x{2,4,8}_STSM_T in
// copy_traits_sm90.hpp) is its mirror. ld.shared/st.shared (CuTe's
// UniversalCopy<uint32_t>, <uint64_t>, <uint128_t>) and cp.async
// (SM80_CP_ASYNC_CACHEALWAYS<uint32_t>, <uint64_t>, <uint128_t>) give one
// vector per thread, all 32 threads.
//
// Placed on a tile, the atom reads the tile's vectors in an order: the
// tile's unit-stride mode holds the vectors (n = WidthBits / element bits
// elements each), its other mode the rows. ldmatrix and stmatrix go down
// the rows first (thread t of an x4 takes vector t in column order, so the
// 8 threads of a matrix take 8 consecutive rows at one column, as the PTX
// ISA requires of a matrix), the others along the rows first (thread t
// takes the t-th vector of row-major order, as a CuTe tiled copy with a
// K-major thread layout does). Instruction i takes the next Threads vectors.
// Any other arrangement is an explicit TV layout (NewAccess).
type Atom struct {
	Name      string   // the canonical name, such as "ldmatrix.x4.trans"
	CuTe      []string // CuTe's names of the copy operation
	WidthBits int      // the bits of one access of a thread
	Threads   int      // the threads that supply addresses
	RowsFirst bool     // vectors are taken down the rows first
	Doc       string
}

var atoms = []Atom{
	{"ld.shared.b32", []string{"UniversalCopy<uint32_t>"}, 32, 32, false, "32-bit ld.shared, one word a thread"},
	{"ld.shared.b64", []string{"UniversalCopy<uint64_t>"}, 64, 32, false, "64-bit ld.shared, two phases of 16 threads"},
	{"ld.shared.b128", []string{"UniversalCopy<uint128_t>"}, 128, 32, false, "128-bit ld.shared, four phases of 8 threads"},
	{"st.shared.b32", nil, 32, 32, false, "32-bit st.shared"},
	{"st.shared.b64", nil, 64, 32, false, "64-bit st.shared"},
	{"st.shared.b128", nil, 128, 32, false, "128-bit st.shared"},
	{"cp.async.4", []string{"SM80_CP_ASYNC_CACHEALWAYS<uint32_t>"}, 32, 32, false, "cp.async of 4 bytes, its shared-memory write"},
	{"cp.async.8", []string{"SM80_CP_ASYNC_CACHEALWAYS<uint64_t>"}, 64, 32, false, "cp.async of 8 bytes"},
	{"cp.async.16", []string{"SM80_CP_ASYNC_CACHEALWAYS<uint128_t>"}, 128, 32, false, "cp.async.ca of 16 bytes"},
	{"cp.async.cg.16", []string{"SM80_CP_ASYNC_CACHEGLOBAL<uint128_t>"}, 128, 32, false, "cp.async.cg of 16 bytes, L1 bypassed"},
	{"ld.shared.b8", []string{"UniversalCopy<uint8_t>"}, 8, 32, false, "8-bit ld.shared, one phase of 32 threads"},
	{"ld.shared.b16", []string{"UniversalCopy<uint16_t>"}, 16, 32, false, "16-bit ld.shared, one phase of 32 threads"},
	{"st.shared.b8", nil, 8, 32, false, "8-bit st.shared"},
	{"st.shared.b16", nil, 16, 32, false, "16-bit st.shared"},
	{"ldmatrix.x1", []string{"SM75_U32x1_LDSM_N"}, 128, 8, true, "one 8x8 matrix, rows from threads 0-7"},
	{"ldmatrix.x2", []string{"SM75_U32x2_LDSM_N"}, 128, 16, true, "two 8x8 matrices, rows from threads 0-15"},
	{"ldmatrix.x4", []string{"SM75_U32x4_LDSM_N"}, 128, 32, true, "four 8x8 matrices, rows from threads 0-31"},
	{"ldmatrix.x1.trans", []string{"SM75_U16x2_LDSM_T"}, 128, 8, true, "ldmatrix.x1 transposed: same rows"},
	{"ldmatrix.x2.trans", []string{"SM75_U16x4_LDSM_T"}, 128, 16, true, "ldmatrix.x2 transposed: same rows"},
	{"ldmatrix.x4.trans", []string{"SM75_U16x8_LDSM_T"}, 128, 32, true, "ldmatrix.x4 transposed: same rows"},
	{"stmatrix.x1", []string{"SM90_U32x1_STSM_N"}, 128, 8, true, "one 8x8 matrix stored, rows from threads 0-7"},
	{"stmatrix.x2", []string{"SM90_U32x2_STSM_N"}, 128, 16, true, "two 8x8 matrices stored"},
	{"stmatrix.x4", []string{"SM90_U32x4_STSM_N"}, 128, 32, true, "four 8x8 matrices stored"},
	{"stmatrix.x1.trans", []string{"SM90_U16x2_STSM_T"}, 128, 8, true, "stmatrix.x1 transposed: same rows"},
	{"stmatrix.x2.trans", []string{"SM90_U16x4_STSM_T"}, 128, 16, true, "stmatrix.x2 transposed: same rows"},
	{"stmatrix.x4.trans", []string{"SM90_U16x8_STSM_T"}, 128, 32, true, "stmatrix.x4 transposed: same rows"},
}

// atomKey folds the spellings of a name: case, and "_" or "." between
// parts (ldmatrix_x4 and ldmatrix.x4 are one name, so that .cute files can
// write atoms as identifiers).
func atomKey(s string) string {
	return strings.NewReplacer("_", ".", "<", ".", ">", "", "::", ".").Replace(strings.ToLower(s))
}

var atomIndex = func() map[string]int {
	m := map[string]int{}
	for i, a := range atoms {
		m[atomKey(a.Name)] = i
		for _, c := range a.CuTe {
			m[atomKey(c)] = i
			m[atomKey("cute::"+c)] = i
		}
	}
	// Short spellings.
	for _, w := range []string{"8", "16", "32", "64", "128"} {
		m["lds"+w] = m["ld.shared.b"+w]
		m["sts"+w] = m["st.shared.b"+w]
	}
	// The SASS names of ldmatrix and stmatrix (LDSM, STSM), as profiles
	// and CuTe's operation names (SM75_U32x4_LDSM_N) write them.
	for _, x := range []string{"x1", "x2", "x4"} {
		for _, t := range []string{"", ".trans"} {
			m["ldsm."+x+t] = m["ldmatrix."+x+t]
			m["stsm."+x+t] = m["stmatrix."+x+t]
		}
		m["ldsm."+x+".t"] = m["ldmatrix."+x+".trans"]
		m["stsm."+x+".t"] = m["stmatrix."+x+".trans"]
	}
	// cp.async by its cache operator: .ca (the default) and .cg.
	for _, w := range []string{"4", "8", "16"} {
		m["cp.async.ca."+w] = m["cp.async."+w]
	}
	return m
}()

// LookupAtom returns the atom named name: its canonical name, a CuTe name,
// or either with "_" for ".". An unknown name is an E0909 error.
func LookupAtom(name string) (Atom, error) {
	if i, ok := atomIndex[atomKey(copyAtomOp(name))]; ok {
		return atoms[i], nil
	}
	if strings.Contains(strings.ToUpper(name), "TMA") {
		return Atom{}, &Error{Code: diag.BankUnknownName, Msg: fmt.Sprintf("%s is a TMA copy: the copy engine writes a whole box, "+
			"not the threads of a warp, so it has no bank phases to count; name the instruction that reads the box (ldmatrix.x4, ld.shared.b128, ...)", name)}
	}
	return Atom{}, errUnknown("atom", name, AtomNames())
}

// copyAtomOp is OP of an atom written as CuTe C++ writes a copy atom,
// Copy_Atom<OP, T> (T is the access's element type, given apart), and
// name itself otherwise.
func copyAtomOp(name string) string {
	s := strings.TrimSuffix(strings.ReplaceAll(strings.Join(strings.Fields(name), ""), "cute::", ""), "{}")
	if rest, ok := strings.CutPrefix(s, "Copy_Atom<"); ok && strings.HasSuffix(rest, ">") {
		if i := strings.LastIndex(rest, ","); i > 0 {
			return rest[:i]
		}
	}
	return s
}

// Atoms returns every atom, in the order of the table.
func Atoms() []Atom { return append([]Atom(nil), atoms...) }

// AtomNames returns the canonical atom names, sorted.
func AtomNames() []string {
	out := make([]string, len(atoms))
	for i, a := range atoms {
		out[i] = a.Name
	}
	sort.Strings(out)
	return out
}

// Access places the atom on tile t with elements of e: it returns the TV
// layout (thread, value) -> tile index that covers the whole tile, one
// instruction per Threads vectors.
//
// On a staged buffer (a tile of rank 3, mode 2 the stages) the atom covers
// every stage as it covers the first: stage s's instructions follow stage
// s-1's (Tile.Stage gives one stage alone).
func (a Atom) Access(t Tile, e Elem) (Access, error) {
	if t.L.Rank() == 3 {
		return a.stagedAccess(t, e)
	}
	if a.WidthBits%e.Bits != 0 || a.WidthBits < e.Bits {
		return Access{}, errAccess("%s moves %d bits a thread, not a whole number of %d-bit %s elements", a.Name, a.WidthBits, e.Bits, e.Name)
	}
	n := int64(a.WidthBits / e.Bits)
	cm, err := contiguousMode(t.L, n)
	if err != nil {
		return Access{}, err
	}
	sizes := [2]int64{1, 1}
	for i := 0; i < t.L.Rank(); i++ {
		m, _ := t.L.Mode(i)
		s, err := m.Size()
		if err != nil {
			return Access{}, errAccess("the tile %s is not static", t)
		}
		sizes[i] = s
	}
	elemStep, rowStep := int64(1), sizes[0]
	if cm == 1 {
		elemStep, rowStep = sizes[0], 1
	}
	cols, rows := sizes[cm], sizes[1-cm]
	if t.L.Rank() == 1 {
		rows = 1
	}
	if cols%n != 0 {
		return Access{}, errAccess("%s on %s elements: the unit-stride mode of %s has %d elements, not a multiple of the %d of a vector",
			a.Name, e.Name, t.L, cols, n)
	}
	vecs := cols / n
	total := rows * vecs
	if total%int64(a.Threads) != 0 {
		return Access{}, errAccess("%s needs the tile's %d vectors of %d elements (%d rows of %d) to be a multiple of its %d threads",
			a.Name, total, n, rows, vecs, a.Threads)
	}
	// order: vector k of the enumeration -> tile index of its first element.
	var order layout.Layout
	if a.RowsFirst {
		order, err = layout.New(layout.Ints(rows, vecs), layout.Ints(rowStep, n*elemStep))
	} else {
		order, err = layout.New(layout.Ints(vecs, rows), layout.Ints(n*elemStep, rowStep))
	}
	if err != nil {
		return Access{}, errAccess("%v", err)
	}
	T := int64(a.Threads)
	split, err := layout.Compose(order, layout.MustNew(layout.Ints(T, total/T), layout.Ints(1, T)))
	if err != nil {
		return Access{}, errAccess("%s cannot split the %d vectors of %s among %d threads: %v", a.Name, total, t.L, T, err)
	}
	thr, _ := split.Mode(0)
	ins, _ := split.Mode(1)
	tv, err := layout.New(
		layout.Tuple(thr.Shape(), layout.Tuple(layout.Int(n), ins.Shape())),
		layout.Tuple(thr.Stride(), layout.Tuple(layout.Int(elemStep), ins.Stride())))
	if err != nil {
		return Access{}, errAccess("%v", err)
	}
	return Access{Name: a.Name, TV: tv, WidthBits: a.WidthBits, Op: opOf(a.Name)}, nil
}

// contiguousMode returns the top-level mode of l whose first step is one
// element in memory (the mode the vectors run along). When a vector is a
// single element and no mode has unit stride, mode 0 holds the vectors.
func contiguousMode(l layout.Layout, vec int64) (int, error) {
	if l.Rank() > 2 {
		return 0, errAccess("the tile %s has rank %d; an atom is placed on a tile of rank 1 or 2 (give a TV layout for others)", l, l.Rank())
	}
	found := -1
	for i := 0; i < l.Rank(); i++ {
		m, _ := l.Mode(i)
		f, err := flatten("mode", m, MaxTileSize)
		if err != nil {
			return 0, err
		}
		if f.size > 1 && f.at(1)-f.at(0) == 1 && found < 0 {
			found = i // the first such mode, when both are
		}
	}
	if found < 0 && vec == 1 {
		return 0, nil
	}
	if found < 0 {
		return 0, errAccess("no mode of %s has unit stride, so a vector cannot run along one", l)
	}
	return found, nil
}

// stagedAccess places the atom on stage 0 of a staged buffer and repeats
// its TV layout over the stages: the tile index of stage s is s times the
// size of a stage past stage 0's.
func (a Atom) stagedAccess(t Tile, e Elem) (Access, error) {
	n, err := t.Stages()
	if err != nil {
		return Access{}, err
	}
	first, err := t.Stage(0)
	if err != nil {
		return Access{}, err
	}
	acc, err := a.Access(first, e)
	if err != nil {
		return Access{}, err
	}
	size, err := first.L.Size()
	if err != nil {
		return Access{}, errAccess("the tile %s is not static", t)
	}
	thr, _ := acc.TV.Mode(0)
	val, _ := acc.TV.Mode(1)
	tv, err := layout.New(
		layout.Tuple(thr.Shape(), layout.Tuple(val.Shape(), layout.Int(int64(n)))),
		layout.Tuple(thr.Stride(), layout.Tuple(val.Stride(), layout.Int(size))))
	if err != nil {
		return Access{}, errAccess("%v", err)
	}
	acc.TV = tv
	return acc, nil
}
