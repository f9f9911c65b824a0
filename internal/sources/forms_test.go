package sources

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cutec/cutec/diag"
	"github.com/cutec/cutec/verify"
)

// cuteValue reads one of CuTe's prints (or an expression) with cutec and
// returns its value's text.
func cuteValue(t *testing.T, text string) string {
	t.Helper()
	v, d := verify.Default().Expr(diag.NewFile("print", []byte(text)))
	require.False(t, hasError(d), "%q reads: %v", text, d) // a warning (not injective) is no error
	require.NotNil(t, v, text)
	return v.String()
}

// testdata/sources/traits.cuh is a kernel's traits and two kernels written
// as CuTe users write them: static constexpr members computed from one
// another (a ternary, %, /, *), Int<16 * kNWarps>, Int<kBlockN + 8>,
// bM + Int<1>{}, _64{} * 2, members named through their struct
// (Kernel_traits::kBlockM) and through a template parameter's default
// (DispatchPolicy::Stages), a block that shadows a constant, a namespace
// constant shadowed in one function only, TiledMMA<MMA_Atom<OP>, ...> and
// Copy_Atom<...> type aliases. traits_prints.tsv holds what CuTe printed
// for each declaration of this same file (a host program compiled with g++
// against the CUTLASS snapshot 7107b05 included it; testdata/sources/
// README.md), or for a query of it (% is the declared value).
func TestTraitsMatchCutePrints(t *testing.T) {
	src, err := os.ReadFile("../../testdata/sources/traits.cuh")
	require.NoError(t, err)
	facts, err := os.ReadFile("../../testdata/sources/traits_prints.tsv")
	require.NoError(t, err)
	res := Read("traits.cuh", src, verify.Default())
	for _, l := range strings.Split(strings.TrimSpace(string(facts)), "\n") {
		f := strings.Split(l, "\t")
		require.Len(t, f, 4, l)
		var got string
		for _, d := range res.Decls {
			if d.Name == f[1] && strconv.Itoa(d.Line) == f[0] {
				require.NotNil(t, d.Value, "%s:%s skipped: %s", f[0], f[1], d.Skipped)
				got = d.Value.String()
			}
		}
		require.NotEmpty(t, got, "%s at line %s not read", f[1], f[0])
		got = cuteValue(t, strings.ReplaceAll(f[2], "%", got))
		// CuTe prints a partitioned tensor's layout; thread 0's offset is 0.
		got = strings.TrimPrefix(got, "{0} o ")
		assert.Equal(t, cuteValue(t, f[3]), got, "%s:%s %s", f[0], f[1], f[2])
	}
}

// The pairing of a tiled copy with its shared-memory layout (docs/sources.md):
// traits.cuh reads Q (Swizzle<3,3,3> over rows of 64 halves) and K (rows of
// 64 halves, 128 bytes, unswizzled) with one ldmatrix.x4 copy. An 8x8
// matrix of ldmatrix reads 8 rows of 16 bytes in one phase; rows 128 bytes
// apart start in the same bank (a bank is 4 bytes, 32 banks span 128), so
// the 8 rows of K fall in the same 4 banks: 8-way conflicts. The swizzle
// XORs the row into the 16-byte chunk, so the 8 rows of Q fall in 8
// different chunks: conflict-free (the layout CUTLASS and FlashAttention use
// for that reason), and nothing is reported.
func TestBankConflictsOfAPairedCopy(t *testing.T) {
	src, err := os.ReadFile("../../testdata/sources/traits.cuh")
	require.NoError(t, err)
	res := Read("traits.cuh", src, verify.Default())
	var found []*diag.Diagnostic
	for _, d := range res.Diags {
		if d.Code == diag.BankConflicts {
			found = append(found, d)
		}
	}
	require.Len(t, found, 1, "one conflicting copy, K's; Q's swizzled copy has none")
	d := found[0]
	assert.Equal(t, diag.Warning, d.Severity)
	assert.Contains(t, string(src[d.Span.Start:d.Span.End]), "partition_S(sK)")
	assert.Contains(t, d.Message, "8-way")
	assert.Contains(t, d.Message, "smem_tiled_copy_Q over sK")
}

