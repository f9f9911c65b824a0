package main

import (
	"bytes"
	"errors"
	"io"
	"strconv"
	"strings"
	"testing"
	"testing/iotest"
)

// readLines drains a chunkReader into the lines it yields, each written as
// "LINE@OFF:TEXT", and the over-long lines as "LINE@OFF:long:PREFIX".
func readLines(t *testing.T, r io.Reader, maxLine int) []string {
	t.Helper()
	cr := newChunkReader(r, maxLine)
	var out []string
	for {
		ch, err := cr.next()
		if err == io.EOF {
			return out
		}
		if err != nil {
			t.Fatal(err)
		}
		if ch.long != nil {
			out = append(out, lineID(ch.long.line, ch.long.off)+"long:"+string(ch.long.prefix))
			continue
		}
		ch.lines(func(text []byte, off int64, line int) {
			out = append(out, lineID(line, off)+string(text))
		})
	}
}

func lineID(line int, off int64) string {
	return strconv.Itoa(line) + "@" + strconv.FormatInt(off, 10) + ":"
}

func TestChunkReaderLines(t *testing.T) {
	in := "a\r\nbb\n\nccc"
	want := []string{"1@0:a", "2@3:bb", "3@6:", "4@7:ccc"}
	for name, r := range map[string]io.Reader{
		"whole":    strings.NewReader(in),
		"one byte": iotest.OneByteReader(strings.NewReader(in)),
		"data+EOF": iotest.DataErrReader(strings.NewReader(in)),
	} {
		got := readLines(t, r, 100)
		if strings.Join(got, "|") != strings.Join(want, "|") {
			t.Errorf("%s: got %q, want %q", name, got, want)
		}
	}
}

func TestChunkReaderLongLines(t *testing.T) {
	// maxLine 4: "12345" is too long; lines after it keep their numbers and
	// offsets. The buffer starts smaller than a line and grows. A long
	// line's prefix is what was buffered when it was found too long:
	// maxLine+1 bytes here (snippetLen bytes with the real limit).
	in := "ab\n12345\ncd\n" + strings.Repeat("x", 50) + "\nef"
	got := readLines(t, iotest.HalfReader(strings.NewReader(in)), 4)
	want := []string{"1@0:ab", "2@3:long:12345", "3@9:cd", "4@12:long:xxxxx", "5@63:ef"}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("got %q\nwant %q", got, want)
	}
}

func TestChunkReaderLongLastLine(t *testing.T) {
	got := readLines(t, strings.NewReader("ok\n"+strings.Repeat("y", 9)), 4)
	want := []string{"1@0:ok", "2@3:long:yyyyy"}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("got %q, want %q", got, want)
	}
}

func TestChunkReaderPrefixIsValidUTF8(t *testing.T) {
	line := strings.Repeat("a", snippetLen-1) + "é" + strings.Repeat("b", 200) // é straddles the cut
	cr := newChunkReader(strings.NewReader(line+"\n"), 100)
	ch, err := cr.next()
	if err != nil || ch.long == nil {
		t.Fatalf("next() = %+v, %v; want a long line", ch, err)
	}
	if want := strings.Repeat("a", snippetLen-1); string(ch.long.prefix) != want {
		t.Errorf("prefix = %q, want %q", ch.long.prefix, want)
	}
}

func TestChunkReaderReadError(t *testing.T) {
	boom := errors.New("boom")
	cr := newChunkReader(iotest.ErrReader(boom), 100)
	if _, err := cr.next(); !errors.Is(err, boom) {
		t.Errorf("next() error = %v, want %v", err, boom)
	}
}

func TestChunkReaderFlushesBeforeRead(t *testing.T) {
	// An interactive reader gives one line per read; each line must come out
	// before the next read, and beforeRead runs before every read.
	var reads int
	r := iotest.OneByteReader(bytes.NewReader([]byte("a\nb\n")))
	cr := newChunkReader(r, 100)
	cr.beforeRead = func() { reads++ }
	ch, err := cr.next()
	if err != nil || string(ch.text) != "a\n" {
		t.Fatalf("first chunk = %q, %v", ch.text, err)
	}
	if reads != 2 {
		t.Errorf("reads before the first line = %d, want 2", reads)
	}
}

// countingReader counts the calls of Read and the bytes they return.
type countingReader struct {
	r            io.Reader
	calls, bytes int
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.calls++
	c.bytes += n
	return n, err
}

// TestMLIRChunkReaderReadsLongLinesInFewReads: a line near the limit after
// another fills the buffer, which cannot grow; the MLIR reader must then
// drop the text it keeps before a chunk rather than keep what fits and read
// a byte at a time (each read moved and scanned the whole buffer: a
// 2 MiB file took 5 s). The lines are those of TestLSPMatchesLint's long
// file; with the limit at 64 KiB, the file is read in a few dozen reads.
func TestMLIRChunkReaderReadsLongLinesInFewReads(t *testing.T) {
	const maxLine = 64 << 10
	in := "A = 4:1\n# " + strings.Repeat("é", (maxLine-2)/2) + "\n# " + strings.Repeat("x", maxLine-1) + "\nB = (4, 2):(1,2)\n"
	cr := &countingReader{r: strings.NewReader(in)}
	r := mlirChunkReader(cr, maxLine)
	var got []string
	for {
		ch, err := r.next()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		if ch.long != nil {
			got = append(got, strconv.Itoa(ch.long.line)+":long")
			continue
		}
		ch.lines(func(text []byte, _ int64, line int) {
			got = append(got, strconv.Itoa(line)+":"+strconv.Itoa(len(text)))
		})
	}
	want := []string{"1:7", "2:" + strconv.Itoa(2+2*((maxLine-2)/2)), "3:long", "4:16"}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("lines: got %q, want %q", got, want)
	}
	if cr.bytes != len(in) || cr.calls > 64 {
		t.Errorf("read %d of %d bytes in %d reads; want all of them in at most 64 reads", cr.bytes, len(in), cr.calls)
	}
}
