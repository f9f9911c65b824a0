package explain

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cutec/cutec/ast"
	"github.com/cutec/cutec/diag"
	"github.com/cutec/cutec/normalize"
	"github.com/cutec/cutec/parser"
)

// mma is a tiled MMA of docs/tiled.md: the SM80 16x8x16 atom, 2x2 atoms,
// M and N permuted to 32 and K to 16.
const mma = "make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN, (2,2,1), [32:1;32:1;16:1])"

// ldsm is a copy of the A operand of mma through ldmatrix.
const ldsm = "make_tiled_copy_A(copy_atom(SM75_U32x4_LDSM_N, half_t), " + mma + ")"

// samples are calls of every operation of cutec help eval, one or more
// each: TestEveryOperationExplains reads the operation list from the
// evaluator and fails on an operation that has none here.
var samples = map[string][]string{
	"append":                                 {"append((4,8):(1,4), 2:32)", "append(4:1, 2:4)"},
	"append_to":                              {"append_to((4,8):(1,4), 4)", "append_to((4,8), 3, 1)"},
	"as_position_independent_swizzle_layout": {"as_position_independent_swizzle_layout(S<3,4,3> o smem_ptr[16b](unset) o (8,64):(64,1))"},
	"bank_check":                             {"bank_check((32,32):(32,1), float, SM75_U32x4_LDSM_N)"},
	"banks":                                  {"banks((32,32):(32,1), float, SM75_U32x4_LDSM_N)"},
	"blocked_product":                        {"blocked_product((2,2):(1,2), (3,4):(1,3))"},
	"ceil_div":                               {"ceil_div((12,32), 32)"},
	"coalesce":                               {"coalesce((2,(1,6)):(1,(6,2)))", "coalesce((2,4):(1,2), (_,1))"},
	"compact_col_major":                      {"compact_col_major((4,(2,8)))"},
	"compact_row_major":                      {"compact_row_major((4,(2,8)))"},
	"complement":                             {"complement(4:2, 8)", "complement((4,8):(1,4), (12,32))"},
	"composed_eval":                          {"composed_eval(S<3,4,3> o 0 o (8,64):(64,1), 77)"},
	"composed_get_inner":                     {"composed_get_inner(S<3,4,3> o 0 o (8,64):(64,1))"},
	"composed_get_offset":                    {"composed_get_offset(S<3,4,3> o 16 o (8,64):(64,1))"},
	"composed_get_outer":                     {"composed_get_outer(S<3,4,3> o 0 o (8,64):(64,1))"},
	"composition":                            {"composition((5,3):(1,7), 2:5)", "composition(S<3,4,3>, (8,64):(64,1))", "composition(S<3,4,3> o 0 o (8,64):(64,1), (4,8):(1,4))"},
	"copy_atom":                              {"copy_atom(SM75_U32x4_LDSM_N, half_t)"},
	"cosize":                                 {"cosize((4,8):(1,5))"},
	"crd2idx":                                {"crd2idx((1,2), (4,8):(1,4))"},
	"depth":                                  {"depth((4,(2,8)):(1,(4,8)))"},
	"dice":                                   {"dice((1,_), (4,8):(1,4))"},
	"downcast":                               {"downcast((4,8):(1,4), 2)"},
	"elem_less":                              {"elem_less((1,2), (2,3))"},
	"equal":                                  {"equal((4,8):(1,4), (4,8):(1,4))"},
	"eval":                                   {"eval((4,(2,4)):(1,(4,8)), 13)", "eval(make_identity_layout((4,8)), 13)", "eval(S<3,4,3> o 0 o (8,64):(64,1), 77)"},
	"filter":                                 {"filter((4,2,1):(1,0,8))"},
	"filter_zeros":                           {"filter_zeros((4,2,3):(1,0,8))"},
	"flat_divide":                            {"flat_divide((12,32):(1,12), (4,8))"},
	"flat_product":                           {"flat_product((2,2):(1,2), (3,4))"},
	"flatten":                                {"flatten((4,(2,8)):(1,(4,8)))", "flatten(S<3,4,3> o 0 o ((2,4),64):((64,128),1))"},
	"get":                                    {"get((4,(2,8)):(1,(4,8)), 1, 0)", "get((4,(2,8)):(1,(4,8)), 1)"},
	"get_atom_layoutA_TV":                    {"get_atom_layoutA_TV(" + mma + ")"},
	"get_atom_layoutB_TV":                    {"get_atom_layoutB_TV(" + mma + ")"},
	"get_atom_layoutC_TV":                    {"get_atom_layoutC_TV(" + mma + ")"},
	"get_atom_layout_src":                    {"get_atom_layout_src(" + ldsm + ")"},
	"get_atom_layout_dst":                    {"get_atom_layout_dst(" + ldsm + ")"},
	"get_atom_layout_ref":                    {"get_atom_layout_ref(" + ldsm + ")"},
	"get_atom_thr_id":                        {"get_atom_thr_id(" + mma + ")"},
	"get_layoutA_TV":                         {"get_layoutA_TV(" + mma + ")"},
	"get_layoutB_TV":                         {"get_layoutB_TV(" + mma + ")"},
	"get_layoutC_TV":                         {"get_layoutC_TV(" + mma + ")"},
	"get_layoutD_TV":                         {"get_layoutD_TV(" + ldsm + ")"},
	"get_layoutS_TV":                         {"get_layoutS_TV(" + ldsm + ")"},
	"get_layout_tv":                          {"get_layout_tv(" + ldsm + ")"},
	"get_layouts_from_tile":                  {"get_layouts_from_tile([4:1;[2:1;8:2]])"},
	"get_leaves":                             {"get_leaves((4,(2,8)))"},
	"get_thr_layout_vmnk":                    {"get_thr_layout_vmnk(" + mma + ")"},
	"group_modes":                            {"group_modes((4,2,8,3):(1,4,8,64), 1, 3)"},
	"idx2crd":                                {"idx2crd(13, (4,(2,4)))"},
	"increment_coord":                        {"increment_coord((3,1), (4,8))"},
	"inner_product":                          {"inner_product((1,2), (1,4))"},
	"left_inverse":                           {"left_inverse((4,2):(2,1))", "left_inverse(S<1,0,2> o 0 o (4,4):(1,4))"},
	"local_partition":                        {"local_partition((8,16):(16,1), (2,4):(4,1), 5)"},
	"local_tile":                             {"local_tile((8,16):(16,1), (4,8), (1,0))"},
	"logical_divide":                         {"logical_divide((12,32):(1,12), (4,8):(1,4))", "logical_divide((12,32):(1,12), (4,8))"},
	"logical_product":                        {"logical_product((2,2):(1,2), (3,4):(1,3))"},
	"make_identity_layout":                   {"make_identity_layout((4,8))", "make_identity_layout(((2,2),8))"},
	"make_identity_tensor":                   {"make_identity_tensor((4,8))"},
	"make_layout":                            {"make_layout((4,8))", "make_layout((4,8), (8,1))", "make_layout(4:1, (2,8):(4,8))"},
	"make_layout_like":                       {"make_layout_like((4,8,2):(16,1,8))"},
	"make_ordered_layout":                    {"make_ordered_layout((4,8,2), (2,0,1))"},
	"make_tiled_copy":                        {"make_tiled_copy(copy_atom(SM80_CP_ASYNC_CACHEALWAYS, half_t, 128), (16,8):(8,1), (1,8))"},
	"make_tiled_copy_A":                      {ldsm},
	"make_tiled_copy_B":                      {"make_tiled_copy_B(copy_atom(SM75_U32x4_LDSM_N, half_t), " + mma + ")"},
	"make_tiled_copy_C":                      {"make_tiled_copy_C(copy_atom(UniversalCopy, half_t), " + mma + ")"},
	"make_tiled_copy_tv":                     {"make_tiled_copy_tv(copy_atom(UniversalCopy, half_t), (32,4):(4,1), (16,8))"},
	"make_tiled_mma":                         {mma},
	"max_common_layout":                      {"max_common_layout((4,8):(1,4), (4,8):(1,4))"},
	"max_common_vector":                      {"max_common_vector((4,8):(1,4), (4,8):(1,4))"},
	"partition_A":                            {"partition_A(" + mma + ", 5, make_layout((64,32), (32,1)))"},
	"partition_B":                            {"partition_B(" + mma + ", 5, make_layout((64,32), (32,1)))"},
	"partition_C":                            {"partition_C(" + mma + ", 5, make_layout((64,64), (64,1)))"},
	"partition_D":                            {"partition_D(" + ldsm + ", 5, make_layout((32,16), (16,1)))"},
	"partition_S":                            {"partition_S(" + ldsm + ", 5, make_layout((32,16), (16,1)))"},
	"partition_fragment_A":                   {"partition_fragment_A(" + mma + ", make_layout((64,32), (32,1)))"},
	"partition_fragment_B":                   {"partition_fragment_B(" + mma + ", make_layout((64,32), (32,1)))"},
	"partition_fragment_C":                   {"partition_fragment_C(" + mma + ", make_layout((64,64), (64,1)))"},
	"prepend":                                {"prepend((4,8):(1,4), 2:32)"},
	"prepend_to":                             {"prepend_to((4,8):(1,4), 4)"},
	"product":                                {"product((4,(2,8)))"},
	"product_each":                           {"product_each((4,(2,8)))"},
	"raked_product":                          {"raked_product((2,2):(1,2), (3,4):(1,3))"},
	"rank":                                   {"rank((4,(2,8)):(1,(4,8)))"},
	"recast_layout":                          {"recast_layout(16, 32, (4,8):(1,4))", "recast_layout(16, 8, S<3,4,3> o 0 o (8,64):(64,1))"},
	"retile":                                 {"retile(" + ldsm + ", ((2,2,2),2,2):((1,2,4),16,8))"},
	"right_inverse":                          {"right_inverse((4,2):(2,1))", "right_inverse(S<3,4,3> o 0 o (8,64):(1,8))"},
	"select":                                 {"select((4,2,8):(1,4,8), 2, 0)"},
	"shape":                                  {"shape((4,(2,8)):(1,(4,8)))"},
	"shape_div":                              {"shape_div((4,8), 8)"},
	"size":                                   {"size((4,(2,8)):(1,(4,8)))"},
	"slice":                                  {"slice((_,1), (4,8):(1,4))"},
	"slice_and_offset":                       {"slice_and_offset((_,2), (4,4):(1,4))", "slice_and_offset((1,(_,3)), (4,(2,8)):(1,(4,8)))"},
	"stride":                                 {"stride((4,(2,8)):(1,(4,8)))"},
	"sum":                                    {"sum((4,(2,8)))"},
	"swizzle":                                {"swizzle(S<3,4,3>, 77)"},
	"take":                                   {"take((4,2,8):(1,4,8), 1, 3)"},
	"tile_size":                              {"tile_size(" + mma + ")"},
	"tile_to_shape":                          {"tile_to_shape((2,2):(1,2), (8,4))", "tile_to_shape(S<3,4,3> o 0 o (8,64):(64,1), (16,128))"},
	"tiled_divide":                           {"tiled_divide((12,32):(1,12), (4,8))"},
	"tiled_product":                          {"tiled_product((2,2):(1,2), (3,4))"},
	"to_coord":                               {"to_coord((1,2))"},
	"to_int_tuple":                           {"to_int_tuple((1,2))"},
	"to_shape":                               {"to_shape((1,2))"},
	"to_stride":                              {"to_stride((1,2))"},
	"tuple_add":                              {"tuple_add((1,2), (3,4))"},
	"tuple_div":                              {"tuple_div((8,9), (2,4))"},
	"tuple_mod":                              {"tuple_mod((8,9), (3,4))"},
	"tuple_mul":                              {"tuple_mul((1,2), (3,4))"},
	"tuple_sub":                              {"tuple_sub((5,2), (3,4))"},
	"upcast":                                 {"upcast((4,8):(1,4), 2)"},
	"wavefronts":                             {"wavefronts((32,32):(32,1), float, SM75_U32x4_LDSM_N)"},
	"zipped_divide":                          {"zipped_divide((12,32):(1,12), (4,8))", "zipped_divide(S<3,4,3> o 0 o (8,64):(64,1), (4,8))"},
	"zipped_product":                         {"zipped_product((2,2):(1,2), (3,4))"},
}

