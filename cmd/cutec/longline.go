package main

import (
	"fmt"

	"github.com/cutec/cutec/diag"
)

// longLineDiag returns the diagnostic of an over-long line of the named
// file: its span is the quoted start of the line, in a window of its own.
func longLineDiag(name string, l *longLine) *diag.Diagnostic {
	f := diag.NewWindow(name, l.prefix, int(l.off), l.line, 1)
	return &diag.Diagnostic{
		Code:     diag.LineTooLong,
		Severity: diag.Error,
		File:     f,
		Span:     diag.Span{Start: 0, End: len(l.prefix)},
		Message:  fmt.Sprintf("line %d is longer than %d bytes; it was not checked", l.line, maxLineLen),
	}
}
