package verify

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"github.com/cutec/cutec/diag"
	"github.com/cutec/cutec/internal/corpus"
	"github.com/cutec/cutec/internal/gen"
	"github.com/cutec/cutec/internal/heavytest"
	"github.com/cutec/cutec/parser"
)

// fullAndFast returns two passes with the default checks: one whose Cute
// sessions read lines fast (cute_fast.go), one whose sessions never do.
func fullAndFast(t testing.TB) (fast, full *Pass) {
	t.Helper()
	fast, err := NewPass(Options{})
	if err != nil {
		t.Fatal(err)
	}
	if full, err = NewPass(Options{}); err != nil {
		t.Fatal(err)
	}
	if !fast.fastLines {
		t.Fatal("a pass with the default checks does not read lines fast")
	}
	full.fastLines = false
	return fast, full
}

// renderLines feeds lines to a session of p, a window a line as lint
// streams a file, and returns each line's diagnostics rendered as lint
// prints them (notes included), then, for every name the session defined,
// the value it holds and the note a redefinition of it gets (which shows
// the line of its first definition).
func renderLines(p *Pass, lines []string) []string {
	c := p.NewCute()
	out := make([]string, 0, len(lines))
	off := 0
	render := func(w *diag.File) string {
		var b bytes.Buffer
		diag.RenderAll(&b, diag.Text{}, c.Line(w))
		return b.String()
	}
	for i, line := range lines {
		out = append(out, render(diag.NewWindow("t.cute", []byte(line), off, i+1, 1)))
		off += len(line) + 1
	}
	for i, name := range c.env.Names() {
		v, _ := c.env.Lookup(name)
		redef := diag.NewWindow("t.cute", []byte(name+" = 1:0"), off, len(lines)+i+1, 1)
		out = append(out, fmt.Sprintf("%s holds %s\n%s", name, v, render(redef)))
		off += len(redef.Src) + 1
	}
	return out
}

// checkSame runs lines through both paths and reports every difference; it
// returns how many lines the fast reader takes in a session of their own.
func checkSame(t *testing.T, fast, full *Pass, what string, lines []string) (taken int) {
	t.Helper()
	got, want := renderLines(fast, lines), renderLines(full, lines)
	if len(got) != len(want) {
		t.Errorf("%s: %d results with the fast reader, %d without (names defined differ)", what, len(got), len(want))
	}
	for i := range min(len(got), len(want)) {
		if got[i] != want[i] {
			line := "(the names)"
			if i < len(lines) {
				line = strconv.Quote(lines[i])
			}
			t.Errorf("%s: line %d %s:\nfast reader:\n%s\nfull path:\n%s", what, i+1, line, got[i], want[i])
		}
	}
	c := fast.NewCute()
	for i, line := range lines {
		if c.fastLine(diag.NewWindow("t.cute", []byte(line), 0, i+1, 1)) {
			taken++
		}
	}
	return taken
}

// freshLayouts returns the distinct layouts of a generated MLIR file whose
// payloads are all drawn fresh, the lines of docs/performance.md's file of
// fresh layouts.
func freshLayouts(t *testing.T, seed uint64, size int64) []string {
	t.Helper()
	var mlir bytes.Buffer
	if _, err := gen.MLIR(&mlir, gen.Options{Seed: seed, Size: size, Unique: 1}); err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	var out []string
	const open = `cute.layout<"`
	for rest := mlir.String(); ; {
		i := strings.Index(rest, open)
		if i < 0 {
			return out
		}
		rest = rest[i+len(open):]
		j := strings.IndexByte(rest, '"')
		if j < 0 {
			return out
		}
		if l := rest[:j]; !seen[l] {
			seen[l] = true
			out = append(out, l)
		}
		rest = rest[j:]
	}
}

