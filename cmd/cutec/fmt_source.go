//go:build !js

package main

import (
	"github.com/cutec/cutec/diag"
	cutefmt "github.com/cutec/cutec/format"
)

// formatSource returns src with its values in canonical spelling, or the
// diagnostics of its syntax errors; see package format.
func formatSource(name string, src []byte, isMLIR bool) ([]byte, diag.List, error) {
	return cutefmt.Source(name, src, isMLIR)
}

// formatFile formats a file or a window of a larger one; see package format.
func formatFile(f *diag.File, isMLIR bool) ([]byte, diag.List, error) {
	return cutefmt.File(f, isMLIR)
}
