package main

import (
	"bytes"
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/cutec/cutec/diag"
	"github.com/cutec/cutec/internal/suggest"
)

// helpCommand is "cutec help [command]".
var helpCommand = &command{
	name:  "help",
	args:  "[command|syntax|checks|tiled|CODE]",
	short: "show help for a command, the syntax or a diagnostic code",
	long: `Help prints the usage of cutec, or of one command with its flags.
"cutec help eval" also lists the operations an expression may call,
"cutec help checks" the checks that lint and verify run, "cutec help syntax"
every form of the language with an example, "cutec help tiled" the MMA and
copy atoms of make_tiled_mma and copy_atom, and "cutec help E0400" (any
code, or its name) explains a diagnostic code as "cutec explain" does.`,
	setup: func(*flag.FlagSet) runFunc { return runHelp },
}

// runHelp prints the main usage or one command's usage.
func runHelp(e *env, args []string) int {
	switch len(args) {
	case 0:
		printMainUsage(e.stdout)
		return exitOK
	case 1:
		switch {
		case args[0] == "checks":
			printChecks(e.stdout)
			return exitOK
		case args[0] == "syntax":
			printSyntax(e.stdout)
			return exitOK
		case args[0] == "tiled":
			printTiled(e.stdout)
			return exitOK
		case isCodeTopic(args[0]):
			info, err := lookupCode(args[0])
			if err != nil {
				return usageError(e, "help", "%v", err)
			}
			writeExplanation(e.stdout, info)
			return exitOK
		}
		c := lookupCommand(args[0])
		if c == nil {
			msg := fmt.Sprintf("unknown command %q", args[0])
			if s := suggest.Closest(args[0], helpTopics()); s != "" {
				msg += fmt.Sprintf("; did you mean %q?", s)
			}
			return usageError(e, "help", "%s", msg)
		}
		printCommandUsage(e.stdout, c)
		return exitOK
	}
	return usageError(e, "help", "too many arguments")
}

// printMainUsage writes the list of commands.
func printMainUsage(w io.Writer) {
	var b bytes.Buffer
	b.WriteString("Cutec evaluates, verifies, lints, formats and draws CuTe layouts.\n\n")
	b.WriteString("Usage:\n\n\tcutec <command> [flags] [arguments]\n\nThe commands are:\n\n")
	for _, c := range commands {
		fmt.Fprintf(&b, "\t%-9s %s\n", c.name, c.short)
	}
	b.WriteString("\nUse \"cutec help <command>\" for more about a command,\n")
	b.WriteString("\"cutec help syntax\" for the forms of the language, \"cutec help checks\"\n")
	b.WriteString("for the checks of lint and verify, and \"cutec help E0400\" for a code.\n")
	b.WriteString("Exit status: 0 clean, 1 findings, 2 usage or I/O error.\n")
	w.Write(b.Bytes())
}

// printCommandUsage writes a command's synopsis, help text, flags and extra
// help.
func printCommandUsage(w io.Writer, c *command) {
	var b bytes.Buffer
	fmt.Fprintf(&b, "usage: %s\n\n%s\n", strings.TrimSpace("cutec "+c.name+" "+c.args), strings.TrimSpace(c.long))
	fs, _ := c.flagSet()
	if len(flagNames(fs)) > 0 {
		b.WriteString("\nFlags:\n")
		fs.SetOutput(&b)
		fs.PrintDefaults()
	}
	if c.extra != nil {
		b.WriteString("\n")
		c.extra(&b)
	}
	w.Write(b.Bytes())
}

// helpTopics lists what "cutec help" takes, for suggestions: the commands,
// the topics and the names of the diagnostic codes.
func helpTopics() []string {
	topics := append(commandNames(), "checks", "syntax", "tiled")
	for _, c := range diag.Catalogue() {
		topics = append(topics, c.Name)
	}
	return topics
}