// TestCuteFastEqualsFull holds the fast reader of .cute lines to the full
// path: on generated files of layouts and definitions, a generated suite,
// edge lines and random lines, every line gets the same diagnostics and
// every name the same value and site with the reader as without it.
func TestCuteFastEqualsFull(t *testing.T) {
	fast, full := fullAndFast(t)
	// 64 KiB of fresh layouts and 5000 random lines by default; 256 KiB and
	// 20000 with CUTEC_HEAVY=1.
	size, lines := int64(64<<10), 5000
	if heavytest.Enabled() {
		size, lines = 256<<10, 20000
	}

	layouts := freshLayouts(t, 1, size)
	if taken := checkSame(t, fast, full, "fresh layouts", layouts); taken < len(layouts)*9/10 {
		// The generator makes clean layouts (internal/gen), so nearly all
		// of them are read fast; those with a dynamic leaf are not.
		t.Errorf("the fast reader took %d of %d fresh layouts, want at least 90 %%", taken, len(layouts))
	}
	var defs []string
	for i, l := range layouts {
		defs = append(defs, fmt.Sprintf("L%d = %s", i, l))
		if i%3 == 0 {
			defs = append(defs, fmt.Sprintf("assert coalesce(L%d) ~ %s", i, l), fmt.Sprintf("L%d", i))
		}
	}
	if taken := checkSame(t, fast, full, "definitions", defs); taken < len(layouts)*9/10 {
		t.Errorf("the fast reader took %d lines of %d definitions, want at least 90 %%", taken, len(layouts))
	}

	var suite bytes.Buffer
	if _, err := gen.Cute(&suite, gen.Options{Seed: 2, Size: 64 << 10, Unique: 0.5, Errors: 0.05}); err != nil {
		t.Fatal(err)
	}
	checkSame(t, fast, full, "a generated suite", strings.Split(suite.String(), "\n"))

	checkSame(t, fast, full, "edge lines", edgeLines)
	checkSame(t, fast, full, "the corpus", corpusLines(t))
	random := randomLines(rand.New(rand.NewPCG(3, 4)), lines)
	checkSame(t, fast, full, "random lines", random)
	asserts := randomAsserts(rand.New(rand.NewPCG(5, 6)), random)
	if taken := checkSame(t, fast, full, "random assertions", asserts); taken < len(asserts)/10 {
		t.Errorf("the fast reader took %d of %d random assertions, want at least 10 %%", taken, len(asserts))
	} else {
		t.Logf("the fast reader took %d of %d random assertions", taken, len(asserts))
	}
}

// randomAsserts returns definitions of the names A, B and C from lines,
// then assertions between them, layouts of lines and the operations of
// fastOps on them, about half of which hold.
func randomAsserts(r *rand.Rand, lines []string) []string {
	out := []string{"A = (4,8):(1,4)", "B = 16:2", "C = (2,2):(1,2)"}
	side := func() string {
		x := []string{"A", "B", "C", "D", lines[r.IntN(len(lines))]}[r.IntN(5)]
		if i := strings.LastIndex(x, "="); i >= 0 {
			x = x[i+1:] // the layout of a definition
		}
		switch r.IntN(4) {
		case 0:
			x = []string{"coalesce", "complement", "right_inverse", "left_inverse", "size", "cosize"}[r.IntN(6)] + "(" + x + ")"
		case 1:
			y := []string{"A", "B", "C", "4:1", "(2,2):(1,2)", "[2:1;_]", "(2,2)", "4", "8:2"}[r.IntN(9)]
			x = []string{"composition", "logical_divide", "logical_product", "zipped_divide", "blocked_product", "complement"}[r.IntN(6)] + "(" + x + ", " + y + ")"
		case 2:
			x = "(" + x + ")(" + strconv.Itoa(r.IntN(40)) + ")"
		}
		return x
	}
	for range 5000 {
		x := side()
		y := x
		switch r.IntN(4) {
		case 0:
			y = side()
		case 1:
			y = "coalesce(" + x + ")"
		case 2:
			y = strconv.Itoa(r.IntN(64))
		}
		out = append(out, "assert "+x+[]string{" == ", " ~ ", "==", "~"}[r.IntN(4)]+y)
	}
	return out
}

