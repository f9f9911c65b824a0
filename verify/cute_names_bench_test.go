package verify

import (
	"fmt"
	"runtime"
	"strconv"
	"testing"

	"github.com/cutec/cutec/diag"
)

// namedLine returns line i of a .cute file of named definitions: a layout
// of fresh extents, and every fourth line a composition of the previous
// name.
func namedLine(i int) []byte {
	a, b := i%16+1, i/16%16+1
	if i%4 == 3 {
		return fmt.Appendf(nil, "M%d = composition(N%d, %d:1)\n", i, i-1, (i-1)%16+1)
	}
	return fmt.Appendf(nil, "N%d = (%d,%d):(1,%d)\n", i, a, b, a)
}

// BenchmarkCuteNames feeds a Cute session n named definitions, line by
// line as lint streams a file, and reports the time per name and the heap
// the session keeps per name (after a collection, with the session alive).
func BenchmarkCuteNames(b *testing.B) {
	for _, n := range []int{10_000, 100_000, 1_000_000} {
		b.Run(strconv.Itoa(n), func(b *testing.B) {
			p, err := NewPass(Options{})
			if err != nil {
				b.Fatal(err)
			}
			for b.Loop() {
				var m0, m1 runtime.MemStats
				runtime.GC()
				runtime.ReadMemStats(&m0)
				c := p.NewCute()
				for i := range n {
					line := namedLine(i)
					if d := c.Line(diag.NewWindow("names.cute", line, 0, i+1, 1)); d.HasErrors() {
						b.Fatalf("line %d: %v", i+1, d)
					}
				}
				runtime.GC()
				runtime.ReadMemStats(&m1)
				runtime.KeepAlive(c)
				b.ReportMetric(float64(m1.HeapAlloc-m0.HeapAlloc)/float64(n), "B/name")
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/name")
		})
	}
}
