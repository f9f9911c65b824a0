package main

import (
	"os"
	"strings"

	"github.com/cutec/cutec/diag"
)

// hintLintForPath adds a help line to the first syntax error of an argument
// of verify that names a file or directory (cutec verify examples/a.cute):
// verify reads its arguments as expressions, and lint reads files.
func hintLintForPath(diags diag.List, arg string) {
	if !looksLikePath(arg) {
		return
	}
	for _, d := range diags {
		if isSyntaxError(d) {
			if d.Fix == nil {
				d.Fix = &diag.Fix{Message: pathHint("verify", arg)}
			}
			return
		}
	}
}

// pathHint is the hint for a path given to a command that reads
// expressions.
func pathHint(cmd, path string) string {
	return cmd + " reads values and expressions, not files; to check the file, did you mean `cutec lint " + path + "`?"
}

// isSyntaxError reports whether d is an error of the syntax family (E01xx).
func isSyntaxError(d *diag.Diagnostic) bool {
	return d.Severity == diag.Error && strings.HasPrefix(string(d.Code), "E01")
}

// looksLikePath reports whether an argument is a path rather than an
// expression: one word that ends in .cute or .mlir, or names an existing
// file or directory and holds a path separator or a dot.
func looksLikePath(arg string) bool {
	if arg == "" || strings.ContainsAny(arg, " \t\n") {
		return false
	}
	if strings.HasSuffix(arg, ".cute") || strings.HasSuffix(arg, ".mlir") {
		return true
	}
	if !strings.ContainsAny(arg, "/.") {
		return false
	}
	_, err := os.Stat(arg)
	return err == nil
}
