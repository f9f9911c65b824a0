package driver

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cutec/cutec/diag"
	"github.com/cutec/cutec/internal/gen"
	"github.com/cutec/cutec/normalize"
)

// TestResultsOutliveTheirOperations: a value an evaluation returns stays
// what it was while other evaluations run. The symbolic algebra builds its
// steps in a scratch the next operation reuses and copies each result out
// of it; a result that kept a piece of the scratch would print differently
// once later operations had written over it (lint keeps the values of
// names, the language server those of a whole file). Every call of the
// algebra's generator with symbols and with ? is printed as it is
// computed, then again after all of them.
func TestResultsOutliveTheirOperations(t *testing.T) {
	var vals []normalize.Value
	var first []string
	for _, leaves := range []gen.Leaves{gen.Symbolic, gen.Dynamic} {
		for _, line := range gen.Algebra(3, 4000, leaves) {
			r := Eval(diag.NewFile("outlive.cute", []byte(line)))
			if r.Value == nil {
				continue
			}
			vals = append(vals, r.Value)
			first = append(first, r.Value.String())
		}
	}
	require.Greater(t, len(vals), 1000, "too few calls succeed to test anything")
	for i, v := range vals {
		assert.Equal(t, first[i], v.String(), "value %d changed after later evaluations", i)
	}
}
