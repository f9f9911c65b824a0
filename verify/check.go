package verify

import (
	"slices"
	"strings"

	"github.com/cutec/cutec/ast"
	"github.com/cutec/cutec/banks"
	"github.com/cutec/cutec/diag"
	"github.com/cutec/cutec/normalize"
	"github.com/cutec/cutec/parser"
)

// Check is one rule of the verifier: a small read-only unit with a stable
// name, a doc, the codes it reports and a Value or Call function (or
// both). Checks see subjects (a value
// written in the input, or a call with its evaluated arguments) and report
// diagnostics through the subject; they never print.
type Check struct {
	Name  string
	Doc   string
	Codes []diag.Code
	// Value is run on every value written in the input (a layout, swizzle,
	// composed layout, descriptor, ...) once it is normalized.
	Value func(s *Subject)
	// Call is run on every call of an operation that succeeded.
	Call func(s *Subject)
	// Optional checks are pedantic: a Pass runs them only when
	// Options.Enable or Options.Checks names them.
	Optional bool
	// UsesType is set for a check that reads Subject.In (the element type
	// and memory space of the memref a payload is in): a Pass that runs one
	// verifies the same payload once per element type and memory space,
	// and otherwise once.
	UsesType bool
}

// Subject is what a check looks at.
type Subject struct {
	File  *diag.File
	Node  ast.Expr        // the value form, or the call
	Value normalize.Value // the value of Node (a call's result)
	Op    string          // the operation of a call
	Args  []normalize.Value
	Call  *ast.Call
	// In is the dialect type the value is written in, for a payload of MLIR
	// (its element type and memory space for a memref or ptr); nil for
	// anything else.
	In *parser.TypeInfo

	lowerable bool // the Pass asks for lowerable layouts
	ir        bool // the input is compiler output (Options.IR)
	report    func(d *diag.Diagnostic)
	bank      *banks.Report // the report of a call of a bank operation
}

// Report adds a diagnostic with code at span, with the code's default
// severity (the Pass may override it).
func (s *Subject) Report(code diag.Code, span diag.Span, msg string) *diag.Diagnostic {
	info, _ := diag.Lookup(code)
	d := &diag.Diagnostic{Code: code, Severity: info.Severity, File: s.File, Span: span, Message: msg}
	s.report(d)
	return d
}

// Span returns the span of the subject's node.
func (s *Subject) Span() diag.Span { return diag.Span{Start: s.Node.Pos(), End: s.Node.End()} }

// ArgSpan returns the span of argument i of a call subject.
func (s *Subject) ArgSpan(i int) diag.Span {
	a := s.Call.Args[i]
	return diag.Span{Start: a.Pos(), End: a.End()}
}

// Text returns the source text of the subject's node.
func (s *Subject) Text() string {
	if s.File == nil || s.Node.End() > len(s.File.Src) {
		return ""
	}
	return string(s.File.Src[s.Node.Pos():s.Node.End()])
}

// checks are the checks of this package, in name order: the one
// configuration every Pass picks from (with Options.Extra), passed to it
// explicitly rather than filled in by init functions.
var checks = []*Check{
	aliasingCheck, bankConflictsCheck, boundsCheck, canonicalCheck, composedFormCheck,
	composedOffsetCheck, dialectStridesCheck, dynamicAssumptionCheck, dynamicObligationsCheck, foldLegalityCheck,
	opResultCheck, overflowCheck, redundantModeCheck, swizzleCheck,
}

// Checks returns the checks of this package in name order (a new slice).
func Checks() []*Check {
	out := slices.Clone(checks)
	slices.SortFunc(out, func(a, b *Check) int { return strings.Compare(a.Name, b.Name) })
	return out
}

// lookupCheck returns the check of a name among this package's and extra.
func lookupCheck(name string, extra []*Check) (*Check, bool) {
	for _, c := range extra {
		if c.Name == name {
			return c, true
		}
	}
	for _, c := range checks {
		if c.Name == name {
			return c, true
		}
	}
	return nil, false
}
