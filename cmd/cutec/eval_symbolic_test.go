package main

import (
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cutec/cutec/internal/corpus"
	"github.com/cutec/cutec/internal/evalfast"
	"github.com/cutec/cutec/internal/gen"
)

// The fast path of lines with symbols (evalfast.ReadSymbolic, then
// driver.EvalCall) must print exactly what the full path prints for every
// line it takes, in text and in JSON: the result, its facts and its
// obligations, and it must leave every error to the full path. fastAgrees
// (matrix.go) compares the two on a line; these tests feed it the lines
// with symbols of the corpus, the lines BenchmarkEvalSymbols measures,
// the generator of the algebra's symbolic and dynamic calls, and random
// lines with symbols, facts, ? and near misses.

// symbolicEdgeCases are lines at the edges of the reader of lines with
// symbols: spellings it reads, and what it must leave to the full path
// (names the conversion reads otherwise, _4, products, widths, zero and
// negative facts, a fact whose lcm overflows, a parenthesized leaf, errors
// of the algebra and of the obligations).
var symbolicEdgeCases = []string{
	"size((M,8):(1,M))", "logical_divide((M,8):(1,M), 4:1)", "logical_divide((64,16):(16,1), [4:1;S8:1])",
	"logical_divide((M{div=16},8):(1,M), 4:1)", "size((?{div=8},4):(1,?))", "logical_divide((64,16):(16,1), [4:1;?:1])",
	"logical_divide((M,8):(1,M), 3:1)", "zipped_divide((M,N):(1,M), (128,32))", "composition((M,N):(1,M), 4:1)",
	"logical_product((M,8):(1,M), 4:1)", "complement((M,8):(1,M))", "complement(M:1, 1024)", "complement((4,M):(1,4))",
	"size((_4,M):(1,M))", "size((_,M):(1,M))", "size((E,8):(1,E))", "size((nullptr,8):(1,2))", "size((M{div=0},8):(1,M))",
	"size((M{div=-2},8):(1,M))", "size((M{div=8},8):(1,M{div=12}))", "size((M{i64},8):(1,M))", "size((M{div = 8},8):(1,M))",
	"size((?,8):(1,?))", "size((Int,8):(1,2))", "size(M:1)", "size((M,N):(1,M))", "logical_divide(M:1, 4:1)",
	"size((size,8):(1,2))", "logical_divide((M,8):(1,M), (4,2))", "logical_divide((M,8):(1,M), [4:1;2:1])",
	"logical_divide((M,8):(1,M), 4)", "size((M,8,K):(1,M,M*8))", "size((lda,8):(1,lda))", "size(((M,2),8):((1,M),M))",
	"coalesce((M,8):(1,M))", "coalesce((192,?):(1,192))", "size((M,0):(1,M))", "size((M,-2):(1,M))", "size((M,1):(0,M))",
	"size((M{div=4611686018427387904},8):(1,M{div=3}))", "size((M{div=08},8):(1,M))", "size((M {div=8},8):(1,M))",
	"size((M,8):(1,M)) # a comment", "size((M,8):(1,M)", "size((M,8):(1,M)))", "size((M,8):(1,M),)", "size((M):(1))",
	"size((M,8):(-1,M))", "size((M,8):(-0,M))", "size((M,8):(1,-M))", "size((M,8):(1,2*M))", "size((M,8):(1,M/2))",
	"size((M,8):(1,?@0))", "size((M,8):(1,?{i64}))", "size((M,8):(1,?{div=0}))", "size((M,8):(1,?{div=16}))",
	"logical_divide((M,8):(1,M), [_;4:1])", "logical_divide((M,8):(1,M), [4:1;_])", "logical_divide((M,8):(1,M), [])",
	"logical_divide((M,8):(1,M), [0;4])", "logical_divide((M,8):(1,M), [M:1;4])", "logical_divide((M,8):(1,M), [(2,2);4])",
	"logical_divide((M,8):(1,M), [[2];4])", "logical_divide((M,8):(1,M), 0)", "logical_divide((M,8):(1,M), M)",
	"logical_product((4,2):(1,4), M)", "logical_product((4,2):(1,4), (M,2))", "blocked_product((M,2):(1,M), (2,2):(1,2))",
	"raked_product((4,2):(1,4), (M,2):(1,M))", "zipped_product((M,2):(1,M), 4:1)", "tiled_product((M,2):(1,M), 4:1)",
	"flat_product((M,2):(1,M), 4:1)", "tiled_divide((M,N):(1,M), (128,32))", "flat_divide((M,N):(1,M), [128:1;32:1])",
	"composition((M,N):(1,M), (4,_))", "composition((M,N):(1,M), [4:2;8:1])", "composition(8:1, M:1)", "right_inverse((M,8):(1,M))",
	"left_inverse((M,8):(1,M))", "right_inverse(M:1)", "cosize((M,8):(1,M))", "rank((M,8):(1,M))",
	"logical_divide((M,N,K,L,P,Q,R,S,T,U):(1,1,1,1,1,1,1,1,1,1), 4:1)", "size((A,B,C,D,E,F,G,H,I):(1,1,1,1,1,1,1,1,1))",
	"size((M,8):(1,M))(3)", "size((M,8):(1,M), 2)", "logical_divide((M,8):(1,M), 4:1, 2)", "size(M)", "size(?)",
	"\tsize( ( M , 8 ) : ( 1 , M ) ) ", "size((m,8):(1,m))", "size((i32,8):(1,i32))", "size((div,8):(1,div))",
	"size((M1_x,8):(1,M1_x))", "size((é,8):(1,é))", "size((M,8):(1,M))\r", "size((M,9007199254740993):(1,M))",
	"logical_divide((M{div=16},N{div=8}):(1,M), [4:1;S8:1])", "size((32*lda,8):(1,2*M))", "size((M/4,8):(1,M))",
	"size((M*N/2,8):(1,M))", "size((8,8):(1,-1*lda))", "size((8,8):(1,2*-1))", "size((M*M,8):(1,M))", "size((0*M,8):(1,M))",
	"size((8/2,M):(1,M))", "size((M/0,8):(1,M))", "size((M/-2,8):(1,M))", "size((4*M{div=8},8):(1,M))", "size((M/4/2,8):(1,M))",
	"logical_divide((4*M,8):(1,4*M), 4:1)", "zipped_divide((M,N):(1,lda), [128:1;32:1])", "size((2 * M,8):(1,M))",
	"select(((3,4),K):((2*K,4),2*N{div=16}), 0, 0)", "slice_and_offset((_,1,_), (6,4,M):(0,0,1))", "get((4,lda):(N,2*M{div=8}), 1, 1)",
	"dice((_,_,1), (4,8,lda):(48,6,1))", "local_tile((M,K):(3,2*lda), (4,2), (1,1))", "local_tile((N,6):(6,M{div=8}), 4, (1,0))",
	"local_tile((M,K):(1,M), [128:1;64:1], (1,2), (1,_,1))", "foo((M,8):(1,M))", "S((M,8):(1,M))", "size((_,8):(1,2))",
	"size((M,8):(_,2))", "slice((M,_), (M,8):(1,M))", "slice((1,_), (M,8):(1,M))", "append(12:K, 2:12)", "take(1:2*M, 1, 3)",
	"prepend_to((M,12):(M{div=8},K), 2)", "make_layout((M,8), (1,M))", "make_layout((M,8))", "shape((M,8):(1,M))",
	"crd2idx((1,2), (M,8):(1,M))", "bank_check((M,32):(32,1), half_t, SM75_U32x4_LDSM_N)", "tile_to_shape(4:1, (M,8))",
	"size((0,o))", "size((o,8):(1,o))", "size((assert,8):(1,2))", "size((M,8):(1,expect))", "size((M,8):(1,2*o))", "size((oo,8):(1,o1))",
	"size((M*2*N*K/8,8):(1,M))", "size((-1*M,8):(1,M))", "size((M*9223372036854775807*4,8):(1,M))", "logical_divide((M,8):(1,M), 4:1)  ", "logical_divide ((M,8):(1,M), 4:1)",
}