// No pairing, no finding: a copy partitions a tensor whose layout is not
// read, a copy whose atom is not in shared memory on that side, a tensor
// that is not in shared memory.
func TestUnpairedCopiesAreNotChecked(t *testing.T) {
	src := `#include <cute/tensor.hpp>
using namespace cute;
using Mma = TiledMMA<MMA_Atom<SM80_16x8x16_F32F16F16F32_TN>, Layout<Shape<_2,_2,_1>>, Tile<_32,_32,_16>>;
template <class SmemLayout>
void k(half_t* smem, half_t* gmem, int tid, SmemLayout L) {
  auto copy = make_tiled_copy_A(Copy_Atom<SM75_U32x4_LDSM_N, half_t>{}, Mma{});
  auto thr = copy.get_slice(tid);
  auto bad = Layout<Shape<_32, _64>, Stride<_64, _1>>{};
  Tensor s1 = make_tensor(make_smem_ptr(smem), L);
  Tensor t1 = thr.partition_S(s1);
  Tensor s2 = make_tensor(make_smem_ptr(smem), bad);
  Tensor t2 = thr.partition_D(s2);
  Tensor g3 = make_tensor(make_gmem_ptr(gmem), bad);
  Tensor t3 = thr.partition_S(g3);
}
`
	_, _, res := values(t, "k.cu", src)
	assert.Empty(t, res.Diags)
}

// The type spelling of a tiled MMA and a copy atom declared as a variable
// of its type, as CUTLASS's examples/cute/tutorial/sgemm_sm80.cu writes
// them. get_layoutA_TV is CuTe's print of TiledMMA<MMA_Atom<SM80_16x8x16_
// F32F16F16F32_TN>, Layout<Shape<_2,_2,_1>>, Tile<_32,_32,_16>>{}.
// get_layoutA_TV() (the printing program of traits_prints.tsv); the copy's
// are testdata/cute/tiled.tsv's c_s2r_A_ldsm4 (the same MMA, ldmatrix.x4).
func TestTiledTypeSpellings(t *testing.T) {
	src := `#include <cute/tensor.hpp>
using namespace cute;
using Mma = TiledMMA<MMA_Atom<SM80_16x8x16_F32F16F16F32_TN>, Layout<Shape<_2,_2,_1>>, Tile<_32,_32,_16>>;
using Atom = MMA_Atom<SM80_16x8x16_F32F16F16F32_TN>;
using Mma2 = TiledMMA<Atom, Layout<Shape<_2,_2,_1>>, Tile<_32,_32,_16>>;
void host() {
  Copy_Atom<SM75_U32x4_LDSM_N, half_t> s2r_atom_A;
  TiledCopy s2r = make_tiled_copy_A(s2r_atom_A, Mma{});
  TiledMMA mma = make_tiled_mma(MMA_Atom<SM80_16x8x16_F32F16F16F32_TN>{}, Layout<Shape<_2,_2,_1>>{}, Tile<_32,_32,_16>{});
}
`
	got, skipped, res := values(t, "mma.cu", src)
	require.Empty(t, skipped)
	assert.Empty(t, res.Diags)
	tv := cuteValue(t, "((_4,_8,_2,_2),((_2,_2,_2),(_1,_1))):((_64,_1,_16,_0),((_32,_8,_256),(_0,_0)))")
	for _, m := range []string{"Mma", "Mma2", "mma"} {
		require.Contains(t, got, m)
		assert.Equal(t, tv, cuteValue(t, "get_layoutA_TV("+got[m]+")"), m)
	}
	require.Contains(t, got, "s2r")
	assert.Equal(t, cuteValue(t, "((_16,_2,_2,_2),(_8,_1)):((_1,_256,_16,_0),(_32,_0))"), cuteValue(t, "get_layoutS_TV("+got["s2r"]+")"))
	assert.Equal(t, cuteValue(t, "(_32,_16)"), cuteValue(t, "tile_size("+got["s2r"]+")"))
}

