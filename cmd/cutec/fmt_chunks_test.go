package main

import (
	"bytes"
	"fmt"
	"testing"

	"github.com/cutec/cutec/diag"
	"github.com/cutec/cutec/internal/heavytest"
)

// TestFmtChunksAgree: fmt formats a file in chunks of about fmtChunk bytes
// of whole lines; the result is the file formatted whole, for .cute and
// MLIR files of several chunks with CRLF line ends, comments and a
// byte-order mark, and a syntax error in a later chunk is reported at its
// line in the file.
func TestFmtChunksAgree(t *testing.T) {
	// Chunks of 16 KiB by default; fmt's own chunks of a megabyte (three
	// megabytes formatted twice) with CUTEC_HEAVY=1.
	size := 16 << 10
	if heavytest.Enabled() {
		size = fmtChunk
	}
	format := func(name string, in []byte, isMLIR bool) ([]byte, diag.List, error) {
		return formatChunks(name, in, isMLIR, size)
	}
	var cute, mlir bytes.Buffer
	cute.WriteString("\xef\xbb\xbf# a tile\n")
	for i := 0; cute.Len() < 3*size; i++ {
		fmt.Fprintf(&cute, "A%d = (4, %d) : (1, 4)   # line %d\r\n", i, i%7+1, i)
		fmt.Fprintf(&cute, "assert size(A%d) == %d\n\n", i, 4*(i%7+1))
		fmt.Fprintf(&mlir, "%%%d = cute.static : !cute.layout<\" (4, %d):(1, 4) \"> // %d\n", i, i%5+1, i)
	}
	for _, c := range []struct {
		src    []byte
		isMLIR bool
	}{{cute.Bytes(), false}, {mlir.Bytes(), true}} {
		got, diags, err := format("big", c.src, c.isMLIR)
		if err != nil || diags.HasErrors() {
			t.Fatalf("chunked: %v %s", err, describe(diags))
		}
		want, diags, err := formatSource("big", c.src, c.isMLIR)
		if err != nil || diags.HasErrors() {
			t.Fatalf("whole: %v %s", err, describe(diags))
		}
		if !bytes.Equal(got, want) {
			t.Errorf("mlir=%v: the chunked formatting of %d bytes differs from the whole", c.isMLIR, len(c.src))
		}
	}
	// A syntax error on the last line, in the third chunk or later.
	src := append(bytes.Clone(cute.Bytes()), "B = (4,8):(1,,4)\n"...)
	lines := bytes.Count(src, []byte("\n"))
	_, diags, _ := format("big", src, false)
	if got, want := describe(diags), fmt.Sprintf("E0101 %d:14", lines); got != want {
		t.Errorf("syntax error reported as %s, want %s", got, want)
	}
}