// notDerived are the operations that compute a layout and are still shown
// as one step, the call with its documentation, with the reason.
var notDerived = map[string]string{
	"get_atom_layoutA_TV": "the atom's definition (MMA_Traits' ALayout), a table rather than a computation",
	"get_atom_layoutB_TV": "the atom's definition (MMA_Traits' BLayout), a table rather than a computation",
	"get_atom_layoutC_TV": "the atom's definition (MMA_Traits' CLayout), a table rather than a computation",
	"get_atom_layout_src": "the copy atom's definition (Copy_Traits' SrcLayout), a table rather than a computation",
	"get_atom_layout_dst": "the copy atom's definition (Copy_Traits' DstLayout), a table rather than a computation",
	"get_atom_layout_ref": "the copy atom's definition (Copy_Traits' RefLayout), a table rather than a computation",
	"get_atom_thr_id":     "the atom's definition (MMA_Traits' ThrID), a table rather than a computation",
	"get_layout_tv":       "the tiled copy's stored TV layout: it is built inside make_tiled_copy, which builds a copy, not a layout",
}

// returnsLayout reports whether src evaluates to a layout: a layout, a
// composed layout, or an {offset} o layout.
func returnsLayout(t *testing.T, src string) bool {
	f := diag.NewFile("<sample>", []byte(src))
	e, diags := parser.ParseExpr(f)
	require.False(t, diags.HasErrors(), src)
	ev := normalize.Evaluator{File: f}
	v, diags := ev.Eval(e)
	require.False(t, diags.HasErrors(), "%s: %v", src, diags)
	switch v.Kind() {
	case normalize.KindLayout, normalize.KindComposed, normalize.KindAccessor:
		return true
	}
	return false
}