// C++'s scopes: a constant of one function is not seen in another, a
// template parameter's default only in the body it heads, a block's
// constant only in the block. The reader skips what C++ would not compile
// (a name not declared there).
func TestCppScopes(t *testing.T) {
	src := `#include <cute/tensor.hpp>
using namespace cute;
template <int kM = 16>
struct A { using L = Layout<Shape<Int<kM>, _2>>; };
struct B { using L = Layout<Shape<Int<kM>, _2>>; };
void f() { constexpr int kOnlyF = 8; auto a = make_layout(make_shape(Int<kOnlyF>{}, _2{})); }
void g() { auto b = make_layout(make_shape(Int<kOnlyF>{}, _2{})); }
namespace n1 { constexpr int kN = 4; }
namespace n2 { auto c = make_layout(make_shape(Int<kN>{}, _2{})); }
namespace n3 { auto d = make_layout(make_shape(Int<n1::kN>{}, _2{})); }
`
	got, skipped, _ := values(t, "s.cu", src)
	// Column-major (CuTe's default): (16,2):(1,16), (8,2):(1,8).
	assert.Equal(t, "(16,2):(1,16)", got["L"], "A's L; B's has no kM")
	assert.Equal(t, "(8,2):(1,8)", got["a"])
	assert.Contains(t, skipped, "b", "f's constant is not g's")
	assert.Contains(t, skipped, "c", "n1's constant is not n2's")
	assert.Equal(t, "(4,2):(1,4)", got["d"], "named through its namespace")
}

// Python's scopes: a function's constant is its own, a module's is seen in
// every function, a class body's is not seen in its methods.
func TestPythonScopes(t *testing.T) {
	src := `import cutlass.cute as cute
BLK = 64
HALF = BLK // 2

def f():
    BLK = 32
    a = cute.make_layout((BLK, 4))

def g():
    b = cute.make_layout((BLK, HALF + 1))

class K:
    TILE = 16
    d = cute.make_layout((TILE, 2))
    def m(self):
        c = cute.make_layout((TILE, 2))
`
	got, skipped, _ := values(t, "k.py", src)
	// CuTe's make_layout without a stride is column-major.
	assert.Equal(t, "(32,4):(1,32)", got["a"])
	assert.Equal(t, "(64,33):(1,64)", got["b"])
	assert.Equal(t, "(16,2):(1,16)", got["d"])
	assert.Contains(t, skipped, "c", "a class body's name is not seen in its methods")
}

// The arithmetic folded, with each language's rules: C++ truncates a
// division toward zero (C++ [expr.mul]), Python's // and % round down
// (Python reference, "Binary arithmetic operations"), Python's and/or give
// an operand ("Boolean operations"), C++'s && and || a bool; an overflow
// or a division by zero is not folded.
func TestIntegerArithmetic(t *testing.T) {
	for _, c := range []struct {
		text string
		py   bool
		want int64
		ok   bool
	}{
		{"Int<64 + 8>{}", false, 72, true},
		{"Int<128>{} + Int<1>{}", false, 129, true},
		{"_64{} * 2", false, 128, true},
		{"cute::Int<4>{} * cute::_8{}", false, 32, true},
		{"128 % 64 == 0 ? 64 : 32", false, 64, true},
		{"96 % 64 == 0 ? 64 : 32", false, 32, true},
		{"-7 / 2", false, -3, true},
		{"-7 % 2", false, -1, true},
		{"-7 // 2", true, -4, true},
		{"-7 % 2", true, 1, true},
		{"2 ** 10", true, 1024, true},
		{"-2 ** 2", true, -4, true},
		{"7 / 2", true, 0, false},
		{"1 / 0", false, 0, false},
		{"9223372036854775807 + 1", false, 0, false},
		{"3037000500 * 3037000500", false, 0, false},
		{"kBlockM + 8", false, 0, false},
		{"(4 + 4) * 2", false, 16, true},
		{"64 if 128 % 64 == 0 else 32", true, 64, true},
		{"64 if 96 % 64 == 0 else 32", true, 32, true},
		{"1 if not 0 and 2 or 0 else 5", true, 1, true},
		{"2 or 3", true, 2, true},
		{"2 and 3", true, 3, true},
		{"0 or 3", true, 3, true},
		{"2 && 3", false, 1, true},
		{"4 + 4 * 2", false, 12, true},
	} {
		got, ok := evalInt([]byte(c.text), c.py)
		assert.Equal(t, c.ok, ok, c.text)
		if c.ok {
			assert.Equal(t, c.want, got, c.text)
		}
	}
}

