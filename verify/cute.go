package verify

import (
	"bytes"
	"fmt"
	"slices"

	"github.com/cutec/cutec/ast"
	"github.com/cutec/cutec/diag"
	"github.com/cutec/cutec/layout"
	"github.com/cutec/cutec/normalize"
)

// Cute verifies a .cute file statement by statement, keeping the names the
// file defines. Feed it a whole file with File, or one line at a time with
// Line (a streaming reader gives each line its own diag window, so memory
// does not grow with the file).
type Cute struct {
	p   *Pass
	env *normalize.Env
}

// NewCute starts verifying a .cute file.
func (p *Pass) NewCute() *Cute { return &Cute{p: p, env: normalize.NewEnv()} }

// CuteFile verifies a whole .cute file.
func (p *Pass) CuteFile(f *diag.File) diag.List {
	file, diags := p.parser.ParseCuteFile(f)
	if file == nil {
		return p.finish(diags)
	}
	c := p.NewCute()
	for _, st := range file.Stmts {
		diags = append(diags, c.stmt(f, st)...)
	}
	return p.finish(diags)
}

// Line verifies one line of a .cute file held in the window f. Blank lines
// and comments yield nothing.
//
// The result of a closed line (see closedLine), which no name or fact of
// the file can change, is kept by its text in the pass's cache of lines
// (from its second occurrence on, as the payloads of MLIR are): suites
// repeat such lines, `assert complement(16:1, 128) == 8:16`, from test to
// test.
func (c *Cute) Line(f *diag.File) diag.List {
	if c.p.fastLines && c.fastLine(f) {
		return nil // a clean static layout, or its definition (cute_fast.go)
	}
	var ok, admit bool
	if len(f.Src) <= maxCachedLine && !definesName(f.Src) {
		var cached diag.List
		if cached, ok, admit = c.p.lines.Get(0, f.Src); ok {
			return cached.Retarget(f)
		}
	}
	st, diags := c.p.parser.ParseStmt(f)
	if diags.HasErrors() || st == nil {
		return c.p.finish(diags)
	}
	diags = c.p.finish(append(diags, c.stmt(f, st)...))
	if admit && closedLine(st) && !hasNotes(diags) {
		c.p.lines.Put(0, string(f.Src), diags.Retarget(nil))
	}
	return diags
}

// definesName reports whether line starts as a definition, `NAME =` (not
// `==`), or a `let`: such a line is never closed, and is not looked up in
// the cache of lines (a file of a million names would fill the cache's
// set of texts seen once for nothing).
func definesName(line []byte) bool {
	k := 0
	for k < len(line) && (line[k] == ' ' || line[k] == '\t') {
		k++
	}
	start := k
	for k < len(line) && (line[k] == '_' || 'a' <= line[k]|0x20 && line[k]|0x20 <= 'z' || k > start && '0' <= line[k] && line[k] <= '9') {
		k++
	}
	if k == start {
		return false
	}
	if string(line[start:k]) == "let" {
		return true
	}
	for k < len(line) && (line[k] == ' ' || line[k] == '\t') {
		k++
	}
	return k < len(line) && line[k] == '=' && (k+1 == len(line) || line[k+1] != '=')
}

// maxCachedLine bounds the lines kept in the cache of lines, so that the
// cache's memory stays bounded (at most parser.DefaultCacheSize lines).
const maxCachedLine = 512

// closedLine reports whether the result of the statement st depends on its
// text alone: an expression, an assertion or an expectation without a name
// (a variable, or a call of a name that is not an operation, which the
// file may define) or a symbol (whose facts the file may declare).
func closedLine(st ast.Stmt) bool {
	switch st.(type) {
	case *ast.ExprStmt, *ast.AssertStmt, *ast.ExpectStmt:
	default:
		return false
	}
	closed := true
	var ops []*ast.Ident // the names of the calls of operations
	ast.Inspect(st, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.Call:
			if _, isOp := normalize.OperationDoc(n.Fun.Name); isOp {
				ops = append(ops, n.Fun)
			} else {
				closed = false
			}
		case *ast.Ident:
			closed = closed && slices.Contains(ops, n)
		case *ast.Symbol:
			closed = false
		}
		return closed
	})
	return closed
}

// hasNotes reports whether a diagnostic of l has a note: a note may point
// to another line, so such a result is not kept.
func hasNotes(l diag.List) bool {
	for _, d := range l {
		if len(d.Notes) > 0 {
			return true
		}
	}
	return false
}

