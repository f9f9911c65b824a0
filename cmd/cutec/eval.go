package main

import (
	"bufio"
	"flag"
	"fmt"
	"github.com/cutec/cutec/internal/evalfast"
	"io"
	"runtime"
	"strconv"
	"strings"

	"github.com/cutec/cutec/diag"
	"github.com/cutec/cutec/internal/driver"
	"github.com/cutec/cutec/normalize"
)

// evalCommand is "cutec eval [-json] [-explain] [EXPR...]".
var evalCommand = &command{
	name:  "eval",
	args:  "[-json] [-explain] [EXPR...]",
	short: "evaluate layout expressions, one result line each",
	long: `Eval evaluates each expression given as an argument or, with no arguments,
each line of standard input (blank lines and lines starting with # are
skipped). It prints exactly one line per expression, in order: the result in
canonical spelling, or "error[CODE]: message" with the first error. A value
is an expression too: "cutec eval '(4, 2):(1, 4)'" prints (4,2):(1,4).

With -json each line is a JSON object instead:
  {"expr":"size(8:1)","value":"8","kind":"integer"}
  {"expr":"size(S<3,4,3>)","error":{"code":"E0205","message":"...","line":1,"col":6}}
where line and col locate the error in the argument or in standard input.

Names in leaf positions are symbols, values known only at run time:
"cutec eval 'logical_divide((M,K):(1,lda), (128,32))'" prints the symbolic
result and, after "  # if", the conditions it needs (128 | M, 32 | K); with
-json they are the field "obligations" (docs/symbols.md).

` + explainHelp + `

Exit status: 0 when every expression evaluates, 1 otherwise, 2 on a usage or
I/O error.`,
	setup: func(fs *flag.FlagSet) runFunc {
		o := &evaluator{}
		fs.BoolVar(&o.json, "json", false, "print one JSON object per expression")
		fs.BoolVar(&o.explain, "explain", false, "print the derivation of each expression (docs/explain.md)")
		return o.run
	},
	extra: printOperations,
}

// evaluator evaluates expressions and writes one result line each.
type evaluator struct {
	json    bool
	explain bool // print derivations (eval_explain.go)
	workers int  // goroutines evaluating standard input
	w       *bufio.Writer
	line    []byte // the output line being built, reused
	failed  bool   // an expression failed
}

// run evaluates the arguments, or the lines of standard input.
func (ev *evaluator) run(e *env, args []string) int {
	if ev.explain {
		failed, err := explainInputs(e, args, ev.json)
		if err != nil {
			e.errorf("eval: %v", err)
			return exitUsage
		}
		if failed {
			return exitFindings
		}
		return exitOK
	}
	ev.w = bufio.NewWriterSize(e.stdout, 64<<10)
	ev.workers = runtime.GOMAXPROCS(0)
	var err error
	if len(args) > 0 {
		for i, a := range args {
			if o, ok, failed := ev.appendFast(ev.line[:0], []byte(a), 1, new(evalfast.Failure)); ok {
				ev.emit(evalOut{text: o, failed: failed})
				continue
			}
			ev.emit(ev.appendResult(ev.line[:0], diag.NewFile(argName(i), []byte(a))))
		}
	} else {
		err = ev.stdin(e.stdin)
	}
	if ferr := ev.w.Flush(); err == nil {
		err = ferr
	}
	if err != nil {
		e.errorf("eval: %v", err)
		return exitUsage
	}
	if ev.failed {
		return exitFindings
	}
	return exitOK
}

// argName names command-line argument i (0-based) in positions: <arg1>, ...
func argName(i int) string { return "<arg" + strconv.Itoa(i+1) + ">" }

// evalOut is the output of some expressions: their lines, and whether one
// of them failed.
type evalOut struct {
	text   []byte
	failed bool
	cheap  bool // few of the chunk's lines took the full path (cheapWork)
}

// emit writes output lines and keeps the line buffer for reuse.
func (ev *evaluator) emit(o evalOut) {
	ev.w.Write(o.text)
	ev.failed = ev.failed || o.failed
	ev.line = o.text[:0]
}

// appendResult evaluates the expression held in f, as every front end
// does (driver.Eval), and appends its output line to dst.
func (ev *evaluator) appendResult(dst []byte, f *diag.File) evalOut {
	r := driver.Eval(f)
	if d := r.FirstError(); d != nil || r.Value == nil {
		if d != nil && isSyntaxError(d) && looksLikePath(string(f.Src)) {
			hinted := *d
			hinted.Message += "; " + pathHint("eval", string(f.Src))
			d = &hinted
		}
		return evalOut{text: ev.appendError(dst, f.Src, d), failed: true}
	}
	return evalOut{text: ev.appendValue(dst, f.Src, r.Value, r.Obligations)}
}

// printOperations lists the operations an expression may call, with their
// one-line docs, for "cutec help eval".
func printOperations(w io.Writer) {
	fmt.Fprintln(w, "Operations:")
	for _, name := range normalize.Operations() {
		doc, _ := normalize.OperationDoc(name)
		if !strings.HasPrefix(doc, name) {
			doc = name + ": " + doc
		}
		fmt.Fprintf(w, "  %s\n", doc)
	}
	fmt.Fprintln(w, "\nA layout followed by a coordinate, as in ((4,8):(1,4))(13), evaluates it.")
}
