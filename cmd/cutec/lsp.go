//go:build !js

package main

import (
	"flag"

	"github.com/cutec/cutec/internal/lsp"
)

// lspCommand is "cutec lsp".
var lspCommand = &command{
	name:  "lsp",
	args:  "[-stdio]",
	short: "run the language server for editors (LSP over stdin/stdout)",
	long: `Lsp runs a Language Server Protocol server on standard input and output,
for .cute files and CuTe MLIR dumps: diagnostics as lint reports them
(updated as you type), hover on every layout, composed layout, tile, shape
and swizzle (canonical spelling, size, cosize, rank, depth, dynamic facts
and a table of offsets), formatting as fmt does it, quick fixes, and in
.cute files definition, references, completion of operations and semantic
tokens; in MLIR, definition of and hover on type aliases. An editor starts
it; docs/lsp.md shows how in Neovim, VS Code and Helix.

-stdio is accepted and changes nothing (standard input and output are the
only transport), since some editors pass it.

Exit status, as the protocol asks: 0 when the editor sent shutdown before
exit, 1 otherwise (exit without shutdown, or standard input closed).`,
	setup: func(fs *flag.FlagSet) runFunc {
		fs.Bool("stdio", true, "talk over standard input and output (the only transport)")
		return runLSP
	},
}

// runLSP serves one editor session.
func runLSP(e *env, args []string) int {
	if len(args) > 0 {
		return usageError(e, "lsp", "lsp takes no arguments, not %q", args[0])
	}
	return lsp.Serve(e.stdin, e.stdout, lsp.Options{
		Format:  format,
		Log:     e.stderr,
		Version: moduleVersion(),
	})
}
