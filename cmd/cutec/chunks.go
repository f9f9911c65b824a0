package main

import (
	"bytes"
	"errors"
	"io"

	"github.com/cutec/cutec/verify"
)

// chunkReader reads a stream as chunks of whole lines, for streaming: each
// chunk is handed on and the buffer reused, so memory does not grow with the
// size of the input. A line longer than maxLine is never held whole: it is
// reported as a longLine and skipped.
//
// A chunk is returned as soon as the reader has one whole line, so an
// interactive stream is answered line by line.
type chunkReader struct {
	r          io.Reader
	maxLine    int
	buf        []byte
	start, end int   // unread data is buf[start:end]
	off        int64 // offset in the stream of buf[start]
	line       int   // line number of buf[start], 1-based
	skipping   bool  // dropping the rest of an over-long line
	eof        bool
	beforeRead func() // called before each read that may block (flush output)
	bytesRead  int64

	// MLIR (see mlirChunkReader): keep bytes of the text before each chunk
	// are kept as its before, and a chunk ends before a line that does not
	// continue an op, so that an op and the lines of its type below it stay
	// in one chunk.
	keep int
	hist int // buf[hist:start] is the text of the stream just before buf[start]
	mlir bool
}

// chunk is what chunkReader.next returns: either text, whole lines that
// start at offset off on line number line (each ends in "\n" but possibly the
// last line of the stream), or, when long is set, the start of an over-long
// line with no text.
type chunk struct {
	text []byte // valid until the next call of next
	off  int64
	line int
	long *longLine

	aliases *verify.Aliases // MLIR: the type aliases of the file, defined up to the chunk's end
	before  []byte          // MLIR: the text of the stream just before text (see verify.Pass.MLIRWindow)
}

// longLine is a line longer than the reader's limit.
type longLine struct {
	off    int64
	line   int
	prefix []byte // its first bytes, cut at a UTF-8 boundary, a copy
}

func newChunkReader(r io.Reader, maxLine int) *chunkReader {
	return &chunkReader{r: r, maxLine: maxLine, buf: make([]byte, min(chunkSize, maxLine+1)), line: 1}
}

// mlirChunkReader is a chunkReader for MLIR: each chunk comes with the
// verify.MLIRLookback bytes of text before it (fewer only at the start of
// the stream or after a line near maxLine long), and is never cut between
// an op and the lines of its type below it (verify.ContinuesOp), so that
// the op checker judges every op as it would in a window of the whole file.
func mlirChunkReader(r io.Reader, maxLine int) *chunkReader {
	cr := newChunkReader(r, maxLine)
	cr.keep, cr.mlir = verify.MLIRLookback, true
	return cr
}

// maxHeldBack bounds the lines an MLIR chunkReader holds back for the next
// chunk when they all continue an op: past it (or past half the longest
// line, so that held lines are never taken for an over-long one), the
// chunk is cut anyway (the op checker reads at most a few lines of an op's
// type).
const maxHeldBack = 16 << 10

// next returns the next chunk, or io.EOF at the end of the stream, or a read
// error.
func (c *chunkReader) next() (chunk, error) {
	for {
		if c.skipping {
			c.skip()
		}
		if !c.skipping {
			if ch, ok := c.take(); ok {
				return ch, nil
			}
			if c.end-c.start > c.maxLine {
				return c.tooLong(), nil
			}
			if c.eof && c.end > c.start {
				return c.cut(c.end - c.start), nil // the last line has no newline
			}
		}
		if c.eof {
			return chunk{}, io.EOF
		}
		if err := c.fill(); err != nil {
			return chunk{}, err
		}
	}
}

// take returns the whole lines at the front of the buffer. An MLIR reader
// holds back the last of them that does not continue an op, and those after
// it, until the stream's end.
func (c *chunkReader) take() (chunk, bool) {
	data := c.buf[c.start:c.end]
	n := bytes.LastIndexByte(data, '\n') + 1
	if c.mlir && c.eof && len(data) > 0 && len(data)-n <= c.maxLine {
		return c.cut(len(data)), true
	}
	if c.mlir && n > 0 {
		if k := lastOpStart(data[:n]); k > 0 || len(data) < min(maxHeldBack, c.maxLine/2) {
			n = k
		}
	}
	if n == 0 {
		return chunk{}, false
	}
	return c.cut(n), true
}

