package main

import (
	"reflect"
	"testing"

	"github.com/cutec/cutec/ast"
	"github.com/cutec/cutec/diag"
	"github.com/cutec/cutec/normalize"
	"github.com/cutec/cutec/parser"
	"github.com/cutec/cutec/verify"
)

// fuzzForms are the parser's forms that package parser has no fuzz target
// of its own for (FuzzParseExpr, FuzzParseLayout, FuzzParseDescriptor,
// FuzzParseStmt, FuzzParseCuteFile and FuzzScanMLIR cover the others).
// This target belongs beside those, in parser's fuzz_test.go.
var fuzzForms = []parser.Form{parser.FormTuple, parser.FormTile, parser.FormSwizzle, parser.FormComposed, parser.FormValue}

// FuzzParseForms parses any text as a tuple, tile, swizzle, composed layout
// or literal value, then normalizes and verifies what parses: no panic,
// catalogued codes, spans inside the input, a node exactly when there is no
// error and a value exactly when normalizing reports no error (never a
// default value).
func FuzzParseForms(f *testing.F) {
	seeds := []string{"(4,(2,2))", "?{i64 div=8}", "(1,_)", "(1@0,1@1@0)", "[4:1;_]", "[(2,3):(1,2);(4,5):(1,4)]",
		"S<3,4,3>", "Sw<3, 4, 3>", "S<3,4,3> o 0 o (8,64):(64,1)", "(4,8):(1,4) o 2 o (2,3):(1,2)", "S<2,3,3> o (32,32):(32,1)"}
	for i, s := range seeds {
		f.Add(s, uint8(i))
	}
	addFileSeeds(f, func(data []byte, _ bool) { f.Add(string(firstLine(data)), uint8(len(data))) })
	p := parser.New(parser.Options{CacheSize: -1})
	f.Fuzz(func(t *testing.T, src string, pick uint8) {
		if len(src) > 4<<10 {
			return // keep each input cheap
		}
		form := fuzzForms[int(pick)%len(fuzzForms)]
		file := diag.NewFile("fuzz", []byte(src))
		n, l := p.Parse(form, file)
		checkFuzzDiags(t, src, l)
		isNil := n == nil || reflect.ValueOf(n).IsNil()
		if isNil != l.HasErrors() {
			t.Fatalf("form %d: node %v with diagnostics %s", form, n, describe(l))
		}
		e, ok := n.(ast.Expr)
		if isNil || !ok {
			return
		}
		if e.Pos() < 0 || e.Pos() > e.End() || e.End() > len(src) {
			t.Fatalf("form %d: node span [%d,%d) outside the input of %d bytes", form, e.Pos(), e.End(), len(src))
		}
		v, nl := normalize.Normalize(file, e, normalize.Options{Lowerable: pick&0x80 != 0})
		checkFuzzDiags(t, src, nl)
		if (v == nil) != nl.HasErrors() {
			t.Fatalf("form %d: normalize gave %v with diagnostics %s", form, v, describe(nl))
		}
		_, vl := verify.Default().Node(file, e, nil)
		checkFuzzDiags(t, src, vl)
	})
}

// checkFuzzDiags fails on a diagnostic without a catalogued code or with a
// span outside the input.
func checkFuzzDiags(t *testing.T, src string, l diag.List) {
	t.Helper()
	for _, d := range l {
		if _, ok := diag.Lookup(d.Code); !ok {
			t.Fatalf("uncatalogued code %s: %v", d.Code, d)
		}
		if d.File != nil && (d.Span.Start < 0 || d.Span.Start > d.Span.End || d.File.Base+d.Span.End > len(src)) {
			t.Fatalf("%v: span %v outside the input of %d bytes", d, d.Span, len(src))
		}
	}
}
