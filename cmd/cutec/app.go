package main

import (
	"fmt"
	"io"
	"os"
	"strings"

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

// errorf prints "cutec: message" on stderr.
func (e *env) errorf(format string, args ...any) {
	fmt.Fprintf(e.stderr, "cutec: "+format+"\n", args...)
}

// run dispatches to the command named by args[0] and returns the exit status.
func run(args []string, e *env) int {
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
	msg := fmt.Sprintf(format, args...)
	fmt.Fprintf(e.stderr, "cutec %s: %s\nRun 'cutec help %s' for usage.\n", name, strings.TrimSpace(msg), name)
	return exitUsage
}