// symbolicAgree checks that the fast and the full path print the same for
// line, and reports whether the fast path of lines with symbols took it.
func symbolicAgree(t testing.TB, line string) bool {
	t.Helper()
	_, _, problems := fastAgrees(line)
	for _, p := range problems {
		t.Errorf("%q: %s", line, p)
	}
	var c evalfast.SymCall
	if !evalfast.ReadSymbolic([]byte(line), &c) {
		return false
	}
	_, ok := (&evaluator{}).appendSymbolic(nil, []byte(line))
	return ok
}

func TestEvalSymbolicEqualsFull(t *testing.T) {
	took := 0
	for _, line := range symbolicEdgeCases {
		if symbolicAgree(t, line) {
			took++
		}
	}
	assert.Greater(t, took, 30, "the fast path of lines with symbols takes too few of the edge cases")

	// The lines BenchmarkEvalSymbols measures: it takes every one.
	for _, line := range strings.Split(strings.TrimSuffix(string(symbolLines(0, 300)), "\n"), "\n") {
		assert.True(t, symbolicAgree(t, line), "the fast path declines the benchmark's line %q", line)
	}

	// The corpus's lines with symbols or ?.
	exprs, err := corpus.Exprs("../..")
	require.NoError(t, err)
	read, took := 0, 0
	for _, e := range exprs {
		var c evalfast.SymCall
		if !evalfast.ReadSymbolic([]byte(e.Text), &c) {
			continue
		}
		read++
		if symbolicAgree(t, e.Text) {
			took++
		}
	}
	t.Logf("the corpus: %d lines read, %d taken", read, took)

	// The generator of the algebra's calls, with symbols and with ?.
	for _, leaves := range []gen.Leaves{gen.Symbolic, gen.Dynamic} {
		lines := gen.Algebra(11, 3000, leaves)
		took := 0
		for _, line := range lines {
			if symbolicAgree(t, line) {
				took++
			}
		}
		t.Logf("gen.Algebra leaves %d: %d of %d taken", leaves, took, len(lines))
		assert.Greater(t, took, len(lines)/40, "the generator no longer tests the fast path of lines with symbols")
	}

	// Random lines with symbols, facts and ?, and near misses.
	rnd := rand.New(rand.NewPCG(5, 6))
	const n = 20000
	took = 0
	for range n {
		if symbolicAgree(t, randomSymbolicLine(rnd)) {
			took++
		}
	}
	t.Logf("random: %d of %d taken", took, n)
	assert.Greater(t, took, n/10, "the random lines no longer test the fast path of lines with symbols")
}

