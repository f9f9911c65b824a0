package sources

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cutec/cutec/diag"
	"github.com/cutec/cutec/internal/heavytest"
	"github.com/cutec/cutec/normalize"
	"github.com/cutec/cutec/verify"
)

// values returns name -> value text of the declarations evaluated, and
// name -> reason of those skipped.
func values(t *testing.T, name, src string) (map[string]string, map[string]string, Result) {
	t.Helper()
	res := Read(name, []byte(src), verify.Default())
	got, skipped := map[string]string{}, map[string]string{}
	for _, d := range res.Decls {
		if d.Value != nil {
			got[d.Name] = d.Value.String()
		} else {
			skipped[d.Name] = d.Skipped
		}
	}
	return got, skipped, res
}

// The expected values are CuTe C++'s prints of the same spellings with the
// constants written out (testdata/cute_spellings/cases.tsv: a host program
// compiled against the CUTLASS snapshot 7107b05 printed them), without
// CuTe's `_` marks of static integers.
func TestCppDeclarationsWithConstantsInScope(t *testing.T) {
	src := `#include <cute/tensor.hpp>
// using Commented = Layout<Shape<_2>>;
static constexpr int kAtom = 8;
template <int kBlockM = 32, class T>
struct Cfg {
  using Atom = Layout<Shape<Int<kAtom>,_8>,Stride<_1,Int<kAtom>>>;
  using Tiled = decltype(tile_to_shape(Atom{}, make_shape(Int<kBlockM>{}, _32{})));
  using Swz = decltype(make_composed_layout(Swizzle<3,3,3>{}, _0{}, Layout<Shape<_8,_64>,Stride<_64,_1>>{}));
  const char* s = "using InString = Layout<Shape<_3>>;";
};
void f(int m) {
  auto rowm = make_layout(make_shape(Int<4>{},Int<8>{}), LayoutRight{});
  auto dyn = make_layout(make_shape(m, _8{}));
}
`
	got, skipped, res := values(t, "cfg.cuh", src)
	assert.Equal(t, map[string]string{
		"Atom":  "(8,8):(1,8)",
		"Tiled": "((8,4),(8,4)):((1,64),(8,256))", // tile_to_shape ... (_32,_32) in cases.tsv
		"Swz":   "S<3,3,3> o 0 o (8,64):(64,1)",   // Sw<3,3,3> o _0 o (_8,_64):(_64,_1)
		"rowm":  "(4,8):(8,1)",                    // (_4,_8):(_8,_1)
	}, got)
	require.Contains(t, skipped, "dyn", "a run-time extent is skipped, not an error")
	assert.NotContains(t, got, "Commented")
	assert.NotContains(t, got, "InString")
	assert.Empty(t, res.Diags)
}

// A finding on a declared value is reported at its place in the source,
// past a substituted constant whose value is shorter or longer than its name.
func TestFindingIsAtItsPlaceInTheSource(t *testing.T) {
	src := "constexpr int N = 1024;\nusing Bad = Layout<Shape<Int<N>,_8>, Stride<_1>>;\n"
	_, _, res := values(t, "bad.hpp", src)
	require.NotEmpty(t, res.Diags)
	d := res.Diags[0]
	assert.Equal(t, diag.Error, d.Severity)
	assert.Equal(t, "bad.hpp", d.FileName())
	assert.Equal(t, 2, d.Start().Line)
	text := src[d.Span.Start:d.Span.End]
	assert.True(t, strings.Contains(text, "Stride") || strings.Contains(text, "Shape"), "the span %q is in the declaration", text)
}

func TestPythonDeclarations(t *testing.T) {
	src := `import cutlass.cute as cute
BLK_M = 128
TILE = (BLK_M, 64)

@cute.jit
def k(n: int):
    """x = cute.make_layout((3,3)) in a docstring"""
    a = cute.make_layout((4, 8), stride=(8, 1))  # comment cute.make_layout((2,2))
    b = cute.make_layout(TILE, stride=(64, 1))
    c = cute.make_composed_layout(cute.make_swizzle(3, 3, 3), 0,
                                  cute.make_layout((8, 64), stride=(64, 1)))
    d = cute.make_layout((n, 4))
`
	got, skipped, res := values(t, "k.py", src)
	// docs/grammar.md: cute.make_layout((4,8), stride=(8,1)) is (4,8):(8,1)
	// and make_composed_layout the composed layout inner o offset o outer.
	assert.Equal(t, map[string]string{
		"a": "(4,8):(8,1)",
		"b": "(128,64):(64,1)",
		"c": "S<3,3,3> o 0 o (8,64):(64,1)",
	}, got)
	assert.Contains(t, skipped, "d")
	assert.Empty(t, res.Diags)
	for _, d := range res.Decls {
		if d.Name == "c" {
			assert.Equal(t, 10, d.Line)
			assert.Equal(t, 9, d.Column)
		}
	}
}

