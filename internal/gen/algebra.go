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
	"append", "prepend", "append_to", "prepend_to", "take", "select", "group_modes", "flatten", "get",
	"filter_zeros", "make_layout", "make_layout2", "make_layouts", "make_ordered_layout", "make_layout_like",
	"make_identity_layout", "slice_and_offset", "composition_composed", "complement_shape",
	"as_position_independent_swizzle_layout", "get_layoutA_TV", "get_layoutB_TV", "get_layoutC_TV",
	"partition_A", "partition_B", "partition_C", "get_thr_layout_vmnk", "composed_get_inner",
	"composed_get_offset", "composed_get_outer", "make_identity_tensor", "bank_check",
	"get_layoutS_TV", "get_layoutD_TV", "partition_S", "partition_D", "retile",
	"eval_identity", "inverse_composed", "on_composed", "partition_fragment_A", "partition_fragment_B", "partition_fragment_C",
	"make_tiled_copy",
}

// algebraCopies are tiled copies: ldmatrix of an MMA's operands, a
// universal copy and cp.async of a thread and value layout.
var algebraCopies = []string{
	"make_tiled_copy_A(copy_atom(SM75_U32x4_LDSM_N, half_t), make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN, (2,2,1), [32:1;32:1;16:1]))",
	"make_tiled_copy_B(copy_atom(SM75_U32x4_LDSM_N, half_t), make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN, (2,2,1), [32:1;32:1;16:1]))",
	"make_tiled_copy_C(copy_atom(UniversalCopy, half_t), make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN, (2,2,1)))",
	"make_tiled_copy(copy_atom(SM80_CP_ASYNC_CACHEALWAYS, half_t, 128), (16,8):(8,1), (1,8))",
	"make_tiled_copy(copy_atom(UniversalCopy, float), (8,4), (4,1))",
}