// edgeLines are lines at the borders of what the fast reader takes.
var edgeLines = []string{
	"(4,8):(1,4)", "  (4,8):(1,4)  ", "\t(4,8):(1,4)\t", "(4,8):(1,4)\r", "(4, 8):(1, 4)", "(4,8) : (1,4)",
	"(4,8):(1,2)", "(4,4):(1,3)", "(4,8):(0,1)", "(4,8):(1,0)", "8:0", "1:0", "1:1", "1:7", "8:-1", "8:-0",
	"(4,8):(1,-4)", "(4,8):(-8,-1)", "((2,2),2):((1,2),4)", "(2,(2,2)):(1,(2,4))", "(((((((((2))))))))):(((((((((1)))))))))",
	"(2):(1)", "((2)):((1))", "(2,):(1,)", "0:1", "(4,0):(1,4)", "08:1", "8:01", "+8:1", "8:+1",
	"9007199254740992:1", "9007199254740993:1", "4611686018427387904:1", "(4294967296,4294967296):(1,4294967296)",
	"(65536,65536,65536,65536):(1,65536,4294967296,281474976710656)", "(2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2):(1,2,4,8,16,32,64,128,256,512,1024,2048,4096,8192,16384,32768)",
	"(2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2):(1,2,4,8,16,32,64,128,256,512,1024,2048,4096,8192,16384,32768,65536)",
	"(4,8):(1,4) # a comment", "(4,8):(1,4) // a comment", "(4,8):(1,4);", "(4,8):(1,4)x", "(4,8):(1,4) o 0 o 8:1",
	"A = (4,8):(1,4)", "A = (4,8):(1,4)", "A=8:1", "B  =\t8:1", "B == 8:1", "C = (4,8):(1,2)", "D = (4, 8):(1, 4)",
	"o = 8:1", "let = 8:1", "assert = 8:1", "expect = 8:1", "size = 8:1", "composition = 8:1", "S = 8:1", "S<3,4,3>",
	"_x = 8:1", "x_ = 8:1", "X1 = 8:1", "1X = 8:1", "Ä = 8:1", "let M{div=8}", "M = 8:1", "E = M", "F = 8:1 8:1",
	"assert 8:1 == 8:1", "assert A == (4,8):(1,4)", "A", "size(A)", "", "   ", "#", "8", "(4,8)", "(4,8):", ":(1,4)",
	"(4,8):(1,4,2)", "(4,(8,2)):(1,(4,32))", "(4,(8,2)):(1,4,32)", "((4,8)):((1,4))", "(?,8):(1,?)", "[4:1;8:1]",
	// Assertions: A is (4,8):(1,4), C is (4,8):(1,2) and M the symbol M.
	"assert A == (4,8):(1,4)", "assert A == (4, 8):(1, 4)", "assert A ~ 32:1", "assert A == 32:1", "assert A ~ 16:1",
	"assert coalesce(A) == 32:1", "assert coalesce(A) ~ A", "assert coalesce( A ) == 32:1", "assert coalesce(A)==32:1",
	"assert complement(A) == 1:32", "assert complement(A) == 1:0", "assert complement(8:2) == 2:1", "assert complement(C) == 1:0",
	"assert right_inverse(A) == 32:1", "assert right_inverse((4,8):(8,1)) == (8,4):(4,1)", "assert left_inverse(C) == 8:1",
	"assert left_inverse(A) ~ A", "assert coalesce(complement(A)) ~ 1:0", "assert coalesce(A, 1) == 32:1", "assert complement(A, 64) == 2:32",
	"assert size(A) == 32", "assert Z == A", "assert M == A", "assert o == A", "assert A == A", "assert A ~ A", "assert A ~~ A",
	"assert C == C", "assert C ~ (4,8):(1,2)", "assert (4,8):(1,2) == C", "assert 8:0 ~ 8:0", "assert 1:0 ~ 1:1", "assert (1,8):(0,1) ~ 8:1",
	"assert (65536,65536,65536,65536):(1,65536,4294967296,281474976710656) ~ (65536,65536,65536,65536):(1,65536,4294967296,281474976710656)",
	"assert 9007199254740992:1 ~ 9007199254740992:1", "assert 9007199254740993:1 ~ 9007199254740993:1",
	"assert A == (4,8):(1,4) # c", "assertA == A", "assert\tA == A", " assert A == A ", "assert A == A o 0 o A", "assert A(3) == 3",
	"assert (65536,65536,65536,65536):(1,65536,4294967296,281474976710656) == (65536,65536,65536,65536):(1,65536,4294967296,281474976710656)",
	"assert coalesce(A]== 32:1", "assert coalesce(A == 32:1", "assert coalesce(A)) == 32:1", "expect E0800 assert A == C", "# a comment", "  # a comment", "#\x01", "# \xff", "# é", "\t", "\r", "#\t# c",
	"assert size(A) == 0032", "assert size(A) == 32", "assert size(A) ~ 32", "assert 32 == size(A)", "assert 99999999999999999999 == 99999999999999999999",
	"assert 9007199254740992 == 9007199254740992", "assert 9007199254740993 == 9007199254740993", "assert -3 == -3", "assert 0 == 0", "assert 00 == 0",
	"assert composition(A, 8:1) ~ 8:1", "assert composition(A, 8:4) == 8:16", "assert composition(A, 64:1) ~ 64:1", "assert logical_divide(A, 4:1) == A",
	"assert logical_divide(A, [2:1;_]) == logical_divide(A, [2:1;_])", "assert logical_divide(A, (2,4)) ~ A", "assert ((4,8):(1,4))(13) == 13", "assert (A)(13) == 13",
	"assert A(13) == 13", "assert ((4,8):(1,4))(40) == 40", "assert complement(A, 64) == 2:32", "assert complement(A, 0) == 1:0", "assert A == B == A",
	"assert A ~ 32", "assert size(A) == A", "assert size(8u:1) == 8", "assert logical_product(A, B) ~ logical_product(A, B)", "assert size(M) == 8",
	"assert coalesce(A) == 32:1 # c ~ x", "assert coalesce(A) == 32:1 # c \xff", "assert S<3,4,3> == S<3,4,3>", "assert _ == _",
	"(4,8):(1,4) #", "(4,8):(1,4)#c", "(4,8):(1,4)\t# a comment\t", "(4,8):(1,4) # \x7f", "(4,8):(1,4) # \x01",
	"(4,8):(1,4) # é", "(4,8):(1,4) # \xff", "G = (4,8):(1,4) # c", "assert A == (4,8):(1,4)   # c", "assert A == (4,8):(1,4)#", "(4,8):(1,2) # c", "coalesce = 8:1", "assert coalesce(A) == 32:1", "A2 = coalesce(A)", "assert A2 == 32:1",
}

