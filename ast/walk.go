package ast

import "fmt"

// Visitor's Visit is called for each node of a Walk. If it returns a non-nil
// visitor w, Walk visits the node's children with w and then calls
// w.Visit(nil).
type Visitor interface {
	Visit(node Node) (w Visitor)
}

// Walk traverses the tree rooted at node depth-first, children in source
// order. Count and Dim nodes of a basis entry are visited as its children.
func Walk(v Visitor, node Node) {
	if v = v.Visit(node); v == nil {
		return
	}
	eachChild(node, func(c Node) { Walk(v, c) })
	v.Visit(nil)
}

type inspector func(Node) bool

func (f inspector) Visit(node Node) Visitor {
	if f(node) {
		return f
	}
	return nil
}

// Inspect traverses the tree rooted at node in depth-first order, calling
// f(node) for each node; when f returns true it visits the node's children
// and then calls f(nil).
func Inspect(node Node, f func(Node) bool) {
	Walk(inspector(f), node)
}

// eachChild calls f for each child of n in source order. It panics on a node
// type outside this package, which is a programming error.
func eachChild(n Node, f func(Node)) {
	switch n := n.(type) {
	case *Int, *Underscore, *Count, *Dim, *Ident:
	case *Dynamic:
		if n.Div != nil {
			f(n.Div)
		}
	case *Basis:
		f(&n.Count)
		for i := range n.Dims {
			f(&n.Dims[i])
		}
	case *Tuple:
		eachExpr(n.Elems, f)
	case *Layout:
		f(n.Shape)
		f(n.Stride)
	case *Swizzle:
		f(n.B)
		f(n.M)
		f(n.S)
	case *Tile:
		eachExpr(n.Modes, f)
	case *Symbol:
		if n.Div != nil {
			f(n.Div)
		}
	case *Product:
		eachExpr(n.Factors, f)
		if n.Div != nil {
			f(n.Div)
		}
	default:
		eachCompoundChild(n, f)
	}
}

// eachCompoundChild is eachChild for expressions built from others and for
// statements.
func eachCompoundChild(n Node, f func(Node)) {
	switch n := n.(type) {
	case *Composed:
		f(n.Outer)
		if n.Offset != nil {
			f(n.Offset)
		}
		f(n.Inner)
	case *Accessor:
		f(n.Offset)
		f(n.Layout)
	case *Call:
		f(n.Fun)
		eachExpr(n.Args, f)
	case *Paren:
		f(n.X)
	case *Wrapper:
		f(n.Payload)
	case *Apply:
		f(n.Fun)
		eachExpr(n.Args, f)
	case *AssignStmt:
		f(n.Name)
		f(n.Value)
	case *AssertStmt:
		f(n.X)
		f(n.Y)
	case *ExpectStmt:
		f(n.X)
	case *ExprStmt:
		f(n.X)
	case *LetStmt:
		for _, s := range n.Symbols {
			f(s)
		}
	case *File:
		for _, s := range n.Stmts {
			f(s)
		}
	default:
		panic(fmt.Sprintf("ast: unknown node type %T", n))
	}
}

func eachExpr(list []Expr, f func(Node)) {
	for _, e := range list {
		f(e)
	}
}
