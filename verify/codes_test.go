package verify

import (
	"bytes"
	goast "go/ast"
	goparser "go/parser"
	"go/token"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/cutec/cutec/ast"
	"github.com/cutec/cutec/diag"
	"github.com/cutec/cutec/internal/goldenfile"
	"github.com/cutec/cutec/layout"
	"github.com/cutec/cutec/normalize"
)

// codeCase is an input that triggers a code and a near miss that does not.
type codeCase struct {
	code          diag.Code
	mode          string // expr, cute, mlir or lower (expr in lowerable mode)
	trigger, near string
}

var codeCases = []codeCase{
	{diag.EmptyInput, "expr", "   ", "8"},
	{diag.UnexpectedToken, "expr", "(4,8):(1,,4)", "(4,8):(1,4)"},
	// Types/*_errors.mlir#missing_string: the dialect's "expected string".
	{diag.UnexpectedToken, "mlir", `%0 = cute.x : !cute.layout<32>`, `%0 = cute.x : !cute.layout<"32:1">`},
	// Types/int_tuple_errors.mlir#nested_underscore; Types/coord.mlir#depth1_mixed.
	{diag.UnexpectedToken, "expr", `!cute.int_tuple<"(1,_)">`, `!cute.coord<"(1,_)">`},
	{diag.UnclosedGroup, "expr", "((1@0,8@1),1@2", "((1@0,8@1),1@2)"},
	{diag.TrailingText, "expr", "(1@0,1@1) x", "(1@0,1@1)"},
	{diag.IntOutOfRange, "expr", "100000000000000000000:1", "1000:1"},
	{diag.NestingTooDeep, "expr", strings.Repeat("(", 300) + "8" + strings.Repeat(")", 300), strings.Repeat("(", 10) + "8" + strings.Repeat(")", 10)},
	{diag.InvalidCharacter, "expr", "(4,8)$(1,4)", "(4,8):(1,4)"},
	{diag.InvalidUTF8, "expr", "(4,8):(1,\xff)", "(4,8):(1,4)"},
	{diag.UnterminatedQuote, "mlir", `%0 = cute.x : !cute.layout<"(4,8):(1,4)`, `%0 = cute.x : !cute.layout<"(4,8):(1,4)">`},
	{diag.ZeroDenominator, "expr", "(1/0@0,1@1)", "(1/2@0,1@1)"},
	{diag.NonIntegralCount, "expr", "(4,2):(1/2@0,1@1)", "(1,2):(1/2@0,1@1)"},
	// Types/stride_errors.mlir#scaled_basis_ratio_value: a wrapper's payload is
	// lowerable, so its descriptor is E0602; the bare descriptor is a value of its own.
	{diag.RatioNotLowerable, "expr", `!cute.stride<"(1/2@0,1@1)">`, "(1/2@0,1@1)"},
	{diag.DimensionTooLarge, "expr", "(1@99999999,1@1)", "(1@9,1@1)"},
	{diag.UnknownName, "expr", "compositon(8:2,4:1)", "composition(8:2,4:1)"},
	{diag.BadArguments, "expr", "composition(8:2)", "composition(8:2,4:1)"},
	{diag.WrongKind, "expr", "size(S<3,4,3>)", "size(8:1)"},
	{diag.ShapeStrideMismatch, "expr", "(4,8):(1,(4,2))", "(4,8):(1,4)"},
	{diag.CoordMismatch, "expr", "crd2idx((0,0,0),(3,5),(5,1))", "crd2idx((0,0),(3,5),(5,1))"},
	{diag.TilerMismatch, "expr", "composition(8:1,[2:1;2:1])", "composition((8,8):(1,8),[2:1;2:1])"},
	{diag.BasisOutsideProfile, "expr", "composition((4,8):(1,4),2:1@2)", "composition((4,8):(1,4),2:1@1)"},
	{diag.NonPositiveShape, "expr", "(4,0):(1,4)", "(4,2):(1,4)"},
	{diag.ModeOutOfRange, "expr", "group_modes((4,8):(1,4),1,3)", "group_modes((4,8):(1,4),0,2)"},
	{diag.StrideDivisibility, "expr", "composition((4,6,8):(2,3,5),6:3)", "composition((4,6,8):(2,3,5),6:2)"},
	{diag.ShapeDivisibility, "expr", "composition((4,6,8):(2,3,5),6:1)", "composition((4,6,8):(2,3,5),8:1)"},
	{diag.ComplementInjective, "expr", "complement((3,8):(1,1))", "complement((3,8):(1,3))"},
	{diag.InexactShapeDiv, "expr", "shape_div(6,4)", "shape_div(8,4)"},
	{diag.ProductRankMismatch, "expr", "raked_product(4:1,(5):(1))", "raked_product(4:1,5:1)"},
	{diag.RecastDivisibility, "expr", "recast_layout(16,24,(4,8):(1,4))", "recast_layout(16,32,(4,8):(1,4))"},
	{diag.TileShapeDivisibility, "expr", "tile_to_shape((2,3,4):(1,2,6),(8,12))", "tile_to_shape((2,3):(1,2),(8,12))"},
	// Symbolic layouts (docs/symbols.md).
	{diag.SymbolUndecided, "expr", "complement((M,4):(1,M), 64)", "complement((M{div=2},4):(1,M), 64)"},
	{diag.ObligationFalse, "expr", "zipped_divide((12,(4,8)):(7,(1,30)), T{div=256}:1)", "zipped_divide((12,(4,8)):(7,(1,30)), T{div=128}:1)"},
	{diag.SymbolTerm, "expr", "(4*M/0,2):(1,4)", "(4*M/2,2):(1,4)"},
	{diag.ObligationOpen, "expr", "zipped_divide((M,K):(1,lda),4)", "zipped_divide((M{div=4},K):(1,M),4)"},
	{diag.FoldOutsideDomain, "expr", "zipped_divide(M:1,32)", "zipped_divide(M{div=32}:1,32)"},
	{diag.DynamicAssumed, "expr", "filter((4,?):(1,4))", "filter((4,?{div=2}):(1,4))"},
	{diag.FoldOutsideDomain, "expr", "composition(4:1,8:2)", "composition(8:2,4:1)"},
	{diag.ProductOverlap, "expr", "logical_product(((4,2),4):((0,5),4),2:32)", "logical_product((4,2):(1,4),2:32)"},
	{diag.NoLeftInverse, "expr", "left_inverse((2,2,5,2):(40,48,32,2))", "left_inverse((4,8):(1,5))"},
	{diag.SwizzleNotBijective, "expr", "S<3,4,2>", "S<3,4,3>"},
	{diag.OffsetNotAddable, "expr", "S<3,4,3> o 1@0 o (8,64):(64,1)", "S<3,4,3> o 1 o (8,64):(64,1)"},
	// Types/composed_layout_errors.mlir: offset_not_addable, swizzle_a_basis_b,
	// affine_inner_profile_mismatch; near misses from Types/composed_layout.mlir.
	{diag.OffsetNotAddable, "expr", "(6,2):(1,3) o 2 o (2,3):(1@1,2@0)", "(4,5):(1,4) o (0,0) o (2,3):(1@0,1@1)"},
	{diag.OffsetNotAddable, "expr", "S<3,4,3> o 0 o (4,2):(1@0,1@1)", "S<3,5,4> o 0 o (?,3):(1,2)"},
	{diag.OffsetNotAddable, "expr", "(4,5):(1,4) o 0 o ((?,?)):((?@0@0,?@1@0))",
		"((2,3),4):((1@0@0,1@1@0),1@1) o ((0,0),0) o ((2,3),4):((1@0@0,1@1@0),1@1)"},
	{diag.MixedStrideKinds, "expr", "(4,8):(1@0,4)", "(4,8):(1@0,0)"},
	// coalesce((4,5):(1,4)) is 20:1 (the modes merge since 4*1 = 4).
	{diag.OpResultMismatch, "mlir", `%0 = cute.coalesce(%a) : (!cute.layout<"(4,5):(1,4)">) -> !cute.layout<"(4,5):(1,4)">`,
		`%0 = cute.coalesce(%a) : (!cute.layout<"(4,5):(1,4)">) -> !cute.layout<"20:1">`},
	// Types/stride_errors.mlir#mixed_dyn_int_scaled_basis; Types/stride.mlir#depth1_scaled_basis.
	{diag.MixedStrideKinds, "expr", "(?,?@0)", "(0,?@0)"},
	// Types/composed_layout_errors.mlir#inner_mixed_int_scaled_basis; composed_layout.mlir#layout_a.
	{diag.MixedStrideKinds, "expr", "(4,5):(1,1@0) o 0 o (2,3):(1,2)", "(4,5):(1,4) o 2 o (2,3):(1,2)"},
	// Types/tile_errors.mlir#mixed_int_scaled_basis_in_tile_slot, one tile deeper.
	{diag.MixedStrideKinds, "expr", "[2:1;[4:1;(2,3):(1,1@0)]]", "[2:1;[4:1;(2,3):(1@0,1@1)]]"},
	{diag.BasisDepthMismatch, "expr", "(4,8):(1@0,1@1@0)", "((2,3),4):((1@0@0,1@1@0),1@1)"},
	// A path may be shorter than another as long as it does not end where the
	// other continues: Types/stride.mlir#rank4_flat_and_nested.
	{diag.BasisDepthMismatch, "expr", "(1@0,(1@0@0,1@1@1))", "(1@0,(1@0@1,1@1@1))"},
	{diag.BasisDepthMismatch, "expr", "(2,3):(1@1,1@1@1)", "(2,3):(1@1,1@1@4)"},
	// Types/composed_layout_errors.mlir#inner_mixed_depth_basis and the mixed-depth tile slot.
	{diag.BasisDepthMismatch, "expr", "(4,5):(1@1@0,1@0) o 0 o (2,3):(1,2)", "(4,5):(1@1@0,1@0@0) o 0 o (2,3):(1,2)"},
	{diag.BasisDepthMismatch, "expr", "[_;[(2,3):(1@1@0,1@0)]]", "[_;[(2,3):(1@0@0,1@1@0)]]"},
	{diag.RatioNotLowerable, "lower", "(1/2@0,4@1)", "(1@0,4@1)"},
	{diag.SwizzleTooWide, "expr", "S<8,16,10>", "S<3,4,3>"},
	{diag.TrivialSwizzle, "expr", "S<0,4,3> o 0 o (8,64):(64,1)", "S<1,4,3> o 0 o (8,64):(64,1)"},
	{diag.DynamicValue, "expr", "make_ordered_layout((4,2),(0,?))", "make_ordered_layout((4,2),(0,1))"},
	{diag.Overflow, "expr", "size((4294967296,4294967296):(1,4294967296))", "size((65536,65536):(1,65536))"},
	{diag.BasisNotDefined, "expr", "complement((4,8):(1@0,1@1), 64)", "complement((4,8):(1@0,1@1))"},
	{diag.DivisionByZero, "expr", "ceil_div(4,0)", "ceil_div(4,2)"},
	{diag.BadValue, "expr", "complement(4:1,0)", "complement(4:1,8)"},
	// A basis path of five dimensions 65535 is a coordinate of five nested
	// tuples of 65536 elements: 5*65536+1 = 327681 nodes, over the bound of
	// 262144; three make 3*65536+1 = 196609.
	{diag.ValueTooLarge, "expr", "((2):(1@65535@65535@65535@65535@65535))(1)", "((2):(1@65535@65535@65535))(1)"},
	{diag.AssertEqualFailed, "cute", "assert coalesce((2,4):(4,1)) == 8:1", "assert coalesce((2,4):(1,2)) == 8:1"},
	{diag.AssertSameFailed, "cute", "assert (2,4):(4,1) ~ 8:1", "assert (2,4):(1,2) ~ 8:1"},
	{diag.ExpectUnmet, "cute", "expect E0400 composition(8:2,4:1)", "expect E0400 composition((4,6,8):(2,3,5),6:3)"},
	{diag.Redefined, "cute", "A = 8:1\nA = 4:1", "A = 8:1\nB = 4:1"},
	{diag.UnknownCode, "cute", "expect E9999 size(8:1)", "expect E0400 composition((4,6,8):(2,3,5),6:3)"},
	{diag.Aliasing, "expr", "(3,8):(1,1)", "(3,8):(1,3)"},
	// (3,5):(5,3) covers 0..22 with gaps, so stride 15 does not nest over it;
	// no two modes collide and 3*5*4096*16 = 983040 elements are too many to
	// visit. Without the last mode, 61440 elements are visited (and injective).
	{diag.AliasingUndecided, "expr", "(3,5,4096,16):(5,3,15,61440)", "(3,5,4096):(5,3,15)"},
	// banks/facts_test.go: the K-major atom read by ldmatrix is 2-way with two
	// swizzle bits (rows r and r+4 share banks) and conflict-free with three.
	{diag.BankConflicts, "expr", "bank_check(S<2,3,3> o 0 o (8,64):(64,1), f16, ldmatrix_x4)", "bank_check(S<3,3,3> o 0 o (8,64):(64,1), f16, ldmatrix_x4)"},
	// The old heuristic fired on swizzled layouts alone; with no access stated nothing is reported.
	{diag.BankConflicts, "expr", "bank_check(S<1,3,3> o 0 o (8,64):(64,1), f16, ldmatrix_x4)", "S<1,3,3> o 0 o (8,64):(64,1)"},
	{diag.BankAccessInvalid, "expr", "banks((8,64):(64,1), f16, (32,8):(8,1), 128)", "banks((8,64):(64,1), f16, ((8,4),8):((1,64),8), 128)"},
	{diag.BankUnknownName, "expr", "banks((8,64):(64,1), f17, ldmatrix_x4)", "banks((8,64):(64,1), f16, ldmatrix_x4)"},
	// Tiled MMAs and copies (docs/tiled.md).
	{diag.TiledUnknownAtom, "expr", "make_tiled_mma(SM80_16x8x16_F32F16F16F32)", "make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN)"},
	{diag.TiledMismatch, "expr", "make_tiled_copy_A(copy_atom(SM75_U32x4_LDSM_N, half_t), make_tiled_mma(SM80_16x8x8_F32F16F16F32_TN))",
		"make_tiled_copy_A(copy_atom(SM75_U32x1_LDSM_N, half_t), make_tiled_mma(SM80_16x8x8_F32F16F16F32_TN))"},
	{diag.RedundantMode, "pedantic", "(4,1,8):(1,0,4)", "(4,8):(1,4)"},
	{diag.NonCanonical, "expr", "(4, 8) : (1, 4)", "(4,8):(1,4)"},
	{diag.OutOfBoundsEval, "expr", "eval(4:1,4)", "eval(4:1,3)"},
	// A two-part composed layout with a layout A; the dialect's printed form
	// (with its offset) and a swizzle A are near misses.
	{diag.ComposedNotComposition, "expr", "(4,8):(1,4) o (2,2):(1,2)", "(4,8):(1,4) o 0 o (2,2):(1,2)"},
	{diag.ComposedNotComposition, "expr", "(4,8):(1,4) o (2,2):(1,2)", "S<3,4,3> o (8,64):(64,1)"},
	{diag.NotDistributive, "expr", "composition((4,2,4,7):(4,16,1,32),(8,8):(2,4))", "composition((4,2,4,7):(4,16,1,32),(8,8):(1,8))"},
}

