package explain

import (
	"io"
	"testing"
)

// BenchmarkExplain derives calls a reader asks about: a by-mode divide (the
// paper's §3.5.2 example, 37 steps), a product (§3.5.1, 19 steps) and a
// complement (Table 7, 9 steps), and writes them as text.
func BenchmarkExplain(b *testing.B) {
	for _, bc := range []struct{ name, src string }{
		{"zipped_divide", "zipped_divide((8,16):(20,1), [4:1;8:2])"},
		{"logical_product", "logical_product((3,4):(4,1), (2,5):(1,2))"},
		{"complement", "complement((4,8):(1,8))"},
	} {
		b.Run(bc.name, func(b *testing.B) {
			b.ReportAllocs()
			steps := 0
			for b.Loop() {
				d := Explain(bc.src)
				steps += len(d.Steps)
				WriteText(io.Discard, d, 0)
			}
			b.ReportMetric(float64(steps)/float64(b.N), "steps/op")
		})
	}
}
