package main

import (
	"bytes"
	"io"
	"testing"
	"testing/iotest"

	"github.com/cutec/cutec/verify"
)

// FuzzChunkReader checks the streaming reader on any input and any small
// line limit: it never panics, every line it yields is the text of the input
// at the offset it claims, line numbers count the newlines before it, and
// over-long lines are reported once, at their start.
func FuzzChunkReader(f *testing.F) {
	f.Add([]byte("a\nbb\r\n\nccc"), uint8(4), false)
	f.Add([]byte("12345\nx"), uint8(3), true)
	f.Add([]byte("\n\n\n"), uint8(0), false)
	f.Add(bytes.Repeat([]byte("x"), 300), uint8(100), true)
	f.Add([]byte("%r = cute.op(%a)\n  : (T) \n  -> R\n%s = x\n"), uint8(40), true)
	f.Fuzz(func(t *testing.T, in []byte, limit uint8, oneByte bool) {
		checkChunkReader(t, in, int(limit), oneByte, false)
		checkChunkReader(t, in, int(limit), oneByte, true)
		checkChunkReader(t, in, maxLineLen, oneByte, true)
	})
}

// checkChunkReader reads in with a chunkReader (an MLIR one when mlir is
// set: its chunks also come with the text before them, and never end just
// before a line that continues an op, but at the end of the input or past
// the bound of lines held back).
func checkChunkReader(t *testing.T, in []byte, limit int, oneByte, mlir bool) {
	var r io.Reader = bytes.NewReader(in)
	if oneByte {
		r = iotest.OneByteReader(r)
	}
	cr := newChunkReader(r, int(limit))
	if mlir {
		cr = mlirChunkReader(r, int(limit))
	}
	next := int64(0) // where the next line must start
	for {
		ch, err := cr.next()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		if ch.long != nil {
			next = checkLongLine(t, in, ch.long, int(limit), next)
			continue
		}
		ch.lines(func(text []byte, off int64, line int) {
			next = checkLine(t, in, text, off, line, next)
		})
		if mlir {
			checkMLIRChunk(t, in, ch, int(limit))
		}
	}
	if next != int64(len(in)) {
		t.Fatalf("the lines end at %d, the input at %d", next, len(in))
	}
}

// checkMLIRChunk checks what an MLIR chunkReader adds to a chunk: before is
// the input's text just before the chunk, and, when the input is shorter
// than what the reader may hold back (maxHeldBack, half the longest line),
// the chunk does not end just before a line that continues an op.
func checkMLIRChunk(t *testing.T, in []byte, ch chunk, maxLine int) {
	t.Helper()
	if !bytes.HasSuffix(in[:ch.off], ch.before) || len(ch.before) > verify.MLIRLookback {
		t.Fatalf("chunk at %d: before %q is not the text before it", ch.off, ch.before)
	}
	if want := min(int(ch.off), verify.MLIRLookback); maxLine == maxLineLen && len(ch.before) != want {
		t.Fatalf("chunk at %d: %d bytes before it, want %d", ch.off, len(ch.before), want)
	}
	end := int(ch.off) + len(ch.text)
	if end == len(in) || len(in) >= min(maxHeldBack, maxLine/2) {
		return
	}
	nl := bytes.IndexByte(in[end:], '\n')
	if nl < 0 {
		nl = len(in) - end
	}
	if verify.ContinuesOp(in[end : end+nl]) {
		t.Fatalf("chunk at %d ends before %q, which continues an op", ch.off, in[end:end+nl])
	}
}

// checkLine checks one line the reader yielded and returns where the next
// line must start.
func checkLine(t *testing.T, in, text []byte, off int64, line int, next int64) int64 {
	t.Helper()
	checkStart(t, in, off, line, next)
	if !bytes.HasPrefix(in[off:], text) {
		t.Fatalf("line at %d: %q is not the input's text", off, text)
	}
	next = off + int64(len(text))
	// The terminator: "\r\n", "\n", or a lone "\r" ending the input.
	switch rest := in[next:]; {
	case bytes.HasPrefix(rest, []byte("\r\n")):
		next += 2
	case bytes.HasPrefix(rest, []byte("\n")), string(rest) == "\r":
		next++
	}
	return next
}

// checkLongLine checks an over-long line and returns where the next line
// must start.
func checkLongLine(t *testing.T, in []byte, l *longLine, maxLine int, next int64) int64 {
	t.Helper()
	checkStart(t, in, l.off, l.line, next)
	if !bytes.HasPrefix(in[l.off:], l.prefix) {
		t.Fatalf("long line at %d: prefix %q is not the input's", l.off, l.prefix)
	}
	end := bytes.IndexByte(in[l.off:], '\n')
	if end >= 0 && end <= maxLine {
		t.Fatalf("line at %d of %d bytes reported as longer than %d", l.off, end, maxLine)
	}
	if end < 0 {
		return int64(len(in))
	}
	return l.off + int64(end) + 1
}

// checkStart checks that a line starts where the previous one ended and
// that its number counts the newlines before it.
func checkStart(t *testing.T, in []byte, off int64, line int, next int64) {
	t.Helper()
	if off != next {
		t.Fatalf("line %d starts at %d, want %d", line, off, next)
	}
	if want := bytes.Count(in[:off], []byte{'\n'}) + 1; line != want {
		t.Fatalf("line at %d is numbered %d, want %d", off, line, want)
	}
}
