package parser

import (
	"strconv"
	"strings"
	"testing"

	"github.com/cutec/cutec/ast"
	"github.com/cutec/cutec/diag"
	"github.com/cutec/cutec/internal/syntax"
)

// nestedDescriptor writes a descriptor of n modes, each a pair of basis
// entries such as (1@0,8@1) or (1/2@2,4@0@1), and returns it with its number
// of leaves (2n).
func nestedDescriptor(n int) (string, int) {
	var b strings.Builder
	b.WriteByte('(')
	for i := range n {
		if i > 0 {
			b.WriteByte(',')
		}
		d := strconv.Itoa(i)
		if i%2 == 0 {
			b.WriteString("(1@" + d + ",8@" + d + "@1)")
		} else {
			b.WriteString("(1/2@" + d + ",?@0@" + d + ")")
		}
	}
	b.WriteByte(')')
	return b.String(), 2 * n
}

// allocsPerParse returns the allocations of one uncached parse of src as
// form, after a few parses have warmed the pooled token buffer.
func allocsPerParse(t *testing.T, form Form, src string) float64 {
	t.Helper()
	if raceEnabled {
		t.Skip("the race detector makes sync.Pool drop pooled buffers at random")
	}
	p := New(Options{CacheSize: -1})
	f := diag.NewFile("a", []byte(src))
	parse := func() {
		if n, l := p.Parse(form, f); n == nil {
			t.Fatalf("%q: %s", src, describeDiags(l))
		}
	}
	for range 4 {
		parse()
	}
	return testing.AllocsPerRun(200, parse)
}

// TestDescriptorAllocsConstant checks that a descriptor's parse does not
// allocate per leaf: its basis entries, dimensions, tuples and elements come
// from a block, or beyond the blocks from one slice of each kind. Before,
// each entry took a struct of the fast path, its dimensions and their list,
// and an ast.Basis with its Dims: 30 allocations for 8 leaves, so that a
// descriptor of 256 leaves would take hundreds.
func TestDescriptorAllocsConstant(t *testing.T) {
	small := allocsPerParse(t, FormDescriptor, "((1@0,8@1),(1/2@2,4@0@1))")
	for _, modes := range []int{1, 2, 4, 16, 128} {
		src, leaves := nestedDescriptor(modes)
		got := allocsPerParse(t, FormDescriptor, src)
		t.Logf("%d leaves: %v allocations a parse", leaves, got)
		// Beyond the blocks, the nodes take one slice each of tuples, basis
		// entries, dimensions and elements instead of one block: 3 more.
		if got > small+3 {
			t.Errorf("descriptor of %d leaves: %v allocations a parse, want at most %v (those of 4 leaves and 3)", leaves, got, small+3)
		}
	}
	// The tree is whole: every leaf is a basis entry with its dimensions.
	src, leaves := nestedDescriptor(128)
	n, l := ParseDescriptor(diag.NewFile("a", []byte(src)))
	if n == nil {
		t.Fatal(describeDiags(l))
	}
	bases := 0
	ast.Inspect(n, func(x ast.Node) bool {
		if b, ok := x.(*ast.Basis); ok {
			bases++
			if len(b.Dims) == 0 || cap(b.Dims) != len(b.Dims) {
				t.Errorf("basis %v: dims %v with capacity %d", b.Span, b.Dims, cap(b.Dims))
			}
		}
		return true
	})
	if bases != leaves {
		t.Errorf("%d basis entries, want %d", bases, leaves)
	}
}

// TestBasisStrideAllocsConstant checks the same of a layout whose stride is
// written in basis entries, as the dialect writes identity layouts: the
// entries and their dimensions take one slice of each kind whatever the
// rank.
func TestBasisStrideAllocsConstant(t *testing.T) {
	layout := func(rank int) string {
		shape, stride := make([]string, rank), make([]string, rank)
		for i := range rank {
			shape[i], stride[i] = "2", "1@"+strconv.Itoa(i)
		}
		return "(" + strings.Join(shape, ",") + "):(" + strings.Join(stride, ",") + ")"
	}
	two := allocsPerParse(t, FormExpr, layout(2))
	if eight := allocsPerParse(t, FormExpr, layout(8)); eight > two+1 {
		t.Errorf("a rank-8 layout of basis strides: %v allocations a parse, rank 2: %v; want at most one more (a larger block)", eight, two)
	}
}

// TestCountNodesBases checks the bounds of basis entries, counted by hand:
// each `@` is a dimension, an `@` after a dimension adds one to its entry,
// and the numbers around an `@` are not integers.
func TestCountNodesBases(t *testing.T) {
	for _, c := range []struct {
		src               string
		ints, bases, dims int
	}{
		{"(1@0,1@1)", 0, 2, 2},
		{"((1@0,8@1),(1/2@2,4@0@1))", 0, 4, 5},
		{"(4,8):(1@1@0,?@0)", 2, 2, 3},
		{"(_2,-3):(_1@0,-1@1)", 2, 2, 2},
		{"(4,8):(1,4)", 4, 0, 0},
	} {
		var lx syntax.Lexer
		var toks syntax.Tokens
		lx.Reset("a", c.src, 0, syntax.Lenient, 0)
		if err := toks.Lex(&lx); err != nil {
			t.Fatalf("%q: %v", c.src, err)
		}
		b := countNodes(&toks)
		if b.ints != c.ints || b.bases != c.bases || b.dims != c.dims {
			t.Errorf("%q: ints %d, bases %d, dims %d; want %d, %d, %d", c.src, b.ints, b.bases, b.dims, c.ints, c.bases, c.dims)
		}
	}
}
