package main

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/cutec/cutec/printer"
)

// maxShowOutput bounds what show prints: the cells' text
// (printer.MaxGridBytes) and, per cell, the frame and padding of the
// largest format (svg, a few hundred bytes a cell).
const maxShowOutput = printer.MaxGridBytes + printer.MaxRows*printer.MaxCols*1024 + 64<<10

// FuzzShow draws any expression in each format: show never panics, exits
// 0 (a drawing on standard output, nothing on standard error), 1 (nothing
// on standard output, a reason on standard error) or 2 (a usage error), and
// prints at most maxShowOutput bytes, whatever a cell holds.
func FuzzShow(f *testing.F) {
	for _, s := range []string{
		"(4,2):(2,1)", "(16,16):(1@0,1@65535)", "S<3,4,3> o 0 o (8,64):(64,1)", "(8,8):(1@1,1@0)",
		"logical_divide((8,16):(20,1), [4:1;8:2])", "(256,256):(256,1)", "(257,1):(1,1)", "(4,?):(1,4)",
		"((2):(1@65535@65535))(1)", "composition((4,6):(1,5), 6:3)", "size(8:1)", "", "(((",
		"(2,2):(1@0@0,1@1@65535)", "(4,2):(-1,-4)", "(2,3):(9223372036854775807,1)",
	} {
		for _, format := range []string{"text", "svg", "html"} {
			f.Add(s, format)
		}
	}
	f.Fuzz(func(t *testing.T, expr, format string) {
		if len(expr) > 4<<10 {
			return
		}
		status, stdout, stderr := runCmd(nil, "show", "-format", format, "--", expr)
		if len(stdout) > maxShowOutput {
			t.Fatalf("show printed %d bytes, more than %d", len(stdout), maxShowOutput)
		}
		switch status {
		case exitOK:
			if stdout == "" || stderr != "" {
				t.Fatalf("exit 0 with stdout %q and stderr %q", truncate(stdout), stderr)
			}
			if !utf8.ValidString(stdout) {
				t.Fatalf("the drawing is not UTF-8: %q", truncate(stdout))
			}
		case exitFindings, exitUsage:
			if stdout != "" || stderr == "" {
				t.Fatalf("exit %d with stdout %q and stderr %q", status, truncate(stdout), stderr)
			}
		default:
			t.Fatalf("exit %d", status)
		}
		if strings.ContainsRune(stderr, 0x1b) {
			t.Fatalf("an escape character on standard error: %q", stderr)
		}
	})
}

func truncate(s string) string {
	if len(s) > 200 {
		return s[:200] + "..."
	}
	return s
}
