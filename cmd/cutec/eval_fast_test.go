package main

import (
	"bytes"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"github.com/cutec/cutec/internal/gen"
)

// The fast path of eval (internal/evalfast) reads a subset of the grammar on
// its own. These tests hold it to the full path, the parser's grammar and
// normalize: every line it takes must print exactly what appendResult
// prints, in text and in JSON, and what it declines is left to the full
// path. The lines come from the generator eval is measured on, from a list
// of edge cases, and from random lines of the forms it reads, near misses
// included (TestEvalFastEqualsFull); FuzzEvalFast searches further.

// checkFast compares the fast and the full path on one line and reports
// whether the fast path took it.
func checkFast(t testing.TB, line string) bool {
	took, _ := checkFastFailed(t, line)
	return took
}

// checkFastFailed is checkFast that also reports whether the line the fast
// path took is an error.
func checkFastFailed(t testing.TB, line string) (took, failedLine bool) {
	t.Helper()
	took, failedLine, problems := fastAgrees(line)
	for _, p := range problems {
		t.Errorf("%q: %s", line, p)
	}
	return took, failedLine
}

// fastEdgeCases are lines at the edges of the fast path: errors of the
// algebra it words itself (E0400 of a composition out of A's domain), what
// it must decline because the full path reports another error (a zero
// extent, profiles that differ, an overflow, a negative index), what it
// must decline because it does not read it
// (negative literals, names, comments, hex), and spellings it reads.
var fastEdgeCases = []string{
	"composition((4,6,8):(2,3,5), 6:3)", "composition((4,6,8):(2,3,5), 6:1)", "composition((4,2,8):(3,12,97), 3:3)",
	"size((4,8):(1,4))", " size( ( 4 , 8 ) : ( 1 , 4 ) ) ", "size(\t8:1\t)", "size(0:1)", "size((4,8):(1))",
	"size((4,(8)):(1,(4)))", "size((4,8):(1,4)) # a comment", "Size(8:1)", "size(8:1,)", "size(8:1)(3)",
	"complement(4:1)", "complement(4:1, 0)", "complement(4:2, 3)", "complement(4:2, 24)", "complement(4:2, 8:1)",
	"complement((2,2):(1,6), 24)", "complement(4:-1, 8)", "complement(4:0, 8)",
	"((4,8):(1,4))(13)", "((4,8):(1,4))(100)", "((4,8):(1,4))(-1)", "((4,8):(1,4))(0x1)", "((4,8):(1,4)) ( 3 )",
	"(4,8):(1,4)", "(8):(1)", "((8)):((1))", "8:1", "8", "(4,8)", "(4,8):(1,4):(1,2)", "((4,8):(1,4))",
	"coalesce(((2,2)):((1,2)))", "coalesce((8,1):(1,0))", "coalesce((2,(1,6)):(1,(6,2)))", "coalesce(8:1, (1))",
	"right_inverse((4,8):(1,-4))", "right_inverse((4,8):(8,1))", "left_inverse((4,8):(8,1))", "left_inverse(4:2)",
	"right_inverse((2,3):(3,1))", "left_inverse((2,3):(4,1))",
	"logical_divide(8:1, 3:1)", "logical_divide((8,16):(20,1), (4,8):(1,16))", "logical_divide(8:1, [4:1])",
	"zipped_divide((16,32):(32,1), (4,8):(1,16))", "tiled_divide((16,32):(32,1), (4,8):(1,16))",
	"flat_divide((16,32):(32,1), (4,8):(1,16))", "logical_product((3,4):(4,1), (2,5):(1,2))",
	"zipped_product((3,4):(4,1), (2,5):(1,2))", "tiled_product((3,4):(4,1), (2,5):(1,2))",
	"flat_product((3,4):(4,1), (2,5):(1,2))", "blocked_product((3,4):(4,1), (2,5):(1,2))",
	"raked_product((3,4):(4,1), (2,5):(1,2))", "blocked_product(4:1, (2,5):(1,2))",
	"size((9007199254740992,4):(1,1))", "size((9007199254740993,4):(1,1))", "size((4294967296,4294967296,4):(1,1,1))",
	"((2147483648,2):(4294967296,4611686018427387904))(3)", "((4,4):(4611686018427387904,1))(1)",
	"composition((8,8,4,4):(1,8,64,256), (2,4,2,4):(4,16,1,64))", "composition(8:1, M:1)", "size((M,4):(1,M))",
	"size((1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1):(1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1))", "size(((((((((((2)))))))))):((((((((((1)))))))))))",
	"logical_divide((8,16):(20,1), [4:1;8:2])", "logical_divide((8,16):(20,1), [4:1;8:2;_])",
	"composition((8,8):(1,8), [4:1])", "composition((96,224):(1,96), (4,2))", "composition((96,224):(1,96), (4,_))",
	"logical_product((2,2):(1,2), [3:1;_])", "logical_divide(8:1, 4)", "logical_divide(8:1, [4:1])", "composition(8:1, (2))",
	"logical_divide((8,16):(20,1), (4,2):(1))", "logical_divide((8,16):(20,1), [4;_4])", "zipped_divide((8,16):(20,1), [4:1;8:2])",
	"logical_divide((8,16):(20,1), [])", "logical_divide((8,16):(20,1), ())", "logical_product(8:1, 0)", "composition(8:1, [_])",
	"logical_divide(((2,4),16):((1,2),8), [(2,2):(1,2);4:2])", "composition(((2,4),16):((1,2),8), [_;(4,2):(1,8)])",
	// Errors of the algebra the fast path words itself (E0400, E0401, E0402,
	// E0502, E0503), with spaces before the argument the error names.
	"composition((4,6):(1,5), 6:3)", "composition( (6,5):(1,7),  9:1)", "complement((5,4):(1,2))", "complement( (5,4):(1,2), 64)",
	"complement((5,4):(1,2), 0)", "complement((5,4):(1,2),\t-1)", "logical_divide((6,5):(1,7), 4:1)", "left_inverse((4,4):(1,2))",
	"zipped_divide((6,5):(1,7),\t9:1)", "tiled_divide((6,5):(1,7), 4:1)", "flat_divide((6,5):(1,7), 4:1)",
	"logical_product((2,2):(1,1), 4:1)", "blocked_product((2,2):(1,1), (2,2):(1,2))", "raked_product((2,2):(1,1), (2,2):(1,2))",
	"zipped_product(4:3, 3:1)", "tiled_product(4:3, 3:1)", "flat_product(4:3, 3:1)", "right_inverse((4,4):(1,2))",
	"size(08:1)", "size(8u:1)", "size(8:+1)", "size(8:-0)", "size(8:- 1)", "size(8:--1)", "coalesce((4,8):(-1,-4))", "", " ", "#", "(", "size(", "size((4,8):(1,4)", "\xef\xbb\xbfsize(8:1)",
}

