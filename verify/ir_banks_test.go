package verify

import (
	"bytes"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/cutec/cutec/diag"
)

const banksIRFile = "../testdata/mlir/ampere_copy_banks.mlir"

// banksPass returns the Pass lint runs on MLIR: the bank check is on by
// default; with on false it is disabled (-disable bank-conflicts).
func banksPass(t testing.TB, on bool) *Pass {
	t.Helper()
	opts := Options{IR: true, Lowerable: true}
	if !on {
		opts.Disable = []diag.Code{diag.BankConflicts}
	}
	p, err := NewPass(opts)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// TestIRBanksFindings: on testdata/mlir/ampere_copy_banks.mlir the bank
// check reports exactly the unswizzled ldmatrix.x4 read of B, with its
// numbers, by default, and nothing with -disable bank-conflicts.
//
// By hand: B's tile is ((8,16),(64,1),(1,3)):((64,512),(1,0),(0,8192)), 128
// rows of 64 halves (128 bytes), K contiguous, 3 stages. Each matrix of an
// ldmatrix.x4 is 8 consecutive rows at one 16-byte column (TestTiledCopySM80
// in package banks derives it for this tiled copy), so the 8 rows of a phase
// start 128 bytes apart, all in the same bank: 8 distinct words in bank
// 4c (word 0, 32, 64, ... for threads 0, 1, 2, ... in the first phase), 8-way.
// The tiler [64:1;16:1] cuts 2 x 4 x 3 = 24 tiles, one call of each warp per
// tile: 24 instructions of 4 phases, ideal 96 wavefronts, taken 8 x 96 = 768,
// 672 in excess. Every warp reads the same rows pattern, so warp 0 is the
// worst (the first of equals).
func TestIRBanksFindings(t *testing.T) {
	src, err := os.ReadFile(banksIRFile)
	if err != nil {
		t.Fatal(err)
	}
	f := diag.NewFile("ampere_copy_banks.mlir", src)
	if ds := banksPass(t, false).MLIR(f); len(ds) != 0 {
		t.Errorf("-disable bank-conflicts reports %d diagnostics, want none: %v", len(ds), ds[0].Message)
	}
	ds := banksPass(t, true).MLIR(f)
	if len(ds) != 1 {
		for _, d := range ds {
			t.Log(d.Start().Line, d.Message)
		}
		t.Fatalf("%d diagnostics, want 1", len(ds))
	}
	d := ds[0]
	line := 1 + bytes.Count(src[:bytes.Index(src, []byte("%src_partitioned_3 ="))], []byte("\n"))
	if d.Code != diag.BankConflicts || d.Start().Line != line || string(src[d.Span.Start:d.Span.End]) != "!memref_smem_f16_1" {
		t.Errorf("got %s at line %d %q; want W0901 at line %d on !memref_smem_f16_1", d.Code, d.Start().Line, src[d.Span.Start:d.Span.End], line)
	}
	for _, want := range []string{
		"cute.tiled.copy.partition_S: ldmatrix.x4 of f16 from ((8,16),(64,1),(1,3)):((64,512),(1,0),(0,8192)), warp 0 of 4",
		"8-way bank conflicts: 768 wavefronts for 24 instructions, ideal 96, 672 in excess (8.00x)",
		"instruction 0, phase 0 (threads 0-7): bank 0 holds 8 distinct words (word 0: t0; word 32: t1; word 64: t2",
	} {
		if !strings.Contains(d.Message, want) {
			t.Errorf("message %q lacks %q", d.Message, want)
		}
	}
}

// partitionLines returns the partition ops of src, read as the op checker
// reads them, with their partition side.
func partitionLines(t *testing.T, src []byte) ([]opLine, []byte) {
	t.Helper()
	var ops []opLine
	var parts []byte
	for k := 0; ; {
		i := bytes.Index(src[k:], []byte("= cute.tiled.copy.partition_"))
		if i < 0 {
			return ops, parts
		}
		at := k + i + len("= cute.")
		end := bytes.IndexByte(src[at:], '\n') + at
		var op opLine
		if !parseOpLine(src, at, end, &op) {
			t.Fatalf("not read: %s", src[at:end])
		}
		ops = append(ops, op)
		parts = append(parts, partitionOf(op.name))
		k = end
	}
}

// TestIRBanksAnalyzed: every partition of shared memory in the file is
// analyzed, not skipped, so the absence of a finding is a verdict. By hand:
// the cp.async copy gives each of 128 threads 8 consecutive halves of one
// row (layout_copy_tv ((8,16),8):((128,1),16) on a 16x64 tile: thread
// (a,b) reads row b, halves 8a..8a+7), so the cp.async.cg (cache = global)
// writes whole 128-byte rows, one wavefront a row: conflict-free with or
// without the swizzle. The tiler
// [16:1;64:1] cuts 8 x 1 x 3 = 24 tiles. The swizzled ldmatrix read is
// conflict-free (S<3,3,3> puts row r of column c at 16-byte column c XOR
// r, see docs/banks.md); the unswizzled one is 8-way (TestIRBanksFindings).
func TestIRBanksAnalyzed(t *testing.T) {
	src, err := os.ReadFile(banksIRFile)
	if err != nil {
		t.Fatal(err)
	}
	aliases := (*Aliases)(nil).Scan(src)
	p := banksPass(t, true)
	ops, parts := partitionLines(t, src)
	type want struct {
		atom          string
		degree, insts int
	}
	var got []want
	for i, op := range ops {
		c, ok := readIRCopy(parts[i], op.types[0], op.types[1], aliases)
		if !ok {
			continue // a global-memory operand
		}
		budget := bankBudget(len(src))
		v, ok := p.analyzeCopy(c, &budget)
		if !ok {
			t.Fatalf("%s %s: not analyzed", op.types[0], op.types[1])
		}
		got = append(got, want{c.atom.Name, v.rep.Degree, len(v.rep.Instructions)})
	}
	exp := []want{{"cp.async.cg.16", 1, 24}, {"ldmatrix.x4", 1, 24}, {"cp.async.cg.16", 1, 24}, {"ldmatrix.x4", 8, 24}}
	if len(got) != len(exp) {
		t.Fatalf("analyzed %v, want %v", got, exp)
	}
	for i := range exp {
		if got[i] != exp[i] {
			t.Errorf("partition %d: %v, want %v", i, got[i], exp[i])
		}
	}
}

const (
	ldsmCopy  = `!cute.tiled_copy<!cute_nvgpu.atom.ldsm<val_type = f16, mode = <"(8,8)">, sz_pattern = u16, num_matrices = 4, n>, layout_copy_tv = <"((4,8,4),((2,2,2),(1,1))):((128,1,16),((64,8,512),(0,0)))">, tiler_mn = <"[64:1;16:1]">>`
	plainKMaj = `"((8,16),(64,1),(1,3)):((64,512),(1,0),(0,8192))"`
)

// copyLine writes a partition op with its types written out.
func copyLine(part, copyType, memType string) string {
	return `%p = cute.tiled.copy.partition_` + part + `(%c, %s, %t) : (` + copyType + `, ` + memType + `, !cute.coord<"?">) -> !cute.memref<f16, smem, align<16>, "(8,1):(1,0)">` + "\n"
}

// TestIRBanksSwizzleOnBytes: the swizzle written as an item of the memref
// acts on byte addresses, the one in its layout on element offsets
// (docs/banks.md). S<3,4,3> on the bytes of f16 is S<3,3,3> on elements:
// conflict-free. The same S<3,4,3> on elements XORs the row pair (bits 7-9
// of the offset, r/2) into bits 4-6: rows 2i and 2i+1 of a matrix land on
// the same 16-byte column, 2-way. A byte swizzle whose pattern (2^(3+4+3) =
// 1024 bytes) the alignment (128) does not cover is not known: silent.
func TestIRBanksSwizzleOnBytes(t *testing.T) {
	p := banksPass(t, true)
	for _, c := range []struct {
		mem    string
		degree int  // 0: no finding
		hint   bool // the finding offers the reading on bytes
	}{
		{`!cute.memref<f16, smem, align<1024>, S<3,4,3>, ` + plainKMaj + `>`, 0, false},
		{`!cute.memref<f16, smem, align<1024>, "S<3,4,3> o 0 o ((8,16),(64,1),(1,3)):((64,512),(1,0),(0,8192))">`, 2, true},
		{`!cute.memref<f16, smem, align<128>, S<3,4,3>, ` + plainKMaj + `>`, 0, false},
		{`!cute.memref<f16, smem, align<1024>, ` + plainKMaj + `>`, 8, false},
		// Two swizzle bits leave rows r and r+4 together (docs/banks.md):
		// 2-way. On bytes S<2,3,3> would be S<2,2,3> on f16, which splits
		// the 16-byte ldmatrix rows: no reading on bytes to offer.
		{`!cute.memref<f16, smem, align<1024>, "S<2,3,3> o 0 o ((8,16),(64,1),(1,3)):((64,512),(1,0),(0,8192))">`, 2, false},
	} {
		ds := p.MLIR(diag.NewFile("k.mlir", []byte(copyLine("S", ldsmCopy, c.mem))))
		switch {
		case c.degree == 0 && len(ds) != 0:
			t.Errorf("%s: %s, want nothing", c.mem, ds[0].Message)
		case c.degree > 0 && (len(ds) != 1 || !strings.Contains(ds[0].Message, ": "+strconv.Itoa(c.degree)+"-way bank conflicts")):
			t.Errorf("%s: %v, want one %d-way finding", c.mem, ds, c.degree)
		case c.degree > 0:
			// The reading on bytes is offered only for a swizzle in the
			// layout that would then be conflict-free: S<3,4,3> on f16
			// bytes is S<3,3,3> on elements; the unswizzled layout has
			// none to offer.
			hint := strings.Contains(ds[0].Message, "on byte addresses, as a swizzle carried by the pointer acts, it would be S<3,3,3> on elements and conflict-free")
			if hint != c.hint || (!c.hint && strings.Contains(ds[0].Message, "on byte addresses")) {
				t.Errorf("%s: %q; the reading on bytes offered: %v, want %v", c.mem, ds[0].Message, hint, c.hint)
			}
		}
	}
}

// TestIRBanksUnknownSilent: where the IR does not state the access exactly,
// nothing is reported, even on the 8-way layout. Each case would be 8-way
// if it were read as the ldmatrix.x4 read of TestIRBanksSwizzleOnBytes.
func TestIRBanksUnknownSilent(t *testing.T) {
	p := banksPass(t, true)
	mem := `!cute.memref<f16, smem, align<1024>, ` + plainKMaj + `>`
	for _, c := range []struct{ why, line string }{
		{"ldmatrix writes no shared memory", copyLine("D", ldsmCopy, mem)},
		{"global memory", copyLine("S", ldsmCopy, `!cute.memref<f16, gmem, align<1024>, `+plainKMaj+`>`)},
		{"the copy's values are not the memref's elements", copyLine("S", strings.Replace(ldsmCopy, "val_type = f16", "val_type = bf16", 1), mem)},
		{"a dynamic stride", copyLine("S", ldsmCopy, `!cute.memref<f16, smem, align<1024>, "((8,16),(64,1),(1,3)):((?{i64 div=64},512),(1,0),(0,8192))">`)},
		{"a dynamic offset", copyLine("S", ldsmCopy, `!cute.memref<f16, smem, align<1024>, "S<3,3,3> o ?{div=16} o ((8,16),(64,1),(1,3)):((64,512),(1,0),(0,8192))">`)},
		{"an 8x16 ldmatrix mode", copyLine("S", strings.Replace(ldsmCopy, `mode = <"(8,8)">`, `mode = <"(8,16)">`, 1), mem)},
		{"an 8-bit stmatrix", copyLine("D", `!cute.tiled_copy<!cute_nvgpu.atom.stsm<i8, mode = <"(8,8)">, num_matrices = 4, n>, layout_copy_tv = <"((4,8,4),((2,2,2),(1,1))):((128,1,16),((64,8,512),(0,0)))">, tiler_mn = <"[64:1;16:1]">>`, strings.Replace(mem, "f16", "i8", 1))},
		{"an atom type without parameters", copyLine("S", `!cute.tiled_copy<!cute_nvgpu.atom.x>, layout_copy_tv = <"(32,8):(8,1)">, tiler_mn = <"[256:1]">>`, mem)},
		{"a tensor-memory atom", copyLine("S", `!cute.tiled_copy<!cute_nvgpu.atom.tmem_load<f32, 32 DP, 32 bit, x32>, layout_copy_tv = <"((32,4),(32,32)):((0,1),(4,128))">, tiler_mn = <"[(128,32):(32,1)]">>`, mem)},
		{"a malformed TV layout", copyLine("S", strings.Replace(ldsmCopy, `((4,8,4),((2,2,2),(1,1)))`, `((4,8,4`, 1), mem)},
		{"a TV layout that does not fit the atom", copyLine("S", strings.Replace(ldsmCopy, `(0,0)))">`, `(0,0)),7)">`, 1), mem)},
		{"an alias never defined", copyLine("S", "!copy_nowhere", mem)},
		{"two swizzles", copyLine("S", ldsmCopy, `!cute.memref<f16, smem, align<1024>, S<3,4,3>, "S<3,3,3> o 0 o ((8,16),(64,1),(1,3)):((64,512),(1,0),(0,8192))">`)},
	} {
		for _, d := range p.MLIR(diag.NewFile("k.mlir", []byte(c.line))) {
			if d.Code == diag.BankConflicts {
				t.Errorf("%s: %s", c.why, d.Message)
			}
		}
	}
}

// TestIRBanksNVIDIAExamples: the tiled copies and shared-memory memrefs of
// the IR dumps of NVIDIA's CuTe DSL examples (examples/python/CuTeDSL in
// CUTLASS: the Ampere tensor-op GEMM with K-major and M-major f16 operands,
// its epilogue, the Hopper GEMM's stmatrix epilogue, and the Ampere HSTU
// attention kernel, ampere/hstu_attention.py), paired as their partition ops
// pair them. Each pair is analyzed (not skipped). CuTe's swizzles are built
// to make these copies conflict-free: S<2,3,3> for 64-byte rows, S<3,3,3>
// for 128-byte rows, S<3,3,4> for 256-byte rows, with 16-byte vectors (each
// ldmatrix matrix, or 8 threads of a 128-bit copy, then covers 8 distinct
// 16-byte columns: docs/banks.md derives the 128-byte case), so a finding
// there would be a false alarm.
//
// The attention kernel is the exception, and a true finding: its author
// composes make_swizzle(3, 4, 3) with the (8,64):(64,1) bf16 atom, where the
// Ampere GEMM and flash_attention_v2.py (the example it is based on) write
// make_swizzle(3, 3, 3). A swizzle in the layout acts on element offsets
// (docs/banks.md, "The unit of a swizzle"): S<3,4,3> XORs the row pair r/2
// (offset bits 7-9) into bits 4-6, so rows 2i and 2i+1 of a matrix share a
// 16-byte column, 2-way, in all four of its ldmatrix reads (Q, K, V
// transposed and RAB); the message adds that the same S<3,4,3> on bytes
// (S<3,3,3> on bf16) would be conflict-free. The same kernel's epilogue
// puts that swizzle on the pointer (recast_ptr(sQ.iterator,
// sO_layout.inner)), where it acts on bytes: its 128-bit reads of a
// 16x64 tile take one 128-byte row per phase of 8 threads, conflict-free,
// and so are its cp.async writes (8 threads write one row, whose 16-byte
// columns the swizzle only permutes). The tiler [16:1;64:1] cuts 4 x 2 =
// 8 tiles of the 64x128 buffer.
func TestIRBanksNVIDIAExamples(t *testing.T) {
	const (
		ldgstsK  = `!cute.tiled_copy<!cute_nvgpu.atom.simt_async_copy<f16, cache = global, 128 b>, layout_copy_tv = <"((4,32),8):((256,1),32)">, tiler_mn = <"[32:1;32:1]">>`
		ldgstsM  = `!cute.tiled_copy<!cute_nvgpu.atom.simt_async_copy<f16, cache = global, 128 b>, layout_copy_tv = <"(128,8):(8,1)">, tiler_mn = <"[128:1;8:1]">>`
		ldsmN    = `!cute.tiled_copy<!cute_nvgpu.atom.ldsm<val_type = f16, mode = <"(8,8)">, sz_pattern = u16, num_matrices = 4, n>, layout_copy_tv = <"((4,8,2,2),((2,2,2),(1,1))):((64,1,16,0),((32,8,256),(0,0)))">, tiler_mn = <"[32:1;16:1]">>`
		ldsmN1   = `!cute.tiled_copy<!cute_nvgpu.atom.ldsm<val_type = f16, mode = <"(8,8)">, sz_pattern = u16, num_matrices = 4, n>, layout_copy_tv = <"((4,8,2,2),((2,2),(2,1))):((64,1,0,8),((32,256),(16,0)))">, tiler_mn = <"[32:1;16:1]">>`
		ldsmT    = `!cute.tiled_copy<!cute_nvgpu.atom.ldsm<val_type = f16, mode = <"(8,8)">, sz_pattern = u16, num_matrices = 4, t>, layout_copy_tv = <"((4,8,2,2),((2,2,2),(1,1))):((64,1,16,0),((32,8,256),(0,0)))">, tiler_mn = <"[32:1;16:1]">>`
		simt     = `!cute.tiled_copy<!cute_nvgpu.atom.universal_copy<f16, 128 b>, layout_copy_tv = <"((16,8),8):((64,1),8)">, tiler_mn = <"[8:1;128:1]">>`
		stsm     = `!cute.tiled_copy<!cute_nvgpu.atom.stsm<f16, mode = <"(8,8)">, num_matrices = 4, n>, layout_copy_tv = <"((4,8,4),(2,2,2)):((64,1,8),(256,32,512))">, tiler_mn = <"[(8,4,2):(1,16,8);(4,2,2):(2,1,8)]">>`
		ldsmBF16 = `!cute.tiled_copy<!cute_nvgpu.atom.ldsm<val_type = bf16, mode = <"(8,8)">, sz_pattern = u16, num_matrices = 4, n>, layout_copy_tv = <"((4,8,4),((2,2,2),(1,1))):((128,1,16),((64,8,512),(0,0)))">, tiler_mn = <"[64:1;16:1]">>`
		smemK    = `!cute.memref<f16, smem, align<1024>, "S<2,3,3> o 0 o ((8,16),(32,1),(1,3)):((32,256),(1,0),(0,4096))">`
		smemM    = `!cute.memref<f16, smem, align<1024>, "S<3,3,3> o 0 o ((64,2),(8,4),(1,3)):((1,512),(64,1024),(0,4096))">`
		smemC    = `!cute.memref<f16, smem, align<1024>, "S<3,3,4> o 0 o ((8,16),(128,1)):((128,1024),(1,0))">`
		smemH    = `!cute.memref<f16, smem, align<1024>, S<2,4,3>, "((8,8),(32,1),(1,4)):((32,256),(1,0),(0,2048))">`
		smemBF16 = `!cute.memref<bf16, smem, align<1024>, "S<3,4,3> o 0 o ((8,8),(64,2)):((64,512),(1,4096))">`
		// The attention kernel's epilogue: the same layout, its swizzle on the pointer.
		smemBF16B = `!cute.memref<bf16, smem, align<1024>, S<3,4,3>, "((8,8),(64,2)):((64,512),(1,4096))">`
		// The attention kernel's other ldmatrix reads: K (B operand), V transposed, RAB (C).
		ldsmK    = `!cute.tiled_copy<!cute_nvgpu.atom.ldsm<val_type = bf16, mode = <"(8,8)">, sz_pattern = u16, num_matrices = 4, n>, layout_copy_tv = <"((4,8,4),((2,2),(2,1))):((32,1,0),((16,128),(8,0)))">, tiler_mn = <"[16:1;16:1]">>`
		ldsmVt   = `!cute.tiled_copy<!cute_nvgpu.atom.ldsm<val_type = bf16, mode = <"(8,8)">, sz_pattern = u16, num_matrices = 4, t>, layout_copy_tv = <"((4,8,4),((2,2),(2,1))):((32,1,0),((16,128),(8,0)))">, tiler_mn = <"[16:1;16:1]">>`
		ldsmRAB  = `!cute.tiled_copy<!cute_nvgpu.atom.ldsm<val_type = bf16, mode = <"(8,8)">, sz_pattern = u16, num_matrices = 4, n>, layout_copy_tv = <"((4,8,4),((2,2),(1,2))):((128,1,16),((64,8),(0,512)))">, tiler_mn = <"[64:1;16:1]">>`
		smemVt   = `!cute.memref<bf16, smem, align<1024>, "S<3,4,3> o 0 o ((64,2),64):((1,4096),64)">`
		smemRAB  = `!cute.memref<bf16, smem, align<1024>, "S<3,4,3> o 0 o ((8,8),(64,1)):((64,512),(1,0))">`
		ldgstsBF = `!cute.tiled_copy<!cute_nvgpu.atom.simt_async_copy<bf16, cache = always, 128 b>, layout_copy_tv = <"((8,16),8):((128,1),16)">, tiler_mn = <"[16:1;64:1]">>`
		simtBF   = `!cute.tiled_copy<!cute_nvgpu.atom.universal_copy<bf16, 128 b>, layout_copy_tv = <"((8,16),8):((128,1),16)">, tiler_mn = <"[16:1;64:1]">>`
	)
	p := banksPass(t, true)
	for _, c := range []struct {
		part          string
		copy, mem     string
		degree, insts int
	}{
		// K-major 128x32 tiles, 3 stages: cp.async cuts 32x32 tiles (4 x 1 x 3),
		// ldmatrix 32x16 tiles (4 x 2 x 3).
		{"D", ldgstsK, smemK, 1, 12},
		{"S", ldsmN, smemK, 1, 24},
		{"S", ldsmN1, smemK, 1, 24},
		// M-major: cp.async cuts 128x8 tiles (1 x 4 x 3).
		{"D", ldgstsM, smemM, 1, 12},
		{"S", ldsmT, smemM, 1, 24},
		// The epilogue's 128x128 tile in 8x128 tiles: 16 instructions.
		{"S", simt, smemC, 1, 16},
		{"D", simt, smemC, 1, 16},
		// The Hopper stmatrix epilogue: a 64x32 tile, 4 stages, in 64x16 tiles (1 x 2 x 4).
		{"D", stsm, smemH, 1, 8},
		// The attention kernel: a 64x128 bf16 tile in 64x16 tiles (1 x 8).
		{"S", ldsmBF16, smemBF16, 2, 8},
		// K in 16x16 tiles (4 x 8), V transposed (128x64) in 16x16 tiles (8 x 4),
		// RAB (64x64) in 64x16 tiles (1 x 4): each matrix is 8 rows of one
		// 16-byte column, rows 2i and 2i+1 together, 2-way.
		{"S", ldsmK, smemBF16, 2, 32},
		{"S", ldsmVt, smemVt, 2, 32},
		{"S", ldsmRAB, smemRAB, 2, 4},
		{"D", ldgstsBF, smemBF16, 1, 8},
		{"S", simtBF, smemBF16B, 1, 8},
	} {
		src := []byte(copyLine(c.part, c.copy, c.mem))
		var op opLine
		at := bytes.Index(src, []byte("tiled.copy"))
		if !parseOpLine(src, at, len(src)-1, &op) {
			t.Fatalf("not read: %s", src)
		}
		ic, ok := readIRCopy(c.part[0], op.types[0], op.types[1], nil)
		if !ok {
			t.Errorf("%s on %s: not read", c.copy, c.mem)
			continue
		}
		budget := bankBudget(0)
		v, ok := p.analyzeCopy(ic, &budget)
		if !ok {
			t.Errorf("%s on %s: not analyzed", c.copy, c.mem)
			continue
		}
		if v.rep.Degree != c.degree || len(v.rep.Instructions) != c.insts {
			t.Errorf("%s %s on %s: degree %d, %d instructions; want %d, %d", ic.atom.Name, c.part, c.mem, v.rep.Degree, len(v.rep.Instructions), c.degree, c.insts)
		}
		if c.degree > 1 {
			msg := v.message(ic)
			const hint = "S<3,4,3> in the layout acts on bf16 element offsets: on byte addresses, as a swizzle carried by the pointer acts, it would be S<3,3,3> on elements and conflict-free"
			if v.onBytes == nil || !strings.HasSuffix(msg, hint) {
				t.Errorf("the attention kernel's finding %q lacks the reading on bytes %q", msg, hint)
			}
		}
	}
}

// TestIRBanksBudget: once the budget of accesses is spent, a partition is
// passed over (no verdict, not cached), so that a file of many huge copies
// costs time linear in its size. The 8-way copy of TestIRBanksSwizzleOnBytes
// has 4 warps of 24 x 32 accesses: a budget of 1 lets warp 0 through and
// stops at warp 1.
func TestIRBanksBudget(t *testing.T) {
	p := banksPass(t, true)
	src := []byte(copyLine("S", ldsmCopy, `!cute.memref<f16, smem, align<1024>, `+plainKMaj+`>`))
	var op opLine
	at := bytes.Index(src, []byte("tiled.copy"))
	if !parseOpLine(src, at, len(src)-1, &op) {
		t.Fatal("not read")
	}
	c, ok := readIRCopy('S', op.types[0], op.types[1], nil)
	if !ok {
		t.Fatal("not read")
	}
	budget := 1
	if v, ok := p.analyzeCopy(c, &budget); ok || !v.spent || budget != 1-24*32 {
		t.Errorf("budget 1: ok %v, spent %v, left %d; want false, true, %d", ok, v.spent, budget, 1-24*32)
	}
	f := diag.NewFile("k.mlir", src)
	for range 2 { // twice: the cache admits a signature on its second occurrence
		budget = 0
		if d := p.checkCopy(f, &op, nil, 'S', &budget); d != nil {
			t.Errorf("a spent budget reports %s", d.Message)
		}
	}
	budget = bankBudget(len(src))
	if d := p.checkCopy(f, &op, nil, 'S', &budget); d == nil || !strings.Contains(d.Message, "8-way") {
		t.Errorf("with the budget back, got %v; want the 8-way finding (the spent run is not cached)", d)
	}
}
