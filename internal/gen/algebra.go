package gen

import (
	"math/rand/v2"
	"strconv"
	"strings"
)

// Leaves is what the leaves of the layouts Algebra writes may be.
type Leaves int

const (
	Static   Leaves = iota // integers only
	Dynamic                // some leaves ?, as CuTe DSL prints run-time values
	Symbolic               // some leaves named (M, lda), some with facts (M{div=8})
)

// Algebra returns n expressions, one for each call of an operation of the
// algebra that computes a layout, drawn at random from seed: coalesce,
// filter, composition (by a layout and by a tiler), complement, the
// inverses, the divides and products (by an integer, a layout, a shape and
// a by-mode tiler), tile_to_shape, swizzle, composed_eval, the recasts and
// the largest common layouts.
// Unlike Exprs, its layouts are not built to be valid: strides are drawn
// freely, so many calls fail, each with its coded error. They are for tests
// that compare two ways of computing the same thing.
func Algebra(seed uint64, n int, leaves Leaves) []string {
	a := algebraGen{rnd: rand.New(rand.NewPCG(seed, seed^0x5bd1e995)), leaves: leaves}
	out := make([]string, n)
	for i := range out {
		out[i] = a.expr()
	}
	return out
}

type algebraGen struct {
	rnd    *rand.Rand
	leaves Leaves
}

var (
	algebraExtents = []int64{1, 2, 2, 3, 4, 4, 6, 8, 8, 12, 16}
	algebraStrides = []int64{0, 1, 1, 2, 3, 4, 5, 8, 12, 16, 32}
	algebraSymbols = []string{"M", "N", "K", "lda", "M{div=8}", "N{div=16}"}
)

func (a *algebraGen) pick(n int) int { return a.rnd.IntN(n) }

// leaf writes an extent or a stride, dynamic or named at times.
func (a *algebraGen) leaf(x int64, extent bool) string {
	switch {
	case a.leaves == Dynamic && a.pick(4) == 0:
		return "?"
	case a.leaves == Symbolic && a.pick(4) == 0:
		s := algebraSymbols[a.pick(len(algebraSymbols))]
		if extent || a.pick(2) == 0 {
			return s
		}
		return "2*" + s
	}
	return strconv.FormatInt(x, 10)
}

// layout writes a layout of rank 1 to 3, some modes nested, with strides
// compact (column- or row-major) or free.
func (a *algebraGen) layout() string {
	rank := 1 + a.pick(3)
	ext := make([]int64, rank)
	for i := range ext {
		ext[i] = algebraExtents[a.pick(len(algebraExtents))]
	}
	str := make([]int64, rank)
	switch a.pick(3) {
	case 0: // column-major
		p := int64(1)
		for i := range str {
			str[i], p = p, p*ext[i]
		}
	case 1: // row-major
		p := int64(1)
		for i := rank - 1; i >= 0; i-- {
			str[i], p = p, p*ext[i]
		}
	default:
		for i := range str {
			str[i] = algebraStrides[a.pick(len(algebraStrides))]
		}
	}
	sh, st := make([]string, rank), make([]string, rank)
	for i := range sh {
		sh[i], st[i] = a.leaf(ext[i], true), a.leaf(str[i], false)
	}
	if rank == 1 {
		return sh[0] + ":" + st[0]
	}
	if rank == 3 && a.pick(3) == 0 { // ((s0,s1),s2)
		return "((" + sh[0] + "," + sh[1] + ")," + sh[2] + "):((" + st[0] + "," + st[1] + ")," + st[2] + ")"
	}
	return "(" + strings.Join(sh, ",") + "):(" + strings.Join(st, ",") + ")"
}

// static writes a small static layout (a tile, a tiler's mode).
func (a *algebraGen) static() string {
	keep := a.leaves
	a.leaves = Static
	defer func() { a.leaves = keep }()
	return a.layout()
}

// tiler writes a tiler: an integer, a layout, a shape or a by-mode tiler.
func (a *algebraGen) tiler() string {
	small := func() string { return strconv.FormatInt([]int64{1, 2, 3, 4, 8}[a.pick(5)], 10) }
	switch a.pick(4) {
	case 0:
		return small()
	case 1:
		return a.static()
	case 2:
		return "(" + small() + "," + small() + ")"
	}
	ts := []string{small() + ":1", small() + ":2", "_", small()}
	return "[" + ts[a.pick(len(ts))] + ";" + ts[a.pick(len(ts))] + "]"
}

