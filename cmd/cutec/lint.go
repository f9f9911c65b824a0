package main

import (
	"bufio"
	"flag"
	"fmt"
	"runtime"
	"strings"

	"github.com/cutec/cutec/diag"
	"github.com/cutec/cutec/internal/suggest"
	"github.com/cutec/cutec/verify"
)

// lintCommand is "cutec lint [-format F] [-strict] [-j N] [PATH...]".
var lintCommand = &command{
	name:  "lint",
	args:  "[-format text|json|sarif|github] [-strict] [-j N] [-stats] [-enable CHECKS] [-disable CODES] [PATH...]",
	short: "check .cute files, MLIR files and directories",
	long: `Lint checks files of layouts and reports every diagnostic:

  - .cute files: every statement is evaluated and verified, assert and
    expect must hold (a file of one layout, descriptor or expression a line
    is a valid .cute file);
  - .mlir files: the payload of every dialect wrapper (!cute.layout<"...">,
    #cute.swizzle<"...">, ...) is parsed as its kind's form and verified as a
    lowerable layout, and the result type of each cute op whose operand and
    result types are written is derived again from the operand types (E0605;
    -disable op-result turns it off); everything else in the file is passed
    over. On MLIR, aliasing (W0900) runs only with -enable aliasing: the
    compiler builds non-injective layouts on purpose. bank-conflicts (W0901)
    runs where a tiled copy partitions a shared-memory memref and so states
    the whole access, with the numbers (docs/banks.md); -disable
    bank-conflicts turns it off;
  - any other file named on the command line is read as a .cute file;
  - directories are walked recursively for *.cute and *.mlir files, passing
    over directories whose name starts with "." and directories that hold a
    file named .cutec-skip (name such a directory to lint it);
  - with no path, or the path "-", standard input is read as a .cute file.

Files are checked in parallel (-j workers) and streamed line by line, so
memory does not grow with a file's size; lines longer than 1 MiB are
reported (E0109) instead of parsed. Output is in the order of the paths,
sorted, whatever order the files finish in. At most 10000 diagnostics are
kept per file; the number left out is said on standard error.

Formats: text (file:line:col: severity[CODE]: message, the source line,
carets and notes), json (one object a line: file, line, col, end_line,
end_col, offset, end_offset, severity, code, message, ...), sarif (one
SARIF 2.1.0 log with one run) and github (workflow commands that annotate a
pull request).

` + checksHelp + `

Exit status: 0 when no file has an error, 1 when one has (with -strict, also
a warning), 2 on a usage error or an I/O error (a missing or unreadable
file is reported on standard error, and the other files are still checked).`,
	setup: func(fs *flag.FlagSet) runFunc {
		o := &linter{}
		fs.StringVar(&o.format, "format", "text", "output format: "+strings.Join(diag.Formats(), ", "))
		fs.BoolVar(&o.strict, "strict", false, "count warnings as findings (exit 1)")
		fs.IntVar(&o.jobs, "j", runtime.GOMAXPROCS(0), "number of files checked in parallel")
		fs.BoolVar(&o.stats, "stats", false, "say on standard error how many cute ops of MLIR the op checker checked and skipped")
		o.checks.define(fs)
		return o.run
	},
}

// maxDiagsPerFile caps the diagnostics kept for one file.
const maxDiagsPerFile = 10000

// maxDiagBytesPerFile caps the bytes of the diagnostics kept for one file
// (their messages, details, notes and fixes, and an excerpt of each source
// line), so that diagnostics that quote megabyte names do not hold memory
// without bound before the count cap is reached.
const maxDiagBytesPerFile = 16 << 20

// diagByteBudget is maxDiagBytesPerFile; a test lowers it.
var diagByteBudget = maxDiagBytesPerFile

// linter holds the options and the state of one lint run.
type linter struct {
	format string
	strict bool
	jobs   int
	stats  bool
	checks checkFlags

	cute, mlir *verify.Pass // the passes for .cute files and for MLIR payloads

	e        *env
	r        diag.Renderer
	w        *bufio.Writer
	findings bool
	ioErr    bool
}

// run lints the paths (standard input without any) and returns the status.
func (l *linter) run(e *env, args []string) int {
	l.e = e
	r, err := l.renderer()
	if err != nil {
		return usageError(e, "lint", "%v", err)
	}
	checks, err := l.checks.config()
	if err != nil {
		return usageError(e, "lint", "%v", err)
	}
	l.cute, l.mlir = checks.Cute, checks.MLIR
	if l.jobs < 1 {
		return usageError(e, "lint", "-j must be at least 1, not %d", l.jobs)
	}
	l.r, l.w = r, bufio.NewWriterSize(e.stdout, 64<<10)
	srcs := collectSources(args, l.ioError, func(msg string) { e.errorf("lint: %s", msg) })
	if err := l.lintAll(srcs); err != nil {
		e.errorf("lint: writing output: %v", err)
		return exitUsage
	}
	switch {
	case l.ioErr:
		return exitUsage
	case l.findings:
		return exitFindings
	}
	return exitOK
}

// renderer returns the renderer of the -format flag.
func (l *linter) renderer() (diag.Renderer, error) {
	switch l.format {
	case "text":
		return diag.Text{Color: l.e.color()}, nil
	case "sarif":
		s := &diag.SARIF{}
		if v := moduleVersion(); v != "(devel)" {
			s.ToolVersion = v
		}
		return s, nil
	}
	r, err := diag.NewRenderer(l.format)
	if err != nil {
		msg := fmt.Sprintf("unknown format %q (want %s)", l.format, strings.Join(diag.Formats(), ", "))
		if s := suggest.Closest(l.format, diag.Formats()); s != "" {
			msg += fmt.Sprintf("; did you mean %q?", s)
		}
		return nil, fmt.Errorf("%s", msg)
	}
	return r, nil
}

// ioError reports an I/O error on standard error; the run will exit 2.
func (l *linter) ioError(err error) {
	l.ioErr = true
	l.e.errorf("lint: %v", err)
}
