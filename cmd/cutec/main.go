// Cutec evaluates, verifies, lints, formats and draws CuTe layouts, the
// shape:stride layout algebra of NVIDIA's CUTLASS.
//
// Usage:
//
//	cutec <command> [flags] [arguments]
//
// The commands are:
//
//	eval      evaluate layout expressions, one result line each
//	verify    check every invariant of values and expressions
//	lint      check .cute files, MLIR files and directories
//	fmt       rewrite layouts in canonical spelling
//	show      draw a layout as a table of offsets
//	golden    check or update golden files
//	lsp       run the language server for editors (LSP over stdin/stdout)
//	version   print cutec's version
//	help      show help for a command
//
// Exit status: 0 on success, 1 when an input has errors (findings), 2 on a
// usage error or an I/O error. "cutec help <command>" gives the details and
// docs/cli.md the full contract.
//
// The command holds only command-line logic (flags, files, exit codes and
// output); everything it does is available from the packages diag, parser,
// normalize, verify and printer.
package main

import "os"

func main() {
	guardOutputs()
	os.Exit(run(os.Args[1:], newStdEnv()))
}
