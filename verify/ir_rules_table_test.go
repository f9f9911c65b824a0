package verify

import (
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/cutec/cutec/normalize"
)

// TestOpRulesAreTheTable: the op checker derives exactly the dialect ops
// that normalize's table of operations names (and the views that are no
// operation): a row that names a dialect op has a rule, and a rule is for a
// row's dialect op or one of dialectViews. A row whose dialect name differs
// from its own needs a rule of verify's (how the operands map); the rule
// same is added only for a row of the same name.
func TestOpRulesAreTheTable(t *testing.T) {
	named := map[string]bool{}
	for _, op := range normalize.Ops() {
		if op.Dialect == "" {
			continue
		}
		named[op.Dialect] = true
		assert.Contains(t, opRules, op.Dialect, "the row %s names the dialect op %s, which the op checker has no rule for", op.Name, op.Dialect)
	}
	for name := range opRules {
		assert.True(t, named[name] || slices.Contains(dialectViews, name),
			"the op checker derives %s, which no row of normalize's table names as its dialect op (add inDialect to the row, or list it in dialectViews with why)", name)
	}
	for _, v := range dialectViews {
		assert.False(t, named[v], "%s is listed as a view but a row of the table names it", v)
	}
	// The ops of the dialect that cutec computes under the same name, operand
	// order and meaning, as the dialect's tests and CuTe DSL name them.
	for _, name := range []string{"coalesce", "composition", "logical_divide", "raked_product", "to_shape", "filter_zeros"} {
		assert.Contains(t, opRules, name)
	}
}
