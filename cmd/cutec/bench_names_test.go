package main

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"testing"
)

// writeNames writes a .cute file of n named definitions: layouts of fresh
// extents, and every fourth line a composition of the previous name with
// its first extent (so that the file lints clean), and returns its size.
func writeNames(b *testing.B, path string, n int) int64 {
	b.Helper()
	f, err := os.Create(path)
	if err != nil {
		b.Fatal(err)
	}
	w := bufio.NewWriter(f)
	for i := range n {
		a, c := i%16+1, i/16%16+1
		if i%4 == 3 {
			fmt.Fprintf(w, "M%d = composition(N%d, %d:1)\n", i, i-1, (i-1)%16+1)
		} else {
			fmt.Fprintf(w, "N%d = (%d,%d):(1,%d)\n", i, a, c, a)
		}
	}
	if err := w.Flush(); err != nil {
		b.Fatal(err)
	}
	st, err := f.Stat()
	if err == nil {
		err = f.Close()
	}
	if err != nil {
		b.Fatal(err)
	}
	return st.Size()
}

// BenchmarkLintNames lints one .cute file of 10,000, 100,000 and 1,000,000
// named definitions; ns/name shows the scaling (linear when it stays flat).
func BenchmarkLintNames(b *testing.B) {
	for _, n := range []int{10_000, 100_000, 1_000_000} {
		b.Run(strconv.Itoa(n), func(b *testing.B) {
			path := filepath.Join(b.TempDir(), "names.cute")
			size := writeNames(b, path, n)
			benchLint(b, func(uint64) int64 { return size }, path)
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/name")
		})
	}
}
