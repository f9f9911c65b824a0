package main

import (
	"bufio"
	"bytes"
	"io"
	"os"
	"runtime"
	"testing"
)

func BenchmarkEvalUniquePar(b *testing.B) {
	in, _ := os.ReadFile("/tmp/eu5k.txt")
	for b.Loop() {
		ev := &evaluator{workers: runtime.GOMAXPROCS(0), w: bufio.NewWriter(io.Discard)}
		ev.stdin(bytes.NewReader(in))
	}
}
