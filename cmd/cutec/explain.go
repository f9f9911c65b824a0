package main

import (
	"bytes"
	"flag"
	"fmt"
	"io"
	"regexp"
	"strings"

	"github.com/cutec/cutec/diag"
	"github.com/cutec/cutec/internal/suggest"
	"github.com/cutec/cutec/verify"
)

// explainCommand is "cutec explain CODE", as rustc --explain: the rule of a
// diagnostic code, its example with what cutec says about it, and the fix.
var explainCommand = &command{
	name:  "explain",
	args:  "CODE",
	short: "explain a diagnostic code: its rule, an example and the fix",
	long: `Explain prints what the catalogue says about a diagnostic code (E0400, or
its name, stride-divisibility): the rule, a minimal example, what cutec
says about the example (run now, so it is what this cutec prints), how to
fix it and, where the CuTe dialect's verifier has the same rule, its
wording. "cutec help CODE" is the same. docs/diagnostics.md lists every
code.`,
	setup: func(*flag.FlagSet) runFunc { return runExplain },
}

func runExplain(e *env, args []string) int {
	if len(args) != 1 {
		return usageError(e, "explain", "explain takes one code, such as E0400")
	}
	info, err := lookupCode(args[0])
	if err != nil {
		return usageError(e, "explain", "%v", err)
	}
	writeExplanation(e.stdout, info)
	return exitOK
}

var codePattern = regexp.MustCompile(`^[EWew]\d{4}$`)

// isCodeTopic reports whether a help topic names a code (E0400) or a code's
// name (stride-divisibility).
func isCodeTopic(s string) bool {
	if codePattern.MatchString(s) {
		return true
	}
	for _, c := range diag.Catalogue() {
		if c.Name == s {
			return true
		}
	}
	return false
}

// lookupCode finds a code by its code, in any case, or by its name.
func lookupCode(s string) (diag.CodeInfo, error) {
	var keys []string
	for _, c := range diag.Catalogue() {
		if strings.EqualFold(string(c.Code), s) || c.Name == s {
			return c, nil
		}
		keys = append(keys, string(c.Code), c.Name)
	}
	msg := fmt.Sprintf("%s is not a code of the catalogue", s)
	if sug := suggest.Closest(strings.ToUpper(s), keys); sug != "" && codePattern.MatchString(s) {
		msg += fmt.Sprintf("; did you mean %s?", sug)
	} else if sug := suggest.Closest(s, keys); sug != "" {
		msg += fmt.Sprintf("; did you mean %s?", sug)
	}
	return diag.CodeInfo{}, fmt.Errorf("%s (docs/diagnostics.md lists them)", msg)
}

// writeExplanation prints one code's entry of the catalogue, with what
// cutec says about its example.
func writeExplanation(w io.Writer, c diag.CodeInfo) {
	var b bytes.Buffer
	fmt.Fprintf(&b, "%s %s (%s)\n\n", c.Code, c.Name, c.Severity)
	writeField(&b, "Rule", c.Invariant)
	example, runnable := exampleInput(c.Example)
	if runnable {
		fmt.Fprintf(&b, "Example:\n\n    %s\n\n", example)
		if out := runExample(example); out != "" {
			b.WriteString("What cutec says about it:\n\n")
			for _, line := range strings.SplitAfter(out, "\n") {
				if line != "" {
					b.WriteString("    " + line)
				}
			}
			b.WriteString("\n")
		}
		writeExampleDerivation(&b, example)
	} else {
		writeField(&b, "Example", example)
	}
	writeField(&b, "Fix", c.Fix)
	if c.Dialect != "" {
		writeField(&b, "The dialect's verifier says", "\""+c.Dialect+"\"")
	}
	fmt.Fprintf(&b, "More: docs/diagnostics.md, section %q.\n", string(c.Code)+" "+c.Name)
	w.Write(b.Bytes())
}

// writeField writes "Name: text" as a paragraph wrapped at 80 columns.
func writeField(b *bytes.Buffer, name, text string) {
	b.WriteString(wrap(name+": "+text, 80))
	b.WriteString("\n\n")
}

// wrap breaks text into lines of at most width bytes at spaces (a longer
// word stays whole).
func wrap(text string, width int) string {
	var b strings.Builder
	n := 0
	for i, word := range strings.Fields(text) {
		if i > 0 {
			if n+1+len(word) > width {
				b.WriteString("\n")
				n = 0
			} else {
				b.WriteString(" ")
				n++
			}
		}
		b.WriteString(word)
		n += len(word)
	}
	return b.String()
}

// exampleInput returns the input of a catalogue example written as one code
// span, and whether it is one; any other example is prose.
func exampleInput(example string) (string, bool) {
	if m := singleCodeSpanRE.FindStringSubmatch(example); m != nil && strings.TrimSpace(m[1]) != "" {
		return m[1], true
	}
	return example, false
}

var singleCodeSpanRE = regexp.MustCompile("^`([^`]*)`$")

// runExample verifies an example (a statement of a .cute file, or a value
// or expression) with the optional checks on, and renders its diagnostics.
func runExample(src string) string {
	p, err := verify.NewPass(verify.Options{Enable: optionalChecks()})
	if err != nil {
		return ""
	}
	f := diag.NewFile("example", []byte(src))
	var l diag.List
	switch exampleKind(src) {
	case "cute":
		l = p.CuteFile(f)
	case "mlir":
		l = p.MLIR(f)
	default:
		_, l = p.Expr(f)
	}
	var b bytes.Buffer
	if err := diag.RenderAll(&b, diag.Text{}, l); err != nil {
		return ""
	}
	return b.String()
}

// exampleKind says how an example of the catalogue is read: "cute" for a
// statement of a .cute file (assert, expect, a definition), "mlir" for a
// line of MLIR (an op `%0 = ...`), "expr" for a value or expression.
func exampleKind(src string) string {
	switch {
	case strings.HasPrefix(src, "assert ") || strings.HasPrefix(src, "expect ") || strings.Contains(src, "\n"):
		return "cute"
	case strings.HasPrefix(src, "%") || strings.HasPrefix(src, "func.func") || strings.HasPrefix(src, "module"):
		return "mlir"
	}
	return "expr"
}

// optionalChecks names the optional checks, so that an example of one
// shows its code.
func optionalChecks() []string {
	var names []string
	for _, c := range verify.Checks() {
		if c.Optional {
			names = append(names, c.Name)
		}
	}
	return names
}
