package main

import (
	"bytes"
	"flag"
	"fmt"

	"github.com/cutec/cutec/diag"
	"github.com/cutec/cutec/internal/suggest"
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
layout cannot be drawn (dynamic, or larger than 256x256), 2 on a usage
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
	default:
		err = fmt.Errorf("the expression gives the %s %s; show draws a layout or a composed layout", v.Kind(), v)
	}
	if err != nil {
		e.errorf("show: %v", err)
		return exitFindings
	}
	e.stdout.Write(out.Bytes())
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
