package main

import (
	"bytes"
	"fmt"
	"io"
	"testing"
)

// errorLines returns n static lines that are all errors of the algebra,
// with extents that start at base: stride divisibility (E0400), shape
// divisibility (E0401) and a complement of a layout that is not injective
// (E0402), in turn. pycute computes a value for each; cutec refuses them.
func errorLines(base, n int) []byte {
	var b []byte
	for i := range n {
		k := base + i + 2
		switch i % 3 {
		case 0:
			b = fmt.Appendf(b, "composition((4,%d):(1,5), 6:3)\n", k)
		case 1:
			b = fmt.Appendf(b, "composition((6,%d):(1,7), 9:1)\n", k)
		default:
			b = fmt.Appendf(b, "complement((%d,4):(1,2))\n", k+1)
		}
	}
	return b
}

// errorBase is where the next lines of BenchmarkEvalErrors start, so that
// no run of the benchmark in one process repeats a line.
var errorBase int

// BenchmarkEvalErrors evaluates 30,000 static lines that are errors of the
// algebra on standard input, new lines each iteration (made with the timer
// stopped), as BenchmarkEvalSymbols does; it reports the time and the
// allocations of one line.
func BenchmarkEvalErrors(b *testing.B) {
	benchEvalLines(b, errorLines, &errorBase, exitFindings)
}

// TestErrorLinesAreErrors holds the lines of BenchmarkEvalErrors to what
// they measure: each is an error with the code the paper's conditions give
// (eq. 20 and 21 of the CuTe paper for E0400 and E0401: 3 and the prefix
// product 4 do not divide one another, nor 9 and the extent 6; modes 1:k and
// 4:2 overlap for k > 2, so the layout is not injective: E0402).
func TestErrorLinesAreErrors(t *testing.T) {
	in := errorLines(0, 6)
	var out bytes.Buffer
	e := &env{stdin: bytes.NewReader(in), stdout: &out, stderr: io.Discard, getenv: func(string) string { return "" }}
	if status := run([]string{"eval"}, e); status != exitFindings {
		t.Fatalf("eval exited %d", status)
	}
	codes := []string{"E0400", "E0401", "E0402", "E0400", "E0401", "E0402"}
	lines := bytes.Split(bytes.TrimSuffix(out.Bytes(), []byte("\n")), []byte("\n"))
	if len(lines) != len(codes) {
		t.Fatalf("%d lines, want %d:\n%s", len(lines), len(codes), out.Bytes())
	}
	for i, l := range lines {
		if want := "error[" + codes[i] + "]"; !bytes.HasPrefix(l, []byte(want)) {
			t.Errorf("line %d: %s, want %s", i+1, l, want)
		}
	}
}