// randomLines returns n lines of layout-like text: layouts of random
// nesting, extents and strides (zeros, negatives, large values, aliasing),
// spaces here and there, names and junk before and after.
func randomLines(r *rand.Rand, n int) []string {
	names := []string{"A", "B", "L1", "o", "let", "size", "S", "x_1", "assert", "M", "Z9"}
	ints := []string{"0", "1", "2", "3", "4", "8", "16", "-1", "-4", "-0", "07", "9007199254740992", "9007199254740993", "4294967296", "?"}
	var out []string
	for range n {
		var b strings.Builder
		if r.IntN(3) == 0 {
			b.WriteString(names[r.IntN(len(names))])
			b.WriteString([]string{" = ", "=", " == ", " =  ", " "}[r.IntN(5)])
		}
		var shape, stride strings.Builder
		randomPair(r, &shape, &stride, ints, 0)
		if r.IntN(8) == 0 { // a stride of another profile
			stride.Reset()
			var junk strings.Builder
			randomPair(r, &junk, &stride, ints, 0)
		}
		sp := func() string { return []string{"", "", "", "", " ", "\t"}[r.IntN(6)] }
		b.WriteString(sp() + shape.String() + sp() + ":" + sp() + stride.String() + sp())
		if r.IntN(10) == 0 {
			b.WriteString([]string{"#c", " x", ")", "\r", " o 0"}[r.IntN(5)])
		}
		out = append(out, b.String())
	}
	return out
}

