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