func TestMarkerAndExtensions(t *testing.T) {
	assert.True(t, Is("a/b.cu") && Is("x.cuh") && Is("y.hpp") && Is("k.py") && Is("z.H"))
	assert.False(t, Is("a.cute") || Is("b.mlir") || Is("c.c"))
	assert.True(t, HasMarker([]byte("#include <cute/tensor.hpp>")))
	assert.True(t, HasMarker([]byte("import cutlass.cute as cute")))
	assert.False(t, HasMarker([]byte("int main() { return 0; }")))
}

// Bad input never panics: unbalanced brackets, a declaration cut short, a
// constant defined in terms of itself.
func TestHostileTextIsSkipped(t *testing.T) {
	for _, src := range []string{
		"using X = decltype(composition(Swizzle<3,3,3>{}, ",
		"auto x = make_layout((((((;",
		"constexpr int N = 4;\nusing L = Layout<Shape<Int<N>>>>>>;",
		"x = cute.make_layout(((",
		"/* unterminated comment using X = Layout<_4>;",
		"\"unterminated string using X = Layout<_4>;",
	} {
		for _, name := range []string{"a.cu", "a.py"} {
			assert.NotPanics(t, func() { Read(name, []byte(src), verify.Default()) }, src)
		}
	}
}

// NVIDIA's own sources lint with no error: CUTEC_CUTLASS names an extracted
// tree of the CUTLASS snapshot (examples/cute/tutorial,
// include/cutlass/gemm/collective, examples/python/CuTeDSL); the test is
// skipped without it (CuTe's code is not part of this repository).
func TestNvidiaSourcesHaveNoFalseError(t *testing.T) {
	root := os.Getenv("CUTEC_CUTLASS")
	if root == "" {
		t.Skip("CUTEC_CUTLASS not set")
	}
	files, evaluated := 0, 0
	for _, dir := range []string{"examples/cute/tutorial", "include/cutlass/gemm/collective", "examples/python/CuTeDSL"} {
		err := filepath.WalkDir(filepath.Join(root, dir), func(p string, d os.DirEntry, err error) error {
			if err != nil || d.IsDir() || !Is(p) {
				return err
			}
			b, err := os.ReadFile(p)
			if err != nil {
				return err
			}
			files++
			res := Read(p, b, verify.Default())
			for _, d := range res.Decls {
				if d.Value != nil {
					evaluated++
				}
			}
			for _, d := range res.Diags {
				assert.NotEqual(t, diag.Error, d.Severity, "%s: %s", d.Start(), d.Message)
			}
			return nil
		})
		require.NoError(t, err)
	}
	require.NotZero(t, files)
	assert.NotZero(t, evaluated)
	t.Logf("%d files, %d declarations evaluated", files, evaluated)
}

// The declarations of NVIDIA's sources that CuTe printed
// (testdata/sources/README.md) have the value CuTe printed:
// cutlass_prints.tsv (CUTLASS's tutorial) and cutlass_tree_prints.tsv
// (members of the MMA and copy traits headers, named through their
// struct, and the declarations of CuTe's core unit tests). Where CuTe's
// print holds a run-time integer (a number printed without `_`: C++ passed
// an int, make_layout(2)), CuTe keeps the structure a run-time value
// forces (the stride of an extent 1, modes next to a run-time extent
// unmerged) and the language, which reads the integer's value, may print
// the same function otherwise: there the values are equivalent layouts
// (normalize.Equivalent), elsewhere the same text.
func TestNvidiaDeclarationsMatchCutePrints(t *testing.T) {
	root := os.Getenv("CUTEC_CUTLASS")
	if root == "" {
		t.Skip("CUTEC_CUTLASS not set")
	}
	read := map[string]Result{}
	for _, facts := range []string{"cutlass_prints.tsv", "cutlass_tree_prints.tsv"} {
		b, err := os.ReadFile("../../testdata/sources/" + facts)
		require.NoError(t, err)
		lines := strings.Split(strings.TrimSpace(string(b)), "\n")
		require.NotEmpty(t, lines)
		for _, l := range lines {
			f := strings.Split(l, "\t")
			require.Len(t, f, 4, l)
			res, ok := read[f[0]]
			if !ok {
				src, err := os.ReadFile(filepath.Join(root, f[0]))
				require.NoError(t, err)
				res = Read(f[0], src, verify.Default())
				read[f[0]] = res
			}
			want, d := verify.Default().Expr(diag.NewFile("print", []byte(f[3])))
			require.False(t, hasError(d), "CuTe's print %q reads: %v", f[3], d)
			found := false
			for _, dcl := range res.Decls {
				if dcl.Name != f[2] || strconv.Itoa(dcl.Line) != f[1] {
					continue
				}
				found = true
				require.NotNil(t, dcl.Value, "%s:%s %s skipped: %s", f[0], f[1], f[2], dcl.Skipped)
				if runtimeInt(f[3]) {
					assert.True(t, normalize.Equivalent(want, dcl.Value), "%s:%s %s: %s, CuTe %s", f[0], f[1], f[2], dcl.Value, want)
				} else {
					assert.Equal(t, want.String(), dcl.Value.String(), "%s:%s %s", f[0], f[1], f[2])
				}
			}
			assert.True(t, found, "%s:%s %s not read", f[0], f[1], f[2])
		}
	}
}

