package main

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/cutec/cutec/internal/gen"
)

// Benchmarks of the commands on inputs of package gen; docs/performance.md
// gives their figures and how to reproduce them. The MB/s are of input
// bytes (10^6 bytes a second). Each iteration gets an input of its own seed
// (made with the timer stopped): the parser and the verifier cache what
// they have seen, and a benchmark that fed them the same input again would
// measure the caches.

// BenchmarkLintMLIR lints one 32 MiB file of generated MLIR, in the style
// of CuTe DSL, with one and two workers (lint verifies the chunks of one
// large MLIR file in parallel).
func BenchmarkLintMLIR(b *testing.B) {
	path := filepath.Join(b.TempDir(), "big.mlir")
	for _, j := range []int{1, 2} {
		b.Run("j"+strconv.Itoa(j), func(b *testing.B) {
			benchLint(b, func(seed uint64) int64 {
				return writeGenerated(b, path, gen.KindMLIR, gen.Options{Seed: seed, Size: 32 << 20, Unique: 0.02})
			}, "-j", strconv.Itoa(j), path)
		})
	}
}

// BenchmarkLintMLIRFresh is BenchmarkLintMLIR where every payload is drawn
// fresh (cutecgen -unique 1.0): about 55 % of them are new to the caches.
func BenchmarkLintMLIRFresh(b *testing.B) {
	path := filepath.Join(b.TempDir(), "fresh.mlir")
	for _, j := range []int{1, 2} {
		b.Run("j"+strconv.Itoa(j), func(b *testing.B) {
			benchLint(b, func(seed uint64) int64 {
				return writeGenerated(b, path, gen.KindMLIR, gen.Options{Seed: seed, Size: 32 << 20, Unique: 1})
			}, "-j", strconv.Itoa(j), path)
		})
	}
}

// BenchmarkLintCute lints 8 generated .cute suites of 256 KiB, with one
// and two workers (a .cute file is checked in order, so workers take whole
// files).
func BenchmarkLintCute(b *testing.B) {
	dir := b.TempDir()
	for _, j := range []int{1, 2} {
		b.Run("j"+strconv.Itoa(j), func(b *testing.B) {
			benchLint(b, func(seed uint64) int64 {
				var size int64
				for i := range uint64(8) {
					path := filepath.Join(dir, fmt.Sprintf("suite%d.cute", i))
					size += writeGenerated(b, path, gen.KindCute, gen.Options{Seed: 8*seed + i, Size: 256 << 10, Unique: 0.02})
				}
				return size
			}, "-j", strconv.Itoa(j), dir)
		})
	}
}

// BenchmarkEvalUnique evaluates 1 MiB of unique expressions, one a line,
// on standard input; it reports lines a second.
func BenchmarkEvalUnique(b *testing.B) {
	var in bytes.Buffer
	lines, seed := 0, uint64(0)
	for b.Loop() {
		b.StopTimer()
		in.Reset()
		seed++
		st, err := gen.Exprs(&in, gen.Options{Seed: seed, Size: 1 << 20})
		if err != nil {
			b.Fatal(err)
		}
		b.SetBytes(st.Bytes)
		lines += st.Lines
		b.StartTimer()
		e := &env{stdin: bytes.NewReader(in.Bytes()), stdout: io.Discard, stderr: io.Discard, getenv: func(string) string { return "" }}
		if status := run([]string{"eval"}, e); status != exitOK {
			b.Fatalf("eval exited %d", status)
		}
	}
	b.ReportMetric(float64(lines)/b.Elapsed().Seconds(), "lines/s")
}

// benchLint runs lint with args over and over, on an input that write
// makes afresh for each iteration from a new seed and whose size it returns.
func benchLint(b *testing.B, write func(seed uint64) int64, args ...string) {
	seed := uint64(0)
	for b.Loop() {
		b.StopTimer()
		seed++
		b.SetBytes(write(seed))
		b.StartTimer()
		e := &env{stdin: bytes.NewReader(nil), stdout: io.Discard, stderr: io.Discard, getenv: func(string) string { return "" }}
		if status := run(append([]string{"lint"}, args...), e); status != exitOK {
			b.Fatalf("lint exited %d", status)
		}
	}
}

// writeGenerated writes a generated input to path and returns its size.
func writeGenerated(b *testing.B, path string, kind gen.Kind, o gen.Options) int64 {
	b.Helper()
	f, err := os.Create(path)
	if err != nil {
		b.Fatal(err)
	}
	st, err := gen.Write(f, kind, o)
	if err == nil {
		err = f.Close()
	}
	if err != nil {
		b.Fatal(err)
	}
	return st.Bytes
}