// randomPair appends a random shape and a stride of the same profile.
func randomPair(r *rand.Rand, shape, stride *strings.Builder, ints []string, depth int) {
	if depth > 3 || r.IntN(3) > 0 {
		if r.IntN(2) == 0 { // mostly small powers of two, compact strides
			shape.WriteString(strconv.Itoa(1 << r.IntN(5)))
			stride.WriteString(strconv.Itoa(1 << r.IntN(8)))
			return
		}
		shape.WriteString(ints[r.IntN(len(ints))])
		stride.WriteString(ints[r.IntN(len(ints))])
		return
	}
	shape.WriteByte('(')
	stride.WriteByte('(')
	for i := range 1 + r.IntN(4) {
		if i > 0 {
			shape.WriteByte(',')
			stride.WriteByte(',')
		}
		randomPair(r, shape, stride, ints, depth+1)
	}
	shape.WriteByte(')')
	stride.WriteByte(')')
}

// FuzzCuteFast holds the fast reader to the full path on any text, a line
// at a time.
func FuzzCuteFast(f *testing.F) {
	for _, l := range edgeLines {
		f.Add(l)
	}
	f.Add("A = (4,8):(1,4)\nA = 8:1\nB = (2,2):(1,2)\nassert A == B")
	f.Add("A = (4,8):(1,4)\nC = (4,8):(1,2)\nassert coalesce(A) ~ 32:1\nassert complement(C) == 1:0\nassert right_inverse(A) == A")
	fast, full := fullAndFast(f)
	f.Fuzz(func(t *testing.T, text string) {
		lines := strings.Split(text, "\n")
		got, want := renderLines(fast, lines), renderLines(full, lines)
		if strings.Join(got, "\x00") != strings.Join(want, "\x00") {
			t.Errorf("%q:\nfast reader:\n%s\nfull path:\n%s", text, strings.Join(got, "\n"), strings.Join(want, "\n"))
		}
	})
}

// TestReadsFastOnlyWithKnownChecks checks that a pass reads no line fast
// when it runs a check the reader does not decide (the optional
// redundant-mode check, W0902 on `(4,1):(1,4)`), checks IR, or limits the
// nesting below what the reader reads (E0105 on the full path).
func TestReadsFastOnlyWithKnownChecks(t *testing.T) {
	for _, c := range []struct {
		opts Options
		line string
		want diag.Code
	}{
		{Options{Enable: []string{"redundant-mode"}}, "(4,1):(1,4)", diag.RedundantMode},
		{Options{Parser: parser.Options{MaxDepth: 2}}, "(((4,1))):(((1,4)))", diag.NestingTooDeep},
	} {
		p, err := NewPass(c.opts)
		if err != nil {
			t.Fatal(err)
		}
		if p.fastLines {
			t.Errorf("%+v: the pass reads lines fast", c.opts)
		}
		got := p.NewCute().Line(diag.NewWindow("t.cute", []byte(c.line), 0, 1, 1))
		if len(got) != 1 || got[0].Code != c.want {
			t.Errorf("%+v: %q gave %v, want %s", c.opts, c.line, got, c.want)
		}
	}
	if p, err := NewPass(Options{IR: true}); err != nil || p.fastLines {
		t.Errorf("a pass for IR reads lines fast (err %v)", err)
	}
}

// corpusLines are the lines of internal/corpus, as lines of a .cute file:
// every expression of the reference sets and every line of the golden
// files of mode cute (the test matrix of cmd/cutec reads the same cases).
func corpusLines(t *testing.T) []string {
	t.Helper()
	exprs, err := corpus.Exprs("..")
	if err != nil {
		t.Fatal(err)
	}
	var lines []string
	for _, c := range exprs {
		lines = append(lines, strings.Split(c.Text, "\n")...)
	}
	docs, err := corpus.Goldens("..")
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range docs {
		if d.Mode == "cute" {
			lines = append(lines, strings.Split(d.Input, "\n")...)
		}
	}
	return lines
}
