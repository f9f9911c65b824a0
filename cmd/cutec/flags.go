package main

import (
	"errors"
	"flag"
	"fmt"
	"strings"

	"github.com/cutec/cutec/internal/suggest"
)

// parseFlags parses the flags of c from args as the flag package does
// (flags first, "--" ends them) and returns the positional arguments. On -h
// it prints the command's help and returns (nil, exitOK, false); on a usage
// error it reports it, with a "did you mean" suggestion for a misspelled
// flag, and returns (nil, exitUsage, false).
func (c *command) parseFlags(e *env, fs *flag.FlagSet, args []string) ([]string, int, bool) {
	if name, ok := unknownFlag(fs, args); ok {
		if name == "h" || name == "help" {
			printCommandUsage(e.stdout, c)
			return nil, exitOK, false
		}
		msg := fmt.Sprintf("flag provided but not defined: -%s", name)
		if s := suggest.Closest(name, flagNames(fs)); s != "" {
			msg += fmt.Sprintf("; did you mean -%s?", s)
		}
		return nil, usageError(e, c.name, "%s", msg), false
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			printCommandUsage(e.stdout, c)
			return nil, exitOK, false
		}
		return nil, usageError(e, c.name, "%v", err), false
	}
	rest := fs.Args()
	if name, ok := misplacedFlag(fs, args, rest); ok {
		return nil, usageError(e, c.name, "flag -%s must come before the arguments", name), false
	}
	return rest, exitOK, true
}

// unknownFlag scans the flags at the front of args, as flag.Parse would,
// and returns the name of the first flag fs does not define.
func unknownFlag(fs *flag.FlagSet, args []string) (string, bool) {
	for i := 0; i < len(args); i++ {
		name, value, ok := splitFlag(args[i])
		if !ok {
			return "", false
		}
		f := fs.Lookup(name)
		if f == nil {
			return name, true
		}
		if !value && !isBoolFlag(f) {
			i++ // the next argument is the flag's value
		}
	}
	return "", false
}

// splitFlag returns the name of a flag argument "-name", "--name" or
// "-name=value", and whether it carries its value. ok is false for a
// positional argument and for "--", which ends the flags.
func splitFlag(arg string) (name string, value, ok bool) {
	if len(arg) < 2 || arg[0] != '-' || arg == "--" {
		return "", false, false
	}
	name = strings.TrimPrefix(arg[1:], "-")
	if name == "" || name[0] == '-' || name[0] == '=' {
		return "", false, false
	}
	name, _, value = strings.Cut(name, "=")
	return name, value, true
}

// isBoolFlag reports whether f is a boolean flag, which takes no value.
func isBoolFlag(f *flag.Flag) bool {
	b, ok := f.Value.(interface{ IsBoolFlag() bool })
	return ok && b.IsBoolFlag()
}

// misplacedFlag finds a defined flag among the positional arguments rest,
// as in "cutec lint dir -format json", which the flag package would take as
// a path. Arguments after an explicit "--" are never flags.
func misplacedFlag(fs *flag.FlagSet, args, rest []string) (string, bool) {
	if len(rest) < len(args) && args[len(args)-len(rest)-1] == "--" {
		return "", false
	}
	for _, arg := range rest {
		if arg == "--" {
			return "", false
		}
		if name, _, ok := splitFlag(arg); ok && fs.Lookup(name) != nil {
			return name, true
		}
	}
	return "", false
}

// flagNames returns the names of the flags fs defines.
func flagNames(fs *flag.FlagSet) []string {
	var names []string
	fs.VisitAll(func(f *flag.Flag) { names = append(names, f.Name) })
	return names
}
