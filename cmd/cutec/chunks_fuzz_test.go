package main

import (
	"bytes"
	"io"
	"testing"
	"testing/iotest"
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
	f.Fuzz(func(t *testing.T, in []byte, limit uint8, oneByte bool) {
		var r io.Reader = bytes.NewReader(in)
		if oneByte {
			r = iotest.OneByteReader(r)
		}
		cr := newChunkReader(r, int(limit))
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
		}
		if next != int64(len(in)) {
			t.Fatalf("the lines end at %d, the input at %d", next, len(in))
		}
	})
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
