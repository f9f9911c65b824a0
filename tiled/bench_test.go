package tiled_test

import (
	"testing"

	"github.com/cutec/cutec/layout"
	"github.com/cutec/cutec/tiled"
)

// The objects of a CUTLASS SM80 GEMM: a 2x2 tiled 16x8x16 MMA with a
// 32x32x16 permutation, the ldmatrix copy of its A, and thread 5's part of
// a 128x32 K-major A.

func benchMMA(b *testing.B) *tiled.MMA {
	atom, err := tiled.LookupMMA("SM80_16x8x16_F32F16F16F32_TN")
	if err != nil {
		b.Fatal(err)
	}
	m, err := tiled.MakeMMA(atom, layout.MustNew(layout.Ints(2, 2, 1), layout.Ints(1, 2, 0)),
		layout.TileTuple(layout.TileInt(32), layout.TileInt(32), layout.TileInt(16)))
	if err != nil {
		b.Fatal(err)
	}
	return m
}

func BenchmarkMakeTiledMMA(b *testing.B) {
	atom, _ := tiled.LookupMMA("SM80_16x8x16_F32F16F16F32_TN")
	al := layout.MustNew(layout.Ints(2, 2, 1), layout.Ints(1, 2, 0))
	perm := layout.TileTuple(layout.TileInt(32), layout.TileInt(32), layout.TileInt(16))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := tiled.MakeMMA(atom, al, perm); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkLayoutA_TV(b *testing.B) {
	m := benchMMA(b)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := m.LayoutTV('A'); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkMakeTiledCopyA(b *testing.B) {
	m := benchMMA(b)
	op, _ := tiled.LookupCopy("SM75_U32x4_LDSM_N", nil)
	ca, _ := tiled.NewCopyAtom(op, "half_t", 16)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := tiled.MakeCopyMMA(ca, m, 'A'); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkPartitionA(b *testing.B) {
	m := benchMMA(b)
	a := layout.MustNew(layout.Ints(128, 32), layout.Ints(32, 1))
	b.ReportAllocs()
	for b.Loop() {
		if _, _, err := m.Partition('A', 5, a); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkPartitionS(b *testing.B) {
	m := benchMMA(b)
	op, _ := tiled.LookupCopy("SM75_U32x4_LDSM_N", nil)
	ca, _ := tiled.NewCopyAtom(op, "half_t", 16)
	c, err := tiled.MakeCopyMMA(ca, m, 'A')
	if err != nil {
		b.Fatal(err)
	}
	a := layout.MustNew(layout.Ints(128, 32), layout.Ints(32, 1))
	b.ReportAllocs()
	for b.Loop() {
		if _, _, err := c.Partition('S', 5, a); err != nil {
			b.Fatal(err)
		}
	}
}
