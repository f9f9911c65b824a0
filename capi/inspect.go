package main

/*
#define CUTEC_NO_PROTOTYPES
#include <stdlib.h>
#include "cutec.h"
*/
import "C"

import (
	"encoding/json"
	"slices"

	"github.com/cutec/cutec/ast"
	"github.com/cutec/cutec/banks"
	"github.com/cutec/cutec/diag"
	"github.com/cutec/cutec/internal/bridge"
	"github.com/cutec/cutec/internal/driver"
	"github.com/cutec/cutec/layout"
	"github.com/cutec/cutec/normalize"
	"github.com/cutec/cutec/parser"
)

// cutecgo_inspect is cutec_inspect (fork.c refuses a call in a forked
// process before it gets here). It evaluates an expression and returns its value as structured
// JSON, for bindings that build objects of it (the Python package): the
// canonical text and kind, the structure of the value (shape and stride of
// a layout, the parts of a composed layout, the fields of a swizzle, the
// tiles of a tiler, the elements of a tuple), the symbols it names and the
// conditions of a symbolic result, and for a call of banks, wavefronts or
// bank_check the whole bank analysis ("cutec banks -format json"). An empty
// input gives the catalogue of the operations an expression may call, each
// with its one-line doc: the list "cutec help eval" prints.
//
//export cutecgo_inspect
func cutecgo_inspect(expr *C.char, n C.size_t) *C.cutec_result {
	return call(bridge.ExprName, expr, n, inspect)
}

// inspect is cutec_inspect in Go.
func inspect(src []byte) bridge.Result {
	if len(src) == 0 {
		return jsonResult(catalogue(), "catalogue")
	}
	r := bridge.Eval(src) // the one evaluation of the C ABI: its checks and diagnostics
	if r.Failed || !r.HasValue {
		return r
	}
	// The value again, for its structure: bridge.Eval gives its text, its
	// diagnostics and its conditions (driver.Eval, the one evaluation of
	// every front end), not the value itself.
	f := diag.NewFile(bridge.ExprName, src)
	e := driver.Eval(f)
	v := e.Value
	if v == nil {
		return r
	}
	out := map[string]any{"value": v.String(), "kind": v.Kind().String(), "obligations": json.RawMessage(r.ObligationsJSON())}
	syms := map[string]int64{}
	for k, val := range structure(v, syms) {
		out[k] = val
	}
	names := make([]string, 0, len(syms))
	for s := range syms {
		names = append(names, s)
	}
	slices.Sort(names)
	out["symbols"] = names
	if x, diags := parser.ParseExpr(f); !diags.HasErrors() {
		if c, ok := x.(*ast.Call); ok && c.Fun != nil && isBankCall(c.Fun.Name) {
			if rep := bankReport(f, c); rep != nil {
				out["banks"] = rep
			}
		}
	}
	res := jsonResult(out, r.Kind)
	res.Diags = r.Diags // warnings of the evaluation stay
	return res
}

type operationJSON struct {
	Name string `json:"name"`
	Doc  string `json:"doc"`
}

// catalogue lists the operations of normalize with their docs.
func catalogue() map[string]any {
	ops := []operationJSON{}
	for _, name := range normalize.Operations() {
		doc, _ := normalize.OperationDoc(name)
		ops = append(ops, operationJSON{name, doc})
	}
	return map[string]any{"operations": ops}
}

func jsonResult(v any, kind string) bridge.Result {
	b, err := json.Marshal(v)
	if err != nil {
		return bridge.Failure(bridge.ExprName, "%v", err)
	}
	return bridge.Result{Value: b, HasValue: true, Kind: kind}
}

// tupleJSON is an IntTuple as nested JSON arrays: a static integer leaf is
// a number, any other leaf (a symbol, ?, a basis, _) its text.
func tupleJSON(t layout.IntTuple, syms map[string]int64) any {
	if t.IsTuple() {
		out := make([]any, t.Len())
		for i := range out {
			out[i] = tupleJSON(t.At(i), syms)
		}
		return out
	}
	if t.IsInt() {
		return t.Value()
	}
	t.AddSymbols(syms)
	return t.String()
}

func layoutJSON(l layout.Layout, syms map[string]int64) map[string]any {
	return map[string]any{"text": l.String(), "shape": tupleJSON(l.Shape(), syms), "stride": tupleJSON(l.Stride(), syms)}
}

func functionJSON(fn layout.Function, syms map[string]int64) map[string]any {
	switch fn := fn.(type) {
	case layout.Swizzle:
		return map[string]any{"text": fn.String(), "kind": "swizzle", "bits": fn.B, "base": fn.M, "shift": fn.S}
	case layout.Layout:
		m := layoutJSON(fn, syms)
		m["kind"] = "layout"
		return m
	}
	return map[string]any{"text": fn.String(), "kind": "function"}
}

func tilerJSON(t layout.Tiler, syms map[string]int64) any {
	if t.IsTuple() {
		out := make([]any, t.Rank())
		for i := range out {
			out[i] = tilerJSON(t.Mode(i), syms)
		}
		return out
	}
	if l, ok := t.Layout(); ok {
		return layoutJSON(l, syms)
	}
	return t.String() // _ or an integer
}

// structure is the kind-specific part of a value's JSON.
func structure(v normalize.Value, syms map[string]int64) map[string]any {
	switch v := v.(type) {
	case normalize.Layout:
		return layoutJSON(v.L, syms)
	case normalize.Tuple:
		return map[string]any{"tuple": tupleJSON(v.T, syms)}
	case normalize.Int:
		return map[string]any{"int": int64(v)}
	case normalize.Swizzle:
		return functionJSON(v.S, syms)
	case normalize.Composed:
		// elem_bits: 0 for the algebra's A o offset o B; N for a byte
		// swizzle S o smem_ptr[Nb](unset) o B, whose A acts on byte addresses.
		return map[string]any{"a": functionJSON(v.C.Outer, syms), "offset": tupleJSON(v.C.Offset, syms),
			"b": layoutJSON(v.C.Inner, syms), "elem_bits": v.C.ElemBits}
	case normalize.Tiler:
		return map[string]any{"tiles": tilerJSON(v.T, syms)}
	}
	return map[string]any{}
}

func isBankCall(name string) bool {
	return name == "banks" || name == "wavefronts" || name == "bank_check"
}

// bankReport reruns the analysis of a call of a bank operation that
// evaluated, and returns the report its evaluation gives (normalize's
// Evaluator.OnBanks): of banks(L, T, TILED_COPY), that of warp 0 of the
// copy's atom, TV layout and tile, as cutec analyzes it.
func bankReport(f *diag.File, c *ast.Call) *banks.Report {
	var rep *banks.Report
	ev := normalize.Evaluator{File: f, OnBanks: func(n *ast.Call, r *banks.Report) {
		if n == c {
			rep = r
		}
	}}
	if _, d := ev.Eval(c); d.HasErrors() {
		return nil
	}
	return rep
}
