package normalize

import (
	"testing"

	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"

	"github.com/cutec/cutec/layout"
)

// TestTableStaticFormsAreTheRows: for every row of the table of operations
// with a form on layout.Static, and random static layouts, the Static form
// and the row's general function agree: where the Static form computes a
// result, the general function gives the same layout. A row that names
// another operation's Static form (the fast path and the benchmarks run
// it) fails here.
func TestTableStaticFormsAreTheRows(t *testing.T) {
	n := 0
	for _, name := range sortedOperationNames() {
		op := operations[name]
		if op.static1 == nil && op.static2 == nil {
			continue
		}
		n++
		t.Run(name, func(tt *testing.T) {
			computed := 0
			rapid.Check(tt, func(t *rapid.T) {
				a, b := genSmallLayout(t, "a"), genSmallLayout(t, "b")
				sa, okA := layout.StaticOf(a)
				sb, okB := layout.StaticOf(b)
				if !okA || !okB {
					t.Skip("does not fit a Static")
				}
				var r layout.Static
				x := args{vals: []Value{Layout{a}}}
				var ok bool
				if op.static2 != nil {
					ok = op.static2(&r, &sa, &sb)
					x.vals = append(x.vals, Layout{b})
					if op.param(1) == pTiler || op.param(1) == pTilerOrComposed {
						x.setTiler(1, layout.TileLayout(b))
					}
				} else {
					ok = op.static1(&r, &sa)
				}
				if !ok {
					return // the Static form declines; the general code decides
				}
				computed++
				got, err := op.fn(&x)
				require.NoError(t, err, "%s: the Static form gives %s", name, r.String())
				require.Equal(t, r.String(), got.String(), "%s(%s, %s)", name, a, b)
			})
			if computed == 0 {
				tt.Errorf("%s: the Static form computed no case", name)
			}
		})
	}
	require.Equal(t, 15, n, "the rows with a Static form (the fast path's operations but size)")
}

// genSmallLayout draws a static layout of rank 1 to 3, extents 1 to 8 and
// strides 0 to 16.
func genSmallLayout(t *rapid.T, label string) layout.Layout {
	rank := rapid.IntRange(1, 3).Draw(t, label+"-rank")
	if rank == 1 {
		return layout.MustNew(layout.Int(rapid.Int64Range(1, 8).Draw(t, label+"-e")), layout.Int(rapid.Int64Range(0, 16).Draw(t, label+"-d")))
	}
	sh, st := make([]layout.IntTuple, rank), make([]layout.IntTuple, rank)
	for i := range sh {
		sh[i] = layout.Int(rapid.Int64Range(1, 8).Draw(t, label+"-e"))
		st[i] = layout.Int(rapid.Int64Range(0, 16).Draw(t, label+"-d"))
	}
	return layout.MustNew(layout.Tuple(sh...), layout.Tuple(st...))
}

// TestTableStaticFormsAreTaken: the general function of every row with a
// Static form takes it on a static layout that fits: it builds only the
// result (the result's tree and its Value: at most two allocations), where
// the general code builds its intermediate trees. This holds layout's own
// routing to the Static forms (the staticOp switch of the general
// functions, which layout, the first stage, keeps without reading this
// table) equal to the table: a row whose Static form the general function
// no longer tries fails here.
func TestTableStaticFormsAreTaken(t *testing.T) {
	a := layout.MustNew(layout.Tuple(layout.Int(8), layout.Int(4)), layout.Tuple(layout.Int(1), layout.Int(8)))
	b := layout.MustNew(layout.Int(4), layout.Int(1))
	for _, name := range sortedOperationNames() {
		op := operations[name]
		if op.static1 == nil && op.static2 == nil {
			continue
		}
		x := args{vals: []Value{Layout{a}}}
		if op.static2 != nil {
			x.vals = append(x.vals, Layout{b})
			x.setTiler(1, layout.TileLayout(b))
		}
		_, err := op.fn(&x)
		require.NoError(t, err, name)
		if n := testing.AllocsPerRun(20, func() { _, _ = op.fn(&x) }); n > 2 {
			t.Errorf("%s(%s, %s) makes %v allocations: its general function does not take its Static form", name, a, b, n)
		}
	}
}