// operandSteps counts the steps of the derivations of src's operands that
// are calls themselves (a tiled MMA, make_layout(...)): they come before
// the call's own steps.
func operandSteps(t *testing.T, src string) int {
	f := diag.NewFile("<sample>", []byte(src))
	e, diags := parser.ParseExpr(f)
	require.False(t, diags.HasErrors(), src)
	c, ok := e.(*ast.Call)
	require.True(t, ok, src)
	n := 0
	for _, a := range c.Args {
		if ac, ok := a.(*ast.Call); ok && isOperation(ac.Fun.Name) {
			n += len(Explain(src[a.Pos():a.End()]).Steps)
		}
	}
	return n
}

// TestEveryOperationExplains walks the operation list cutec help eval
// prints (normalize.Operations): every operation has a sample call, every
// step of its derivation replays, and an operation that computes a layout
// explains itself in two steps or more (not one step that is the call).
func TestEveryOperationExplains(t *testing.T) {
	ops := normalize.Operations()
	require.Greater(t, len(ops), 90)
	for _, op := range ops {
		srcs, ok := samples[op]
		if !assert.True(t, ok, "the operation %s has no sample call here: add one", op) {
			continue
		}
		for _, src := range srcs {
			require.True(t, strings.HasPrefix(src, op+"("), "%s: a sample of %s calls it", src, op)
			d, n := replay(t, src)
			assert.Zero(t, d.Mismatch, src)
			n -= operandSteps(t, src)
			if !returnsLayout(t, src) {
				continue
			}
			if why, ok := notDerived[op]; ok {
				assert.Equal(t, 1, n, "%s is derived now: take it off notDerived (%s)", src, why)
				continue
			}
			assert.GreaterOrEqual(t, n, 2, "%s computes a layout and explains it in %d step:\n%s", src, n, rules(d))
		}
	}
	for op := range samples {
		_, ok := normalize.OperationDoc(op)
		assert.True(t, ok, "a sample of %s, which is no operation", op)
	}
}
