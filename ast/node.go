package ast

// Node is any syntax tree node: its span is [Pos(), End()) in bytes.
type Node interface {
	Pos() int
	End() int
}

// Expr is an expression or value node.
type Expr interface {
	Node
	exprNode()
}

// Stmt is a statement of a `.cute` file.
type Stmt interface {
	Node
	stmtNode()
}

var (
	_ Expr = (*Int)(nil)
	_ Expr = (*Dynamic)(nil)
	_ Expr = (*Underscore)(nil)
	_ Expr = (*Basis)(nil)
	_ Expr = (*Tuple)(nil)
	_ Expr = (*Layout)(nil)
	_ Expr = (*Swizzle)(nil)
	_ Expr = (*Composed)(nil)
	_ Expr = (*Accessor)(nil)
	_ Expr = (*Tile)(nil)
	_ Expr = (*Wrapper)(nil)
	_ Expr = (*Ident)(nil)
	_ Expr = (*Call)(nil)
	_ Expr = (*Paren)(nil)
	_ Expr = (*Apply)(nil)

	_ Node = (*Count)(nil)
	_ Node = (*Dim)(nil)

	_ Stmt = (*AssignStmt)(nil)
	_ Stmt = (*AssertStmt)(nil)
	_ Stmt = (*ExpectStmt)(nil)
	_ Stmt = (*ExprStmt)(nil)

	_ Node = (*File)(nil)
)