var algebraOps = []string{
	"coalesce", "coalesce2", "filter", "composition", "compositionT", "complement", "complement2",
	"right_inverse", "left_inverse", "logical_divide", "zipped_divide", "tiled_divide", "flat_divide",
	"logical_product", "zipped_product", "tiled_product", "flat_product", "blocked_product",
	"raked_product", "tile_to_shape", "swizzle", "composed_eval", "recast_layout",
	"max_common_layout", "max_common_vector", "slice", "dice", "eval", "apply",
	"upcast", "downcast", "local_tile", "local_partition",
}

func (a *algebraGen) expr() string {
	op := algebraOps[a.pick(len(algebraOps))]
	n := func(xs ...int64) string { return strconv.FormatInt(xs[a.pick(len(xs))], 10) }
	switch op {
	case "coalesce2":
		return "coalesce(" + a.layout() + ", (" + []string{"_", "1"}[a.pick(2)] + "," + []string{"_", "1"}[a.pick(2)] + "))"
	case "compositionT":
		return "composition(" + a.layout() + ", " + a.tiler() + ")"
	case "composition":
		return "composition(" + a.layout() + ", " + a.static() + ")"
	case "complement2":
		return "complement(" + a.layout() + ", " + n(8, 16, 24, 64, 128, 256) + ")"
	case "logical_divide", "zipped_divide", "tiled_divide", "flat_divide",
		"logical_product", "zipped_product", "tiled_product", "flat_product":
		return op + "(" + a.layout() + ", " + a.tiler() + ")"
	case "upcast", "downcast":
		return op + "(" + a.layout() + ", " + n(1, 2, 4, 8) + ")"
	case "eval":
		return "eval(" + a.layout() + ", " + n(0, 1, 5, 13, 40) + ")"
	case "apply":
		return "(" + a.layout() + ")(" + n(0, 3, 7, 22) + ")"
	case "slice", "dice":
		l := a.layout()
		return op + "(" + a.coordFor(l) + ", " + l + ")"
	case "max_common_layout", "max_common_vector":
		return op + "(" + a.layout() + ", " + a.layout() + ")"
	case "blocked_product", "raked_product":
		return op + "(" + a.static() + ", " + a.static() + ")"
	case "tile_to_shape":
		s := "tile_to_shape(" + a.static() + ", (" + n(4, 8, 12, 16) + "," + n(4, 8, 16) + ")"
		if a.pick(2) == 0 {
			s += ", " + []string{"(0,1)", "(1,0)"}[a.pick(2)]
		}
		return s + ")"
	case "swizzle":
		return "swizzle(S<" + n(1, 2, 3) + "," + n(0, 2, 3, 4) + "," + n(1, 2, 3, 4) + ">, " + n(0, 5, 77, 200, 1023, 4096+129) + ")"
	case "composed_eval":
		return "composed_eval(S<" + n(1, 2, 3) + "," + n(2, 3, 4) + "," + n(3, 4) + "> o " + n(0, 16) + " o " + a.static() + ", " + n(0, 3, 7) + ")"
	case "local_tile":
		return "local_tile(" + a.layout() + ", " + a.tiler() + ", " + []string{"0", "1", "(1,0)", "(0,1)", "(1,1)"}[a.pick(5)] + ")"
	case "local_partition":
		return "local_partition(" + a.layout() + ", " + a.static() + ", " + n(0, 1, 3, 5, 7) + ")"
	case "recast_layout":
		return "recast_layout(" + n(8, 16, 32) + ", " + n(8, 16, 32) + ", " + a.static() + ")"
	}
	return op + "(" + a.layout() + ")"
}

// coordFor writes a coordinate for a layout written by layout: for each
// top-level mode _ or a small integer, a nested mode sometimes a tuple.
func (a *algebraGen) coordFor(l string) string {
	shape := l[:strings.LastIndex(l, ":(")+1]
	if !strings.HasPrefix(l, "(") {
		shape = l[:strings.Index(l, ":")]
	}
	rank := 1
	if strings.HasPrefix(shape, "(") {
		rank = strings.Count(shape, ",") + 1
		if strings.HasPrefix(shape, "((") {
			rank = 2
		}
	}
	leaf := func() string { return []string{"_", "_", "0", "1"}[a.pick(4)] }
	parts := make([]string, rank)
	for i := range parts {
		parts[i] = leaf()
		if i == 0 && strings.HasPrefix(shape, "((") && a.pick(2) == 0 {
			parts[i] = "(" + leaf() + "," + leaf() + ")"
		}
	}
	return "(" + strings.Join(parts, ",") + ")"
}
