package main

import (
	"io"

	"github.com/cutec/cutec/diag"
	"github.com/cutec/cutec/verify"
)

// checkMLIR streams an MLIR file in chunks of whole lines, each verified in
// one window. Chunks are independent (a payload never spans lines and the
// pass keeps no state between them), so with more than one worker several
// chunks of one large file are verified at once; their diagnostics are still
// collected in file order.
//
// The op checker needs some context from above a chunk, which the reader
// gives it in order, so that the diagnostics are the same however the file
// is cut and whatever the number of workers: the type aliases, which a
// module defines at its top and uses below (the reader scans each chunk for
// definitions and module starts before it hands the chunk on, with a view
// of the aliases defined up to the chunk's end, scoped to their module), and the text just above the chunk, where
// make_layout's operands may be defined (see verify.Pass.MLIRWindow). No
// chunk or piece is cut between an op and the lines of its type.
//
// Payloads and ops that the verifier's caches answer cost less to verify
// than to copy and hand to a helper: while the last chunk or piece verified
// was cheap by that measure (cheapWork), the reader verifies the next chunk
// itself, whole (pipeline.feed).
func (c *checker) checkMLIR(name string, r io.Reader, col *collector) error {
	aliases, scan := new(verify.Aliases), c.mlir.ChecksOps()
	tag := func(ch chunk) chunk {
		if ch.long == nil && scan {
			// Every chunk is scanned: a pass dump holds one module per
			// pass, each with its own definitions (see verify.Aliases).
			aliases = aliases.Scan(ch.text)
		}
		ch.aliases = aliases
		return ch
	}
	cr := mlirChunkReader(r, maxLineLen)
	if c.workers == 1 {
		return c.streamFrom(cr, func(ch chunk) { col.keep(c.verifyChunk(name, tag(ch)).diags) })
	}
	p := newPipeline(c.workers, func(ch chunk) verifiedChunk { return c.verifyChunk(name, ch) },
		func(v verifiedChunk, _ bool) { col.keep(v.diags) })
	p.mlir = true
	p.cheap = func(v verifiedChunk) bool { return v.cheap }
	err := c.streamFrom(cr, func(ch chunk) { p.feed(tag(ch)) })
	p.close()
	return err
}

// verifiedChunk is what verifyChunk found in a chunk.
type verifiedChunk struct {
	diags diag.List // detached from the chunk's buffer
	cheap bool      // few payloads and ops were new to the verifier's caches (cheapWork)
}

// verifyChunk verifies the payloads of one chunk.
func (c *checker) verifyChunk(name string, ch chunk) verifiedChunk {
	if ch.long != nil {
		return verifiedChunk{diags: diag.List{longLineDiag(name, ch.long)}, cheap: true}
	}
	w := diag.NewWindow(name, ch.text, int(ch.off), ch.line, 1)
	var st verify.OpStats
	l := detach(c.mlir.MLIRWindow(w, ch.before, ch.aliases, &st), w)
	c.opsMu.Lock()
	c.ops.Add(st)
	c.opsMu.Unlock()
	return verifiedChunk{diags: l, cheap: cheapWork(st.Fresh, st.Looked)}
}
