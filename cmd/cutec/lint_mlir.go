package main

import (
	"bytes"
	"io"

	"github.com/cutec/cutec/diag"
	"github.com/cutec/cutec/verify"
)

var opMarker = []byte("= cute.")

// checkMLIR streams an MLIR file in chunks of whole lines, each verified in
// one window. Chunks are independent (a payload never spans lines and the
// pass keeps no state between them), so with more than one worker several
// chunks of one large file are verified at once; their diagnostics are still
// collected in file order.
//
// The op checker resolves type aliases, which a module defines at its top
// and uses below: the reader scans each chunk for definitions before it
// hands the chunk on, with the file's table of aliases.
func (c *checker) checkMLIR(name string, r io.Reader, col *collector) error {
	check := func(ch chunk) diag.List { return c.verifyChunk(name, ch) }
	aliases, scan := new(verify.Aliases), c.mlir.ChecksOps()
	tag := func(ch chunk) chunk {
		if ch.long == nil && scan {
			n := aliases.Len()
			aliases.Scan(ch.text)
			// CuTe DSL writes every alias at the top of the file, before the
			// ops: past the first chunk of ops that defines none, the rest of
			// the file is not searched (an op using an alias defined later is
			// skipped, never misjudged).
			scan = aliases.Len() > n || !bytes.Contains(ch.text, opMarker)
		}
		ch.aliases = aliases
		return ch
	}
	if c.workers == 1 {
		return c.stream(r, func(ch chunk) { col.keep(check(tag(ch))) })
	}
	p := newPipeline(c.workers, check, func(l diag.List, _ bool) { col.keep(l) })
	err := c.stream(r, func(ch chunk) { p.send(tag(ch)) })
	p.close()
	return err
}

// verifyChunk verifies the payloads of one chunk and returns the
// diagnostics detached from the chunk's buffer.
func (c *checker) verifyChunk(name string, ch chunk) diag.List {
	if ch.long != nil {
		return diag.List{longLineDiag(name, ch.long)}
	}
	w := diag.NewWindow(name, ch.text, int(ch.off), ch.line, 1)
	var st verify.OpStats
	l := detach(c.mlir.MLIRChunk(w, ch.aliases, &st), w)
	c.opsMu.Lock()
	c.ops.Add(st)
	c.opsMu.Unlock()
	return l
}