// Folding keeps the rest of a declaration, and a finding past a folded
// expression is still at its place in the file.
func TestFoldedFindingIsAtItsPlace(t *testing.T) {
	src := "constexpr int N = 1000;\nusing Bad = Layout<Shape<Int<N + 24>,_8>, Stride<_1>>;\n"
	_, _, res := values(t, "bad.hpp", src)
	require.NotEmpty(t, res.Diags)
	d := res.Diags[0]
	assert.Equal(t, 2, d.Start().Line)
	assert.GreaterOrEqual(t, d.Span.Start, strings.Index(src, "Layout"))
	assert.LessOrEqual(t, d.Span.End, len(src))
}

// CuTe DSL declarations of NVIDIA's examples against CuTe C++'s print of the
// same layout expression (testdata/sources/dsl_prints.tsv; the snapshot has
// no IR printed by the DSL for its examples, README.md there).
func TestDslDeclarationsMatchCutePrints(t *testing.T) {
	root := os.Getenv("CUTEC_CUTLASS")
	if root == "" {
		t.Skip("CUTEC_CUTLASS not set")
	}
	facts, err := os.ReadFile("../../testdata/sources/dsl_prints.tsv")
	require.NoError(t, err)
	for _, l := range strings.Split(strings.TrimSpace(string(facts)), "\n") {
		f := strings.Split(l, "\t")
		require.Len(t, f, 5, l)
		src, err := os.ReadFile(filepath.Join(root, f[0]))
		require.NoError(t, err)
		found := false
		for _, d := range Read(f[0], src, verify.Default()).Decls {
			if d.Name == f[2] && strconv.Itoa(d.Line) == f[1] {
				found = true
				require.NotNil(t, d.Value, "%s:%s %s skipped: %s", f[0], f[1], f[2], d.Skipped)
				assert.Equal(t, cuteValue(t, f[4]), d.Value.String(), "%s:%s %s (C++: %s)", f[0], f[1], f[2], f[3])
			}
		}
		assert.True(t, found, "%s:%s %s not read", f[0], f[1], f[2])
	}
}

// A Python assignment whose value goes on over the next lines is no
// constant (tensorop_gemm.py of the CuTeDSL examples writes
// `atom_layout_mnk = (` and the tuple's elements below).
func TestPythonConstantOverLines(t *testing.T) {
	src := "import cutlass.cute as cute\nT = (2, 2, 1)\ndef f(self):\n    T = (\n        self.a,\n    )\n    tC = cute.make_layout(T)\n"
	got, skipped, _ := values(t, "k.py", src)
	assert.NotContains(t, got, "tC", "the function's T is not the module's")
	assert.NotContains(t, skipped["tC"], "unclosed")
}

// A staged shared-memory layout (M,K,PIPE) pairs too: the analysis takes
// every stage's tile. Rows of 64 halves (128 bytes) unswizzled put the 8
// rows an ldmatrix phase reads in the same 4 banks (8-way); Swizzle<3,3,3>
// spreads them (conflict-free); the reasoning of
// TestBankConflictsOfAPairedCopy, stage by stage.
func TestBankConflictsOfAStagedLayout(t *testing.T) {
	src := `#include <cute/tensor.hpp>
using namespace cute;
using Mma = TiledMMA<MMA_Atom<SM80_16x8x16_F32F16F16F32_TN>, Layout<Shape<_4,_1,_1>>, Tile<_64,_16,_16>>;
using Atom = decltype(composition(Swizzle<3,3,3>{}, Layout<Shape<_8,_64>, Stride<_64,_1>>{}));
using SmemA = decltype(tile_to_shape(Atom{}, Shape<_128,_64,_3>{}));
using SmemB = Layout<Shape<_128,_64,_3>, Stride<_64,_1,_8192>>;
void k(half_t* smem, int tid) {
  auto copy = make_tiled_copy_A(Copy_Atom<SM75_U32x4_LDSM_N, half_t>{}, Mma{});
  auto thr = copy.get_thread_slice(tid);
  Tensor sA = make_tensor(make_smem_ptr(smem), SmemA{});
  Tensor sB = make_tensor(make_smem_ptr(smem), SmemB{});
  Tensor tA = thr.partition_S(sA);
  Tensor tB = thr.partition_S(sB);
}
`
	_, _, res := values(t, "staged.cu", src)
	require.Len(t, res.Diags, 1)
	d := res.Diags[0]
	assert.Equal(t, diag.BankConflicts, d.Code)
	assert.Contains(t, src[d.Span.Start:d.Span.End], "partition_S(sB)")
	assert.Contains(t, d.Message, "8-way")
}