// runtimeInt reports whether one of CuTe's prints holds a run-time
// integer: a number printed without `_`, outside a swizzle's or a
// pointer's brackets (Sw<3,4,3>, smem_ptr[16b]).
func runtimeInt(print string) bool {
	depth := 0
	for i := 0; i < len(print); i++ {
		c := print[i]
		switch {
		case c == '<' || c == '[':
			depth++
		case c == '>' || c == ']':
			depth--
		case c >= '0' && c <= '9' && depth == 0 && (i == 0 || !isIdent(print[i-1])):
			return true
		}
	}
	return false
}

// NVIDIA's whole tree (include, examples, python, test, tools of the
// CUTLASS snapshot named by CUTEC_CUTLASS) lints with one finding, a real
// one: MMA_Traits<SM80_16x8x128_S32U1U1S32_TN_XORPOPC>::ALayout's stride
// Stride<Stride<_512,_1>,Stride<Stride<_16,_8>>> nests (16,8) one level
// deeper than its shape's (32,2) (CuTe's congruent() of the two is false,
// and applying the layout fails CuTe's static_assert "Mismatched Ranks").
func TestNvidiaTreeHasOneRealFinding(t *testing.T) {
	root := os.Getenv("CUTEC_CUTLASS")
	if root == "" {
		t.Skip("CUTEC_CUTLASS not set")
	}
	var findings []string
	files := 0
	for _, dir := range []string{"include", "examples", "python", "test", "tools"} {
		if _, err := os.Stat(filepath.Join(root, dir)); err != nil {
			t.Skipf("CUTEC_CUTLASS has no %s: extract the snapshot's include, examples, python, test and tools", dir)
		}
		err := filepath.WalkDir(filepath.Join(root, dir), func(p string, d os.DirEntry, err error) error {
			if err != nil || d.IsDir() || !Is(p) {
				return err
			}
			b, err := os.ReadFile(p)
			if err != nil || !HasMarker(b) {
				return err
			}
			files++
			rel, _ := filepath.Rel(root, p)
			for _, d := range Read(rel, b, verify.Default()).Diags {
				findings = append(findings, fmt.Sprintf("%s:%d %s", rel, d.Start().Line, d.Code))
			}
			return nil
		})
		require.NoError(t, err)
	}
	assert.Greater(t, files, 1000)
	assert.Equal(t, []string{"include/cute/atom/mma_traits_sm80.hpp:680 E0300"}, findings)
}

// Many declarations that never close are read in linear time: by default
// 20,000 of each are read (the reader returns); with CUTEC_HEAVY=1,
// 200,000 of each within 5 s each, a bound on time the default tests never
// set (docs/testing.md).
func TestUnclosedDeclarationsAreBounded(t *testing.T) {
	n := 20000
	if heavytest.Enabled() {
		n = 200000
	}
	for _, unit := range []string{"using a = decltype((", "auto x = make_layout((", "x = cute.make_layout((\n"} {
		src := []byte(strings.Repeat(unit, n))
		for _, name := range []string{"a.cu", "a.py"} {
			start := time.Now()
			Read(name, src, verify.Default())
			if heavytest.Enabled() {
				assert.Less(t, time.Since(start), 5*time.Second, "%s %q", name, unit)
			}
		}
	}
}

// BenchmarkReadHeader reads a CUTLASS-sized header: the example header
// repeated to about 100 KB.
func BenchmarkReadHeader(b *testing.B) {
	one, err := os.ReadFile("../../examples/sources/gemm_smem.cuh")
	require.NoError(b, err)
	src := []byte(strings.Repeat(string(one), 100<<10/len(one)))
	p := verify.Default()
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	for b.Loop() {
		Read("h.cuh", src, p)
	}
}

// A tiled MMA declared with make_tiled_mma is read as the language builds
// it: its A partition is the one CuTe printed for the same call
// (testdata/cute/tiled.tsv, m80_16816_2x2_p32, NVIDIA/cutlass 7107b05).
func TestTiledMMADeclaration(t *testing.T) {
	src := `#include <cute/tensor.hpp>
using namespace cute;
struct Cfg {
  using Mma = decltype(make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN{}, Layout<Shape<_2,_2,_1>>{}, Tile<_32,_32,_16>{}));
  using A = decltype(get_layoutA_TV(Mma{}));
};
`
	got, _, res := values(t, "mma.cuh", src)
	// CuTe printed (_2,_2,_1):(_1,_2,_0) for Layout<Shape<_2,_2,_1>>{} and
	// (_32,_2,_2,_1):(_1,_32,_64,_0) for this MMA's get_thr_layout_vmnk()
	// (compact_major gives a static extent 1 the stride _0).
	assert.Equal(t, "make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN, (2,2,1):(1,2,0), [32;32;16])", got["Mma"])
	// ((_4,_8,_2,_2),((_2,_2,_2),(_1,_1))):((_64,_1,_16,_0),((_32,_8,_256),(_0,_0)))
	assert.Equal(t, "((4,8,2,2),((2,2,2),(1,1))):((64,1,16,0),((32,8,256),(0,0)))", got["A"])
	assert.Empty(t, res.Diags)
}
