package parser

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/cutec/cutec/diag"
	"github.com/cutec/cutec/internal/ebnfcheck"
)

// firstDiag summarizes the first diagnostic of a list.
func firstDiag(l diag.List) string {
	if len(l) == 0 {
		return ""
	}
	return fmt.Sprintf("%s %s %v", l[0].Code, l[0].Message, l[0].Span)
}

// seedAll adds the test tables to a fuzz corpus.
func seedAll(f *testing.F) {
	for _, s := range validExprs {
		f.Add(s)
	}
	for _, c := range invalidCases {
		f.Add(c.src)
	}
	for _, s := range cppSources {
		f.Add(s)
	}
}

// fuzzForm checks the parse invariants and that the fast parser agrees with
// the tagged grammar alone.
func fuzzForm(t *testing.T, form Form, src string) {
	n, l, _ := parseAs(uncached, form, src)
	checkResult(t, src, n, l)
	n2, l2, _ := parseAs(reference, form, src)
	if dump(n) != dump(n2) || firstDiag(l) != firstDiag(l2) {
		t.Errorf("%q: fast and reference parsers disagree:\n%s%s\n%s%s", src, dump(n), firstDiag(l), dump(n2), firstDiag(l2))
	}
	checkExpectation(t, form, src)
	checkRootStructs(t, form, src)
}

func FuzzParseExpr(f *testing.F) {
	seedAll(f)
	f.Fuzz(func(t *testing.T, src string) { fuzzForm(t, FormExpr, src) })
}

func FuzzParseLayout(f *testing.F) {
	seedAll(f)
	f.Fuzz(func(t *testing.T, src string) { fuzzForm(t, FormLayout, src) })
}

var descriptorEBNF = sync.OnceValue(func() *ebnfcheck.Grammar {
	src, err := os.ReadFile(filepath.Join("..", "grammar", "descriptor.ebnf"))
	if err != nil {
		panic(err)
	}
	g, err := ebnfcheck.Parse(string(src))
	if err != nil {
		panic(err)
	}
	return g
})

// checkDescriptorEBNF checks ParseDescriptor against the descriptor EBNF: it
// accepts exactly what the EBNF derives (spaces and tabs around the whole
// input aside), except integers beyond int64 (E0104).
func checkDescriptorEBNF(t *testing.T, src string) {
	n, l, _ := parseAs(uncached, FormDescriptor, src)
	checkResult(t, src, n, l)
	want := descriptorEBNF().Match("layout", strings.Trim(src, " \t"))
	if n == nil && want && l[0].Code == diag.IntOutOfRange {
		return
	}
	if got := n != nil; got != want {
		t.Errorf("%q: accepted=%v but the EBNF says %v (%s)", src, got, want, describeDiags(l))
	}
}

func TestDescriptorMatchesEBNF(t *testing.T) {
	inputs := []string{
		"()", "( )", "(1@0, 1@1)", "(16@0, 1@1)", "((1@0, 8@1), 1@2)", "(1/2@0, 4@1)", "(1@0@1)",
		"(1 @ 0)", "(-0@0)", "(-1/-2@3)", "(1@01)", "(())", "(\t1@0\t,\t1@1\t)", "(1/0@0)", " (1@0) ",
		"(99999999999999999999@0)", "1@0", "(1@0", "(1@0,)", "(,)", "(1)", "(4,8)", "(1 / 2@0)",
		"(- 1@0)", "(1@-1)", "(_1@0)", "(1@0)(1@1)", "(1@0) x", "(1@0 1@1)", "(1@)", "(@0)",
		"(?)", "(_)", "(1@0)#c", "(1@0\n)", "(1.5@0)", "[1@0]", "(1/2/3@0)", "(+1@0)", "",
	}
	for _, s := range inputs {
		checkDescriptorEBNF(t, s)
	}
}

func FuzzParseDescriptor(f *testing.F) {
	seedAll(f)
	for _, s := range []string{"(1@0, 1@1)", "((1@0, 8@1), 1@2)", "(1/2@0, 4@1)", "(1@0@1)", "()", "(1 @ 0 , 2 @ 1)"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		if len(src) > 512 { // the EBNF oracle is slow on long inputs
			return
		}
		checkDescriptorEBNF(t, src)
		fuzzForm(t, FormDescriptor, src)
	})
}

