package main

import (
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"syscall"

	"github.com/cutec/cutec/diag"
	"github.com/cutec/cutec/internal/suggest"
)

// Exit statuses shared by every command.
const (
	exitOK       = 0 // success: every input is clean
	exitFindings = 1 // an input has errors (or, with -strict, warnings)
	exitUsage    = 2 // a usage error, or an I/O error
)

// env is the world a command runs in: its standard streams and whether they
// are terminals. Tests and the script tests build their own.
type env struct {
	stdin          io.Reader
	stdout, stderr io.Writer
	// stdoutTTY and stderrTTY say whether the streams are terminals: color
	// on stdout, progress lines on stderr.
	stdoutTTY, stderrTTY bool
	// getenv reads an environment variable (NO_COLOR).
	getenv func(string) string
}

// guardOutputs makes a write to a closed pipe an error rather than the end
// of the process: by default the Go runtime kills a program with SIGPIPE
// (status 141) when a write to descriptor 1 or 2 finds the pipe closed;
// with SIGPIPE ignored the write fails with EPIPE, which checkedWriter
// reports as status 2 (docs/cli.md: a closed or broken output is an I/O
// error).
func guardOutputs() {
	signal.Ignore(syscall.SIGPIPE)
}

// newStdEnv returns the environment of the running process.
func newStdEnv() *env {
	return &env{
		stdin:     os.Stdin,
		stdout:    os.Stdout,
		stderr:    os.Stderr,
		stdoutTTY: isTerminal(os.Stdout),
		stderrTTY: isTerminal(os.Stderr),
		getenv:    os.Getenv,
	}
}

// isTerminal reports whether f is a character device, as a terminal is.
func isTerminal(f *os.File) bool {
	fi, err := f.Stat()
	return err == nil && fi.Mode()&os.ModeCharDevice != 0
}

// color reports whether diagnostics on stdout should be colored: stdout is a
// terminal and NO_COLOR (https://no-color.org) is not set.
func (e *env) color() bool {
	return e.stdoutTTY && e.getenv("NO_COLOR") == ""
}

// errorf prints "cutec: message" on stderr. Its string and error arguments
// (file names, and errors that quote them) are escaped for the terminal
// with diag.Escape, the escaping of every name cutec prints.
func (e *env) errorf(format string, args ...any) {
	fmt.Fprintf(e.stderr, "cutec: "+format+"\n", escapeArgs(args)...)
}

// escapeArgs returns args with every string and error escaped by
// diag.Escape.
func escapeArgs(args []any) []any {
	out := make([]any, len(args))
	for i, a := range args {
		switch a := a.(type) {
		case string:
			out[i] = diag.Escape(a)
		case error:
			out[i] = diag.Escape(a.Error())
		default:
			out[i] = a
		}
	}
	return out
}

// run dispatches to the command named by args[0] and returns the exit status.
// Every write to standard output goes through one checkedWriter: when a
// write fails (standard output closed, or a full disk: "> /dev/full"), the
// first error is reported on standard error and the status is 2, whatever
// the command would have returned.
func run(args []string, e *env) int {
	out := &checkedWriter{w: e.stdout}
	inner := *e
	inner.stdout = out
	status := dispatch(args, &inner)
	if out.err != nil {
		e.errorf("writing standard output: %v", out.err)
		return exitUsage
	}
	return status
}

// checkedWriter passes writes on and records the first error; after one,
// it writes nothing more.
type checkedWriter struct {
	w   io.Writer
	err error
}

func (c *checkedWriter) Write(p []byte) (int, error) {
	if c.err != nil {
		return 0, c.err
	}
	n, err := c.w.Write(p)
	if err == nil && n < len(p) {
		err = io.ErrShortWrite
	}
	if err != nil {
		c.err = err
	}
	return n, err
}

// dispatch runs the command named by args[0].
func dispatch(args []string, e *env) int {
	if len(args) == 0 {
		printMainUsage(e.stderr)
		return exitUsage
	}
	name := args[0]
	switch name {
	case "-h", "-help", "--help":
		printMainUsage(e.stdout)
		return exitOK
	}
	cmd := lookupCommand(name)
	if cmd == nil {
		msg := fmt.Sprintf("unknown command %q", name)
		if s := suggest.Closest(name, commandNames()); s != "" {
			msg += fmt.Sprintf("; did you mean %q?", s)
		}
		e.errorf("%s\nRun 'cutec help' for usage.", msg)
		return exitUsage
	}
	return cmd.main(e, args[1:])
}

// usageError reports a usage error of a command and returns exitUsage.
func usageError(e *env, name, format string, args ...any) int {
	msg := fmt.Sprintf(format, escapeArgs(args)...)
	fmt.Fprintf(e.stderr, "cutec %s: %s\nRun 'cutec help %s' for usage.\n", name, strings.TrimSpace(msg), name)
	return exitUsage
}
