package evalfast

import (
	"sort"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cutec/cutec/layout"
	"github.com/cutec/cutec/normalize"
)

// TestOpsAreTheTablesStaticRows: the fast path takes exactly the
// operations of normalize's table that have a form on layout.Static (and
// size, a query of Static rather than an operation), and for each it
// computes what the row's Static function computes. The fast path keeps its
// own codes and switch (a switch, not the row's function value, so that its
// operands stay on the stack); this test is what keeps that list equal to
// the table.
func TestOpsAreTheTablesStaticRows(t *testing.T) {
	var table, fast []string
	rows := map[string]normalize.Op{}
	for _, op := range normalize.Ops() {
		if op.Static1 != nil || op.Static2 != nil {
			table = append(table, op.Name)
			rows[op.Name] = op
		}
	}
	for name := range ops {
		if name != "size" {
			fast = append(fast, name)
		}
	}
	sort.Strings(fast)
	require.Equal(t, table, fast, "the fast path's ops and the table's rows with a Static form")

	// Operands every operation of the list accepts: 4 divides 8, and
	// composition, the products and the inverses are defined on them.
	a, b := "(8,4):(1,8)", "4:1"
	la := layout.MustNew(layout.Tuple(layout.Int(8), layout.Int(4)), layout.Tuple(layout.Int(1), layout.Int(8)))
	lb := layout.MustNew(layout.Int(4), layout.Int(1))
	require.Equal(t, a, la.String())
	require.Equal(t, b, lb.String())
	for _, name := range table {
		row := rows[name]
		sa, ok := layout.StaticOf(la)
		require.True(t, ok)
		sb, ok := layout.StaticOf(lb)
		require.True(t, ok)
		var r layout.Static
		line := name + "(" + a + ")"
		if row.Static2 != nil {
			ok = row.Static2(&r, &sa, &sb)
			line = name + "(" + a + ", " + b + ")"
		} else {
			ok = row.Static1(&r, &sa)
		}
		require.True(t, ok, "%s: the row's Static form declines %s", name, line)
		got, kind, took := Append(nil, []byte(line))
		if assert.True(t, took, "%s: the fast path declines", line) {
			assert.Equal(t, Layout, kind)
			assert.Equal(t, r.String(), string(got), line)
		}
	}
}
