package main

import (
	"bytes"
	"io"
	"strings"

	"github.com/cutec/cutec/ast"
	"github.com/cutec/cutec/diag"
	"github.com/cutec/cutec/internal/explain"
	"github.com/cutec/cutec/parser"
)

// explainDiagnostics writes, after the diagnostics of one input of
// "cutec verify -explain", the derivation of each call a diagnostic is
// about (the innermost call containing its span), once per call.
func explainDiagnostics(w io.Writer, f *diag.File, l diag.List, asJSON bool) {
	if len(l) == 0 {
		return
	}
	e, perr := parser.ParseExpr(f)
	if perr.HasErrors() || e == nil {
		return
	}
	seen := map[*ast.Call]bool{}
	for _, d := range l {
		if d.File != f || d.Code == "" {
			continue
		}
		c := explain.CallAt(e, d.Span.Start)
		if c == nil || seen[c] {
			continue
		}
		seen[c] = true
		der := explain.ExplainExpr(f, c, nil)
		if !asJSON {
			io.WriteString(w, "derivation of "+string(d.Code)+" ("+"cutec explain "+string(d.Code)+" says what the code means):\n")
		}
		writeDerivation(w, der, asJSON)
	}
}

// writeExampleDerivation writes, for "cutec explain CODE", the derivation of
// a catalogue example that is an expression of the algebra: the steps up to
// the one that fails, as "cutec verify -explain" prints them.
func writeExampleDerivation(b *bytes.Buffer, example string) {
	if exampleKind(example) != "expr" {
		return
	}
	d := explain.Explain(example)
	if len(d.Steps) < 2 {
		return
	}
	var out bytes.Buffer
	writeDerivation(&out, d, false)
	b.WriteString("How cutec derives it (cutec verify -explain shows this for any call):\n\n")
	for _, line := range strings.SplitAfter(out.String(), "\n") {
		if line != "" {
			b.WriteString("    " + line)
		}
	}
	b.WriteString("\n")
}
