package main

import (
	"bytes"
	"slices"
	"testing"
)

// TestPipelineFeed checks the rule of pipeline.feed: while the last result
// worked was cheap, the reader works the next chunk whole; after a costly
// one, the next chunk is sent, and so cut into pieces of about pieceSize.
// Each chunk is three lines of pieceSize bytes, so a chunk sent is cut into
// pieces (of two lines and one) and a chunk worked whole is seen whole.  The test waits for each
// chunk's results to be sunk before it feeds the next, so that "the last
// result worked" is that of the chunk before.
func TestPipelineFeed(t *testing.T) {
	line := func(c byte) []byte { return append(bytes.Repeat([]byte{c}, pieceSize-1), '\n') }
	chunkOf := func(c byte) chunk { return chunk{text: bytes.Repeat(line(c), 3)} }
	sunk := make(chan int, 16)
	var seen []int // the size of each text worked, in the order sunk
	p := newPipeline(2, func(ch chunk) int { return len(ch.text) }, func(n int, _ bool) {
		seen = append(seen, n)
		sunk <- n
	})
	costly := false // the verdict of the work of the chunk being fed
	p.cheap = func(int) bool { return !costly }
	for i, tc := range []struct {
		costly   bool // the work of this chunk reports costly
		wantSent bool // feed sends it (the chunk before was costly)
	}{
		{false, false}, // the first chunk is assumed cheap
		{true, false},  // after a cheap chunk, worked whole
		{false, true},  // after a costly one, sent
		{false, false}, // its pieces were cheap
		{true, false},
		{true, true},
		{false, true},
		{false, false},
	} {
		costly = tc.costly
		ch := chunkOf(byte('a' + i))
		seen = seen[:0]
		if sent := p.feed(ch); sent != tc.wantSent {
			t.Errorf("chunk %d: feed sent it: %v, want %v", i, sent, tc.wantSent)
		}
		for n := 0; n < len(ch.text); n += <-sunk {
		}
		if whole := slices.Equal(seen, []int{len(ch.text)}); whole == tc.wantSent || len(seen) == 0 {
			t.Errorf("chunk %d of %d bytes: worked as texts of %v bytes, want it whole: %v", i, len(ch.text), seen, !tc.wantSent)
		}
	}
	p.close()
}