// symNames are the leaves randomSymbolicLine writes besides integers:
// symbols, with facts, ? and a few near misses.
var symNames = []string{"M", "N", "K", "lda", "S8", "M{div=8}", "M{div=16}", "N{div=4}", "K{div=3}", "?", "?", "?{div=8}",
	"?{div=64}", "M", "N", "x1", "_4", "2*M", "M/4", "?{i64}", "M{div=0}", "M{div=9223372036854775807}"}

// randomSymbolicLine draws a call of an operation on layouts with
// symbolic and dynamic leaves, tilers, shapes and integers.
func randomSymbolicLine(r *rand.Rand) string {
	ops := []string{"size", "coalesce", "composition", "complement", "logical_divide", "zipped_divide", "tiled_divide",
		"flat_divide", "logical_product", "zipped_product", "tiled_product", "flat_product", "blocked_product",
		"raked_product", "right_inverse", "left_inverse", "cosize"}
	var b strings.Builder
	op := ops[r.IntN(len(ops))]
	b.WriteString(op + "(")
	randomSymLayout(r, &b)
	switch op {
	case "size", "coalesce", "right_inverse", "left_inverse", "cosize":
	case "complement":
		if r.IntN(2) == 0 {
			b.WriteString(", " + strconv.Itoa(1<<r.IntN(12)))
		}
	default:
		b.WriteString(", ")
		switch r.IntN(5) {
		case 0:
			b.WriteString(strconv.Itoa(1 + r.IntN(8)))
		case 1:
			randomSymLayout(r, &b)
		case 2:
			b.WriteString("(" + symLeaf(r, false) + "," + symLeaf(r, false) + ")")
		default:
			b.WriteString("[")
			for i := range 1 + r.IntN(3) {
				if i > 0 {
					b.WriteString(";")
				}
				switch r.IntN(4) {
				case 0:
					b.WriteString("_")
				case 1:
					b.WriteString(strconv.Itoa(1 + r.IntN(8)))
				default:
					randomSymLayout(r, &b)
				}
			}
			b.WriteString("]")
		}
	}
	b.WriteString(")")
	return b.String()
}

// randomSymLayout writes a layout of rank 1 to 3, a mode nested at times,
// some leaves symbolic.
func randomSymLayout(r *rand.Rand, b *strings.Builder) {
	rank := 1 + r.IntN(3)
	var shape, stride strings.Builder
	for i := range rank {
		if i > 0 {
			shape.WriteString(",")
			stride.WriteString(",")
		}
		if r.IntN(6) == 0 {
			shape.WriteString("(" + symLeaf(r, false) + "," + symLeaf(r, false) + ")")
			stride.WriteString("(" + symLeaf(r, true) + "," + symLeaf(r, true) + ")")
			continue
		}
		shape.WriteString(symLeaf(r, false))
		stride.WriteString(symLeaf(r, true))
	}
	if rank == 1 && !strings.HasPrefix(shape.String(), "(") {
		b.WriteString(shape.String() + ":" + stride.String())
		return
	}
	b.WriteString("(" + shape.String() + "):(" + stride.String() + ")")
}

// symLeaf writes an extent or a stride: an integer (0 and negative ones
// at times) or one of symNames.
func symLeaf(r *rand.Rand, stride bool) string {
	if r.IntN(3) == 0 {
		return symNames[r.IntN(len(symNames))]
	}
	v := []int{1, 2, 2, 4, 4, 8, 16, 3, 6, 32}[r.IntN(10)]
	switch {
	case r.IntN(40) == 0:
		v = 0
	case stride && r.IntN(8) == 0:
		v = -v
	}
	return strconv.Itoa(v)
}

// FuzzEvalSymbolic checks the fast path of lines with symbols against the
// full path on any line.
func FuzzEvalSymbolic(f *testing.F) {
	for _, line := range symbolicEdgeCases {
		f.Add(line)
	}
	rnd := rand.New(rand.NewPCG(7, 8))
	for range 50 {
		f.Add(randomSymbolicLine(rnd))
	}
	f.Fuzz(func(t *testing.T, line string) {
		if len(line) > 1<<10 || strings.ContainsAny(line, "\n") {
			return // one line, cheap
		}
		symbolicAgree(t, line)
	})
}
