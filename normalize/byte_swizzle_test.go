package normalize_test

import (
	"bufio"
	"encoding/json"
	"os"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cutec/cutec/diag"
	"github.com/cutec/cutec/layout"
	"github.com/cutec/cutec/normalize"
)

// gmmaFact is one line of testdata/cute_gmma/atoms.jsonl: what CuTe C++
// (NVIDIA/cutlass 7107b055) printed for a GMMA shared-memory atom or an
// operation on one.
type gmmaFact struct {
	Atom                string  `json:"atom"`
	Bits                int     `json:"bits"`
	Print               string  `json:"print"`
	PositionIndependent string  `json:"position_independent"`
	Values              []int64 `json:"values"`
	FlagValues          []int64 `json:"flag_values"`
	Op                  string  `json:"op"`
}

func readGMMAFacts(t *testing.T) (atoms, ops []gmmaFact) {
	t.Helper()
	f, err := os.Open("../testdata/cute_gmma/atoms.jsonl")
	require.NoError(t, err)
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		var c gmmaFact
		require.NoError(t, json.Unmarshal(sc.Bytes(), &c))
		if c.Op != "" {
			ops = append(ops, c)
		} else {
			atoms = append(atoms, c)
		}
	}
	require.NoError(t, sc.Err())
	require.Len(t, atoms, 24)
	return atoms, ops
}

// evalOK evaluates src, which must give a value without diagnostics.
func evalOK(t *testing.T, src string) normalize.Value {
	t.Helper()
	v, diags := eval(t, src, nil)
	require.Empty(t, diags, "%s", src)
	require.NotNil(t, v, src)
	return v
}

// TestByteSwizzleGMMAAtoms reads every GMMA atom as CuTe C++ prints it and
// checks it against what CuTe printed: the element width is kept (and
// printed back, so the text reads back to the same value),
// as_position_independent_swizzle_layout gives CuTe's element swizzle, and
// the value at every index is the element offset CuTe's
// position-independent layout gives.
func TestByteSwizzleGMMAAtoms(t *testing.T) {
	atoms, _ := readGMMAFacts(t)
	for _, a := range atoms {
		t.Run(a.Atom, func(t *testing.T) {
			v := evalOK(t, a.Print)
			c, ok := v.(normalize.Composed)
			require.True(t, ok, "%s gives the %s %s", a.Print, v.Kind(), v)
			assert.Equal(t, a.Bits, c.C.ElemBits)
			again := evalOK(t, v.String())
			assert.True(t, normalize.Equal(v, again), "%s reads back as %s", v, again)

			pi := evalOK(t, "as_position_independent_swizzle_layout("+a.Print+")")
			want := evalOK(t, a.PositionIndependent)
			assert.True(t, normalize.Equal(pi, want), "position independent: got %s, CuTe printed %s", pi, a.PositionIndependent)

			n, err := c.C.Inner.Size()
			require.NoError(t, err)
			require.Len(t, a.Values, int(n))
			differs := false
			for i, w := range a.Values {
				got, err := c.C.Eval(layout.Int(int64(i)))
				require.NoError(t, err)
				require.Equal(t, layout.Int(w), got, "%s at %d", a.Print, i)
				differs = differs || w != a.FlagValues[i]
			}
			// The spot check through the language: A(i) is the same offset.
			i := len(a.Values) - 1
			got := evalOK(t, "("+a.Print+")("+strconv.Itoa(i)+")")
			assert.Equal(t, normalize.Int(a.Values[i]), got)
			// C++'s operator() of the flagged layout applies the byte swizzle
			// to element offsets: it agrees only for byte elements or no swizzle.
			sw := c.C.Outer.(layout.Swizzle)
			assert.Equal(t, a.Bits != 8 && !sw.IsIdentity(), differs, "flag values against element values")
		})
	}
}

