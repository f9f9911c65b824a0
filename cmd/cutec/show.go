package main

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/cutec/cutec/ast"
	"github.com/cutec/cutec/diag"
	"github.com/cutec/cutec/internal/suggest"
	"github.com/cutec/cutec/internal/tvpic"
	"github.com/cutec/cutec/layout"
	"github.com/cutec/cutec/normalize"
	"github.com/cutec/cutec/parser"
	"github.com/cutec/cutec/printer"
)

// showCommand is "cutec show [-format text|svg|html|latex] EXPR".
var showCommand = &command{
	name:  "show",
	args:  "[-format text|svg|html|latex] [-set NAME=VALUE]... EXPR",
	short: "draw a layout as a table of offsets",
	long: `Show evaluates EXPR, which must give a layout or a composed layout, and
draws it as CuTe's print_layout does: a table with one row per index of
mode 0 and one column per index of the other modes, each cell the offset.
A swizzled layout is drawn with its swizzled offsets. -format svg and
-format html give a standalone image or page, each cell shaded by offset.
A symbolic layout (docs/symbols.md) is drawn for the values -set gives its
symbols: -set M=256 makes M the integer 256 wherever it appears, and the
expression is then evaluated (and checked) as a static one.

A tiled MMA (make_tiled_mma) is drawn as CuTe's print_latex and print_svg
draw it: A (M x K), B (N x K) and C (M x N), each cell the thread and value
that hold it (T5V2), coloured by thread; a tiled copy (make_tiled_copy,
make_tiled_copy_A/B/C) as its source and destination tiles side by side.
-format latex writes the TikZ picture CuTe's print_latex writes, for a
layout, a composed layout (docs/cli.md), a tiled MMA or a tiled copy
(docs/tiled.md).

Exit status: 0 when the layout is drawn, 1 when EXPR has an error or its
layout cannot be drawn (dynamic, or more than 256 rows or 256 columns), 2 on a usage
error.`,
	setup: func(fs *flag.FlagSet) runFunc {
		o := &shower{}
		fs.StringVar(&o.format, "format", "text", "drawing format: text, svg, html, or latex (print_latex's TikZ)")
		fs.Func("set", "give a symbol a value, NAME=VALUE (repeatable)", o.set)
		return o.run
	},
}

// shower holds the flags of show.
type shower struct {
	format string
	values []symbolValue // -set, in order
}

// symbolValue is one -set NAME=VALUE.
type symbolValue struct {
	name  string
	value int64
}

// set parses one -set NAME=VALUE: a name as a .cute file spells one and a
// positive integer (a symbol stands for a positive integer).
func (o *shower) set(arg string) error {
	name, val, ok := strings.Cut(arg, "=")
	if !ok || !isName(name) {
		return fmt.Errorf("want NAME=VALUE, such as M=256, not %q", arg)
	}
	v, err := strconv.ParseInt(val, 10, 64)
	if err != nil || v <= 0 {
		return fmt.Errorf("the value of %s is a positive integer, not %q", name, val)
	}
	o.values = append(o.values, symbolValue{name, v})
	return nil
}

// isName reports whether s is an identifier: a letter, then letters,
// digits and underscores.
func isName(s string) bool {
	for i, r := range s {
		letter := r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z'
		if !letter && (i == 0 || r != '_' && (r < '0' || r > '9')) {
			return false
		}
	}
	return s != ""
}

// run draws the one expression of args.
func (o *shower) run(e *env, args []string) int {
	format, err := printer.ParseShowFormat(o.format)
	if err != nil {
		msg := err.Error()
		if s := suggest.Closest(o.format, []string{"text", "svg", "html", "latex"}); s != "" {
			msg += fmt.Sprintf("; did you mean %q?", s)
		}
		return usageError(e, "show", "%s", msg)
	}
	if len(args) != 1 {
		return usageError(e, "show", "show takes exactly one expression, not %d", len(args))
	}
	f := diag.NewFile(argName(0), []byte(args[0]))
	v, diags := o.evalSymbolic(f)
	if diags.HasErrors() {
		diag.RenderAll(e.stderr, diag.Text{}, diags)
		return exitFindings
	}
	var out bytes.Buffer
	if pic, perr := tvpic.Of(v); perr == nil || errors.Is(perr, tvpic.ErrTooLarge) {
		// A tiled MMA or copy: its thread-value partitions (docs/tiled.md).
		if perr == nil {
			perr = pic.Write(&out, o.format)
		}
		if perr != nil {
			e.errorf("show: %v", perr)
			return exitFindings
		}
		if _, err := e.stdout.Write(out.Bytes()); err != nil {
			return exitUsage
		}
		return exitOK
	}
	switch v := v.(type) {
	case normalize.Layout:
		err = printer.ShowLayout(&out, v.L, format)
	case normalize.Composed:
		err = printer.ShowComposed(&out, v.C, format)
		at0 := v.C
		at0.Offset = layout.Int(0)
		if _, err0 := printer.ComposedGrid(at0); err != nil && v.C.Offset.Kind() == layout.KindDynamic && err0 == nil {
			// A tensor pasted from CuTe C++ (Sw<3,4,3> o smem_ptr[16b](0x7f00) o L)
			// has a pointer's offset, which is not known: say how to draw it.
			err = fmt.Errorf("%w (its offset is not known, such as a pointer's; to draw it at offset 0, write %s o 0 o %s)", err, v.C.Outer, v.C.Inner)
		}
	default:
		err = fmt.Errorf("the expression gives the %s %s; show draws a layout or a composed layout", v.Kind(), v)
	}
	if errors.Is(err, printer.ErrTooLarge) {
		// The bound on what a drawing holds is the bound on values (E0705).
		d := &diag.Diagnostic{Code: diag.ValueTooLarge, Severity: diag.Error, File: f,
			Span: diag.Span{Start: 0, End: len(args[0])}, Message: "show: " + err.Error()}
		diag.RenderAll(e.stderr, diag.Text{}, diag.List{d})
		return exitFindings
	}
	if err != nil {
		e.errorf("show: %v", err)
		return exitFindings
	}
	if _, err := e.stdout.Write(out.Bytes()); err != nil {
		return exitUsage // reported by run
	}
	return exitOK
}