func run(t *testing.T, mode, src string) diag.List {
	t.Helper()
	f := diag.NewFile("input", []byte(src))
	switch mode {
	case "cute":
		return Default().CuteFile(f)
	case "mlir":
		return Default().MLIR(f)
	case "pedantic": // the optional checks too
		p, err := NewPass(Options{Enable: []string{"redundant-mode"}})
		if err != nil {
			t.Fatal(err)
		}
		_, l := p.Expr(f)
		return l
	case "lower":
		p, err := NewPass(Options{Lowerable: true})
		if err != nil {
			t.Fatal(err)
		}
		_, l := p.Expr(f)
		return l
	}
	_, l := Default().Expr(f)
	return l
}

// TestEveryCodeHasACase keeps the table in step with the catalogue.
func TestEveryCodeHasACase(t *testing.T) {
	have := map[diag.Code]bool{
		diag.FunctionChanged:  true, // tested below, no input reaches it
		diag.LineTooLong:      true, // the command's line reader: cmd/cutec/testdata/script/lint_stream.txtar
		diag.EmbeddingFailure: true, // the C ABI's calls: internal/bridge/bridge_test.go
	}
	for _, c := range codeCases {
		have[c.code] = true
	}
	for _, info := range diag.Catalogue() {
		if !have[info.Code] {
			t.Errorf("%s (%s) has no trigger and near-miss case", info.Code, info.Name)
		}
	}
}

