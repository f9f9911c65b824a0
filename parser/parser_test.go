package parser

import (
	"strings"
	"testing"

	"github.com/cutec/cutec/ast"
	"github.com/cutec/cutec/diag"
)

func TestValidExprs(t *testing.T) {
	for _, src := range validExprs {
		n, l, _ := parseAs(uncached, FormExpr, src)
		if n == nil || len(l) != 0 {
			t.Errorf("%q: %s", src, describeDiags(l))
			continue
		}
		checkResult(t, src, n, l)
	}
}

func TestInvalid(t *testing.T) {
	for _, c := range invalidCases {
		n, l, _ := parseAs(uncached, c.form, c.src)
		if n != nil || len(l) == 0 {
			t.Errorf("%q: parsed as %s, want %s at column %d", c.src, dump(n), c.code, c.col)
			continue
		}
		if got := l[0]; got.Code != c.code || got.Start().Col != c.col {
			t.Errorf("%q: got %s, want %s at column %d", c.src, describeDiags(l), c.code, c.col)
		}
		checkResult(t, c.src, n, l)
	}
}

// TestFastMatchesReference parses every input as every form, with the fast
// parser and with the tagged grammar alone, and wants the same trees and the
// same first diagnostic.
func TestFastMatchesReference(t *testing.T) {
	sources := append([]string{}, validExprs...)
	for _, c := range invalidCases {
		sources = append(sources, c.src)
	}
	sources = append(sources, "(1@0)(1@1)", "(1@0) (1@1)", "8:1 8:1", "(4,8)(1)", "((4,8))(1)", "S<3,4,3>(8)")
	sources = append(sources, strings.Split(sampleCute, "\n")...)
	sources = append(sources, stmtSources...)
	for form := range numForms {
		for _, src := range sources {
			n1, l1, _ := parseAs(uncached, form, src)
			n2, l2, _ := parseAs(reference, form, src)
			if dump(n1) != dump(n2) {
				t.Errorf("form %d %q:\nfast:\n%s\nreference:\n%s", form, src, dump(n1), dump(n2))
			}
			if firstDiag(l1) != firstDiag(l2) || len(l1) != len(l2) {
				t.Errorf("form %d %q:\nfast:      %s\nreference: %s", form, src, describeDiags(l1), describeDiags(l2))
			}
		}
	}
}

func TestMessages(t *testing.T) {
	for _, c := range []struct {
		form     Form
		src, msg string
	}{
		{FormExpr, "(4,8):(1,,4)", "expected a value, found `,`"},
		{FormExpr, "(4,8):", "expected a value, found end of input"},
		{FormExpr, "S<3,4>", "expected three integers B, M, S in S<B,M,S>, found `S<3,4>`"},
		{FormExpr, "1@-1", "expected a dimension (an unsigned integer), found `-1`"},
		{FormExpr, "?{}", "expected `i32`, `i64` or `div`, found `}`"},
		{FormExpr, "f(a,)", "expected an expression, found `)`"},
		{FormExpr, "(f(x), 4)", "expected a value (an integer, `?`, `_`, a basis entry or a tuple) as a tuple element, found a call of `f`"},
		{FormExpr, "[4:1;S<3,4,3>]", "expected a layout, an integer, `_`, a tuple or a tile as a tile mode, found a swizzle"},
		{FormExpr, ")", "expected an expression, found `)`"},
		{FormExpr, "", "empty input: expected an expression"},
		{FormExpr, "(1@0, 1@1) x", "unexpected trailing layout text `x`"},
		{FormExpr, "((1@0, 8@1), 1@2", "unclosed `(`: expected `)`, found end of input"},
		{FormExpr, "(4,8]", "unclosed `(`: expected `)`, found `]`"},
		{FormExpr, "(4,8)$(1,4)", "invalid character `$` (U+0024)"},
		{FormExpr, "4\x00", "invalid character U+0000"},
		{FormExpr, "(4,\xff)", "invalid UTF-8: byte 0xff"},
		{FormExpr, strings.Repeat("(", 300), "groups nest deeper than 256 levels"},
		{FormLayout, "(4,8)", "expected `:` and a stride, found end of input"},
		{FormStmt, "assert A", "expected `==` or `~`, found end of input"},
		{FormStmt, "expect composition(A, B)", "expected a diagnostic code such as `E0400`, found `composition`"},
		{FormSwizzle, "Q<1,2,3>", "expected a swizzle `S<B,M,S>`, found `Q`"},
		{FormDescriptor, "(4,8)", "expected `@`, found `,`"},
		{FormDescriptor, "(1@0,)", "expected a basis entry `count@dim` or `(`, found `)`"},
	} {
		_, l, _ := parseAs(uncached, c.form, c.src)
		if len(l) == 0 || l[0].Message != c.msg {
			t.Errorf("%q: got %s\nwant %q", c.src, describeDiags(l), c.msg)
		}
	}
}

