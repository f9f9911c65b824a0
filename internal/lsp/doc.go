// Package lsp is the Language Server Protocol server of "cutec lsp": it
// speaks JSON-RPC 2.0 over a byte stream (standard input and output) and
// answers an editor about .cute files and CuTe MLIR dumps with the same
// packages the command line uses.
//
// What it serves:
//   - diagnostics as "cutec lint" reports them (codes, spans, related
//     notes; cmd/cutec's TestLSPMatchesLint holds the two equal on the
//     examples, the IR corpus and a generated dump), kept up to date under incremental sync; an MLIR dump
//     is held as lines and only the lines an edit touches are checked again;
//   - hover on every value of the algebra (a layout, composed layout, tile,
//     shape, stride, swizzle payload or .cute value form), on .cute names
//     and MLIR type aliases, and on MLIR ops: the result type cutec derives
//     from the operand types (verify.Pass.OpAt), as E0605 judges it;
//   - formatting (the "cutec fmt" rewrite) and quick fixes for every
//     diagnostic that carries a fix;
//   - in .cute files, definition, references, completion of operation names
//     and semantic tokens; in MLIR, the definition of a type alias.
//
// The JSON-RPC layer is written here over encoding/json rather than taken
// from a library: the server needs a dozen methods, one connection and no
// concurrency, and the Go LSP libraries at hand pull in a logging stack,
// websockets and terminal-color modules (github.com/tliron/glsp) or target
// an older protocol with zap logging (go.lsp.dev/protocol). The framing and
// the few protocol types fit in two small files.
//
// Positions are converted in one place (position.go, and lone_cr.go for a
// document with a lone "\r"): the server works in byte offsets on lint's
// lines (ended by "\n"), as package diag does, and the protocol counts
// UTF-16 code units on lines ended by "\n", "\r\n" or "\r".
package lsp
