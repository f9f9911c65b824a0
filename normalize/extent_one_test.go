package normalize_test

import (
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestExtentOneStridesAsCuteCpp: on layouts with modes of extent 1,
// every operation returns the shape and strides CuTe C++ prints for the
// same static layouts (testdata/extent_one, printed on the host at the
// CUTLASS snapshot; see its README), static markers removed.
func TestExtentOneStridesAsCuteCpp(t *testing.T) {
	data, err := os.ReadFile("../testdata/extent_one/cases.tsv")
	require.NoError(t, err)
	static := regexp.MustCompile(`_(\d)`)
	lines := strings.Split(strings.TrimSpace(string(data)), "\n")
	require.GreaterOrEqual(t, len(lines), 400)
	for _, line := range lines {
		expr, print, ok := strings.Cut(line, "\t")
		require.True(t, ok, line)
		assert.Equal(t, static.ReplaceAllString(print, "$1"), evalText(t, expr), "%s (CuTe C++ prints %s)", expr, print)
	}
}