func TestUnclosedGroupNotesOpener(t *testing.T) {
	for src, open := range map[string]diag.Span{
		"((1@0, 8@1), 1@2": {Start: 0, End: 1},
		"(4,[8)":           {Start: 3, End: 4},
		"size(S<3,4,3)":    {Start: 6, End: 7},
	} {
		_, l, f := parseAs(uncached, FormExpr, src)
		if len(l) != 1 || l[0].Code != diag.UnclosedGroup || len(l[0].Notes) != 1 {
			t.Errorf("%q: %s", src, describeDiags(l))
			continue
		}
		if n := l[0].Notes[0]; n.Span != open || n.File != f {
			t.Errorf("%q: note at %v, want the opener at %v", src, n.Span, open)
		}
	}
}

func TestForms(t *testing.T) {
	type formCheck struct {
		form Form
		src  string
		kind string // the dump's first word
	}
	for _, c := range []formCheck{
		{FormLayout, "(4,8):(1,4)", "Layout"}, {FormLayout, "8:1", "Layout"},
		{FormTuple, "8", "Int"}, {FormTuple, "(4,8)", "Tuple"}, {FormTuple, "(1@0,1@1)", "Tuple"},
		{FormTuple, "?", "Dynamic"}, {FormTuple, "1@0", "Basis"}, {FormTuple, "_", "Underscore"},
		{FormTile, "[4:1;_]", "Tile"}, {FormSwizzle, "Sw<3,4,3>", "Swizzle"},
		{FormComposed, "S<3,4,3> o 0 o (8,64):(64,1)", "Composed"}, {FormComposed, "S<3,4,3> o 8:1", "Composed"},
		{FormDescriptor, "((1@0, 8@1), 1@2)", "Tuple"}, {FormDescriptor, "()", "Tuple"},
		{FormStmt, "A = (4,2):(1,4)", "AssignStmt"}, {FormStmt, "assert C == (2,2):(1,2)", "AssertStmt"},
		{FormStmt, "assert A ~ B", "AssertStmt"}, {FormStmt, "expect E0400 composition(A, B)", "ExpectStmt"},
		{FormStmt, "size(A) # why", "ExprStmt"}, {FormStmt, "8:1", "ExprStmt"},
	} {
		n, l, _ := parseAs(uncached, c.form, c.src)
		if n == nil {
			t.Errorf("%q: %s", c.src, describeDiags(l))
			continue
		}
		checkResult(t, c.src, n, l)
		if got := strings.Fields(dump(n))[0]; got != c.kind {
			t.Errorf("%q: a %s, want a %s", c.src, got, c.kind)
		}
	}
}

func TestBlankStatement(t *testing.T) {
	for _, src := range []string{"", "  ", "# a comment", "\t# x"} {
		if n, l := ParseStmt(diag.NewFile("<input>", []byte(src))); n != nil || l != nil {
			t.Errorf("%q: got %v, %s; a blank line holds no statement", src, n, describeDiags(l))
		}
	}
}

