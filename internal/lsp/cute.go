package lsp

import (
	"sort"

	"github.com/cutec/cutec/ast"
	"github.com/cutec/cutec/diag"
	"github.com/cutec/cutec/normalize"
	"github.com/cutec/cutec/parser"
)

// cuteAnalysis is what the server knows of a .cute document beyond its
// diagnostics: the syntax tree, where each name is defined and used, and
// the calls of operations.
type cuteAnalysis struct {
	file   *diag.File
	tree   *ast.File // nil when the file could not be parsed at all
	starts []int     // the offset of each line
	defs   map[string]diag.Span
	refs   map[string][]diag.Span
	funcs  []*ast.Ident // the operation names of calls
	// names lists the identifiers that are names (definitions and uses),
	// in order.
	names []*ast.Ident
}

// maxAnalysisBytes bounds the .cute documents the server analyzes for
// hover, definitions, references, completion of names and semantic tokens:
// the analysis holds the syntax tree of the whole document, about 50 bytes
// a byte of text, so a larger document gets those features empty and holds
// only its text and its diagnostics.
const maxAnalysisBytes = 4 << 20

// maxAnalysisLine is the longest line the analysis parses: a statement is
// a line, and a line of hundreds of kilobytes (a generated one, or one of
// lone "\r") costs its parser hundreds of bytes a byte. Such a line keeps
// its diagnostics (the check reads lines up to maxLineLen, as lint) but
// gets no hover, names or tokens.
const maxAnalysisLine = 64 << 10

// analysis returns the analysis of a .cute document, made on first use
// after each change; nil for a document over maxAnalysisBytes. A line over
// maxAnalysisLine is left out (blanked).
func (d *document) analysis() *cuteAnalysis {
	if d.cute != nil {
		return d.cute
	}
	if d.bytes > maxAnalysisBytes {
		return nil
	}
	text := []byte(d.text())
	off := 0
	for _, l := range d.lines {
		if len(l) > maxAnalysisLine {
			for j := off; j < off+len(l); j++ {
				if text[j] != '\r' {
					text[j] = ' '
				}
			}
		}
		off += len(l) + 1
	}
	a := &cuteAnalysis{
		file:   diag.NewFile(d.name, text),
		starts: d.lineStarts(),
		defs:   map[string]diag.Span{},
		refs:   map[string][]diag.Span{},
	}
	a.tree, _ = parser.ParseCuteFile(a.file)
	if a.tree != nil {
		for _, st := range a.tree.Stmts {
			a.index(st)
		}
	}
	d.cute = a
	return a
}

// index records the names and calls of one statement.
func (a *cuteAnalysis) index(st ast.Stmt) {
	fun := map[*ast.Ident]bool{}
	if as, ok := st.(*ast.AssignStmt); ok && as.Name != nil {
		if _, seen := a.defs[as.Name.Name]; !seen {
			a.defs[as.Name.Name] = as.Name.Span
		}
	}
	ast.Inspect(st, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.Call:
			if n.Fun != nil {
				fun[n.Fun] = true
				a.funcs = append(a.funcs, n.Fun)
			}
		case *ast.Ident:
			if !fun[n] {
				a.names = append(a.names, n)
				a.refs[n.Name] = append(a.refs[n.Name], n.Span)
			}
		}
		return true
	})
}

// lineOf returns the line and the byte offset on it of offset off.
func (a *cuteAnalysis) lineOf(off int) (line, b int) {
	i := sort.Search(len(a.starts), func(i int) bool { return a.starts[i] > off }) - 1
	if i < 0 {
		return 0, 0
	}
	return i, off - a.starts[i]
}

// offsetOf returns the offset of a byte on a line.
func (a *cuteAnalysis) offsetOf(line, b int) int {
	if line < 0 || line >= len(a.starts) {
		return len(a.file.Src)
	}
	return a.starts[line] + b
}

// rangeOf returns the protocol range of a span.
func (d *document) rangeOf(a *cuteAnalysis, s diag.Span) Range {
	l1, b1 := a.lineOf(s.Start)
	l2, b2 := a.lineOf(s.End)
	return Range{Start: d.position(l1, b1), End: d.position(l2, b2)}
}

// stmtAt returns the index of the statement that holds offset off, or -1.
func (a *cuteAnalysis) stmtAt(off int) int {
	if a.tree == nil {
		return -1
	}
	for i, st := range a.tree.Stmts {
		if st.Pos() <= off && off <= st.End() {
			return i
		}
	}
	return -1
}

// chain returns the nodes of statement st that hold offset off, outermost
// first.
func chain(st ast.Stmt, off int) []ast.Node {
	var out []ast.Node
	ast.Inspect(st, func(n ast.Node) bool {
		if n == nil || n.Pos() > off || off > n.End() {
			return false
		}
		out = append(out, n)
		return true
	})
	return out
}

// identAt returns the name (not an operation) at offset off, or nil.
func (a *cuteAnalysis) identAt(off int) *ast.Ident {
	for _, id := range a.names {
		if id.Span.Start <= off && off <= id.Span.End {
			return id
		}
	}
	return nil
}

// isValueForm reports whether e is written as a value (a literal layout,
// tuple, swizzle, tile, ...), not a call or a name.
func isValueForm(n ast.Node) bool {
	switch n.(type) {
	case *ast.Call, *ast.Apply, *ast.Ident, *ast.Paren:
		return false
	case ast.Expr:
		return true
	}
	return false
}

// envBefore evaluates the statements before statement i and returns an
// evaluator whose environment holds the names they define.
func (a *cuteAnalysis) envBefore(i int) *normalize.Evaluator {
	ev := &normalize.Evaluator{File: a.file, Env: normalize.NewEnv()}
	for _, st := range a.tree.Stmts[:i] {
		as, ok := st.(*ast.AssignStmt)
		if !ok || as.Name == nil || as.Value == nil {
			continue
		}
		if v, _ := ev.Eval(as.Value); v != nil {
			ev.Env.Define(as.Name.Name, v, normalize.Site{File: a.file, Span: as.Name.Span})
		}
	}
	return ev
}

// lineOfSpan returns the line a span starts on.
func (d *document) lineOfSpan(a *cuteAnalysis, s diag.Span) int {
	l, _ := a.lineOf(s.Start)
	return l
}
