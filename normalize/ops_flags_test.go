package normalize

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestOperationFlags: every name of the lists that flagOperations reads
// is an operation of the table, with its flag set, and no other operation
// has one (a name missing from the table would lose its flag silently).
func TestOperationFlags(t *testing.T) {
	for _, list := range []map[string]bool{queries, productOps, foldOps} {
		for name := range list {
			require.Contains(t, operations, name)
		}
	}
	for name, op := range operations {
		assert.Equal(t, queries[name], op.query, name)
		assert.Equal(t, name == "complement" || productOps[name] || foldOps[name], op.symAnonym, name)
	}
	assert.True(t, operations["logical_divide"].symAnonym)
	assert.True(t, operations["size"].query)
	assert.False(t, operations["size"].symAnonym)
}
