package ast

import "github.com/cutec/cutec/diag"

// AssignStmt is `name = expr`.
type AssignStmt struct {
	Span  diag.Span
	Name  *Ident
	Value Expr
}

// AssertOp is the relation of an assert statement.
type AssertOp uint8

const (
	// Equal is `==`: equal as layouts (same shape tree, same strides).
	Equal AssertOp = iota + 1
	// Same is `~`: the same function (same size, same offset at every index).
	Same
)

// String returns the operator as written.
func (op AssertOp) String() string {
	switch op {
	case Equal:
		return "=="
	case Same:
		return "~"
	}
	return "?"
}

// AssertStmt is `assert X == Y` or `assert X ~ Y`.
type AssertStmt struct {
	Span   diag.Span
	X      Expr
	Op     AssertOp
	OpSpan diag.Span
	Y      Expr
}

// ExpectStmt is `expect CODE expr`: evaluating or verifying expr must yield a
// diagnostic with code Code. The parser takes any name as a code; a later
// stage checks it against the catalogue.
type ExpectStmt struct {
	Span     diag.Span
	Code     diag.Code
	CodeSpan diag.Span
	X        Expr
}

// LetStmt is `let M{div=128}, K{div=32}`: the facts of symbols, for every
// later line of the file (docs/symbols.md).
type LetStmt struct {
	Span    diag.Span
	Symbols []*Symbol
}

// ExprStmt is an expression alone on a line: it is evaluated and verified.
type ExprStmt struct {
	Span diag.Span
	X    Expr
}

// File is a parsed `.cute` file: its source and its statements in order.
// Blank and comment-only lines hold no statement.
type File struct {
	File  *diag.File
	Stmts []Stmt
}

func (n *AssignStmt) Pos() int { return n.Span.Start }
func (n *AssignStmt) End() int { return n.Span.End }
func (n *AssertStmt) Pos() int { return n.Span.Start }
func (n *AssertStmt) End() int { return n.Span.End }
func (n *ExpectStmt) Pos() int { return n.Span.Start }
func (n *ExpectStmt) End() int { return n.Span.End }
func (n *ExprStmt) Pos() int   { return n.Span.Start }
func (n *ExprStmt) End() int   { return n.Span.End }

// Pos returns 0, the start of the file.
func (n *File) Pos() int { return 0 }

// End returns the length of the file's source.
func (n *File) End() int {
	if n.File == nil {
		return 0
	}
	return len(n.File.Src)
}

func (*AssignStmt) stmtNode() {}
func (*AssertStmt) stmtNode() {}
func (*ExpectStmt) stmtNode() {}
func (*ExprStmt) stmtNode()   {}

func (n *LetStmt) Pos() int { return n.Span.Start }
func (n *LetStmt) End() int { return n.Span.End }
func (*LetStmt) stmtNode()  {}
