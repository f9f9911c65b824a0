package normalize

import (
	"testing"

	"github.com/cutec/cutec/layout"
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

// TestOwnTilersWalkedOnce: a layout read as its own tiler is walked as a
// value only; a tiler of another value is walked as a tiler.
func TestOwnTilersWalkedOnce(t *testing.T) {
	m := layout.SymbolLeaf("M", 1)
	sym := layout.MustNew(layout.Tuple(m, layout.Int(8)), layout.Tuple(layout.Int(1), m))
	anon := layout.MustNew(layout.Dynamic(0, 0), layout.Int(1))
	static := layout.MustNew(layout.Int(4), layout.Int(1))

	var a args
	a.reset([]Value{Layout{static}, Layout{anon}})
	a.setTiler(1, layout.TileLayout(anon))
	a.own |= 1 << 1
	assert.True(t, hasAnonymous(a.vals, &a), "a ? in a layout read as its own tiler")
	assert.False(t, hasSymbols(&a))

	a.reset([]Value{Layout{static}, Layout{static}})
	a.setTiler(1, layout.TileTuple(layout.TileLayout(anon), layout.TileLayout(sym)))
	assert.True(t, hasAnonymous(a.vals, &a), "a ? in a tiler of another value")
	assert.True(t, hasSymbols(&a), "a symbol in a tiler of another value")

	a.reset([]Value{Layout{sym}, Layout{static}})
	a.setTiler(1, layout.TileLayout(static))
	a.own |= 1 << 1
	assert.False(t, hasAnonymous(a.vals, &a))
	assert.True(t, hasSymbols(&a))
	a.reset([]Value{Layout{sym}, Layout{static}})
	_, isTiler := a.tilerAt(1)
	assert.False(t, isTiler, "reset leaves no tiler set")
	assert.Equal(t, layout.Tiler{}, a.tiler(1), "nor the tiler of an earlier call")
}