func TestEvalFastEqualsFull(t *testing.T) {
	for _, line := range fastEdgeCases {
		checkFast(t, line)
	}
	// Of the lines eval is measured on, the fast path takes nearly all:
	// the ones it declines are composition of a layout by a tile that
	// leaves its domain, which the full path evaluates point by point.
	var in bytes.Buffer
	if _, err := gen.Exprs(&in, gen.Options{Seed: 7, Size: 64 << 10}); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(in.String(), "\n"), "\n")
	took := 0
	for _, line := range lines {
		if checkFast(t, line) {
			took++
		}
	}
	if took < len(lines)*99/100 {
		t.Errorf("the fast path takes %d of %d generated lines, want 99 %%", took, len(lines))
	}
	// Random lines of the forms the fast path reads, and near misses.
	rnd := rand.New(rand.NewPCG(1, 2))
	took = 0
	failures := 0
	const n = 20000
	for range n {
		tk, failed := checkFastFailed(t, randomFastLine(rnd))
		if tk {
			took++
		}
		if failed {
			failures++
		}
	}
	if failures < n/100 {
		t.Errorf("the fast path words %d errors of %d random lines: the generator no longer tests its errors", failures, n)
	}
	t.Logf("the fast path worded %d errors", failures)
	if took < n/3 {
		t.Errorf("the fast path takes %d of %d random lines: the generator no longer tests it", took, n)
	}
	t.Logf("the fast path took %d of %d random lines", took, n)
}

// randomFastLine draws a line of the forms the fast path reads: a call of
// an operation on layouts and integers, a layout applied to an index, a
// bare layout; with a small chance each of a misspelling, a zero or
// negative literal, an overflow, a stride of another profile and spaces.
func randomFastLine(r *rand.Rand) string {
	var b strings.Builder
	names := []string{"composition", "complement", "right_inverse", "left_inverse", "coalesce", "size",
		"logical_divide", "zipped_divide", "tiled_divide", "flat_divide", "logical_product", "zipped_product",
		"tiled_product", "flat_product", "blocked_product", "raked_product", "cosize", "compositon", "rank"}
	switch r.IntN(6) {
	case 0:
		b.WriteString("(")
		randomLayout(r, &b)
		b.WriteString(")(")
		b.WriteString(randomInt(r, true))
		b.WriteString(")")
	case 1:
		randomLayout(r, &b)
	default:
		name := names[r.IntN(len(names))]
		b.WriteString(name)
		b.WriteString("(")
		if r.IntN(2) == 0 {
			b.WriteString(compactLayout(r))
		} else {
			randomLayout(r, &b)
		}
		k := 0 // the other arguments: as many as the operation takes, mostly
		switch {
		case r.IntN(10) == 0:
			k = r.IntN(3)
		case name == "complement":
			k = r.IntN(2)
		case strings.Contains(name, "_divide") || strings.Contains(name, "_product") || name == "composition":
			k = 1
		}
		for ; k > 0; k-- {
			b.WriteString(randomSpace(r) + "," + randomSpace(r))
			switch r.IntN(6) {
			case 0:
				b.WriteString(randomInt(r, false))
			case 1:
				randomLayout(r, &b)
			case 2:
				b.WriteString(randomTiler(r))
			default:
				b.WriteString(compactLayout(r))
			}
		}
		b.WriteString(")")
	}
	return b.String()
}