// Stmt verifies one parsed statement of file f.
func (c *Cute) Stmt(f *diag.File, st ast.Stmt) diag.List { return c.p.finish(c.stmt(f, st)) }

func (c *Cute) stmt(f *diag.File, st ast.Stmt) diag.List {
	switch s := st.(type) {
	case *ast.ExprStmt:
		_, diags := c.p.eval(f, s.X, c.env, nil)
		return diags
	case *ast.AssignStmt:
		v, diags := c.p.eval(f, s.Value, c.env, nil)
		if v == nil {
			return diags
		}
		site := lineSite(f, s.Name.Span)
		if err := c.env.Room(s.Name.Name, v, site); err != nil {
			msg := err.Error()
			if e, ok := err.(*layout.Error); ok {
				msg = e.Msg
			}
			diags.Add(newDiag(f, diag.ValueTooLarge, s.Name.Span, msg))
			return diags
		}
		if first, ok := c.env.Define(s.Name.Name, v, site); !ok {
			d := newDiag(f, diag.Redefined, s.Name.Span, fmt.Sprintf("%s is already defined", s.Name.Name))
			d.Notes = append(d.Notes, diag.Note{File: first.File, Span: first.Span, Message: s.Name.Name + " was defined here"})
			diags.Add(d)
		}
		return diags
	case *ast.LetStmt:
		for _, sym := range s.Symbols {
			if sym.Div != nil && sym.Div.Value > 0 {
				if !c.env.DeclareFact(sym.Name, sym.Div.Value) {
					return diag.List{newDiag(f, diag.Overflow, nodeSpan(sym), fmt.Sprintf("the fact div=%d of %s and those declared before have an lcm that overflows int64, so no fact holds them all", sym.Div.Value, sym.Name))}
				}
			} else if sym.Div != nil {
				return diag.List{newDiag(f, diag.SymbolTerm, nodeSpan(sym), fmt.Sprintf("the fact div=%d of %s is not a positive integer", sym.Div.Value, sym.Name))}
			}
		}
		return nil
	case *ast.AssertStmt:
		return c.assert(f, s)
	case *ast.ExpectStmt:
		return c.expect(f, s)
	}
	return nil
}

// lineSite returns a definition's site in a window of its own holding a
// copy of its line: a streaming caller reuses the buffer behind f, and the
// note of a later redefinition must still show this line.
func lineSite(f *diag.File, span diag.Span) normalize.Site {
	if n := len(f.Src); bytes.IndexByte(f.Src, '\n') < 0 && (n == 0 || f.Src[n-1] != '\r') {
		// One line, as lint streams a file: what LineText would find,
		// without building the window's table of lines.
		return normalize.Site{File: f, Span: span}
	}
	line, start := f.LineText(span.Start)
	if start == 0 && len(line) == len(f.Src) {
		// A window of this line alone, as lint streams a file: Define
		// copies the text it keeps, so f itself will do.
		return normalize.Site{File: f, Span: span}
	}
	pos := f.Position(start)
	w := diag.NewWindow(f.Name, bytes.Clone(line), pos.Offset, pos.Line, pos.Col)
	return normalize.Site{File: w, Span: span.Shift(-start)}
}

func newDiag(f *diag.File, code diag.Code, span diag.Span, msg string) *diag.Diagnostic {
	info, _ := diag.Lookup(code)
	return &diag.Diagnostic{Code: code, Severity: info.Severity, File: f, Span: span, Message: msg}
}

func nodeSpan(n ast.Node) diag.Span { return diag.Span{Start: n.Pos(), End: n.End()} }

// assert checks `assert X == Y` (the same value: same shape tree and
// strides for layouts) and `assert X ~ Y` (the same function: same size and
// the same offset at every index).
func (c *Cute) assert(f *diag.File, s *ast.AssertStmt) diag.List {
	x, dx, rep := c.p.evalBanks(f, s.X, c.env, nil)
	y, dy := c.p.eval(f, s.Y, c.env, nil)
	diags := errorsOnly(append(dx, dy...))
	if x == nil || y == nil {
		return diags
	}
	if s.Op == ast.Equal {
		if !normalize.Equal(x, y) {
			d := newDiag(f, diag.AssertEqualFailed, nodeSpan(s),
				fmt.Sprintf("assertion failed: the left side is %s but the right side is %s", x, y))
			if rep != nil { // the analysis' summary and the proof of its worst conflict
				ex := rep.Summary()
				if ev := rep.Evidence(); ev != "" {
					ex += "; " + ev
				}
				d.Notes = append(d.Notes, diag.Note{Message: ex})
			}
			diags.Add(d)
		}
		return diags
	}
	if msg := differs(x, y); msg != "" {
		diags.Add(newDiag(f, diag.AssertSameFailed, nodeSpan(s), "assertion failed: "+msg))
	}
	return diags
}

