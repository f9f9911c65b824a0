// Package format rewrites the layouts of a whole source text in canonical
// spelling and keeps every other byte: it is the go/format of cutec (parse,
// then print), for programs that format text in memory. "cutec fmt" and the
// C ABI (capi/) both call it.
//
// It sits after parser and printer in the pipeline: the printer never parses,
// so the function that does both lives here.
package format

import (
	"github.com/cutec/cutec/diag"
	"github.com/cutec/cutec/parser"
	"github.com/cutec/cutec/printer"
)

// Source returns src with its values in canonical spelling: for a .cute
// file every value of every statement, for an MLIR file (isMLIR) the payload
// of every dialect wrapper; every other byte is kept. On a syntax error it
// returns the diagnostics and no text. An error is a failure of the printer
// on parsed input, which should not happen.
func Source(name string, src []byte, isMLIR bool) ([]byte, diag.List, error) {
	f := diag.NewFile(name, src)
	if isMLIR {
		return formatMLIR(f)
	}
	file, diags := parser.ParseCuteFile(f)
	if diags.HasErrors() || file == nil {
		return nil, diags, nil
	}
	out, err := printer.FormatCute(file)
	return out, nil, err
}

// formatMLIR rewrites the payloads of the dialect's wrappers in f.
func formatMLIR(f *diag.File) ([]byte, diag.List, error) {
	var payloads []printer.Payload
	var diags diag.List
	diags = append(diags, parser.ScanMLIR(f, func(w parser.Wrapper) bool {
		node, more := parser.ParseWrapper(f, w)
		diags = append(diags, more...)
		payloads = append(payloads, printer.Payload{Start: w.PayloadStart, End: w.PayloadStart + len(w.Payload), Node: node})
		return true
	})...)
	if diags.HasErrors() {
		return nil, diags.Dedup(), nil
	}
	out, err := printer.FormatPayloads(f.Src, payloads...)
	return out, nil, err
}
