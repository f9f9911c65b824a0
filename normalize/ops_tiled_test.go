package normalize

import (
	"testing"

	"github.com/cutec/cutec/ast"
	"github.com/cutec/cutec/diag"
	"github.com/stretchr/testify/require"
)

// CuTe C++'s Copy_Atom<OP, T>{} reaches the copy builders as the name the
// parser makes of it (the C++ spellings of the grammar): the same copy as
// copy_atom(OP, T). The call is built by hand here, as the parser builds it.
func TestCopyAtomInCppSpelling(t *testing.T) {
	f := diag.NewFile("<test>", []byte("x"))
	mma := &ast.Call{Fun: &ast.Ident{Name: "make_tiled_mma"}, Args: []ast.Expr{&ast.Ident{Name: "SM80_16x8x16_F32F16F16F32_TN"}}}
	for _, c := range []struct{ atom, want string }{
		{"Copy_Atom<SM75_U32x4_LDSM_N,half_t>", "make_tiled_copy_tv(copy_atom(SM75_U32x4_LDSM_N, half_t), ((4,8),((2,2,2),(1,1))):((32,1),((16,8,128),(0,0))), (16,16))"},
		{"Copy_Atom<UniversalCopy<uint32_t>, half_t>", "make_tiled_copy_tv(copy_atom(UniversalCopy, half_t, 32), ((4,8),((2,2,2),(1,1))):((32,1),((16,8,128),(0,0))), (16,16))"},
	} {
		call := &ast.Call{Fun: &ast.Ident{Name: "make_tiled_copy_A"}, Args: []ast.Expr{&ast.Ident{Name: c.atom}, mma}}
		v, diags := (&Evaluator{File: f}).Eval(call)
		require.False(t, diags.HasErrors(), "%s: %v", c.atom, diags)
		require.Equal(t, c.want, v.String())
	}
	call := &ast.Call{Fun: &ast.Ident{Name: "make_tiled_copy_A"}, Args: []ast.Expr{&ast.Ident{Name: "Copy_Atom<SM75_U32x5_LDSM_N,half_t>"}, mma}}
	_, diags := (&Evaluator{File: f}).Eval(call)
	require.True(t, diags.HasErrors())
	require.Equal(t, diag.TiledUnknownAtom, diags[0].Code)
}

// The atom's own layouts of a tiled MMA, as cute/atom/mma_traits_sm80.hpp
// (CUTLASS 7107b05) defines MMA_Traits<SM80_16x8x16_F16F16F16F16_TN>, which
// the F32 accumulating atom inherits: ThrID Layout<_32>, ALayout
// ((4,8),(2,2,2)):((32,1),(16,8,128)), BLayout ((4,8),(2,2)):((16,1),(8,64)),
// CLayout SM80_16x8_Row ((4,8),(2,2)):((32,1),(16,8)); the tiling of atoms
// does not change them.
func TestAtomLayouts(t *testing.T) {
	const mma = "make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN, (2,2,1), [32:1;32:1;16:1])"
	for q, want := range map[string]string{
		"get_atom_thr_id":     "32:1",
		"get_atom_layoutA_TV": "((4,8),(2,2,2)):((32,1),(16,8,128))",
		"get_atom_layoutB_TV": "((4,8),(2,2)):((16,1),(8,64))",
		"get_atom_layoutC_TV": "((4,8),(2,2)):((32,1),(16,8))",
	} {
		v, _, diags := evalText(q + "(" + mma + ")")
		require.False(t, diags.HasErrors(), "%s: %v", q, diags)
		require.Equal(t, want, v.String(), q)
	}
}

// A copy atom's own layouts, in elements of its value type: CuTe's traits of
// SM75_U32x4_LDSM_N (testdata/cute/atoms.tsv, printed from CUTLASS 7107b05)
// are in bits, source (_32,_128):(_128,_1) and destination and reference
// (_32,(_32,_4)):(_32,(_1,_1024)); in 16-bit halves (recast by 16), (32,8):(8,1)
// and (32,(2,4)):(2,(1,64)).
func TestCopyAtomLayouts(t *testing.T) {
	const cp = "make_tiled_copy_A(copy_atom(SM75_U32x4_LDSM_N, half_t), make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN, (2,2,1)))"
	for q, want := range map[string]string{
		"get_atom_layout_src": "(32,8):(8,1)",
		"get_atom_layout_dst": "(32,(2,4)):(2,(1,64))",
		"get_atom_layout_ref": "(32,(2,4)):(2,(1,64))",
	} {
		v, _, diags := evalText(q + "(" + cp + ")")
		require.False(t, diags.HasErrors(), "%s: %v", q, diags)
		require.Equal(t, want, v.String(), q)
	}
}
