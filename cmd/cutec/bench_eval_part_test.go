package main

import (
	"bytes"
	"testing"

	"github.com/cutec/cutec/ast"
	"github.com/cutec/cutec/diag"
	"github.com/cutec/cutec/internal/gen"
	"github.com/cutec/cutec/normalize"
	"github.com/cutec/cutec/parser"
)

// BenchmarkEvalPart measures the evaluation part of "cutec eval" without
// the parser: normalize, the layout algebra and the printing of the result
// line, on 2,000 fresh generated expressions parsed beforehand. One op is
// all of them; allocs/expr is what one expression costs.
func BenchmarkEvalPart(b *testing.B) {
	var in bytes.Buffer
	if _, err := gen.Exprs(&in, gen.Options{Seed: 1, Size: 64 << 10}); err != nil {
		b.Fatal(err)
	}
	type parsed struct {
		f *diag.File
		e ast.Expr
	}
	var exprs []parsed
	for i, line := range bytes.Split(in.Bytes(), []byte("\n")) {
		if isBlankOrComment(line) {
			continue
		}
		f := diag.NewWindow("<stdin>", line, 0, i+1, 1)
		e, diags := parser.ParseExpr(f)
		if diags.HasErrors() {
			b.Fatalf("line %d: %v", i+1, diags)
		}
		exprs = append(exprs, parsed{f, e})
		if len(exprs) == 2000 {
			break
		}
	}
	ev := &evaluator{}
	var out []byte
	b.ReportAllocs()
	for b.Loop() {
		for _, p := range exprs {
			x := normalize.Evaluator{File: p.f}
			v, _ := x.Eval(p.e)
			if v == nil {
				b.Fatalf("%s: no value", p.f.Src)
			}
			out = ev.appendValue(out[:0], p.f.Src, v, nil)
		}
	}
	n := float64(b.N * len(exprs))
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/n, "ns/expr")
	b.ReportMetric(0, "ns/op")
}
