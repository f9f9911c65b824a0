package parser

import (
	"strconv"
	"strings"

	"github.com/alecthomas/participle/v2/lexer"
	"github.com/cutec/cutec/ast"
	"github.com/cutec/cutec/diag"
	"github.com/cutec/cutec/grammar"
	"github.com/cutec/cutec/internal/syntax"
)

// The spellings of CuTe C++ and CuTe DSL that denote a value cutec has:
// pointers in a printed tensor (an offset of unknown value) and keyword
// arguments.

// pointer converts `smem_ptr[16b](unset)`, `gmem_ptr[16b](0x7f00)`: where
// CuTe C++ prints a pointer in a tensor, the layout is applied at the
// pointer's offset, which is not known from the text: `?`.
func (c *converter) pointer(name lexer.Token, p *grammar.Pointer, sp diag.Span) ast.Expr {
	if !strings.HasSuffix(name.Value, "ptr") {
		c.add(errUnexpected(c.f, syntax.TokenSpan(name), "a pointer such as `smem_ptr` before `[`", quote(name.Value)))
	}
	if unit := syntax.Tok(p.Unit); unit.Value != "b" {
		c.add(errUnexpected(c.f, syntax.TokenSpan(unit), "`b` (bits) after the width of a pointer", quote(unit.Value)))
	}
	return &ast.Dynamic{Span: sp}
}

// smemFlag reports whether an operand is `smem_ptr[Nb](unset)`, CuTe's
// print of smem_ptr_flag_bits<N>, and returns N (-1 for 0 or a width past
// any int, which the normalizer reports with the text).
func smemFlag(o *grammar.Operand) (int, bool) {
	if !isPointer(o) {
		return 0, false
	}
	n := o.Term.Shape.Name
	p := n.Pointer
	if syntax.Tok(n.Tok).Value != "smem_ptr" || syntax.Tok(p.Unit).Value != "b" || len(p.Addr) != 1 || p.Addr[0].Value != "unset" {
		return 0, false
	}
	bits, err := strconv.Atoi(syntax.Tok(p.Width).Value)
	if err != nil || bits <= 0 {
		return -1, true
	}
	return bits, true
}

// isPointer reports whether an operand is a pointer alone.
func isPointer(o *grammar.Operand) bool {
	return o.Term != nil && o.Term.Stride == nil && o.Term.Shape.Name != nil && o.Term.Shape.Name.Pointer != nil
}

// keywordArg is `name=value` in an argument list.
type keywordArg struct {
	name, value ast.Expr
	span        diag.Span
}

// keywordParams names the parameters of the operations as CuTe DSL calls
// them with keywords, in cutec's order (the DSL's too): the positional
// parameters of cutlass/cute/core.py and tuple.py at the CUTLASS snapshot
// 7107b05535f8977f5ecb9d01ee203205b1fd9bc4, for the operations cutec has.
// cute.make_layout((4,8), stride=(8,1)) is make_layout((4,8), (8,1)).
var keywordParams = map[string][]string{
	"make_layout":          {"shape", "stride"},
	"make_ordered_layout":  {"shape", "order"},
	"tile_to_shape":        {"atom", "trg_shape", "order"},
	"make_composed_layout": {"inner", "offset", "outer"},
	"make_swizzle":         {"b", "m", "s"},
	"make_identity_layout": {"shape"},
	"make_layout_like":     {"input"},
	"composition":          {"lhs", "rhs"},
	"complement":           {"input", "cotarget"},
	"coalesce":             {"input", "target_profile"},
	"filter":               {"input"},
	"filter_zeros":         {"input", "target_profile"},
	"right_inverse":        {"input"},
	"left_inverse":         {"input"},
	"logical_divide":       {"target", "tiler"},
	"zipped_divide":        {"target", "tiler"},
	"tiled_divide":         {"target", "tiler"},
	"flat_divide":          {"target", "tiler"},
	"logical_product":      {"block", "tiler"},
	"zipped_product":       {"block", "tiler"},
	"tiled_product":        {"block", "tiler"},
	"flat_product":         {"block", "tiler"},
	"blocked_product":      {"block", "tiler"},
	"raked_product":        {"block", "tiler"},
	"local_tile":           {"input", "tiler", "coord", "proj"},
	"local_partition":      {"target", "tiler", "index", "proj"},
	"recast_layout":        {"new_type_bits", "old_type_bits", "src_layout"},
	"max_common_layout":    {"a", "b"},
	"max_common_vector":    {"a", "b"},
	"size":                 {"a", "mode"},
	"rank":                 {"a", "mode"},
	"depth":                {"a"},
	"cosize":               {"a", "mode"},
	"get":                  {"input", "mode"},
	"select":               {"input", "mode"},
	"group_modes":          {"input", "begin", "end"},
	"append":               {"input", "elem", "up_to_rank"},
	"prepend":              {"input", "elem", "up_to_rank"},
	"crd2idx":              {"coord", "layout"},
	"idx2crd":              {"idx", "shape"},
	"increment_coord":      {"coord", "shape"},
	"slice_and_offset":     {"coord", "src"},
	"ceil_div":             {"input", "tiler"},
	"shape_div":            {"lhs", "rhs"},
	"elem_less":            {"lhs", "rhs"},
	"dice":                 {"src", "dicer"},
	"flatten":              {"a"},
	"product":              {"a"},
	"product_each":         {"a"},
	"get_leaves":           {"value"},
}

// keywordArgs puts keyword arguments in their places after the positional
// ones: make_layout((4,8), stride=(8,1)) is make_layout((4,8), (8,1)).
func (c *converter) keywordArgs(fun string, list []ast.Expr, keywords []keywordArg) []ast.Expr {
	params := keywordParams[fun]
	slots := make([]ast.Expr, len(params))
	for _, k := range keywords {
		id, ok := k.name.(*ast.Ident)
		at := -1
		if ok {
			for i, p := range params {
				if p == id.Name {
					at = i
				}
			}
		}
		switch {
		case len(params) == 0:
			c.add(errUnexpected(c.f, k.span, "an argument ("+quoteFun(fun)+" takes no keyword arguments)", "a keyword argument"))
		case at < 0:
			c.add(errUnexpected(c.f, span(k.name), "a keyword of "+fun+" ("+strings.Join(params, ", ")+")", describe(k.name)))
		case at < len(list) || slots[at] != nil:
			c.add(errUnexpected(c.f, span(k.name), "an argument given once", "a second "+id.Name))
		default:
			slots[at] = k.value
		}
	}
	for i := len(list); i < len(slots); i++ {
		if slots[i] == nil {
			if i+1 < len(slots) && hasAfter(slots, i) {
				c.add(newError(c.f, diag.UnexpectedToken, keywords[0].span,
					fun+": the argument "+params[i]+" is missing before the keyword arguments"))
				return list
			}
			break
		}
		list = append(list, slots[i])
	}
	return list
}

// hasAfter reports whether a slot after i is filled.
func hasAfter(slots []ast.Expr, i int) bool {
	for _, s := range slots[i+1:] {
		if s != nil {
			return true
		}
	}
	return false
}

func quoteFun(fun string) string {
	if fun == "" {
		return "the application of a value"
	}
	return fun
}
