package main

import (
	"bytes"

	"github.com/cutec/cutec/diag"
	"github.com/cutec/cutec/internal/driver"
)

// longLineDiag returns the diagnostic of an over-long line of the named
// file (driver.LongLine): its span is the quoted start of the line, in a
// window of its own.
func longLineDiag(name string, l *longLine) *diag.Diagnostic {
	return driver.LongLine(name, l.prefix, l.off, l.line)
}

// linePrefix returns a copy of the first snippetLen bytes of the text of an
// over-long line, cut at a UTF-8 boundary.
func linePrefix(text []byte) []byte { return bytes.Clone(driver.Snippet(text)) }

// longLines returns the diagnostics of the lines of a whole text src longer
// than maxLineLen bytes, as a streaming reader reports them: fmt, which
// reads a file whole, refuses such a file.
func longLines(name string, src []byte) diag.List { return driver.LongLines(name, src) }
