package main

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"strings"
	"testing"
	"time"
)

// TestEvalInteractive checks that eval answers each line of a pipe before
// the next one is written, as a co-process needs, with one worker and with
// several.
func TestEvalInteractive(t *testing.T) {
	for _, workers := range []int{1, 4} {
		inR, inW := io.Pipe()
		outR, outW := io.Pipe()
		ev := &evaluator{workers: workers}
		done := make(chan int)
		go func() {
			ev.w = bufio.NewWriter(outW)
			err := ev.stdin(inR)
			ev.w.Flush()
			outW.Close()
			if err != nil {
				t.Error(err)
			}
			done <- 0
		}()
		answers := bufio.NewReader(outR)
		for _, q := range []struct{ in, want string }{
			{"size((4,8):(1,4))", "32"},
			{"# a comment gets no answer", ""},
			{"coalesce((2,(1,6)):(1,(6,2)))", "12:1"},
		} {
			fmt.Fprintln(inW, q.in)
			if q.want == "" {
				continue
			}
			got := make(chan string)
			go func() { line, _ := answers.ReadString('\n'); got <- line }()
			select {
			case line := <-got:
				if line != q.want+"\n" {
					t.Errorf("workers=%d: %s gave %q, want %q", workers, q.in, line, q.want)
				}
			case <-time.After(5 * time.Second):
				t.Fatalf("workers=%d: no answer to %s before the next line", workers, q.in)
			}
		}
		inW.Close()
		<-done
	}
}

// TestEvalParallelOrder checks that a large input evaluated on several
// goroutines gives the lines of one goroutine, in order.
func TestEvalParallelOrder(t *testing.T) {
	in := benchInput(20000) // many chunks
	eval := func(workers int) (string, bool) {
		var out bytes.Buffer
		ev := &evaluator{workers: workers, json: true, w: bufio.NewWriter(&out)}
		if err := ev.stdin(strings.NewReader(string(in) + "compositon(8:1, 2:1)\n")); err != nil {
			t.Fatal(err)
		}
		ev.w.Flush()
		return out.String(), ev.failed
	}
	one, failed := eval(1)
	if !failed || strings.Count(one, "\n") != 20001 {
		t.Fatalf("one worker: failed=%v, %d lines", failed, strings.Count(one, "\n"))
	}
	for _, w := range []int{2, 8} {
		if got, failed := eval(w); got != one || !failed {
			t.Errorf("%d workers: output differs from one worker's (failed=%v)", w, failed)
		}
	}
}

// TestEvalCheapAndDearChunksInOrder checks the order of the output when
// standard input alternates between runs of lines of the fast path, which
// the reading goroutine works itself, and runs of lines with symbols, which
// go to the pipeline's helpers: the output of several workers is that of
// one, line for line.
func TestEvalCheapAndDearChunksInOrder(t *testing.T) {
	var in strings.Builder
	for block := range 6 {
		for i := range 3000 {
			if block%2 == 0 {
				fmt.Fprintf(&in, "composition((%d,8):(1,%d), %d:1)\n", i%64+1, i%64+1, i%8+1)
			} else {
				fmt.Fprintf(&in, "size((M,%d):(1,M))\n", i%64+1)
			}
		}
	}
	eval := func(workers int) string {
		var out bytes.Buffer
		ev := &evaluator{workers: workers, w: bufio.NewWriter(&out)}
		if err := ev.stdin(strings.NewReader(in.String())); err != nil {
			t.Fatal(err)
		}
		ev.w.Flush()
		if ev.failed {
			t.Fatalf("%d workers: an expression failed", workers)
		}
		return out.String()
	}
	one := eval(1)
	if n := strings.Count(one, "\n"); n != 18000 || !strings.Contains(one, "8*M") {
		t.Fatalf("one worker: %d lines", n)
	}
	for _, w := range []int{2, 4} {
		if got := eval(w); got != one {
			t.Errorf("%d workers: the output differs from one worker's", w)
		}
	}
}