func randomSpace(r *rand.Rand) string {
	if r.IntN(8) == 0 {
		return []string{" ", "\t", "  "}[r.IntN(3)]
	}
	return ""
}

// randomInt draws an extent (or, with stride, a stride or an index).
func randomInt(r *rand.Rand, stride bool) string {
	switch r.IntN(40) {
	case 0:
		return "0"
	case 1:
		return strconv.FormatInt(1<<(30+r.IntN(34)), 10)
	case 2:
		return "-" + strconv.Itoa(1+r.IntN(8))
	case 3:
		return "9223372036854775807"
	}
	if stride && r.IntN(6) == 0 {
		return "0"
	}
	return strconv.Itoa([]int{1, 2, 2, 3, 4, 4, 6, 8, 8, 16, 32, 5, 12}[r.IntN(13)])
}

// randomTiler draws a tuple tiler, [T0;T1;...] of layouts, integers and _,
// or a shape (N0,N1,...) of integers and _, of one to five modes.
func randomTiler(r *rand.Rand) string {
	n := 1 + r.IntN(5)
	parts := make([]string, n)
	brackets := r.IntN(2) == 0
	for i := range parts {
		switch k := r.IntN(8); {
		case k == 0:
			parts[i] = "_"
		case k < 4 || !brackets:
			parts[i] = []string{"1", "2", "4", "8", "3", "16"}[r.IntN(6)]
			if r.IntN(20) == 0 {
				parts[i] = randomInt(r, false)
			}
		case k < 7:
			parts[i] = strings.SplitN(compactLayout(r), ":", 2)[0]
			parts[i] += ":" + strings.SplitN(compactLayout(r), ":", 2)[1]
		default:
			var l strings.Builder
			randomLayout(r, &l)
			parts[i] = l.String()
		}
	}
	if brackets {
		return "[" + strings.Join(parts, randomSpace(r)+";") + "]"
	}
	return "(" + strings.Join(parts, ","+randomSpace(r)) + ")"
}

// compactLayout draws a layout of one to three modes of extents 2, 4 and
// 8 whose strides are those of the compact column-major layout of its
// shape, in some order: the operands on which the divides, the products
// and composition mostly succeed.
func compactLayout(r *rand.Rand) string {
	n := 1 + r.IntN(3)
	ext := make([]int, n)
	str := make([]int, n)
	d := 1
	for i := range ext {
		ext[i] = []int{2, 4, 8}[r.IntN(3)]
		str[i] = d
		d *= ext[i]
	}
	r.Shuffle(n, func(i, j int) { str[i], str[j] = str[j], str[i] })
	if n == 1 {
		return strconv.Itoa(ext[0]) + ":" + strconv.Itoa(str[0])
	}
	join := func(xs []int) string {
		s := make([]string, len(xs))
		for i, x := range xs {
			s[i] = strconv.Itoa(x)
		}
		return "(" + strings.Join(s, ",") + ")"
	}
	return join(ext) + ":" + join(str)
}

// randomLayout writes shape:stride, nested up to three levels; the stride
// has the shape's profile but for a small chance.
func randomLayout(r *rand.Rand, b *strings.Builder) {
	var shape, stride strings.Builder
	randomTuple(r, &shape, &stride, 0)
	b.WriteString(shape.String())
	b.WriteString(randomSpace(r) + ":" + randomSpace(r))
	if r.IntN(30) == 0 {
		var other strings.Builder
		randomTuple(r, &other, &strings.Builder{}, 0)
		b.WriteString(other.String())
		return
	}
	b.WriteString(stride.String())
}

func randomTuple(r *rand.Rand, shape, stride *strings.Builder, depth int) {
	if depth > 2 || r.IntN(3) == 0 && depth > 0 || depth == 0 && r.IntN(4) == 0 {
		shape.WriteString(randomInt(r, false))
		stride.WriteString(randomInt(r, true))
		return
	}
	shape.WriteString("(")
	stride.WriteString("(")
	for i := range 1 + r.IntN(4) {
		if i > 0 {
			sp := randomSpace(r)
			shape.WriteString("," + sp)
			stride.WriteString(",")
		}
		randomTuple(r, shape, stride, depth+1)
	}
	shape.WriteString(")")
	stride.WriteString(")")
}

// FuzzEvalFast checks the fast path against the full path on any line.
func FuzzEvalFast(f *testing.F) {
	for _, line := range fastEdgeCases {
		f.Add(line)
	}
	rnd := rand.New(rand.NewPCG(3, 4))
	for range 50 {
		f.Add(randomFastLine(rnd))
	}
	f.Fuzz(func(t *testing.T, line string) {
		if len(line) > 1<<10 || strings.ContainsAny(line, "\n") {
			return // one line, cheap
		}
		checkFast(t, line)
	})
}
