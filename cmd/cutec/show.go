package main

import (
	"bytes"
	"errors"
	"flag"
	"fmt"

	"github.com/cutec/cutec/diag"
	"github.com/cutec/cutec/internal/suggest"
	"github.com/cutec/cutec/layout"
	"github.com/cutec/cutec/normalize"
	"github.com/cutec/cutec/parser"
	"github.com/cutec/cutec/printer"
)

// showCommand is "cutec show [-format text|svg|html] EXPR".
var showCommand = &command{
	name:  "show",
	args:  "[-format text|svg|html] EXPR",
	short: "draw a layout as a table of offsets",
	long: `Show evaluates EXPR, which must give a layout or a composed layout, and
draws it as CuTe's print_layout does: a table with one row per index of
mode 0 and one column per index of the other modes, each cell the offset.
A swizzled layout is drawn with its swizzled offsets. -format svg and
-format html give a standalone image or page, each cell shaded by offset.

Exit status: 0 when the layout is drawn, 1 when EXPR has an error or its
layout cannot be drawn (dynamic, or more than 256 rows or 256 columns), 2 on a usage
error.`,
	setup: func(fs *flag.FlagSet) runFunc {
		o := &shower{}
		fs.StringVar(&o.format, "format", "text", "drawing format: text, svg or html")
		return o.run
	},
}

// shower holds the flags of show.
type shower struct {
	format string
}

// run draws the one expression of args.
func (o *shower) run(e *env, args []string) int {
	format, err := printer.ParseShowFormat(o.format)
	if err != nil {
		msg := err.Error()
		if s := suggest.Closest(o.format, []string{"text", "svg", "html"}); s != "" {
			msg += fmt.Sprintf("; did you mean %q?", s)
		}
		return usageError(e, "show", "%s", msg)
	}
	if len(args) != 1 {
		return usageError(e, "show", "show takes exactly one expression, not %d", len(args))
	}
	f := diag.NewFile(argName(0), []byte(args[0]))
	v, diags := evalExpr(f)
	if diags.HasErrors() {
		diag.RenderAll(e.stderr, diag.Text{}, diags)
		return exitFindings
	}
	var out bytes.Buffer
	switch v := v.(type) {
	case normalize.Layout:
		err = printer.ShowLayout(&out, v.L, format)
	case normalize.Composed:
		err = printer.ShowComposed(&out, v.C, format)
		at0 := v.C
		at0.Offset = layout.Int(0)
		if _, err0 := printer.ComposedGrid(at0); err != nil && v.C.Offset.Kind() == layout.KindDynamic && err0 == nil {
			// A tensor pasted from CuTe C++ (Sw<3,4,3> o smem_ptr[16b](unset) o L)
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

// evalExpr parses and evaluates the expression held in f.
func evalExpr(f *diag.File) (normalize.Value, diag.List) {
	x, diags := parser.ParseExpr(f)
	if diags.HasErrors() {
		return nil, diags
	}
	ev := normalize.Evaluator{File: f}
	v, more := ev.Eval(x)
	return v, append(diags, more...)
}
