package verify

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cutec/cutec/diag"
)

// What the dialect assumes of the ? of one call is one W0919 per
// assumption, naming every value it is assumed of: the divide of
// (?,?):(?,?) assumes that its two extents are not 1 and that its two
// strides are positive (docs/dialect.md, "The rule for dynamic values"),
// two assumptions, not four warnings.
func TestAssumptionOncePerCall(t *testing.T) {
	var assumed []string
	for _, d := range run(t, "expr", "logical_divide((?,?):(?,?),(3,4))") {
		if d.Code == diag.DynamicAssumed {
			assumed = append(assumed, d.Message)
		}
	}
	require.Len(t, assumed, 2, strings.Join(assumed, "\n"))
	assert.Contains(t, assumed[0], "?1 != 1")
	assert.Contains(t, assumed[0], "?2 != 1")
	assert.Contains(t, assumed[1], "?3 >= 1")
	assert.Contains(t, assumed[1], "?4 >= 1")
}
