package parser

import (
	"strconv"
	"strings"
	"testing"

	"github.com/cutec/cutec/diag"
)

// uniqueLayout writes the i-th of many distinct layouts of about 30 bytes,
// such as ((8,123),(4,2)):((1,456),(64,8)).
func uniqueLayout(buf []byte, i int) []byte {
	buf = append(buf[:0], "((8,"...)
	buf = strconv.AppendInt(buf, int64(100+i%900), 10)
	buf = append(buf, "),(4,2)):((1,"...)
	buf = strconv.AppendInt(buf, int64(100+(i/900)%900), 10)
	return append(buf, "),(64,8))"...)
}

func benchUnique(b *testing.B, p *Parser, form Form, gen func([]byte, int) []byte) {
	b.ReportAllocs()
	var buf []byte
	b.SetBytes(int64(len(gen(nil, 0))))
	for i := 0; b.Loop(); i++ {
		buf = gen(buf, i)
		if n, l := p.Parse(form, diag.NewFile("b", buf)); n == nil {
			b.Fatal(describeDiags(l))
		}
	}
}

func benchRepeated(b *testing.B, p *Parser, form Form, src string) {
	b.ReportAllocs()
	b.SetBytes(int64(len(src)))
	f := diag.NewFile("b", []byte(src))
	for b.Loop() {
		if n, l := p.Parse(form, f); n == nil {
			b.Fatal(describeDiags(l))
		}
	}
}

// BenchmarkParseExprUnique parses a new ~30-byte layout each time, without
// cache: the cost of a parse.
func BenchmarkParseExprUnique(b *testing.B) {
	benchUnique(b, New(Options{CacheSize: -1}), FormExpr, uniqueLayout)
}

// BenchmarkParseExprUniqueCached parses a new layout each time through the
// cache: a parse plus a miss and an insertion.
func BenchmarkParseExprUniqueCached(b *testing.B) {
	benchUnique(b, New(Options{}), FormExpr, uniqueLayout)
}

// BenchmarkParseExprRepeated parses the same layout each time: a cache hit.
func BenchmarkParseExprRepeated(b *testing.B) {
	benchRepeated(b, New(Options{}), FormExpr, "((8,123),(4,2)):((1,456),(64,8))")
}

func BenchmarkParseDescriptorUnique(b *testing.B) {
	benchUnique(b, New(Options{CacheSize: -1}), FormDescriptor, func(buf []byte, i int) []byte {
		buf = append(buf[:0], "((1@0,"...)
		buf = strconv.AppendInt(buf, int64(100+i%900), 10)
		return append(buf, "@1),(1/2@2,4@0@1))"...)
	})
}

func BenchmarkParseTupleUnique(b *testing.B) {
	benchUnique(b, New(Options{CacheSize: -1}), FormTuple, func(buf []byte, i int) []byte {
		buf = append(buf[:0], "(4,(2,"...)
		buf = strconv.AppendInt(buf, int64(100+i%900), 10)
		return append(buf, "),_)"...)
	})
}

// BenchmarkParseExprCall parses a call through the full participle grammar.
func BenchmarkParseExprCall(b *testing.B) {
	benchRepeated(b, New(Options{CacheSize: -1}), FormExpr, "composition((4,2):(1,4), (2,2):(1,2))")
}

// BenchmarkParseExprLenient parses a layout with spaces and a comment.
func BenchmarkParseExprLenient(b *testing.B) {
	benchRepeated(b, New(Options{CacheSize: -1}), FormExpr, "((8, 123), (4, 2)) : ((1, 456), (64, 8))  # tile")
}

func BenchmarkParseCuteFile(b *testing.B) {
	benchRepeated(b, New(Options{CacheSize: -1}), FormStmt, "assert coalesce((2,(1,6)):(1,(6,2))) == 12:1")
}

// sampleIR is MLIR text in which most bytes are not layouts.
var sampleIR = strings.Repeat(`    %12 = arith.addi %10, %11 : i32 loc(#loc12)
    %13 = "cute.get_iter"(%arg3) : (!cute.memref<f16, smem, !cute.layout<"((8,8),(8,4)):((64,1),(8,512))">>) -> !cute.ptr<f16, smem>
    scf.yield %12, %13 : i32, !cute.ptr<f16, smem>
    %14 = cute.make_swizzle() {sw = #cute.swizzle<"S<3,4,3>">} : !cute.swizzle<"S<3,4,3>">
    // a comment line about nothing in particular, to pad the file like real IR
`, 2000)

// BenchmarkScanMLIR finds the wrappers of an IR file without parsing them.
func BenchmarkScanMLIR(b *testing.B) {
	f := diag.NewFile("k.mlir", []byte(sampleIR))
	b.SetBytes(int64(len(sampleIR)))
	b.ReportAllocs()
	for b.Loop() {
		ScanMLIR(f, func(Wrapper) bool { return true })
	}
}

// BenchmarkScanAndParseMLIR scans an IR file line by line, as a streaming
// linter does, and parses every payload through the cache.
func BenchmarkScanAndParseMLIR(b *testing.B) {
	lines := strings.SplitAfter(sampleIR, "\n")
	b.SetBytes(int64(len(sampleIR)))
	b.ReportAllocs()
	p := New(Options{})
	for b.Loop() {
		off := 0
		for i, line := range lines {
			win := diag.NewWindow("k.mlir", []byte(line), off, i+1, 1)
			ScanMLIR(win, func(w Wrapper) bool {
				if n, l := p.ParseWrapper(win, w); n == nil {
					b.Fatal(describeDiags(l))
				}
				return true
			})
			off += len(line)
		}
	}
}

// uniqueCall writes the i-th of many distinct calls of about 40 bytes, such
// as composition((8,123):(1,456), (4,2):(2,1)).
func uniqueCall(buf []byte, i int) []byte {
	buf = append(buf[:0], "composition((8,"...)
	buf = strconv.AppendInt(buf, int64(100+i%900), 10)
	buf = append(buf, "):(1,"...)
	buf = strconv.AppendInt(buf, int64(100+(i/900)%900), 10)
	return append(buf, "), (4,2):(2,1))"...)
}

// BenchmarkParseCallUnique parses a new call each time, without cache.
func BenchmarkParseCallUnique(b *testing.B) {
	benchUnique(b, New(Options{CacheSize: -1}), FormExpr, uniqueCall)
}

// BenchmarkParseStmtUnique parses a new .cute assignment each time, without
// cache.
func BenchmarkParseStmtUnique(b *testing.B) {
	benchUnique(b, New(Options{CacheSize: -1}), FormStmt, func(buf []byte, i int) []byte {
		return append([]byte("X = "), uniqueCall(buf, i)...)
	})
}

// uniqueSymbolic writes the i-th of many distinct symbolic layouts, such as
// (M{div=128}/128,123):(1,456*lda).
func uniqueSymbolic(buf []byte, i int) []byte {
	buf = append(buf[:0], "(M{div=128}/128,"...)
	buf = strconv.AppendInt(buf, int64(100+i%900), 10)
	buf = append(buf, "):(1,"...)
	buf = strconv.AppendInt(buf, int64(100+(i/900)%900), 10)
	return append(buf, "*lda)"...)
}

// BenchmarkParseSymbolicUnique parses a new symbolic layout (facts, `/`
// and `*`) each time, without cache.
func BenchmarkParseSymbolicUnique(b *testing.B) {
	benchUnique(b, New(Options{CacheSize: -1}), FormExpr, uniqueSymbolic)
}
