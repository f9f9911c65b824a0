package main

import (
	"bytes"
	"fmt"
	"io"
	"testing"
)

// benchInput is a batch of typical expressions, one a line.
func benchInput(n int) []byte {
	exprs := []string{
		"composition((4,6,8,10):(2,3,5,7), 6:12)",
		"size((4,8):(1,4))",
		"coalesce((2,(1,6)):(1,(6,2)))",
		"complement(4:32, 256)",
		"logical_divide((8,16):(20,1), [4:1;8:2])",
		"((4,8):(1,4))(13)",
		"(4,(2,2)):(1,(4,8))",
	}
	var b bytes.Buffer
	for i := range n {
		if i%3 == 0 {
			fmt.Fprintf(&b, "composition((%d,%d):(1,%d), %d:1)\n", i%16+1, i%7+1, i%64+1, i%8+1)
			continue
		}
		b.WriteString(exprs[i%len(exprs)] + "\n")
	}
	return b.Bytes()
}

// BenchmarkEvalStdin measures "cutec eval" over standard input; the figure
// that matters is lines per second (ns/op divided by the 10000 lines).
func BenchmarkEvalStdin(b *testing.B) {
	in := benchInput(10000)
	b.SetBytes(int64(len(in)))
	for b.Loop() {
		e := &env{stdin: bytes.NewReader(in), stdout: io.Discard, stderr: io.Discard, getenv: func(string) string { return "" }}
		run([]string{"eval"}, e)
	}
}
