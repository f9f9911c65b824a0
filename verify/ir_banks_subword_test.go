package verify

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/cutec/cutec/diag"
)

// TestIRBanksSubWordCopy: a 16-bit universal copy (ld.shared.b16) is an
// access the model knows. 32 threads reading 32 consecutive indices down
// mode 0 of the K-major f16 buffer, whose rows are 64 elements (128 bytes)
// apart, put every thread in bank 0: 32 distinct words, 32-way.
func TestIRBanksSubWordCopy(t *testing.T) {
	p := banksPass(t, true)
	mem := `!cute.memref<f16, smem, align<1024>, ` + plainKMaj + `>`
	line := copyLine("S", `!cute.tiled_copy<!cute_nvgpu.atom.universal_copy<f16>, layout_copy_tv = <"(32,1):(1,0)">, tiler_mn = <"[32:1]">>`, mem)
	var msgs []string
	for _, d := range p.MLIR(diag.NewFile("k.mlir", []byte(line))) {
		if d.Code == diag.BankConflicts {
			msgs = append(msgs, d.Message)
		}
	}
	require.Len(t, msgs, 1)
	require.Contains(t, msgs[0], "ld.shared.b16 of f16")
	require.True(t, strings.Contains(msgs[0], "32-way"), msgs[0])
}
