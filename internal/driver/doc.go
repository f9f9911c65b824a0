// Package driver is what the front ends of cutec share, so that the same
// input gives the same diagnostics and conditions in each of them: the
// command (cmd/cutec), the language server (internal/lsp) and the C ABI
// (internal/bridge, under capi/ and the Python package).
//
// It holds the limits on input (MaxLineLen, E0109 for a longer line), the
// input checks (a byte-order mark is passed over, columns still counting
// it), the configuration of checks the front ends run by default
// (Default: the pass for .cute text and expressions, and the pass for
// MLIR), and the evaluation of one expression with its obligations (Eval,
// and the text and JSON forms of its conditions that `cutec eval` prints).
package driver
