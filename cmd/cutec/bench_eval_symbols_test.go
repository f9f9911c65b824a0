package main

import (
	"bytes"
	"fmt"
	"io"
	"runtime"
	"testing"
)

// symbolLines returns n lines with symbols whose extents start at base: a
// size, a divide of a layout with a symbolic extent and a divide by a tiler
// with a symbolic extent, in turn. The fast path of eval declines them all,
// so they measure the full path (parser, normalize, the algebra on symbolic
// values).
func symbolLines(base, n int) []byte {
	var b []byte
	for i := range n {
		k := base + i + 2
		switch i % 3 {
		case 0:
			b = fmt.Appendf(b, "size((M,%d):(1,M))\n", k)
		case 1:
			b = fmt.Appendf(b, "logical_divide((M,%d):(1,M), 4:1)\n", k)
		default:
			b = fmt.Appendf(b, "logical_divide((64,%d):(%d,1), [4:1;S%d:1])\n", k, k, k)
		}
	}
	return b
}

// symbolBase is where the next lines of BenchmarkEvalSymbols start, so that
// no run of the benchmark in one process repeats a line that a cache of the
// process may have kept.
var symbolBase int

// BenchmarkEvalSymbols evaluates 30,000 lines with symbols on standard
// input, new lines each iteration (made with the timer stopped), as
// BenchmarkEvalUnique does fresh static expressions; it reports the time and
// the allocations of one line.
func BenchmarkEvalSymbols(b *testing.B) {
	benchEvalLines(b, symbolLines, &symbolBase, exitOK)
}

// benchEvalLines runs `cutec eval` on 30,000 new lines of lines(base, n)
// an iteration (made with the timer stopped; *base moves on, so that no
// run in one process repeats a line a cache may have kept), expects the
// exit status want, and reports the time and the allocations of one line.
func benchEvalLines(b *testing.B, lines func(base, n int) []byte, base *int, want int) {
	const n = 30_000
	var mallocs uint64
	for b.Loop() {
		b.StopTimer()
		in := lines(*base, n)
		*base += n
		b.SetBytes(int64(len(in)))
		var m0, m1 runtime.MemStats
		runtime.ReadMemStats(&m0)
		b.StartTimer()
		e := &env{stdin: bytes.NewReader(in), stdout: io.Discard, stderr: io.Discard, getenv: func(string) string { return "" }}
		if status := run([]string{"eval"}, e); status != want {
			b.Fatalf("eval exited %d, want %d", status, want)
		}
		b.StopTimer()
		runtime.ReadMemStats(&m1)
		mallocs += m1.Mallocs - m0.Mallocs
		b.StartTimer()
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*n), "ns/line")
	b.ReportMetric(float64(mallocs)/float64(b.N*n), "allocs/line")
}