// differs explains how two values differ as functions, or returns "".
func differs(x, y normalize.Value) string {
	lx, okx := x.(normalize.Layout)
	ly, oky := y.(normalize.Layout)
	if !okx || !oky {
		if normalize.Equivalent(x, y) {
			return ""
		}
		return fmt.Sprintf("%s and %s are different values", x, y)
	}
	if normalize.SameFunction(lx.L, ly.L) {
		return ""
	}
	nx, errX := lx.L.Size()
	ny, errY := ly.L.Size()
	if errX != nil || errY != nil || nx != ny {
		return fmt.Sprintf("%s has size %d but %s has size %d", lx.L, nx, ly.L, ny)
	}
	for i := int64(0); i < min(nx, maxDiffSearch); i++ {
		a, _ := lx.L.Eval(layout.Int(i))
		b, _ := ly.L.Eval(layout.Int(i))
		if !a.Equal(b) {
			return fmt.Sprintf("%s and %s differ at index %d: %s and %s", lx.L, ly.L, i, a, b)
		}
	}
	if nx > maxDiffSearch {
		return fmt.Sprintf("%s and %s are not the same function (coalesced, %s and %s); they agree on the first %d indices, and the rest of their %d were not searched",
			lx.L, ly.L, layout.Coalesce(lx.L), layout.Coalesce(ly.L), int64(maxDiffSearch), nx)
	}
	return fmt.Sprintf("%s and %s are not the same function", lx.L, ly.L)
}

// maxDiffSearch bounds the indices an assertion that fails visits to name
// the first one where two layouts differ: a layout of 2^62 elements must
// not make lint walk its domain.
const maxDiffSearch = 1 << 16

// expect checks `expect CODE EXPR`: evaluating or verifying EXPR must yield
// a diagnostic with CODE, unless the pass does not report CODE (-disable,
// or an optional check not enabled): then the expectation is not checked,
// rather than reported as unmet. Those diagnostics are expected and not reported;
// other errors still are, other warnings are not (the statement is a test
// of EXPR, and lints on its operands are noise).
func (c *Cute) expect(f *diag.File, s *ast.ExpectStmt) diag.List {
	if _, ok := diag.Lookup(s.Code); !ok {
		return diag.List{newDiag(f, diag.UnknownCode, s.CodeSpan,
			fmt.Sprintf("%s is not a code of the catalogue (docs/diagnostics.md)", s.Code))}
	}
	_, diags := c.p.eval(f, s.X, c.env, nil)
	diags = c.p.finish(diags) // the expectation is about what the user sees
	var rest diag.List
	met := false
	var seen []string
	for _, d := range diags {
		if d.Code == s.Code {
			met = true
			continue
		}
		seen = append(seen, string(d.Code))
		if d.Severity == diag.Error {
			rest = append(rest, d)
		}
	}
	if !met && c.p.reports(s.Code) {
		msg := fmt.Sprintf("expected %s, but the expression gave no diagnostic", s.Code)
		if len(seen) > 0 {
			msg = fmt.Sprintf("expected %s, but the expression gave %v", s.Code, seen)
		}
		rest = append(rest, newDiag(f, diag.ExpectUnmet, nodeSpan(s), msg))
	}
	return rest
}

// errorsOnly drops warnings: the operands of an assertion are what it
// tests, and lints on them (an expected value may alias on purpose) are
// noise.
func errorsOnly(l diag.List) diag.List {
	out := l[:0]
	for _, d := range l {
		if d.Severity == diag.Error {
			out = append(out, d)
		}
	}
	return out
}

// reports reports whether the pass can report code: it is not disabled,
// and when checks report it, one of them runs.
func (p *Pass) reports(code diag.Code) bool {
	if p.disable[code] {
		return false
	}
	owned := false
	for _, list := range [2][]*Check{checks, p.opts.Extra} {
		for _, ch := range list {
			for _, cc := range ch.Codes {
				if cc != code {
					continue
				}
				owned = true
				if slices.Contains(p.checks, ch) {
					return true
				}
			}
		}
	}
	return !owned
}