// FuzzParseStmt compares the fast and reference parsers on one .cute line.
func FuzzParseStmt(f *testing.F) {
	seedAll(f)
	for _, s := range strings.Split(sampleCute, "\n") {
		f.Add(s)
	}
	for _, s := range stmtSources {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		if n, l, _ := parseAs(uncached, FormStmt, src); n == nil && len(l) == 0 {
			// A blank or comment-only line is no statement and no error.
			if n2, l2, _ := parseAs(reference, FormStmt, src); n2 != nil || len(l2) != 0 {
				t.Errorf("%q: blank for the fast parser only: %s", src, describeDiags(l2))
			}
			return
		}
		fuzzForm(t, FormStmt, src)
	})
}

func FuzzParseCuteFile(f *testing.F) {
	f.Add(sampleCute)
	f.Add("A = (4,8):(1,,4)\nB = 8:1\nC = size(\n\nD = 1@-1 # x\nE = $\n")
	f.Add("\ufeffA = 8:1\r\nassert A == 8:1\r\n# end\r\n")
	for _, s := range validExprs {
		f.Add(s + "\n" + s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		file, l := uncached.ParseCuteFile(diag.NewFile("f.cute", []byte(src)))
		if file == nil {
			checkResult(t, src, nil, l)
			return
		}
		checkResult(t, src, file, l)
		for _, s := range file.Stmts {
			if bytes.IndexByte([]byte(src[s.Pos():s.End()]), '\n') >= 0 {
				t.Errorf("%q: statement [%d,%d) spans lines", src, s.Pos(), s.End())
			}
		}
	})
}

func FuzzScanMLIR(f *testing.F) {
	f.Add(sampleMLIR)
	f.Add(`x : !cute.layout<"`)
	f.Add("a !cute.layout<\"(4,8):(1,4)\n!cute.tile<\"[_]\">")
	f.Add(`#cute.swizzle<"S<3,4,3>"> !cute.coord<"(1,_)"> #cute.stride<"(1@0,1@1)">`)
	f.Fuzz(func(t *testing.T, src string) {
		file := diag.NewFile("f.mlir", []byte(src))
		ws, l := scanAll(file)
		for _, d := range l {
			// An open quote that never closes, or a wrapper whose operand is
			// not a string (the dialect's "expected string").
			known := d.Code == diag.UnterminatedQuote || d.Code == diag.UnexpectedToken
			if !known || d.Span.Start < 0 || d.Span.Start > d.Span.End || d.Span.End > len(src) {
				t.Fatalf("%q: bad diagnostic %s %v", src, d.Code, d.Span)
			}
		}
		prev := 0
		for _, w := range ws {
			bare := w.Bare && w.PayloadStart == w.Start && w.PayloadStart+len(w.Payload) == w.End
			if w.Start < prev || !bare && (w.PayloadStart <= w.Start || w.PayloadStart+len(w.Payload) >= w.End) || w.End > len(src) {
				t.Fatalf("%q: bad wrapper offsets %+v", src, w)
			}
			if bytes.ContainsAny(w.Payload, "\"\n") || string(w.Payload) != src[w.PayloadStart:w.PayloadStart+len(w.Payload)] {
				t.Fatalf("%q: bad payload %q", src, w.Payload)
			}
			prev = w.End
			n, pl := uncached.ParseWrapper(file, w)
			checkResult(t, string(w.Payload), n, pl)
		}
		checkChunked(t, src, ws)
	})
}

// checkChunked scans src line by line and wants the wrappers of a whole scan.
func checkChunked(t *testing.T, src string, whole []Wrapper) {
	var got []int
	off := 0
	for i, line := range strings.SplitAfter(src, "\n") {
		ws, _ := scanAll(diag.NewWindow("f.mlir", []byte(line), off, i+1, 1))
		for _, w := range ws {
			got = append(got, off+w.PayloadStart)
		}
		off += len(line)
	}
	if len(got) != len(whole) {
		t.Fatalf("%q: %d wrappers line by line, %d whole", src, len(got), len(whole))
	}
	for i := range got {
		if got[i] != whole[i].PayloadStart {
			t.Fatalf("%q: wrapper %d at %d line by line, %d whole", src, i, got[i], whole[i].PayloadStart)
		}
	}
}
