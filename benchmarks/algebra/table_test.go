package main

import (
	"sort"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/cutec/cutec/normalize"
)

// TestOpsAreTheTablesStaticRows: the benchmark times, on the general tree
// and on Static, exactly the operations of normalize's table that have a
// form on layout.Static. Its list stays its own (complement is timed with
// a cotarget, which the row's one-operand Static form has not, and each
// entry pairs the Static form with its general function on layouts); this
// test keeps it equal to the table.
func TestOpsAreTheTablesStaticRows(t *testing.T) {
	var table, bench []string
	for _, op := range normalize.Ops() {
		if op.Static1 != nil || op.Static2 != nil {
			table = append(table, op.Name)
		}
	}
	for name := range ops {
		bench = append(bench, name)
	}
	sort.Strings(bench)
	require.Equal(t, table, bench)
}
