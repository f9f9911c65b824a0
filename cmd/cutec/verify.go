package main

import (
	"bufio"
	"flag"
	"io"

	"github.com/cutec/cutec/diag"
	"github.com/cutec/cutec/verify"
)

// verifyCommand is "cutec verify [-json] [-strict] [EXPR...]".
var verifyCommand = &command{
	name:  "verify",
	args:  "[-json] [-strict] [-explain] [-enable CHECKS] [-disable CODES] [EXPR...]",
	short: "check every invariant of values and expressions",
	long: `Verify parses, evaluates and checks each value or expression given as an
argument or, with no arguments, each line of standard input (blank lines and
lines starting with # are skipped). It prints every diagnostic with the
source and a caret line under the span; positions name the argument
(<arg1>:1:COL) or the line of standard input (<stdin>:LINE:COL). A clean
input prints nothing.

With -json each diagnostic is one JSON object a line (the fields of
"cutec lint -format json").

With -explain each diagnosed call is followed by its derivation, as
"cutec eval -explain" prints it (in JSON, one object with "steps").

` + checksHelp + `

Exit status: 0 when no input has an error, 1 when one has (with -strict,
also a warning), 2 on a usage or I/O error.`,
	setup: func(fs *flag.FlagSet) runFunc {
		v := &verifier{}
		fs.BoolVar(&v.json, "json", false, "print diagnostics as JSON lines")
		fs.BoolVar(&v.strict, "strict", false, "count warnings as findings (exit 1)")
		fs.BoolVar(&v.explain, "explain", false, "after the diagnostics, print the derivation of each call they are about (docs/explain.md)")
		v.checks.define(fs)
		return v.run
	},
}

// verifier verifies inputs one at a time and renders their diagnostics as
// it goes.
type verifier struct {
	json, strict bool
	explain      bool // derivations of the calls diagnosed (verify_explain.go)
	checks       checkFlags
	pass         *verify.Pass
	r            diag.Renderer
	w            *bufio.Writer
	findings     bool
}

// run verifies the arguments, or the lines of standard input.
func (v *verifier) run(e *env, args []string) int {
	pass, err := v.checks.pass(false)
	if err != nil {
		return usageError(e, "verify", "%v", err)
	}
	v.pass = pass
	v.r = diag.Text{Color: e.color()}
	if v.json {
		v.r = diag.JSON{}
	}
	v.w = bufio.NewWriter(e.stdout)
	if len(args) > 0 {
		for i, a := range args {
			v.inputArg(diag.NewFile(argName(i), []byte(a)), a)
		}
	} else {
		err = v.stdin(e.stdin)
	}
	if ferr := v.w.Flush(); err == nil {
		err = ferr
	}
	if err != nil {
		e.errorf("verify: %v", err)
		return exitUsage
	}
	if v.findings {
		return exitFindings
	}
	return exitOK
}

// stdin verifies each input line of r.
func (v *verifier) stdin(r io.Reader) error {
	cr := newChunkReader(r, maxLineLen)
	cr.beforeRead = func() { v.w.Flush() }
	for {
		ch, err := cr.next()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
		if ch.long != nil {
			v.report(diag.List{longLineDiag("<stdin>", ch.long)})
			continue
		}
		ch.lines(func(text []byte, off int64, line int) {
			if w := lineWindow("<stdin>", text, off, line); !isBlankOrComment(w.Src) {
				v.input(w)
			}
		})
	}
}

// input verifies the value or expression held in f and reports its
// diagnostics at once, while f's text is still valid.
func (v *verifier) input(f *diag.File) {
	_, diags := v.pass.Expr(f)
	v.report(diags)
	if v.explain {
		explainDiagnostics(v.w, f, diags, v.json)
	}
}

// inputArg verifies an argument, with a hint when it is a file's path.
func (v *verifier) inputArg(f *diag.File, arg string) {
	_, diags := v.pass.Expr(f)
	hintLintForPath(diags, arg)
	v.report(diags)
	if v.explain {
		explainDiagnostics(v.w, f, diags, v.json)
	}
}

// report renders diagnostics and notes whether they are findings. They are
// detached first, so that of a long source line each quotes only an excerpt,
// and rendered one at a time, so that the output of a line with many
// findings streams instead of piling up in memory.
func (v *verifier) report(l diag.List) {
	if len(l) == 0 {
		return
	}
	v.findings = v.findings || isFinding(l, v.strict)
	l = detach(l, nil)
	for i := range l {
		v.r.Render(v.w, l[i:i+1])
	}
}

// isFinding reports whether a list holds an error, or with strict a warning.
func isFinding(l diag.List, strict bool) bool {
	for _, d := range l {
		if d.Severity == diag.Error || strict && d.Severity == diag.Warning {
			return true
		}
	}
	return false
}
