package main

import (
	"bytes"
	"math/rand/v2"
	"runtime"
	"strconv"
	"sync/atomic"
	"testing"
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
			for range rand.IntN(50) {
				runtime.Gosched() // work of random length, so results complete out of order
			}
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
//
// No clock: the reader works a chunk in the caller's buffer, a helper in a
// copy, so the work function knows who works each chunk. The test sends
// "block" until the helper (not the reader) takes one, then holds the
// helper on a channel while it sends the other chunks.
func TestPipelineReaderWorksAlone(t *testing.T) {
	block := []byte("block")
	held, release := make(chan struct{}, 1), make(chan struct{})
	var byReader, byHelper atomic.Int32
	p := newPipeline(2, func(ch chunk) int {
		readers := &ch.text[0] == &block[0]
		if string(ch.text) == "block" {
			if !readers {
				held <- struct{}{}
				<-release
			}
			return 0
		}
		if readers {
			byReader.Add(1)
		} else {
			byHelper.Add(1)
		}
		return 0
	}, func(int, bool) {})
	for taken := false; !taken; {
		p.send(chunk{text: block})
		select {
		case <-held:
			taken = true
		default:
			// Worked by the reader (it returns before send does) or not
			// yet started by the helper: tell the two apart.
			runtime.Gosched()
			select {
			case <-held:
				taken = true
			default:
			}
		}
	}
	for range 3 {
		p.send(chunk{text: block[:1]}) // "b": the caller's buffer, as "block"
	}
	done, helped := byReader.Load(), byHelper.Load()
	close(release)
	p.close()
	if done != 3 || helped != 0 {
		t.Errorf("while the helper was busy the reader worked %d of the 3 chunks sent, the helper %d; want 3 and 0", done, helped)
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
