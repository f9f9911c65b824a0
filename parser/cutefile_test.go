package parser

import (
	"strings"
	"testing"

	"github.com/cutec/cutec/ast"
	"github.com/cutec/cutec/diag"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
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
	require.NotNil(t, f, describeDiags(l))
	require.Empty(t, l)
	var kinds []string
	for _, s := range f.Stmts {
		kinds = append(kinds, strings.Fields(ast.Sprint(s))[0])
	}
	assert.Equal(t, "AssignStmt AssignStmt AssignStmt AssertStmt AssertStmt AssertStmt ExpectStmt ExprStmt", strings.Join(kinds, " "))
	checkResult(t, sampleCute, f, l)
	e := f.Stmts[6].(*ast.ExpectStmt)
	assert.Equal(t, diag.Code("E0400"), e.Code)
	assert.Equal(t, 9, f.File.Position(e.CodeSpan.Start).Line)
	assert.Equal(t, 8, f.File.Position(e.CodeSpan.Start).Col)
	assert.Equal(t, ast.Same, f.Stmts[5].(*ast.AssertStmt).Op)
}

func TestCuteFileReportsEveryBadLine(t *testing.T) {
	src := "A = (4,8):(1,,4)\nB = 8:1\nC = size(\n\nD = 1@-1 # x\nE = $\n"
	f, l := ParseCuteFile(diag.NewFile("bad.cute", []byte(src)))
	require.Nil(t, f, "a file with errors must not be returned")
	type at struct {
		code      diag.Code
		line, col int
	}
	want := []at{{diag.UnexpectedToken, 1, 14}, {diag.UnclosedGroup, 3, 10}, {diag.UnexpectedToken, 5, 7}, {diag.InvalidCharacter, 6, 5}}
	var got []at
	for _, d := range l {
		assert.Equal(t, "bad.cute", d.File.Name)
		got = append(got, at{d.Code, d.Start().Line, d.Start().Col})
	}
	assert.Equal(t, want, got, describeDiags(l))
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