// TestByteSwizzleOps: the operations CuTe applies to a flagged atom keep
// the byte swizzle as CuTe prints it (testdata/cute_gmma/atoms.jsonl), and
// composition(Swizzle, Layout) builds the element swizzle SM80 uses.
func TestByteSwizzleOps(t *testing.T) {
	_, ops := readGMMAFacts(t)
	const k128 = "Sw<3,4,3> o smem_ptr[16b](unset) o (_8,_64):(_64,_1)" // GMMA::Layout_K_SW128_Atom<half_t>
	const mn128 = "Sw<3,4,3> o smem_ptr[16b](unset) o (_64,_8):(_1,_64)"
	ours := map[string]string{
		"upcast<2>(GMMA::Layout_K_SW128_Atom<half_t>)":                                    "recast_layout(16, 32, " + k128 + ")",
		"downcast<2>(GMMA::Layout_K_SW128_Atom<half_t>)":                                  "recast_layout(16, 8, " + k128 + ")",
		"recast_layout<half_t,float>(GMMA::Layout_K_SW128_Atom<half_t>)":                  "recast_layout(16, 32, " + k128 + ")",
		"tile_to_shape(GMMA::Layout_K_SW128_Atom<half_t>, Shape<_128,_64>)":               "tile_to_shape(" + k128 + ", (128,64))",
		"tile_to_shape(GMMA::Layout_MN_SW128_Atom<half_t>, Shape<_128,_64,_3>)":           "tile_to_shape(" + mn128 + ", (128,64,3))",
		"composition(GMMA::Layout_K_SW128_Atom<half_t>, Shape<_8,_32>)":                   "composition(" + k128 + ", (8,32))",
		"get<0>(slice_and_offset(make_coord(_,_0{}), GMMA::Layout_K_SW128_Atom<half_t>))": "slice((_,0), " + k128 + ")",
		"composition(Swizzle<3,3,3>, Layout<Shape<_8,_64>,Stride<_64,_1>>)":               "composition(S<3,3,3>, (8,64):(64,1))",
		"composition(Swizzle<3,3,3>, Int<0>, Layout<Shape<_8,_64>,Stride<_64,_1>>)":       "S<3,3,3> o 0 o (8,64):(64,1)",
	}
	require.Len(t, ops, len(ours))
	for _, o := range ops {
		src, ok := ours[o.Op]
		require.True(t, ok, "no cutec spelling for %s", o.Op)
		got := evalOK(t, src)
		want := evalOK(t, o.Print)
		assert.True(t, normalize.Equivalent(got, want), "%s: got %s, CuTe printed %s", src, got, o.Print)
		if c, ok := want.(normalize.Composed); ok {
			assert.Equal(t, c.C.ElemBits, got.(normalize.Composed).C.ElemBits, src)
		}
		// CuTe's own names of the recasts are operations of cutec too.
		if alt, ok := map[string]string{
			"upcast<2>(GMMA::Layout_K_SW128_Atom<half_t>)":   "upcast(" + k128 + ", 2)",
			"downcast<2>(GMMA::Layout_K_SW128_Atom<half_t>)": "downcast(" + k128 + ", 2)",
		}[o.Op]; ok {
			assert.True(t, normalize.Equal(evalOK(t, alt), evalOK(t, src)), alt)
		}
	}
}