// evalSymbolic evaluates the expression of f with its symbols, checks the
// obligations of the result under the values of -set and substitutes them
// (docs/symbols.md). Where the symbolic algebra cannot decide, the
// expression is evaluated with the symbols as the integers -set gives.
func (o *shower) evalSymbolic(f *diag.File) (normalize.Value, diag.List) {
	values := map[string]int64{}
	env := normalize.NewEnv()
	for _, sv := range o.values {
		values[sv.name] = sv.value
		env.Define(sv.name, normalize.Int(sv.value), normalize.Site{})
	}
	x, diags := parser.ParseExpr(f)
	if diags.HasErrors() {
		return nil, diags
	}
	// The values given must satisfy the facts written on the symbols, used
	// by the result or not: M=3 refutes M{div=2}, and a drawing for it is of
	// no kernel. Evaluated with the values as variables, a symbol whose fact
	// a value refutes is an E0716 (the one check of it, in normalize).
	if len(values) > 0 {
		check := normalize.Evaluator{File: f, Env: env}
		if _, d := check.Eval(x); d.HasErrors() {
			var refuted diag.List
			for _, x := range d {
				if x.Code == diag.ObligationFalse {
					refuted = append(refuted, x)
				}
			}
			if len(refuted) > 0 {
				return nil, append(diags, refuted...)
			}
		}
	}
	var obl []layout.Obligation
	ev := normalize.Evaluator{File: f}
	ev.OnObligation = func(_ *ast.Call, ob layout.Obligation, _ layout.Verdict, _ string) { obl = append(obl, ob) }
	v, more := ev.Eval(x)
	l, isLayout := v.(normalize.Layout)
	if more.HasErrors() || !isLayout || len(values) == 0 {
		if len(values) == 0 {
			return v, append(diags, more...)
		}
		ev := normalize.Evaluator{File: f, Env: env}
		v, more = ev.Eval(x)
		return v, append(diags, more...)
	}
	span := diag.Span{Start: 0, End: len(f.Src)}
	fail := func(code diag.Code, msg string) (normalize.Value, diag.List) {
		return nil, append(diags, &diag.Diagnostic{Code: code, Severity: diag.Error, File: f, Span: span, Message: msg})
	}
	for _, ob := range obl {
		if ob.Residue {
			if holds, ok := ob.Holds(values); ok && !holds {
				// A partial last tile: M/T is ceil_div(M, T) there, which
				// the static algebra computes with the values given.
				ev := normalize.Evaluator{File: f, Env: env}
				v, more = ev.Eval(x)
				return v, append(diags, more...)
			}
		}
		d, ok1 := ob.D.Eval(values)
		t, ok2 := ob.T.Eval(values)
		if !ok1 || !ok2 {
			return fail(diag.DynamicValue, fmt.Sprintf("%s: the result needs %s; give its symbols values with -set", ob.Op, ob))
		}
		if d == 0 || t%d != 0 {
			return fail(diag.ObligationFalse, fmt.Sprintf("%s: the result needs %s, which fails for the values given (%d does not divide %d)", ob.Op, ob, d, t))
		}
	}
	r, ok := l.L.Substitute(values)
	if !ok {
		return fail(diag.SymbolTerm, fmt.Sprintf("the values given make a leaf of %s a fraction", l.L))
	}
	left := map[string]int64{}
	r.Shape().AddSymbols(left)
	r.Stride().AddSymbols(left)
	if len(left) > 0 {
		names := slices.Sorted(maps.Keys(left))
		return fail(diag.DynamicValue, fmt.Sprintf("%s has the symbols %s left; give them values with -set", r, strings.Join(names, ", ")))
	}
	return normalize.Layout{L: r}, diags
}

// evalExpr parses and evaluates the expression held in f.
func evalExpr(f *diag.File) (normalize.Value, diag.List) { return evalExprIn(f, nil) }

// evalExprIn is evalExpr with the names of env (nil: none).
func evalExprIn(f *diag.File, env *normalize.Env) (normalize.Value, diag.List) {
	x, diags := parser.ParseExpr(f)
	if diags.HasErrors() {
		return nil, diags
	}
	ev := normalize.Evaluator{File: f, Env: env}
	v, more := ev.Eval(x)
	return v, append(diags, more...)
}
