package layout

import (
	"fmt"
	"testing"
)

// BenchmarkSymbolic times the symbolic algebra alone on the calls of
// cmd/cutec's BenchmarkEvalSymbols (a size of a shape with a symbol, a
// divide of a layout with a symbolic extent and stride by an integral
// layout, a divide by a tiler with a symbolic mode), with the integer of
// each call drawn from 1,000 values, and on the composition and
// complement that a divide runs. It reports the allocations of one call.
func BenchmarkSymbolic(b *testing.B) {
	const n = 1000
	m := symbol("M", 0)
	type call struct {
		name string
		run  func(s *Symbolic, k int) error
	}
	layouts := make([]Layout, n)
	strided := make([]Layout, n)
	tilers := make([]Tiler, n)
	for i := range n {
		k := int64(i + 2)
		layouts[i] = MustNew(Tuple(m, Int(k)), Tuple(Int(1), m))
		strided[i] = MustNew(Tuple(Int(64), Int(k)), Tuple(Int(k), Int(1)))
		sk := symbol(fmt.Sprintf("S%d", k), 0)
		tilers[i] = TileTuple(TileLayout(MustNew(Int(4), Int(1))), TileLayout(MustNew(sk, Int(1))))
	}
	tile := TileLayout(MustNew(Int(4), Int(1)))
	calls := []call{
		{"size", func(s *Symbolic, k int) error { _, err := s.Size(layouts[k].shape); return err }},
		{"divide-by-layout", func(s *Symbolic, k int) error { _, err := s.LogicalDivide(layouts[k], tile); return err }},
		{"divide-by-symbolic-tiler", func(s *Symbolic, k int) error { _, err := s.LogicalDivide(strided[k], tilers[k]); return err }},
		{"compose", func(s *Symbolic, k int) error {
			_, err := s.ComposeTiler(layouts[k], TileLayout(MustNew(Tuple(Int(4), Int(int64(k+2))), Tuple(Int(1), Int(4)))))
			return err
		}},
		{"complement", func(s *Symbolic, k int) error {
			_, err := s.ComplementTo(MustNew(Int(4), Int(1)), Tuple(m, Int(int64(k+2))))
			return err
		}},
	}
	for _, c := range calls {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			k := 0
			for b.Loop() {
				var s Symbolic
				if err := c.run(&s, k); err != nil {
					b.Fatal(err)
				}
				k = (k + 1) % n
			}
		})
	}
}