// TestByteSwizzleErrors: a flag needs a swizzle before it, a power-of-two
// width, and elements that the swizzle does not split; banks needs the
// element type the flag names, and whole bytes.
func TestByteSwizzleErrors(t *testing.T) {
	for src, code := range map[string]string{
		"(8,64):(64,1) o smem_ptr[16b](unset) o (8,64):(64,1)":                           "E0205",
		"S<3,4,3> o smem_ptr[12b](unset) o (8,64):(64,1)":                                "E0704",
		"S<3,4,3> o smem_ptr[99999999999999999999999b](unset) o (8,64):(64,1)":           "E0704",
		"as_position_independent_swizzle_layout(S<3,4,3> o smem_ptr[256b](unset) o 8:1)": "E0405",
		"as_position_independent_swizzle_layout((8,64):(64,1))":                          "E0205",
		"composition(S<3,3,3>, (8,64))":                                                  "E0205",
		"banks(S<3,4,3> o smem_ptr[16b](unset) o (8,64):(64,1), f32, ldmatrix_x4)":       "E0908",
		"banks(S<3,4,3> o smem_ptr[4b](unset) o (8,256):(256,1), f4, ld_shared_b32)":     "E0908",
		"S<3,4,3> o smem_ptr[0b](unset) o (8,64):(64,1)":                                 "E0704",
	} {
		v, diags := eval(t, src, nil)
		require.Nil(t, v, src)
		require.NotEmpty(t, diags, src)
		assert.Equal(t, code, string(diags[0].Code), "%s: %v", src, diags)
	}
}

// TestByteSwizzleBanks: CuTe's own 128-byte atom for f16 read by
// ldmatrix.x4 is conflict-free, 8 wavefronts for its two instructions (the
// bank model is exact for every ldmatrix measured on an H200; the bug
// report that asked for byte swizzles measured these 8 wavefronts on an
// H200), while the same numbers read as an element swizzle are 2-way.
func TestByteSwizzleBanks(t *testing.T) {
	const k128 = "Sw<3,4,3> o smem_ptr[16b](unset) o (_8,_64):(_64,_1)"
	assert.Equal(t, normalize.Int(8), evalOK(t, "wavefronts("+k128+", f16, ldmatrix_x4)"))
	assert.Equal(t, normalize.Int(1), evalOK(t, "banks("+k128+", f16, ldmatrix_x4)"))
	assert.Equal(t, normalize.Int(2), evalOK(t, "banks(S<3,4,3> o 0 o (8,64):(64,1), bf16, ldmatrix_x4)"))
}

// TestGMMAAtomNames: CuTe's names of the GMMA shared-memory layout atoms
// (GMMA::Layout_K_SW128_Atom<half_t>, ...) are values, each the atom CuTe
// C++ printed for the name (testdata/cute_gmma/atoms.jsonl, NVIDIA/cutlass
// 7107b055), with or without cute:: and {}.
func TestGMMAAtomNames(t *testing.T) {
	atoms, _ := readGMMAFacts(t)
	for _, a := range atoms {
		want := evalOK(t, a.Print).String()
		for _, spelling := range []string{a.Atom, "cute::" + a.Atom + "{}"} {
			assert.Equal(t, want, evalOK(t, spelling).String(), spelling)
		}
	}
	// UMMA names the same atoms (cute/atom/mma_traits_sm100.hpp: using
	// cute::GMMA::Layout_K_SW128_Atom, ...), and adds Layout_MN_SW128_32B_Atom,
	// Swizzle<2,5,2> over (1024,4):(1,1024) bits, upcast to T: for half_t
	// (64,4):(1,64) elements (derived by hand from that definition).
	assert.Equal(t, evalOK(t, "GMMA::Layout_K_SW64_Atom<half_t>").String(), evalOK(t, "UMMA::Layout_K_SW64_Atom<half_t>").String())
	assert.Equal(t, "S<2,5,2> o smem_ptr[16b](unset) o (64,4):(1,64)", evalOK(t, "UMMA::Layout_MN_SW128_32B_Atom<half_t>").String())
	_, diags := eval(t, "GMMA::Layout_MN_SW128_32B_Atom<half_t>", nil)
	require.Len(t, diags, 1, "GMMA has no SW128_32B atom")
	_, diags = eval(t, "GMMA::Layout_K_SW128_Atom<halff>", nil)
	require.Len(t, diags, 1)
	assert.Equal(t, diag.UnknownName, diags[0].Code)
	assert.Contains(t, diags[0].Message, `"halff"`)
}
