package verify

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/cutec/cutec/diag"
)

// A tile that does not divide a symbolic extent is a partial tile, as in
// CuTe: complement rounds the rest mode up (ceil_div(cotarget, stride),
// cute/layout.hpp at CUTLASS 7107b05), and zipped_divide(100:1, 32) is
// (32,4):(1,32) in CuTe C++ and in pycute (python/pycute at the same
// commit). So the divide warns that the last tile reads past the end
// (W0500) and states no obligation; an obligation stays where CuTe needs
// divisibility, a tile that crosses into the next mode.
func TestPartialTiles(t *testing.T) {
	codes := func(src string) (out []diag.Code, text string) {
		l := run(t, "expr", src)
		for _, d := range l {
			out = append(out, d.Code)
			text += d.Message + "\n"
		}
		return out, text
	}
	for _, src := range []string{"zipped_divide(M:1, 32)", "local_tile((M,N):(1,M), (128,64), (0,0))", "logical_divide((M,K):(1,lda), (128,32))"} {
		got, text := codes(src)
		for _, c := range got {
			if c != diag.FoldOutsideDomain {
				t.Errorf("%s: %s, want W0500 only:\n%s", src, c, text)
			}
		}
		if len(got) == 0 || strings.Contains(text, "fails for M = 1") {
			t.Errorf("%s: want W0500 without a counterexample, got:\n%s", src, text)
		}
	}
	if got, text := codes("zipped_divide(M{div=32}:1, 32)"); len(got) != 0 {
		t.Errorf("a tile the facts prove divides: got %s", text)
	}
	// The tile 4 crosses from mode M into K: CuTe's composition needs 4 | M,
	// and nothing else. Where a mode is 1 or M and lda line up, the static
	// algebra merges modes (zipped_divide((8,1):(1,3), 4) is (4,2):(1,4)),
	// but (4,(M/4,K)):(1,(4,lda)) is the same function, and the form CuTe
	// computes for run-time values: a form is not a condition.
	got, text := codes("zipped_divide((M,K):(1,lda), 4)")
	for _, c := range got {
		if c != diag.ObligationOpen {
			t.Errorf("a tile across modes: got %v\n%s", got, text)
		}
	}
	assert.Contains(t, text, "right only if 4 | M,")
	for _, cond := range []string{"K != 1", "M/4 != 1", "M != lda"} {
		assert.NotContains(t, text, cond, "a form stated as a condition")
	}
}
