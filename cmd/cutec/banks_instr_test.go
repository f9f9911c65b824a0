package main

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestBanksInstruction: with -tv, the ATOM names the instruction that
// performs the access, and the same addresses are served as that
// instruction is. Expected values: banks/testdata/h200/measured.jsonl
// (measured on an NVIDIA H200 with Nsight Compute), lines named.
func TestBanksInstruction(t *testing.T) {
	cases := []struct {
		args   []string
		status int
		want   []string
	}{
		// measured.jsonl:3: a 128-bit load of one address by all 32 lanes
		// takes 2 wavefronts (packed), not the 4 of four 8-thread phases.
		{[]string{"banks", "-tv", "(32,4):(0,1)", "262144:1", "f32", "ld.shared.b128"}, 0,
			[]string{"2 phases (packed: threads pair up on addresses), 2 wavefronts (ideal 2)"}},
		// The same addresses as a plain 128-bit access (-width): the phases
		// of the width, 4 wavefronts.
		{[]string{"banks", "-tv", "(32,4):(0,1)", "-width", "128", "262144:1", "f32"}, 0,
			[]string{"4 phases, 4 wavefronts (ideal 4)"}},
		// measured.jsonl:2: a 64-bit load of one address, 1 wavefront.
		{[]string{"banks", "-tv", "(32,2):(0,1)", "262144:1", "f32", "ld.shared.b64"}, 0,
			[]string{"summary: conflict-free: 1 wavefront"}},
		// A 32-bit store of 32 words 128 bytes apart (the conflicts of
		// measured.jsonl:28, a load): bank 0, 32-way.
		{[]string{"banks", "-tv", "(32,1):(32,0)", "262144:1", "f32", "st.shared.b32"}, 1,
			[]string{"32-way"}},
		// ldmatrix.x1 reads the addresses of threads 0-7 only: a TV layout
		// of 32 threads gives one phase, threads 0-7.
		{[]string{"banks", "-tv", "(32,8):(1,32)", "(32,8):(8,1)", "f16", "ldmatrix.x1"}, 0,
			[]string{"instruction 0: 1 phase, 1 wavefront"}},
		// A 128-thread TV layout is split by warp: warp 3 reads rows 96-127.
		{[]string{"banks", "-tv", "(128,1):(1,0)", "-warp", "3", "(128,32):(32,1)", "f32", "ld.shared.b32"}, 1,
			[]string{"access:  ld.shared.b32, warp 3 of 4", "word 3072: t0"}},
		// 8- and 16-bit loads: 32 threads reading consecutive halves touch
		// 16 words, one phase, conflict-free.
		{[]string{"banks", "-tv", "(32,1):(1,0)", "(32,1):(1,0)", "f16", "ld.shared.b16"}, 0,
			[]string{"summary: conflict-free"}},
		// cp.async.cg.16 of chunks 32 bytes apart: measured_cp.jsonl:41, 32
		// wavefronts, the tile (8,64):(1,16) of bf16.
		{[]string{"banks", "(8,64):(1,16)", "bf16", "SM80_CP_ASYNC_CACHEGLOBAL<uint128_t>"}, 1,
			[]string{"instruction 0: 8 phases, 32 wavefronts (ideal 4)"}},
		// A staged buffer: the three stages of CuTe DSL's K-major Ampere
		// operand buffer under S<3,3,3>, 32 ldmatrix.x4 a stage, all
		// conflict-free; -stage 1 analyzes one.
		{[]string{"banks", "S<3,3,3> o 0 o ((8,16),(64,1),(1,3)):((64,512),(1,0),(0,8192))", "f16", "ldmatrix.x4"}, 0,
			[]string{"summary: conflict-free: 384 wavefronts for 96 instructions, the ideal"}},
		{[]string{"banks", "-stage", "1", "S<3,3,3> o 0 o ((8,16),(64,1),(1,3)):((64,512),(1,0),(0,8192))", "f16", "ldmatrix.x4"}, 0,
			[]string{"summary: conflict-free: 128 wavefronts for 32 instructions, the ideal"}},
	}
	for _, c := range cases {
		status, out, errOut := runCmd(nil, c.args...)
		assert.Equal(t, c.status, status, "%v: stderr %q\n%s", c.args, errOut, out)
		for _, w := range c.want {
			assert.True(t, strings.Contains(out, w), "%v: output lacks %q:\n%s", c.args, w, out)
		}
	}
}

// TestBanksWarpNote: a TV layout of more than 32 threads without -warp
// analyzes warp 0 and says so, with the pointer to -tiled.
func TestBanksWarpNote(t *testing.T) {
	status, out, errOut := runCmd(nil, "banks", "-tv", "(128,1):(1,0)", "(128,32):(33,1)", "f32", "ld.shared.b32")
	assert.Equal(t, 0, status, errOut)
	assert.Contains(t, out, "warp 0 of 4")
	assert.Contains(t, errOut, "-tiled and -tiler")
}

// TestBanksInstructionErrors: the usage of -tv with an atom, -width, -warp
// and -stage.
func TestBanksInstructionErrors(t *testing.T) {
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"banks", "-tv", "(32,1):(1,0)", "(32,1):(1,0)", "f32"}, "LAYOUT ELEM ATOM"},
		{[]string{"banks", "-tv", "(32,1):(1,0)", "-width", "32", "(32,1):(1,0)", "f32", "lds32"}, "drop -width"},
		{[]string{"banks", "-tv", "(64,1):(1,0)", "-warp", "2", "(64,1):(1,0)", "f32", "lds32"}, "there is no warp 2"},
		{[]string{"banks", "-stage", "3", "((8,16),(64,1),(1,3)):((64,512),(1,0),(0,8192))", "f16", "ldmatrix.x4"}, "there is no stage 3"},
		{[]string{"banks", "-stage", "0", "(8,64):(64,1)", "f16", "ldmatrix.x4"}, "stages are mode 2"},
	}
	for _, c := range cases {
		status, out, errOut := runCmd(nil, c.args...)
		assert.NotEqual(t, 0, status, "%v", c.args)
		assert.Contains(t, out+errOut, c.want, "%v", c.args)
	}
}

// TestBanksCuteStagedAndWarps: in .cute files, bank_check, banks and
// wavefronts take a staged buffer (rank 3: every stage) and a TV layout of
// more than 32 threads (split by warp, the worst warp reported). The
// K-major buffer of 3 stages is 8-way without its swizzle (each ldmatrix
// matrix reads 8 rows of 128 bytes at one column: banks/facts_test.go) and
// conflict-free with S<3,3,3>; 128 threads reading a column of 32-word rows
// put every warp's 32 threads in one bank (32 wavefronts a warp), rows
// padded to 33 words spread them.
func TestBanksCuteStagedAndWarps(t *testing.T) {
	status, out, errOut := runCmd(nil, "eval",
		"banks(((8,16),(64,1),(1,3)):((64,512),(1,0),(0,8192)), f16, ldmatrix_x4)",
		"banks(S<3,3,3> o 0 o ((8,16),(64,1),(1,3)):((64,512),(1,0),(0,8192)), f16, ldmatrix_x4)",
		"wavefronts((128,32):(32,1), f32, (128,1):(1,0), 32)",
		"banks((128,32):(33,1), f32, (128,1):(1,0), 32)")
	assert.Equal(t, 0, status, errOut)
	assert.Equal(t, "8\n1\n32\n1\n", out)
}