// TestCodes runs every trigger and near miss, and pins the rendered text of
// the triggers in testdata/codes.golden.
func TestCodes(t *testing.T) {
	var out bytes.Buffer
	for _, c := range codeCases {
		got := run(t, c.mode, c.trigger)
		if !got.HasCode(c.code) {
			t.Errorf("%s: %q does not trigger it; got %v", c.code, c.trigger, got)
		}
		if near := run(t, c.mode, c.near); near.HasCode(c.code) {
			t.Errorf("%s: the near miss %q triggers it: %v", c.code, c.near, near)
		}
		out.WriteString("== " + string(c.code) + " (" + c.mode + ")\n")
		if err := diag.RenderAll(&out, diag.Text{}, got); err != nil {
			t.Fatal(err)
		}
	}
	goldenfile.Check(t, "testdata/codes.golden", out.Bytes())
}

// TestFunctionChanged feeds the fold-legality check a coalesce result that
// is not the same function: E0501 guards cutec's own algebra, so no input
// reaches it.
func TestFunctionChanged(t *testing.T) {
	var got diag.List
	s := &Subject{Op: "coalesce", Node: &ast.Ident{Name: "x"},
		Args:   []normalize.Value{normalize.Layout{L: layout.MustNew(layout.Ints(2, 4), layout.Ints(4, 1))}},
		Value:  normalize.Layout{L: layout.MustNew(layout.Int(8), layout.Int(1))},
		report: func(d *diag.Diagnostic) { got.Add(d) }}
	checkFold(s)
	if !got.HasCode(diag.FunctionChanged) {
		t.Errorf("a wrong coalesce result is not reported: %v", got)
	}
	got = nil
	s.Value = normalize.Layout{L: layout.MustNew(layout.Ints(2, 4), layout.Ints(4, 1))}
	checkFold(s)
	if got.HasCode(diag.FunctionChanged) {
		t.Errorf("a right coalesce result is reported: %v", got)
	}
}

