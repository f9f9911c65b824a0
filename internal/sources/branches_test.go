package sources

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Every branch of a conditional is read but one written #if 0 (or #elif
// 0), each with the scopes open at its #if, and directive lines are no
// text: a #define's braces open and close no scope. The expected values
// are CuTe's prints of the same types (compact column-major: Layout<Shape<
// _4,_2>> is (_4,_2):(_1,_4), CuTe's compact_major in stride.hpp), without
// CuTe's `_` marks.
func TestPreprocessorBranches(t *testing.T) {
	src := `#include <cute/tensor.hpp>
using namespace cute;
constexpr int N = 8;
#if defined(NARROW)
void f(int a) {
#else
void f() {
#endif
  constexpr int N = 4;
  using Inner = Layout<Shape<Int<N>, _2>>;
}
using Outer = Layout<Shape<Int<N>, _2>>;
#if 0
using Dead = Layout<Shape<_4, _8>, Stride<_1>>;
#endif
void g() {
  constexpr int M = 2;
#define CLOSE }
  using InG = Layout<Shape<Int<M>>>;
}
#if defined(X)
using Alt = Layout<Shape<_2, _2>>;
#elif 0
using Alt = Layout<Shape<_3, _3>, Stride<_1>>;
#else
using Alt = Layout<Shape<_4, _4>>;
#endif
using UseAlt = decltype(coalesce(Alt{}));
`
	got, skipped, res := values(t, "branches.cuh", src)
	assert.Equal(t, "(4,2):(1,4)", got["Inner"], "f's N, whichever branch opened f")
	assert.Equal(t, "(8,2):(1,8)", got["Outer"], "the file's N: f's scope closed once")
	assert.Equal(t, cuteValue(t, "(_2):(_1)"), got["InG"], "a #define's } closes no scope")
	assert.NotContains(t, got, "Dead")
	assert.NotContains(t, skipped, "Dead")
	assert.Equal(t, "16:1", got["UseAlt"], "the last branch's Alt, (_4,_4):(_1,_4) coalesced")
	var alts []int
	for _, d := range res.Decls {
		if d.Name == "Alt" {
			alts = append(alts, d.Line)
		}
	}
	assert.Equal(t, []int{22, 26}, alts, "both branches read, #elif 0 not")
	assert.Empty(t, res.Diags, "no finding in code no build compiles")
}

// A template parameter without a default, another name of one, and a
// member of a policy that is one are skipped with what they are.
func TestTemplateParametersWithoutDefault(t *testing.T) {
	src := `#include <cute/tensor.hpp>
using namespace cute;
template <class TileShape_, int Stages, class DispatchPolicy_>
struct CollectiveMma {
  using TileShape = TileShape_;
  using DispatchPolicy = DispatchPolicy_;
  using SmemLayoutA = decltype(make_layout(make_shape(shape<0>(TileShape{}), Int<64>{})));
  using SmemLayoutB = Layout<Shape<_64, Int<Stages>>>;
  using SmemLayoutC = Layout<Shape<_64, Int<DispatchPolicy::Stages>>>;
  using Known = Layout<Shape<_64, _8>>;
};
template <class T> using Alias = Layout<Shape<_4, T>>;
using AfterTemplate = Layout<Shape<_4, _2>>;
`
	got, skipped, res := values(t, "collective.hpp", src)
	assert.Contains(t, skipped["SmemLayoutA"], "TileShape, another name of TileShape_, a template parameter without a default")
	assert.Contains(t, skipped["SmemLayoutB"], "Stages, a template parameter without a default")
	assert.Contains(t, skipped["SmemLayoutC"], "DispatchPolicy::Stages, a member of DispatchPolicy (another name of DispatchPolicy_, a template parameter without a default)")
	assert.Equal(t, "(64,8):(1,64)", got["Known"])
	assert.Equal(t, "(4,2):(1,4)", got["AfterTemplate"])
	assert.Empty(t, res.Diags)
}

// A name assigned something the reader does not evaluate is named in the
// skip reason with its line, and a Python attribute as an attribute.
func TestSkipReasonsSayWhatANameIs(t *testing.T) {
	_, skipped, _ := values(t, "k.cu", `#include <cute/tensor.hpp>
void k(int m) {
  auto M = int(m);
  auto prob = make_layout(make_shape(M, Int<8>{}));
}
`)
	assert.Contains(t, skipped["prob"], "depends on M, assigned on line 3 a value the reader does not evaluate: int(m)")
	_, skipped, _ = values(t, "f.hpp", "using L = decltype(unstage(Layout<Shape<_4,_8>>{}));\n")
	assert.Contains(t, skipped["L"], "calls unstage, which is no operation of the language")
	_, skipped, _ = values(t, "k.py", "import cutlass.cute as cute\ndef f(self):\n    s = cute.make_layout((self._bM, 8))\n")
	assert.Contains(t, skipped["s"], "self._bM: attributes of an object or a module, which the reader does not read")
}