// Hostile text for the scopes, the lookups and the folding is read in
// bounded time: deep braces, many definitions of one name used many times,
// deep parentheses and unary minus signs in an integer expression, deep
// Python blocks.
func TestHostileScopesAndArithmeticAreBounded(t *testing.T) {
	many := strings.Repeat("void f() { constexpr int N = 4; }\n", 20000) +
		strings.Repeat("void g() { auto a = make_layout(make_shape(Int<N>{}, _2{})); }\n", 20000)
	for name, src := range map[string]string{
		"braces.cu":   strings.Repeat("{ x ", 200000) + "auto a = make_layout(make_shape(_2{}, _2{}));",
		"many.cu":     many,
		"parens.cu":   "using L = Layout<Shape<Int<" + strings.Repeat("(", 16000) + "1" + strings.Repeat("+1)", 16000) + ">>>;",
		"minus.cu":    "using L = Layout<Shape<Int<" + strings.Repeat("-", 16000) + "1>>>;",
		"unclosed.cu": strings.Repeat("(", 16000) + "\nconstexpr int N = " + strings.Repeat("(", 200) + "1;",
		"deep.py": func() string {
			var b strings.Builder
			for i := range 2000 {
				b.WriteString(strings.Repeat(" ", i) + "def f():\n")
			}
			return b.String() + strings.Repeat(" ", 2000) + "a = cute.make_layout((2, 2))\n"
		}(),
	} {
		start := time.Now()
		assert.NotPanics(t, func() { Read(name, []byte(src), verify.Default()) }, name)
		assert.Less(t, time.Since(start), 5*time.Second, name)
	}
}

// A tiled copy declared in decltype with its atom named by an alias, as
// CUTLASS's kernels write their gmem-to-smem copies; its values are
// CuTe's prints of testdata/cute/tiled.tsv's c_g2s_cpasync (the same
// make_tiled_copy). Paired by partition_D with a row-major tile of 64
// halves: each quarter warp's eight 16-byte writes fill one 128-byte row,
// all 32 banks once, so nothing is reported (docs/banks.md: a 128-bit
// access is served a quarter warp at a time).
func TestTiledCopyInDecltypeWithAtomAlias(t *testing.T) {
	src := `#include <cute/tensor.hpp>
using namespace cute;
struct Traits {
  using GmemCopyAtom = Copy_Atom<SM80_CP_ASYNC_CACHEALWAYS<uint128_t>, half_t>;
  using GmemTiledCopy = decltype(make_tiled_copy(GmemCopyAtom{}, Layout<Shape<_16,_8>,Stride<_8,_1>>{}, Layout<Shape<_1,_8>>{}));
  using SmemLayout = Layout<Shape<_128,_64>, Stride<_64,_1>>;
};
void k(half_t* smem, int tid) {
  typename Traits::GmemTiledCopy g2s;
  auto copy = typename Traits::GmemTiledCopy{};
  auto thr = copy.get_slice(tid);
  Tensor sA = make_tensor(make_smem_ptr(smem), Traits::SmemLayout{});
  Tensor tAsA = thr.partition_D(sA);
  // Threads down the column instead: a quarter warp's eight 16-byte
  // writes go to 8 rows 128 bytes apart, the same 4 banks: 8-way.
  auto col = make_tiled_copy(Traits::GmemCopyAtom{}, Layout<Shape<_16,_8>>{}, Layout<Shape<_1,_8>>{});
  Tensor tCsA = col.get_thread_slice(tid).partition_D(sA);
  auto thr_col = col.get_thread_slice(tid);
  Tensor tDsA = thr_col.partition_D(sA);
}
`
	got, _, res := values(t, "g2s.cu", src)
	require.Contains(t, got, "GmemTiledCopy")
	assert.Equal(t, cuteValue(t, "((_8,_16),_8):((_128,_1),_16)"), cuteValue(t, "get_layout_tv("+got["GmemTiledCopy"]+")"))
	assert.Equal(t, cuteValue(t, "(_16,_64)"), cuteValue(t, "tile_size("+got["GmemTiledCopy"]+")"))
	assert.Equal(t, got["GmemTiledCopy"], got["copy"], "named through its struct")
	require.Len(t, res.Diags, 2, "the row-wise copy has no conflict; the column-wise one has, partitioned twice")
	for i, call := range []string{"col.get_thread_slice(tid).partition_D(sA)", "thr_col.partition_D(sA)"} {
		d := res.Diags[i]
		assert.Equal(t, diag.BankConflicts, d.Code)
		assert.Contains(t, src[d.Span.Start:d.Span.End], call)
		assert.Contains(t, d.Message, "8-way")
	}
}