// algebraMMAs are tiled MMAs of the atoms the tiled package knows, with
// atom layouts and permutations as kernels write them.
var algebraMMAs = []string{
	"make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN)",
	"make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN, (2,2,1))",
	"make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN, (2,2,1), [32:1;32:1;16:1])",
	"make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN, (2,2,1), [32:1;32:1;(2,4,2):(1,4,2)])",
	"make_tiled_mma(SM80_16x8x8_F32F16F16F32_TN, (2,1,1), [32:1;(4,2):(2,1);8:1])",
	"make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN, (1,2,1):(2,1,0))",
	"make_tiled_mma(UniversalFMA, (4,8,1))",
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
	case "append", "prepend":
		return op + "(" + a.layout() + ", " + a.layout() + ")"
	case "append_to", "prepend_to":
		return op + "(" + a.layout() + ", " + n(2, 3, 4) + ")"
	case "take":
		return "take(" + a.layout() + ", " + n(0, 1) + ", " + n(1, 2, 3) + ")"
	case "select":
		return "select(" + a.layout() + ", " + n(0, 1, 2) + ", " + n(0, 1) + ")"
	case "group_modes":
		return "group_modes(" + a.layout() + ", " + n(0, 1) + ", " + n(2, 3) + ")"
	case "get":
		return "get(" + a.layout() + ", " + n(0, 1, 2) + []string{"", ", 0", ", 1"}[a.pick(3)] + ")"
	case "make_layout":
		sh, _, _ := strings.Cut(a.layout(), ":")
		return "make_layout(" + sh + ")"
	case "make_layout2":
		sh, st, _ := strings.Cut(a.layout(), ":")
		return "make_layout(" + sh + ", " + st + ")"
	case "make_layouts":
		return "make_layout(" + a.layout() + ", " + a.layout() + ")"
	case "make_ordered_layout":
		return "make_ordered_layout((" + n(2, 4, 8) + "," + n(1, 3, 4) + "," + n(2, 8) + "), " + []string{"(0,1,2)", "(2,1,0)", "(1,0,2)", "(1,1,0)"}[a.pick(4)] + ")"
	case "composed_get_inner", "composed_get_offset", "composed_get_outer":
		return op + "(S<" + n(1, 2, 3) + "," + n(2, 3) + "," + n(3, 4) + "> o " + n(0, 16) + " o " + a.layout() + ")"
	case "on_composed":
		c := "S<" + n(1, 2, 3) + "," + n(2, 3) + "," + n(3, 4) + "> o " + n(0, 16) + " o " + a.static()
		switch a.pick(4) {
		case 0:
			return []string{"coalesce", "flatten"}[a.pick(2)] + "(" + c + ")"
		case 1:
			return []string{"logical_divide", "zipped_divide", "tiled_divide", "flat_divide"}[a.pick(4)] + "(" + c + ", " + a.tiler() + ")"
		case 2:
			return "tile_to_shape(" + c + ", (" + n(16, 32) + "," + n(8, 16) + "))"
		}
		return []string{"take", "select"}[a.pick(2)] + "(" + c + ", 0, 1)"
	case "eval_identity":
		return "eval(make_identity_layout(" + []string{"(4,8)", "((2,2),8)", "(3,(2,4),2)"}[a.pick(3)] + "), " + n(0, 5, 13, 40) + ")"
	case "inverse_composed":
		return []string{"right_inverse", "left_inverse"}[a.pick(2)] + "(S<" + n(1, 2, 3) + "," + n(0, 2, 3) + "," + n(2, 3) + "> o 0 o " + a.static() + ")"
	case "bank_check":
		return "bank_check(" + []string{"(32,32):(32,1)", "(32,32):(33,1)", "S<3,3,3> o 0 o (32,32):(32,1)", "(16,64):(64,1)"}[a.pick(4)] + ", " + []string{"float", "half_t"}[a.pick(2)] + ", SM75_U32x4_LDSM_N)"
	case "make_identity_layout", "make_identity_tensor":
		return op + "(" + []string{"(4,8)", "((2,2),8)", "(3,(2,4),2)", "16"}[a.pick(4)] + ")"
	case "slice_and_offset":
		l := a.layout()
		return "slice_and_offset(" + a.coordFor(l) + ", " + l + ")"
	case "composition_composed":
		return "composition(S<" + n(1, 2, 3) + "," + n(2, 3) + "," + n(3, 4) + ">" + []string{"", " o 0 o " + a.static(), " o 16 o " + a.static()}[a.pick(3)] + ", " + a.static() + ")"
	case "complement_shape":
		return "complement(" + a.layout() + ", (" + n(4, 8, 12) + "," + n(8, 16, 32) + "))"
	case "as_position_independent_swizzle_layout":
		return op + "(S<" + n(1, 2, 3) + "," + n(3, 4) + "," + n(3, 4) + "> o smem_ptr[" + n(8, 16, 32) + "b](unset) o " + a.static() + ")"
	case "get_layoutA_TV", "get_layoutB_TV", "get_layoutC_TV", "get_thr_layout_vmnk":
		return op + "(" + algebraMMAs[a.pick(len(algebraMMAs))] + ")"
	case "retile":
		return "retile(" + algebraCopies[a.pick(2)] + ", " + []string{"((2,2,2),2,2):((1,2,4),16,8)", "((2,2,2),1,2):((1,2,4),0,8)", "((2,2),4,2):((1,2),4,16)", "(8,2,2):(1,8,16)"}[a.pick(4)] + ")"
	case "get_layoutS_TV", "get_layoutD_TV":
		return op + "(" + algebraCopies[a.pick(len(algebraCopies))] + ")"
	case "make_tiled_copy":
		thr := []string{"(8,4)", "(16,8):(8,1)", "(32,4):(4,1)", "(4,8):(1,4)", "(32,1)"}[a.pick(5)]
		if a.pick(2) == 0 {
			return op + "(copy_atom(SM80_CP_ASYNC_CACHEALWAYS, half_t, 128), " + thr + ", " + []string{"(1,8)", "(8,1)", "(2,4)", "(1,8):(8,1)"}[a.pick(4)] + ")"
		}
		return op + "(copy_atom(UniversalCopy, float), " + thr + ", " + []string{"(4,1)", "(1,4)", "(2,2)", "(1,1)", "(2,2):(2,1)"}[a.pick(5)] + ")"
	case "partition_S", "partition_D":
		return op + "(" + algebraCopies[a.pick(len(algebraCopies))] + ", " + n(0, 3, 31, 70) + ", make_layout((" + n(32, 64) + "," + n(16, 32) + ")" + []string{"", ", (32,1)"}[a.pick(2)] + "))"
	case "partition_fragment_A", "partition_fragment_B", "partition_fragment_C":
		return op + "(" + algebraMMAs[a.pick(len(algebraMMAs))] + ", make_layout((" + n(32, 64) + "," + n(16, 32, 64) + ")" + []string{"", ", (64,1)"}[a.pick(2)] + "))"
	case "partition_A", "partition_B", "partition_C":
		return op + "(" + algebraMMAs[a.pick(len(algebraMMAs))] + ", " + n(0, 1, 5, 33, 70) + ", make_layout((" + n(32, 64) + "," + n(16, 32, 64) + ")" + []string{"", ", (64,1)"}[a.pick(2)] + "))"
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