// CuTe C++'s composition(Swizzle, Offset, Layout) builds the composed
// layout; an integer declared with auto stands for the integer; a shape
// declared as a value is a tuple where it is used (CUTLASS's
// test/unit/cute/ampere/cooperative_gemm.cu writes these). CuTe printed
// Sw<3,3,3> o _0 o (_8,_64):(_64,_1) for the composition (a host program
// compiled against the snapshot 7107b05), and (_128,_64):(_64,_1) is
// make_layout of that shape with LayoutRight (compact row-major).
func TestCompositionOfThreeAndDeclaredShapes(t *testing.T) {
	src := `#include <cute/tensor.hpp>
void f() {
  auto swizzle = cute::Swizzle<3, 3, 3>{};
  auto offset = cute::_0{};
  auto atom = cute::make_layout(cute::Shape<cute::_8, cute::_64>{}, cute::LayoutRight{});
  auto sw = cute::composition(swizzle, offset, atom);
  auto shape = cute::Shape<cute::Int<128>, cute::Int<64>>{};
  auto global = cute::make_layout(shape, cute::LayoutRight{});
  auto tiled = cute::tile_to_shape(sw, global);
}
`
	got, skipped, res := values(t, "coop.cu", src)
	assert.Equal(t, cuteValue(t, "Sw<3,3,3> o _0 o (_8,_64):(_64,_1)"), got["sw"])
	assert.Equal(t, "(128,64)", got["shape"])
	assert.Equal(t, cuteValue(t, "(_128,_64):(_64,_1)"), got["global"])
	// CuTe's tile_to_shape takes a layout for its shape; the language
	// reads a shape there: a form not read, not an error.
	require.Contains(t, skipped, "tiled")
	assert.True(t, strings.HasPrefix(skipped["tiled"], "a call the language reads for other kinds of arguments"), skipped["tiled"])
	assert.Empty(t, res.Diags)
}

// A layout type without a stride takes CuTe's compact column-major
// stride, _0 for a static extent 1: CuTe printed (_1,_4):(_0,_1) for
// MMA_Traits<SM61_DP4A>::ALayout, Layout<Shape<_1,_4>> (mma_traits_sm61.hpp
// of the snapshot 7107b05), and _1:_0 for its ThrID, Layout<_1>.
func TestLayoutTypeOfExtentOne(t *testing.T) {
	got, _, _ := values(t, "t.hpp", "using A = Layout<Shape<_1,_4>>;\nusing T = Layout<_1>;\n")
	assert.Equal(t, cuteValue(t, "(_1,_4):(_0,_1)"), got["A"])
	assert.Equal(t, cuteValue(t, "_1:_0"), got["T"])
}

// A text read again in a file takes its value without a second
// evaluation, but a declaration with a finding is evaluated and reported
// each time, and the same text with other constants in scope is another
// text.
func TestRepeatedDeclarations(t *testing.T) {
	src := `#include <cute/tensor.hpp>
struct A { static constexpr int N = 4; using L = Layout<Shape<Int<N>,_8>>; using Bad = Layout<Shape<_4,_8>, Stride<_1>>; };
struct B { static constexpr int N = 8; using L = Layout<Shape<Int<N>,_8>>; using Bad = Layout<Shape<_4,_8>, Stride<_1>>; };
struct C { using L = Layout<Shape<_8,_8>>; };
`
	_, _, res := values(t, "rep.hpp", src)
	var ls []string
	for _, d := range res.Decls {
		if d.Name == "L" {
			require.NotNil(t, d.Value, d.Skipped)
			ls = append(ls, d.Value.String())
		}
	}
	// CuTe's compact column-major: (_4,_8):(_1,_4), (_8,_8):(_1,_8)
	assert.Equal(t, []string{"(4,8):(1,4)", "(8,8):(1,8)", "(8,8):(1,8)"}, ls)
	lines := []int{}
	for _, d := range res.Diags {
		lines = append(lines, d.Start().Line)
	}
	assert.Equal(t, []int{2, 3}, lines, "the stride of rank 1 for a shape of rank 2, reported twice")
}
