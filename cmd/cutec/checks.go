package main

import (
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/cutec/cutec/diag"
	"github.com/cutec/cutec/internal/driver"
	"github.com/cutec/cutec/internal/suggest"
	"github.com/cutec/cutec/verify"
)

// checkFlags are the -enable and -disable flags of lint and verify, which
// choose the verifier's checks.
type checkFlags struct {
	enable, disable string
}

// define adds the flags to fs.
func (c *checkFlags) define(fs *flag.FlagSet) {
	fs.StringVar(&c.enable, "enable", "", "comma-separated optional checks to run as well, such as redundant-mode")
	fs.StringVar(&c.disable, "disable", "", "comma-separated codes (W0903) or check names (canonical) not to report")
}

// checksHelp is the help paragraph on choosing checks, shared by lint and
// verify.
const checksHelp = `-enable runs optional checks as well (redundant-mode, W0902, is the one
optional check: CuTe keeps size-1 modes on purpose). -disable leaves out
codes or whole checks: -disable W0903,aliasing. "cutec help checks" lists
the checks.`

// options returns the verifier options the flags ask for, or an error naming
// an unknown check or code. ir is set for the MLIR that CuTe DSL prints: its
// layouts must be lowerable, and the checks that are off by default on IR
// (verify.OffForIR) are left out unless -enable names them.
func (c *checkFlags) options(ir bool) (verify.Options, error) {
	opts := verify.Options{Lowerable: ir, IR: ir}
	byName := map[string]*verify.Check{}
	ofCheck := map[diag.Code]bool{}
	var names []string
	for _, ch := range verify.Checks() {
		byName[ch.Name] = ch
		names = append(names, ch.Name)
		for _, code := range ch.Codes {
			ofCheck[code] = true
		}
	}
	for _, name := range splitList(c.enable) {
		if byName[name] == nil {
			return opts, unknownItem("check", name, names)
		}
		opts.Enable = append(opts.Enable, name)
	}
	for _, item := range splitList(c.disable) {
		if ch := byName[item]; ch != nil {
			opts.Disable = append(opts.Disable, ch.Codes...)
			continue
		}
		code := diag.Code(strings.ToUpper(item))
		if _, ok := diag.Lookup(code); !ok {
			return opts, unknownItem("check or code", item, names)
		}
		if !ofCheck[code] {
			// A parse, evaluation or limit diagnostic says the input has no
			// value to check: leaving it out would pass input that does not
			// parse.
			return opts, fmt.Errorf("%s cannot be disabled: only the codes of checks can (see \"cutec help checks\"); parse and evaluation errors always run", code)
		}
		opts.Disable = append(opts.Disable, code)
	}
	return opts, nil
}

// pass returns a Pass for the flags (for IR when ir is set, see options):
// verify.Default() when no flag is set and ir is not.
func (c *checkFlags) pass(ir bool) (*verify.Pass, error) {
	if c.enable == "" && c.disable == "" && !ir {
		return verify.Default(), nil
	}
	opts, err := c.options(ir)
	if err != nil {
		return nil, err
	}
	return verify.NewPass(opts)
}

// config returns the configuration of checks the flags ask for, for .cute
// text and for MLIR, made as every front end makes it
// (driver.NewChecks). The MLIR pass is made afresh, so that its caches
// start empty for each run (as the benchmarks measure it).
func (c *checkFlags) config() (driver.Checks, error) {
	opts, err := c.options(false)
	if err != nil {
		return driver.Checks{}, err
	}
	checks, err := driver.NewChecks(opts)
	if err == nil && c.enable == "" && c.disable == "" {
		checks.Cute = verify.Default()
	}
	return checks, err
}

// splitList splits a comma-separated flag value, dropping empty items.
func splitList(s string) []string {
	var out []string
	for _, item := range strings.Split(s, ",") {
		if item = strings.TrimSpace(item); item != "" {
			out = append(out, item)
		}
	}
	return out
}

// unknownItem is the error for a name that is neither a check nor a code.
func unknownItem(what, name string, names []string) error {
	if s := suggest.Closest(name, names); s != "" {
		return fmt.Errorf("unknown %s %q; did you mean %q?", what, name, s)
	}
	return fmt.Errorf("unknown %s %q (see \"cutec help checks\")", what, name)
}

// printChecks writes "cutec help checks": every check of the verifier with
// its codes and doc.
func printChecks(w io.Writer) {
	fmt.Fprintf(w, "The checks of lint and verify (besides parsing and evaluation, which\nalways run). Optional checks run only with -enable NAME; checks marked\n\"off on MLIR\" run on .mlir files only with -enable NAME, since the\ncompiler emits what they warn about on purpose.\n\n")
	for _, c := range verify.Checks() {
		codes := make([]string, len(c.Codes))
		for i, code := range c.Codes {
			codes[i] = string(code)
		}
		opt := ""
		switch {
		case c.Optional:
			opt = " (optional)"
		case verify.OffForIR(c):
			opt = " (off on MLIR)"
		}
		fmt.Fprintf(w, "%s%s: %s\n\t%s\n", c.Name, opt, strings.Join(codes, ", "), c.Doc)
	}
}
