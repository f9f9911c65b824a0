package main

import (
	"flag"
	"io"
)

// command is one entry of the command table: its name and documentation,
// and setup, which defines the command's flags on a FlagSet and returns the
// function that runs the command once the flags are parsed.
type command struct {
	name  string
	args  string // the synopsis after the name, such as "[-json] [EXPR...]"
	short string // one line for the command list
	long  string // the help text, paragraphs separated by blank lines
	setup func(fs *flag.FlagSet) runFunc
	extra func(w io.Writer) // more help after the flags, such as eval's operations
}

// runFunc runs a command with its positional arguments and returns the exit
// status.
type runFunc func(e *env, args []string) int

// commands is the command table, in the order "cutec help" lists it
// (commandTable: commands_cli.go for the command, commands_js.go for the
// WebAssembly module of the playground, which has only the page's commands).
var commands []*command

func init() {
	commands = commandTable()
}

// lookupCommand returns the command with the given name, or nil.
func lookupCommand(name string) *command {
	for _, c := range commands {
		if c.name == name {
			return c
		}
	}
	return nil
}

// commandNames returns the names of all commands.
func commandNames() []string {
	names := make([]string, len(commands))
	for i, c := range commands {
		names[i] = c.name
	}
	return names
}

// flagSet returns the command's FlagSet and the function setup bound to it.
// The FlagSet prints nothing itself: errors are reported by parseFlags.
func (c *command) flagSet() (*flag.FlagSet, runFunc) {
	fs := flag.NewFlagSet("cutec "+c.name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	return fs, c.setup(fs)
}

// main parses the command's flags and runs it.
func (c *command) main(e *env, args []string) int {
	fs, runCmd := c.flagSet()
	rest, status, ok := c.parseFlags(e, fs, args)
	if !ok {
		return status
	}
	return runCmd(e, rest)
}
