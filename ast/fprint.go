package ast

import (
	"bufio"
	"fmt"
	"io"
	"strings"
)

// Fprint writes a deterministic dump of the tree rooted at node to w: one
// node a line, indented two spaces per level, each line the node's type, its
// details and its span as [start,end). It is the assertion format of tests:
//
//	Layout colon=5 [0,11)
//	  Tuple rank=2 [0,5)
//	    Int 4 [1,2)
//	    Int 8 [3,4)
//	  Tuple rank=2 [6,11)
//	    Int 1 [7,8)
//	    Int 4 [9,10)
func Fprint(w io.Writer, node Node) error {
	bw := bufio.NewWriter(w)
	fprint(bw, node, 0)
	return bw.Flush()
}

// Sprint returns the dump Fprint writes.
func Sprint(node Node) string {
	var b strings.Builder
	_ = Fprint(&b, node)
	return b.String()
}

func fprint(w *bufio.Writer, n Node, depth int) {
	for range depth {
		w.WriteString("  ")
	}
	w.WriteString(label(n))
	fmt.Fprintf(w, " [%d,%d)\n", n.Pos(), n.End())
	eachChild(n, func(c Node) { fprint(w, c, depth+1) })
}

// label returns a node's type and details.
func label(n Node) string {
	switch n := n.(type) {
	case *Int:
		return "Int " + fmt.Sprint(n.Value) + flag(n.Static, " static")
	case *Dynamic:
		return "Dynamic" + flag(n.Width != 0, fmt.Sprintf(" width=%d@[%d,%d)", n.Width, n.WidthSpan.Start, n.WidthSpan.End))
	case *Underscore:
		return "Underscore"
	case *Count:
		if n.Dynamic {
			return "Count ?"
		}
		if n.Fraction {
			return fmt.Sprintf("Count %d/%d den@[%d,%d)", n.Num, n.Den, n.DenSpan.Start, n.DenSpan.End) + flag(n.Static, " static")
		}
		return fmt.Sprintf("Count %d", n.Num) + flag(n.Static, " static")
	case *Dim:
		return fmt.Sprintf("Dim %d", n.Value)
	case *Basis:
		return fmt.Sprintf("Basis depth=%d", len(n.Dims))
	case *Tuple:
		return fmt.Sprintf("Tuple rank=%d", len(n.Elems)) + flag(n.Trailing, " trailing-comma")
	case *Layout:
		return fmt.Sprintf("Layout colon=%d", n.Colon)
	case *Swizzle:
		return "Swizzle " + n.Name
	case *Symbol:
		return "Symbol " + n.Name
	case *Product:
		return fmt.Sprintf("Product factors=%d", len(n.Factors))
	case *LetStmt:
		return fmt.Sprintf("LetStmt symbols=%d", len(n.Symbols))
	}
	return compoundLabel(n)
}

func compoundLabel(n Node) string {
	switch n := n.(type) {
	case *Composed:
		return "Composed" + flag(n.Offset == nil && n.FlagBits == 0, " offset=omitted") + flag(n.FlagBits != 0, fmt.Sprintf(" flag=smem_ptr[%db]@[%d,%d)", n.FlagBits, n.FlagSpan.Start, n.FlagSpan.End))
	case *Accessor:
		return "Accessor"
	case *Tile:
		return fmt.Sprintf("Tile modes=%d", len(n.Modes)) + flag(n.Bare, " bare")
	case *Wrapper:
		sigil := "!"
		if n.Attr {
			sigil = "#"
		}
		return "Wrapper " + sigil + "cute." + n.Kind
	case *Ident:
		return "Ident " + n.Name
	case *Call:
		return fmt.Sprintf("Call %s args=%d parens=%d,%d", n.Fun.Name, len(n.Args), n.Lparen, n.Rparen)
	case *Paren:
		return "Paren"
	case *Apply:
		return fmt.Sprintf("Apply args=%d parens=%d,%d", len(n.Args), n.Lparen, n.Rparen)
	case *AssignStmt:
		return "AssignStmt " + n.Name.Name
	case *AssertStmt:
		return fmt.Sprintf("AssertStmt %s op@[%d,%d)", n.Op, n.OpSpan.Start, n.OpSpan.End)
	case *ExpectStmt:
		return fmt.Sprintf("ExpectStmt %s code@[%d,%d)", n.Code, n.CodeSpan.Start, n.CodeSpan.End)
	case *ExprStmt:
		return "ExprStmt"
	case *File:
		name := ""
		if n.File != nil {
			name = " " + n.File.Name
		}
		return fmt.Sprintf("File%s stmts=%d", name, len(n.Stmts))
	}
	panic(fmt.Sprintf("ast: unknown node type %T", n))
}

func flag(on bool, s string) string {
	if on {
		return s
	}
	return ""
}