// TestLayoutCodesAreCatalogued keeps layout's code strings in the
// catalogue. The codes are read from layout's source (every constant named
// Code... with a string value), so a new code cannot be left out of the list.
func TestLayoutCodesAreCatalogued(t *testing.T) {
	codes := layoutCodes(t)
	if len(codes) < 24 {
		t.Fatalf("found only %d codes in ../layout: %v", len(codes), codes)
	}
	for name, c := range codes {
		if _, ok := diag.Lookup(diag.Code(c)); !ok {
			t.Errorf("layout.%s = %s is not in diag.Catalogue()", name, c)
		}
	}
}

// layoutCodes returns the constants of package layout whose name starts
// with Code and whose value is a string literal (or a conversion of one),
// by name.
func layoutCodes(t *testing.T) map[string]string {
	t.Helper()
	files, err := filepath.Glob(filepath.Join("..", "layout", "*.go"))
	if err != nil {
		t.Fatal(err)
	}
	codes := map[string]string{}
	fset := token.NewFileSet()
	for _, path := range files {
		if strings.HasSuffix(path, "_test.go") {
			continue
		}
		f, err := goparser.ParseFile(fset, path, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range f.Decls {
			g, ok := d.(*goast.GenDecl)
			if !ok || g.Tok != token.CONST {
				continue
			}
			for _, spec := range g.Specs {
				vs := spec.(*goast.ValueSpec)
				for i, n := range vs.Names {
					if !strings.HasPrefix(n.Name, "Code") || i >= len(vs.Values) {
						continue
					}
					v := vs.Values[i]
					if call, ok := v.(*goast.CallExpr); ok && len(call.Args) == 1 {
						v = call.Args[0]
					}
					if lit, ok := v.(*goast.BasicLit); ok && lit.Kind == token.STRING {
						s, err := strconv.Unquote(lit.Value)
						if err != nil {
							t.Fatal(err)
						}
						codes[n.Name] = s
					}
				}
			}
		}
	}
	return codes
}
