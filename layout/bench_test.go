package layout

import "testing"

// Benchmarks for the targets of docs/semantics.md §Targets: composition, complement
// and logical_divide of rank <= 4 layouts under 1 µs/op, coalesce under
// 200 ns/op, few allocations. pycute needs 4-50 µs for the same operations.

var sinkLayout Layout

func BenchmarkCoalesceFlat(b *testing.B) {
	l := L(b, "(2,4,8,2):(1,2,8,64)")
	b.ReportAllocs()
	for b.Loop() {
		sinkLayout = Coalesce(l)
	}
}

func BenchmarkCoalesceNested(b *testing.B) {
	l := L(b, "((2,2),(4,(1,6))):((1,2),(4,(6,16)))")
	b.ReportAllocs()
	for b.Loop() {
		sinkLayout = Coalesce(l)
	}
}

func BenchmarkCompose(b *testing.B) {
	a, c := L(b, "(4,6,8,10):(2,3,5,7)"), L(b, "(2,3):(12,24)")
	b.ReportAllocs()
	for b.Loop() {
		sinkLayout, _ = Compose(a, c)
	}
}

func BenchmarkComposeTV(b *testing.B) {
	a, c := L(b, "((4,2),(2,4)):((2,16),(1,8))"), L(b, "((4,8),2):((16,1),8)")
	b.ReportAllocs()
	for b.Loop() {
		sinkLayout, _ = Compose(a, c)
	}
}

func BenchmarkComplement(b *testing.B) {
	l := L(b, "(4,(4,2)):(4,(1,16))")
	b.ReportAllocs()
	for b.Loop() {
		sinkLayout, _ = ComplementTo(l, Int(256))
	}
}

func BenchmarkLogicalDivide(b *testing.B) {
	l := L(b, "(8,16):(20,1)")
	t := TileTuple(TileLayout(L(b, "4:1")), TileLayout(L(b, "8:2")))
	b.ReportAllocs()
	for b.Loop() {
		sinkLayout, _ = LogicalDivide(l, t)
	}
}

func BenchmarkLogicalProduct(b *testing.B) {
	a, c := L(b, "(3,4):(4,1)"), L(b, "(2,5):(1,2)")
	b.ReportAllocs()
	for b.Loop() {
		sinkLayout, _ = LogicalProduct(a, TileLayout(c))
	}
}

func BenchmarkBlockedProduct(b *testing.B) {
	a, c := L(b, "(3,4):(4,1)"), L(b, "(2,5):(1,2)")
	b.ReportAllocs()
	for b.Loop() {
		sinkLayout, _ = BlockedProduct(a, c)
	}
}
