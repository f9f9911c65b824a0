package parser

import (
	"strings"
	"testing"

	"github.com/cutec/cutec/ast"
	"github.com/cutec/cutec/diag"
)

const sampleCute = `# comments start with #
A = (4,2):(1,4)
B = (2,2):(1,2)

C = composition(A, B)
assert C == (2,2):(1,2)
assert coalesce((2,(1,6)):(1,(6,2))) == 12:1
assert (2,4):(4,1) ~ 8:1
expect E0400 composition((4,6,8):(2,3,5), 6:3)    # this must fail with that code
(4,8):(1,4)
`

func TestCuteFile(t *testing.T) {
	f, l := ParseCuteFile(diag.NewFile("a.cute", []byte(sampleCute)))
	if f == nil || len(l) != 0 {
		t.Fatalf("%s", describeDiags(l))
	}
	var kinds []string
	for _, s := range f.Stmts {
		kinds = append(kinds, strings.Fields(ast.Sprint(s))[0])
	}
	want := "AssignStmt AssignStmt AssignStmt AssertStmt AssertStmt AssertStmt ExpectStmt ExprStmt"
	if got := strings.Join(kinds, " "); got != want {
		t.Errorf("statements %s, want %s", got, want)
	}
	checkResult(t, sampleCute, f, l)
	e := f.Stmts[6].(*ast.ExpectStmt)
	if e.Code != "E0400" || f.File.Position(e.CodeSpan.Start).Line != 9 || f.File.Position(e.CodeSpan.Start).Col != 8 {
		t.Errorf("expect code %q at %v", e.Code, f.File.Position(e.CodeSpan.Start))
	}
	if a := f.Stmts[5].(*ast.AssertStmt); a.Op != ast.Same {
		t.Errorf("assert op %v, want ~", a.Op)
	}
}

func TestCuteFileReportsEveryBadLine(t *testing.T) {
	src := "A = (4,8):(1,,4)\nB = 8:1\nC = size(\n\nD = 1@-1 # x\nE = $\n"
	f, l := ParseCuteFile(diag.NewFile("bad.cute", []byte(src)))
	if f != nil {
		t.Fatal("a file with errors must not be returned")
	}
	type at struct {
		code      diag.Code
		line, col int
	}
	want := []at{{diag.UnexpectedToken, 1, 14}, {diag.UnclosedGroup, 3, 10}, {diag.UnexpectedToken, 5, 7}, {diag.InvalidCharacter, 6, 5}}
	if len(l) != len(want) {
		t.Fatalf("got %s", describeDiags(l))
	}
	for i, d := range l {
		p := d.Start()
		if d.Code != want[i].code || p.Line != want[i].line || p.Col != want[i].col || d.File.Name != "bad.cute" {
			t.Errorf("diagnostic %d: %s at %d:%d, want %s at %d:%d", i, d.Code, p.Line, p.Col, want[i].code, want[i].line, want[i].col)
		}
	}
}

func TestCuteFileCRLFAndBOM(t *testing.T) {
	src := "\ufeffA = 8:1\r\nassert A == 8:1\r\n# end\r\n"
	f, l := ParseCuteFile(diag.NewFile("w.cute", []byte(src)))
	if f == nil || len(f.Stmts) != 2 {
		t.Fatalf("%s", describeDiags(l))
	}
	checkResult(t, src, f, l)
	if a := f.Stmts[0].(*ast.AssignStmt); a.Span.Start != 3 || a.Span.End != 10 {
		t.Errorf("first statement at %v, want [3,10) after the BOM and before the CR", a.Span)
	}
	// A bad line in a CRLF file: the column is in bytes on the original line.
	_, l = ParseCuteFile(diag.NewFile("w.cute", []byte("A = 8:1\r\nB = (4,,8)\r\n")))
	if len(l) != 1 || l[0].Start().Line != 2 || l[0].Start().Col != 8 {
		t.Errorf("got %s at %v", describeDiags(l), l[0].Start())
	}
}

func TestCuteFileEmpty(t *testing.T) {
	for _, src := range []string{"", "\n\n", "# nothing\n", "\ufeff"} {
		f, l := ParseCuteFile(diag.NewFile("e.cute", []byte(src)))
		if f == nil || len(f.Stmts) != 0 || len(l) != 0 {
			t.Errorf("%q: %v %s", src, f, describeDiags(l))
		}
	}
}

func TestCuteFileBOMOnlyAtStart(t *testing.T) {
	_, l := ParseCuteFile(diag.NewFile("b.cute", []byte("A = 8:1\n\ufeffB = 8:1\n")))
	if len(l) != 1 || l[0].Code != diag.InvalidCharacter || l[0].Start().Line != 2 {
		t.Errorf("got %s", describeDiags(l))
	}
}
