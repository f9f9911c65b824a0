package main

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"
)

// composedMLIR returns MLIR of n ops whose payloads are composed layouts,
// each new: an element swizzle with an offset of 0, one with a random
// offset, and a byte swizzle over a shared-memory pointer of 16-bit
// elements (`S<3,4,3> o smem_ptr[16b](unset) o L`, as CuTe DSL prints
// it), in turn; the extents start at base so that no run repeats a
// payload. It is the input docs/performance.md measures under "Fresh
// composed payloads", written in Go.
func composedMLIR(seed uint64, base, n int) []byte {
	r := rand.New(rand.NewPCG(seed, 1))
	b := []byte("module {\n  func.func @k() {\n")
	for i := range n {
		a, k := []int{2, 4, 8, 16}[r.IntN(4)], base+8+i
		var p string
		switch i % 3 {
		case 0:
			p = fmt.Sprintf("S<3,4,3> o 0 o (%d,%d):(%d,1)", a, k, k)
		case 1:
			p = fmt.Sprintf("S<2,3,3> o %d o (%d,%d):(1,%d)", r.IntN(65), a, k, a)
		default:
			p = fmt.Sprintf("S<3,4,3> o smem_ptr[16b](unset) o (%d,%d):(%d,1)", a, k, k)
		}
		b = fmt.Appendf(b, "    %%%d = cute.static : !cute.composed_layout<\"%s\">\n", i, p)
	}
	return append(b, "    return\n  }\n}\n"...)
}

// BenchmarkLintMLIRFreshComposed is BenchmarkLintMLIRFresh for composed
// layouts: 150,000 ops (about 14 MB) whose payloads are all new, with
// element and byte swizzles and offsets, linted with one worker.
func BenchmarkLintMLIRFreshComposed(b *testing.B) {
	path := filepath.Join(b.TempDir(), "composed.mlir")
	const n = 150_000
	base := 0
	benchLint(b, func(seed uint64) int64 {
		in := composedMLIR(seed, base, n)
		base += n
		if err := os.WriteFile(path, in, 0o644); err != nil {
			b.Fatal(err)
		}
		return int64(len(in))
	}, "-j", "1", path)
}