// A declaration that depends on a member the reader cannot resolve is
// skipped with that member named: CUTLASS's collectives take their policy
// as a template parameter declared in another file, and CuTe DSL kernels
// keep their tile sizes in attributes.
func TestSkippedMembersAreNamed(t *testing.T) {
	_, skipped, res := values(t, "c.hpp", `#include <cute/tensor.hpp>
template <class DispatchPolicy, class TileShape>
struct CollectiveMma {
  using SmemLayoutA = decltype(tile_to_shape(Layout<Shape<_8,_64>>{}, make_shape(_128{}, _64{}, Int<DispatchPolicy::Stages>{})));
};
`)
	assert.Contains(t, skipped["SmemLayoutA"], "DispatchPolicy::Stages")
	assert.Empty(t, res.Diags)
	_, skipped, _ = values(t, "k.py", "import cutlass.cute as cute\nclass K:\n    def f(self):\n        tA = cute.make_layout((self._bM, 8))\n")
	assert.Contains(t, skipped["tA"], "self._bM")
}

// The CuTe DSL's own prints: the notebooks of the snapshot
// (examples/python/CuTeDSL/cute/notebooks) keep the output of their cells,
// where print(">>> Layout:", layout) printed the value the DSL computed
// for a declaration of the cell. dsl_notebook_prints.tsv holds, for each
// such static print, the notebook, the cell's index, the name and the
// printed value (testdata/sources/README.md). Each cell's code is read
// from CUTEC_CUTLASS as a Python file; every declaration the reader
// evaluates must have the value the DSL printed, and the reader must
// evaluate 31 of the 33: all but a coalesce of a layout with a run-time
// stride (cutlass.Int32(6)) and a tuple of integers, which is a constant,
// not a declaration.
func TestDslNotebookPrints(t *testing.T) {
	root := os.Getenv("CUTEC_CUTLASS")
	if root == "" {
		t.Skip("CUTEC_CUTLASS not set")
	}
	facts, err := os.ReadFile("../../testdata/sources/dsl_notebook_prints.tsv")
	require.NoError(t, err)
	cells := map[string][]string{}
	evaluated, rows := 0, 0
	for _, l := range strings.Split(strings.TrimSpace(string(facts)), "\n") {
		f := strings.Split(l, "\t")
		require.Len(t, f, 4, l)
		rows++
		if _, ok := cells[f[0]]; !ok {
			b, err := os.ReadFile(filepath.Join(root, f[0]))
			require.NoError(t, err)
			var nb struct {
				Cells []struct {
					Source json.RawMessage `json:"source"`
				} `json:"cells"`
			}
			require.NoError(t, json.Unmarshal(b, &nb))
			for _, c := range nb.Cells {
				var lines []string
				if json.Unmarshal(c.Source, &lines) != nil {
					var one string
					require.NoError(t, json.Unmarshal(c.Source, &one))
					lines = []string{one}
				}
				cells[f[0]] = append(cells[f[0]], strings.Join(lines, ""))
			}
		}
		k, err := strconv.Atoi(f[1])
		require.NoError(t, err)
		require.Less(t, k, len(cells[f[0]]), l)
		var last *Decl
		res := Read("cell.py", []byte(cells[f[0]][k]), verify.Default())
		for i := range res.Decls {
			if res.Decls[i].Name == f[2] {
				last = &res.Decls[i]
			}
		}
		if last == nil || last.Value == nil {
			continue
		}
		evaluated++
		assert.Equal(t, cuteValue(t, f[3]), last.Value.String(), "%s cell %s %s", f[0], f[1], f[2])
	}
	t.Logf("%d of %d printed declarations evaluated", evaluated, rows)
	assert.GreaterOrEqual(t, evaluated, 31)
}
