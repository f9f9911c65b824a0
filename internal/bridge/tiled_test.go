package bridge

import (
	"strings"
	"testing"

	"github.com/cutec/cutec/diag"
)

// The C ABI and the Python package evaluate and draw tiled MMAs and copies
// as cutec eval and cutec show do (docs/tiled.md): thread 0 of the single
// SM80 16x8x8 atom holds A's (0,0) and (0,1) (PTX ISA, the fragment layout
// of mma.m16n8k8 for .f16: row groupID, column threadID_in_group*2 + i).
func TestTiledObjects(t *testing.T) {
	r := Eval([]byte("get_layoutA_TV(make_tiled_mma(SM80_16x8x8_F32F16F16F32_TN))"))
	if r.Failed || string(r.Value) != "((4,8),((2,2),(1,1))):((32,1),((16,8),(0,0)))" {
		t.Errorf("get_layoutA_TV: %s", r.Value)
	}
	d := Draw([]byte("make_tiled_mma(SM80_16x8x8_F32F16F16F32_TN)"), 0)
	if d.Failed || !strings.Contains(string(d.Value), "\n 0  T0V0  T0V1  T1V0  T1V1") {
		t.Errorf("text drawing:\n%s", d.Value)
	}
	if d := Draw([]byte("make_tiled_mma(SM80_16x8x8_F32F16F16F32_TN)"), 1); d.Failed || !strings.Contains(string(d.Value), "<svg") {
		t.Errorf("SVG drawing: %.80q", d.Value)
	}
	wantCode(t, Eval([]byte("make_tiled_copy_A(copy_atom(SM75_U32x4_LDSM_N, half_t), make_tiled_mma(SM80_16x8x8_F32F16F16F32_TN))")), diag.TiledMismatch)
}