func TestValues(t *testing.T) {
	for src, want := range map[string]string{
		"9223372036854775807":  "Int 9223372036854775807 [0,19)\n",
		"-9223372036854775808": "Int -9223372036854775808 [0,20)\n",
		"-0":                   "Int 0 [0,2)\n",
		"_-1":                  "Int -1 static [0,3)\n",
		"1/0@0":                "Basis depth=1 [0,5)\n  Count 1/0 den@[2,3) [0,3)\n  Dim 0 [4,5)\n",
		"_1@1@0":               "Basis depth=2 [0,6)\n  Count 1 static [0,2)\n  Dim 1 [3,4)\n  Dim 0 [5,6)\n",
		"-1/-2@3":              "Basis depth=1 [0,7)\n  Count -1/-2 den@[3,5) [0,5)\n  Dim 3 [6,7)\n",
		"?{i32 div=8}":         "Dynamic width=32@[2,5) [0,12)\n  Int 8 [10,11)\n",
		"?{div=64}":            "Dynamic [0,9)\n  Int 64 [6,8)\n",
		"( 4 , )":              "Tuple rank=1 trailing-comma [0,7)\n  Int 4 [2,3)\n",
		"S<2,4,-3>":            "Swizzle S [0,9)\n  Int 2 [2,3)\n  Int 4 [4,5)\n  Int -3 [6,8)\n",
	} {
		n, l := ParseExpr(diag.NewFile("<input>", []byte(src)))
		if got := dump(n); got != want {
			t.Errorf("%q (%s):\ngot:\n%s\nwant:\n%s", src, describeDiags(l), got, want)
		}
	}
}

// TestDumps compares the dumps of representative inputs with
// testdata/dumps.txtar (CUTEC_UPDATE=1 rewrites it).
func TestDumps(t *testing.T) {
	inputs := []string{
		"composition((4,2):(1,4), 2:1)",
		"(4,(2,2)):(1,(4,8))",
		"((2,3),4):((1@0@0,1@1@0),1@1)",
		"S<3,4,3> o 0 o (8,64):(64,1)",
		"(4,5):(1,4) o (2,3):(1,2)",
		"{8} o (3,2):(15,100)",
		"[(2,3):(1,2);_;4]",
		"((4,8):(1,4))((1,3))",
		"slice_and_offset((_,7,0), (6,8,4):(48,2,288))",
		"(?{i64 div=128}, 8) : (1, ?)",
	}
	checkDumps(t, "dumps.txtar", inputs, func(src string) ast.Node {
		n, l := ParseExpr(diag.NewFile("<input>", []byte(src)))
		if l.HasErrors() {
			t.Fatalf("%q: %s", src, describeDiags(l))
		}
		return n
	})
}

// stmtSources are statements, calls and composed forms for the comparison
// of the fast and reference parsers: valid and invalid near the choices the
// hand-written parser makes (keywords, `=`, `o`, argument lists, group items).
var stmtSources = []string{
	"A = composition(B, C)", "assert A == B", "assert A ~ 8:1", "assert A", "assert == B",
	"expect E0400 f(x)", "expect f(x)", "expect E0400", "A = ", "= A", "A = B = C",
	"f(a, b)(c)(d)", "f(a,)", "f(,)", "f(a b)", "f((4,8):(1,4), [2:1;_], S<3,4,3> o 0 o 8:1)",
	"(A, B)", "(A,)", "(A,,B)", "(,)", "(4,8)(1)(2)", "((4,8):(1,4), 2)", "(f(x), 4)",
	"A o B o C o D", "A o", "o A", "{A} o B", "{A} B", "{(1,_)} o f(x)", "{A o B} o C",
	"[A;f(x);_;4:1]", "[A;]", "[;A]", "[A", "A:B", "A:(1,4)", "(4,8):B", "S<3,4,3>:8",
	"S<3,4>", "S<a,4,3>", "S<3,4,3", "X<1,2,3>(4)", "f(?{i64 div=16}, _, 1/2@0, -3)",
	"f(1@)", "f(1/2)", "f(?{})", "size((4,8):(1,4)) # comment", "f(\n4)",
	"assert composition((4,2):(1,4), (2,2):(1,2)) == (2,2):(1,2)  # paper",
}
