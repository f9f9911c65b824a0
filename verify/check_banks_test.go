package verify

import (
	"testing"

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
