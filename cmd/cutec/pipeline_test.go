package main

import (
	"bytes"
	"math/rand/v2"
	"strconv"
	"sync/atomic"
	"testing"
	"time"
)

// TestPipelineOrder sends numbered chunks whose work takes random time and
// checks that the sink sees every result once, in order, one call at a
// time, with idle set after the last.
func TestPipelineOrder(t *testing.T) {
	for _, workers := range []int{1, 2, 4} {
		var got []int
		var inSink atomic.Int32
		lastIdle := false
		p := newPipeline(workers, func(ch chunk) int {
			time.Sleep(time.Duration(rand.IntN(200)) * time.Microsecond)
			n, _ := strconv.Atoi(string(ch.text))
			return n
		}, func(n int, idle bool) {
			if inSink.Add(1) != 1 {
				t.Error("two sink calls at once")
			}
			got = append(got, n)
			lastIdle = idle
			inSink.Add(-1)
		})
		buf := make([]byte, 0, 8)
		for i := range 500 {
			buf = strconv.AppendInt(buf[:0], int64(i), 10)
			p.send(chunk{text: buf}) // the buffer is reused, as the reader's is
		}
		p.close()
		if len(got) != 500 {
			t.Fatalf("%d workers: %d results, want 500", workers, len(got))
		}
		for i, n := range got {
			if n != i {
				t.Fatalf("%d workers: result %d is %d", workers, i, n)
			}
		}
		if !lastIdle {
			t.Errorf("%d workers: the last sink call is not idle", workers)
		}
	}
}

// TestPipelineReaderWorksAlone checks that the reader does the work itself
// when no helper is free: while the helper is held by a chunk, the chunks
// sent after it are worked (by the reader) before send returns.
func TestPipelineReaderWorksAlone(t *testing.T) {
	release := make(chan struct{})
	var xs, timedOut atomic.Int32
	p := newPipeline(2, func(ch chunk) int {
		if string(ch.text) == "block" {
			select {
			case <-release:
			case <-time.After(2 * time.Second):
				timedOut.Add(1) // the reader took it: the helper never started
			}
			return 0
		}
		xs.Add(1)
		return 0
	}, func(int, bool) {})
	time.Sleep(10 * time.Millisecond) // let the helper wait for work
	p.send(chunk{text: []byte("block")})
	for range 3 {
		p.send(chunk{text: []byte("x")})
	}
	done := xs.Load()
	close(release)
	p.close()
	if timedOut.Load() != 0 {
		t.Skip("the helper was not scheduled in time; the reader worked alone")
	}
	if done != 3 {
		t.Errorf("%d of the 3 chunks sent while the helper was busy were worked, want 3", done)
	}
}

// TestPipelinePieces sends chunks larger than a piece and checks that every
// line is worked once, in order, with its own offset and line number.
func TestPipelinePieces(t *testing.T) {
	type seen struct {
		text      string
		off       int64
		line      int
		pieceSize int
	}
	var got []seen
	p := newPipeline(2, func(ch chunk) []seen {
		var out []seen
		ch.lines(func(text []byte, off int64, line int) {
			out = append(out, seen{string(text), off, line, len(ch.text)})
		})
		return out
	}, func(s []seen, _ bool) { got = append(got, s...) })
	var text []byte
	const n = 5000
	for i := range n {
		text = append(text, "line "+strconv.Itoa(i)+"\n"...)
	}
	// Two chunks, the second starting where the first ends.
	half := bytes.IndexByte(text[len(text)/2:], '\n') + len(text)/2 + 1
	p.send(chunk{text: text[:half], off: 0, line: 1})
	secondLine := 1 + bytes.Count(text[:half], []byte{'\n'})
	p.send(chunk{text: text[half:], off: int64(half), line: secondLine})
	p.close()
	if len(got) != n {
		t.Fatalf("%d lines worked, want %d", len(got), n)
	}
	off := int64(0)
	for i, s := range got {
		if want := "line " + strconv.Itoa(i); s.text != want || s.line != i+1 || s.off != off {
			t.Fatalf("line %d: %+v, want %q at offset %d", i+1, s, want, off)
		}
		if s.pieceSize > pieceSize+16 {
			t.Fatalf("line %d came in a piece of %d bytes", i+1, s.pieceSize)
		}
		off += int64(len(s.text) + 1)
	}
}
