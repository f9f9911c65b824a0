package main

import (
	"bytes"
	"fmt"
	"io"
	"testing"
)

// BenchmarkEvalSymbols evaluates 3,000 fresh lines with symbols, which
// eval's fast path declines, on standard input: `size((M,8):(1,M))`,
// `logical_divide((M,8):(1,M), 4:1)` and
// `logical_divide((64,16):(16,1), [4:1;S8:1])` with fresh extents. It
// reports the allocations of a line.
func BenchmarkEvalSymbols(b *testing.B) {
	var in bytes.Buffer
	const lines = 3000
	for i := range lines / 3 {
		n := 2 + i
		fmt.Fprintf(&in, "size((M,%d):(1,M))\n", n)
		fmt.Fprintf(&in, "logical_divide((M,%d):(1,M), 4:1)\n", 4*n)
		fmt.Fprintf(&in, "logical_divide((64,%d):(%d,1), [4:1;S%d:1])\n", 16*n, 16*n, n)
	}
	b.SetBytes(int64(in.Len()))
	b.ReportAllocs()
	for b.Loop() {
		e := &env{stdin: bytes.NewReader(in.Bytes()), stdout: io.Discard, stderr: io.Discard, getenv: func(string) string { return "" }}
		if status := run([]string{"eval"}, e); status != exitOK {
			b.Fatalf("eval exited %d", status)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*lines), "ns/line")
}
