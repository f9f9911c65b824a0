package normalize

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestSymbolicCoordinateTensor checks the divides and local_tile of a
// coordinate tensor with named extents (CuTe's make_identity_tensor of
// (M,N), whose strides are the basis elements): the symbolic result, at
// the values below, is what CuTe C++ printed for the same calls with
// static extents (snapshot 7107b05, compiled on the host; its _ dropped).
// Before, the symbolic algebra refused basis strides (E0715).
func TestSymbolicCoordinateTensor(t *testing.T) {
	for _, c := range []struct {
		src    string
		values map[string]int64
		cute   string
		conds  []string
	}{
		{"zipped_divide((M,N):(1@0,1@1), (128,64))", map[string]int64{"M": 256, "N": 128},
			"((128,64),(2,2)):((1@0,1@1),(128@0,64@1))", []string{"128 | M", "64 | N"}},
		{"flat_divide((M,N):(1@0,1@1), (128,64))", map[string]int64{"M": 256, "N": 128},
			"(128,64,2,2):(1@0,1@1,128@0,64@1)", []string{"128 | M", "64 | N"}},
		{"logical_divide((M,N):(1@1,1@0), 128)", map[string]int64{"M": 512, "N": 8},
			"(128,(4,8)):(1@1,(128@1,1@0))", []string{"128 | M"}},
		// local_tile of the tensor at the block (1,1): CuTe prints
		// ArithTuple(128,64) o (_128,_64):(_1@0,_1@1).
		{"local_tile((M,N):(1@0,1@1), (128,64), (1,1))", map[string]int64{"M": 256, "N": 128},
			"{(128,64)} o (128,64):(1@0,1@1)", []string{"128 | M", "64 | N", "M >= 129", "N >= 65"}},
	} {
		v, obl, diags := evalText(c.src)
		require.Nil(t, diags, c.src)
		assert.NotContains(t, v.String(), "?", "%s = %s: the extents stay named", c.src, v)
		assert.Equal(t, c.cute, substituted(v, c.values).String(), "%s = %s", c.src, v)
		assert.Equal(t, c.conds, conditionTexts(obl, false), c.src)
	}
	// The block index named: the offset is the arithmetic tuple of it.
	v, _, diags := evalText("local_tile((M,N):(1@0,1@1), (128,64), (m,n))")
	require.Nil(t, diags)
	assert.True(t, strings.HasPrefix(v.String(), "{(128*m,64*n)} o "), v.String())
}
