package layout

import (
	"os"
	"strings"
	"testing"
)

// Benchmarks of every operation of the algebra on static layouts of rank
// <= 4, on the Static fast path (BenchmarkStatic, no allocation) and
// through the general functions (BenchmarkAlgebra, which build the result
// tree). The inputs are those of benchmarks/cases.txt, which
// benchmarks/compare_pycute.py also times in pycute.

type benchCase struct{ op, a, b string }

// readBenchCases reads benchmarks/cases.txt: "op A [B]" a line.
func readBenchCases(b *testing.B) []benchCase {
	data, err := os.ReadFile("../benchmarks/cases.txt")
	if err != nil {
		b.Fatal(err)
	}
	var out []benchCase
	for _, line := range strings.Split(string(data), "\n") {
		f := strings.Fields(line)
		if len(f) == 0 || strings.HasPrefix(f[0], "#") {
			continue
		}
		c := benchCase{op: f[0], a: f[1]}
		if len(f) > 2 {
			c.b = f[2]
		}
		out = append(out, c)
	}
	return out
}

func generalOp(op string, a, b Layout) (Layout, error) {
	t := TileLayout(b)
	switch op {
	case "composition":
		return Compose(a, b)
	case "coalesce":
		return Coalesce(a), nil
	case "complement":
		n, _ := b.Size()
		return ComplementTo(a, Int(n))
	case "right_inverse":
		return RightInverse(a)
	case "left_inverse":
		return LeftInverse(a)
	case "logical_divide":
		return LogicalDivide(a, t)
	case "zipped_divide":
		return ZippedDivide(a, t)
	case "tiled_divide":
		return TiledDivide(a, t)
	case "flat_divide":
		return FlatDivide(a, t)
	case "logical_product":
		return LogicalProduct(a, t)
	case "zipped_product":
		return ZippedProduct(a, t)
	case "tiled_product":
		return TiledProduct(a, t)
	case "flat_product":
		return FlatProduct(a, t)
	case "blocked_product":
		return BlockedProduct(a, b)
	case "raked_product":
		return RakedProduct(a, b)
	}
	panic(op)
}

func BenchmarkAlgebra(b *testing.B) {
	for _, c := range readBenchCases(b) {
		b.Run(c.op, func(b *testing.B) {
			x := L(b, c.a)
			y := x
			if c.b != "" {
				y = L(b, c.b)
			}
			if _, err := generalOp(c.op, x, y); err != nil {
				b.Fatal(err)
			}
			b.ReportAllocs()
			for b.Loop() {
				sinkLayout, _ = generalOp(c.op, x, y)
			}
		})
	}
}

func runStaticOp(op string, r, a, b *Static) bool {
	if op == "complement" { // without the closure, which would allocate
		n, _ := b.Size()
		return r.ComplementTo(a, n)
	}
	return staticOpFunc(op, 0)(r, a, b)
}

// staticOpFunc returns the Static form of op; n is the cotarget of the
// complement (the size of its B, computed once outside the timed loop, as
// benchmarks/compare_pycute.py does for pycute).
func staticOpFunc(op string, n int64) func(r, a, b *Static) bool {
	switch op {
	case "composition":
		return (*Static).Compose
	case "coalesce":
		return func(r, a, _ *Static) bool { return r.Coalesce(a) }
	case "complement":
		return func(r, a, _ *Static) bool { return r.ComplementTo(a, n) }
	case "right_inverse":
		return func(r, a, _ *Static) bool { return r.RightInverse(a) }
	case "left_inverse":
		return func(r, a, _ *Static) bool { return r.LeftInverse(a) }
	case "logical_divide":
		return (*Static).LogicalDivide
	case "zipped_divide":
		return (*Static).ZippedDivide
	case "tiled_divide":
		return (*Static).TiledDivide
	case "flat_divide":
		return (*Static).FlatDivide
	case "logical_product":
		return (*Static).LogicalProduct
	case "zipped_product":
		return (*Static).ZippedProduct
	case "tiled_product":
		return (*Static).TiledProduct
	case "flat_product":
		return (*Static).FlatProduct
	case "blocked_product":
		return (*Static).BlockedProduct
	case "raked_product":
		return (*Static).RakedProduct
	}
	panic(op)
}

var sinkStatic Static

func BenchmarkStatic(b *testing.B) {
	for _, c := range readBenchCases(b) {
		b.Run(c.op, func(b *testing.B) {
			x := L(b, c.a)
			y := x
			if c.b != "" {
				y = L(b, c.b)
			}
			sx, _ := StaticOf(x)
			sy, _ := StaticOf(y)
			want, _ := generalOp(c.op, x, y)
			if !runStaticOp(c.op, &sinkStatic, &sx, &sy) || !sinkStatic.Layout().Equal(want) {
				b.Fatalf("%s(%s, %s): the Static path declines or differs from %s", c.op, x, y, want)
			}
			n, _ := sy.Size()
			f := staticOpFunc(c.op, n)
			b.ReportAllocs()
			for b.Loop() {
				f(&sinkStatic, &sx, &sy)
			}
		})
	}
}
