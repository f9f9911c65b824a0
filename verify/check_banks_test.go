package verify

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cutec/cutec/diag"
)

// TestBanksQuietOnTunedLayouts: the shared-memory layouts of NVIDIA's
// Hopper GEMM (the swizzled atoms CuTe DSL prints for its f16 operands,
// tiled to the CTA buffer) state no access, so no bank conflict is
// reported for them, in MLIR or as values: the old heuristic guessed from
// the layout alone; W0901 now needs the access and proves it with numbers.
func TestBanksQuietOnTunedLayouts(t *testing.T) {
	layouts := []string{
		"S<3,4,3> o 0 o ((8,16),(64,1),(1,6)):((64,512),(1,0),(0,8192))",
		"S<2,4,3> o 0 o ((8,8),(32,1),(1,4)):((32,256),(1,0),(0,2048))",
		"S<1,4,3> o 0 o (8,64):(64,1)",
		"S<3,4,3> o 0 o (8,64):(64,1)",
	}
	p := Default()
	for _, l := range layouts {
		src := `%0 = cute.static : !cute.composed_layout<"` + l + `">`
		for _, d := range p.MLIR(diag.NewFile("k.mlir", []byte(src))) {
			if d.Code == diag.BankConflicts {
				t.Errorf("%s: %s", l, d.Message)
			}
		}
		_, diags := p.Expr(diag.NewFile("x", []byte(l)))
		for _, d := range diags {
			if d.Code == diag.BankConflicts {
				t.Errorf("%s: %s", l, d.Message)
			}
		}
	}
}

// TestBankCheckOfATiledCopy: bank_check with a tiled copy as the access is
// checked as banks of it computes (the report its evaluation gives): the
// ldmatrix.x4 copy of bf16 A tiles of an SM80 MMA leaves a 2-way conflict
// under S<3,4,3> on elements and none under S<3,3,3>, CUTLASS's SW128 for
// 16-bit elements (docs/tiled.md, where the python package's test checks
// the same numbers).
func TestBankCheckOfATiledCopy(t *testing.T) {
	tiledCopy := "make_tiled_copy_A(copy_atom(SM75_U32x4_LDSM_N, bf16), make_tiled_mma(SM80_16x8x16_F32BF16BF16F32_TN, (4,1,1), [64:1;16:1;16:1]))"
	smem := "((8,8),(64,2)):((64,512),(1,4096))"
	for sw, want := range map[string]bool{"S<3,4,3>": true, "S<3,3,3>": false} {
		_, diags := Default().Expr(diag.NewFile("x", []byte("bank_check("+sw+" o 0 o "+smem+", bf16, "+tiledCopy+")")))
		require.False(t, diags.HasErrors(), "%v", diags)
		assert.Equal(t, want, diags.HasCode(diag.BankConflicts), "%s: %v", sw, diags)
	}
}