// lastOpStart returns the offset of the last line of text (whole lines)
// that does not continue an op (verify.ContinuesOp), or 0.
func lastOpStart(text []byte) int {
	end := len(text) - 1 // the last line's "\n"
	for end > 0 {
		start := bytes.LastIndexByte(text[:end], '\n') + 1
		if !verify.ContinuesOp(text[start:end]) {
			return start
		}
		end = start - 1
	}
	return 0
}

// cut returns the first n unread bytes as a chunk and consumes them.
func (c *chunkReader) cut(n int) chunk {
	ch := chunk{text: c.buf[c.start : c.start+n], off: c.off, line: c.line}
	if c.keep > 0 {
		ch.before = c.buf[max(c.hist, c.start-c.keep):c.start]
	}
	c.start += n
	c.off += int64(n)
	c.line += bytes.Count(ch.text, []byte{'\n'})
	return ch
}

// tooLong reports the over-long line at the front of the buffer and starts
// skipping it.
func (c *chunkReader) tooLong() chunk {
	long := &longLine{off: c.off, line: c.line, prefix: linePrefix(c.buf[c.start:c.end])}
	c.skipping = true
	return chunk{off: c.off, line: c.line, long: long}
}

// skip drops buffered bytes of an over-long line up to and including its
// newline.
func (c *chunkReader) skip() {
	data := c.buf[c.start:c.end]
	i := bytes.IndexByte(data, '\n')
	if i < 0 {
		c.off += int64(len(data))
		c.start = c.end
		return
	}
	c.start += i + 1
	c.off += int64(i + 1)
	c.line++
	c.skipping = false
}

// fill moves the unread data, after the keep bytes before it, to the front
// of the buffer, grows the buffer when they fill it (up to maxLine+1 bytes,
// enough to tell an over-long line; then with fewer bytes kept), and reads
// once.
func (c *chunkReader) fill() error {
	unread := c.end - c.start
	h := min(c.start-c.hist, c.keep)
	size := len(c.buf)
	for h+unread >= size && size < c.maxLine+1 {
		size = min(2*size, c.maxLine+1)
	}
	if h+unread >= size {
		// The buffer cannot grow: keep none of the text before, so that the
		// read has all the room the unread line leaves (keeping what fits
		// would leave a byte a read, and each read would move and scan the
		// whole buffer again).
		h = 0
	}
	dst := c.buf
	if size != len(c.buf) {
		dst = make([]byte, size)
	}
	c.end = copy(dst, c.buf[c.start-h:c.end])
	c.buf, c.hist, c.start = dst, 0, h
	if c.beforeRead != nil {
		c.beforeRead()
	}
	m, err := c.r.Read(c.buf[c.end:])
	c.end += m
	c.bytesRead += int64(m)
	if errors.Is(err, io.EOF) {
		c.eof = true
		return nil
	}
	return err
}

// lines calls fn for each line of a chunk of text with its text (without
// "\n" or "\r\n", or a lone "\r" ending the stream, as diag.File.LineText
// does), its offset in the stream and its line number.
func (ch chunk) lines(fn func(text []byte, off int64, line int)) {
	text, off, line := ch.text, ch.off, ch.line
	for len(text) > 0 {
		n := bytes.IndexByte(text, '\n') + 1
		if n == 0 {
			n = len(text)
		}
		l := bytes.TrimSuffix(bytes.TrimSuffix(text[:n], []byte{'\n'}), []byte{'\r'})
		fn(l, off, line)
		text, off, line = text[n:], off+int64(n), line+1
	}
}

// forEachChunk hands every chunk of cr to fn, over-long lines included
// (ch.long set), and returns nil at the end of the stream or the read error.
// fn must not keep the chunk's text: the buffer is reused.
func forEachChunk(cr *chunkReader, fn func(chunk)) error {
	for {
		ch, err := cr.next()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
		fn(ch)
	}
}
