package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestBanksByteSwizzle: CuTe's GMMA::Layout_K_SW128_Atom<half_t>, pasted as
// CuTe C++ prints it, is read with its swizzle on bytes (S<3,3,3> on f16):
// ldmatrix.x4 is conflict-free in 8 wavefronts, the count the bank model
// gives for this atom (exact for every ldmatrix measured on an H200, and
// the count the bug report behind byte swizzles measured there). Its width
// must match the element type, and -byte-swizzle does not apply twice.
func TestBanksByteSwizzle(t *testing.T) {
	const atom = "Sw<3,4,3> o smem_ptr[16b](unset) o (_8,_64):(_64,_1)"
	status, out, errOut := runCmd(nil, "banks", atom, "f16", "ldmatrix.x4")
	assert.Equal(t, 0, status, errOut)
	assert.Contains(t, out, "summary: conflict-free: 8 wavefronts for 2 instructions, the ideal")

	status, _, errOut = runCmd(nil, "banks", atom, "f32", "ldmatrix.x4")
	assert.Equal(t, 1, status)
	assert.Contains(t, errOut, "E0908")
	assert.Contains(t, errOut, "16-bit elements")

	status, _, errOut = runCmd(nil, "banks", "-byte-swizzle", atom, "f16", "ldmatrix.x4")
	assert.Equal(t, 2, status)
	assert.Contains(t, errOut, "-byte-swizzle")
}

// TestBanksSuggestConflictFree: -suggest proposes nothing for an access
// that is conflict-free already: in the column-major (8,64):(1,8) f16 tile
// each 16-byte vector of ldmatrix.x4 is one whole column, so the 8 threads
// of a phase read 8 vectors at consecutive 16-byte addresses, 128
// contiguous bytes in 32 distinct banks (CUDA C++ Programming Guide, shared
// memory: 32 banks of 4 bytes), with no swizzle.
func TestBanksSuggestConflictFree(t *testing.T) {
	status, out, errOut := runCmd(nil, "banks", "-suggest", "(8,64):(1,8)", "f16", "ldmatrix.x4")
	assert.Equal(t, 0, status, errOut)
	assert.Contains(t, out, "summary: conflict-free")
	assert.Contains(t, out, "suggest: none: the access is conflict-free as it is")
	assert.NotContains(t, out, "S<1,")

	// A single 32-bit access of 32 consecutive words: one wavefront, in
	// the singular.
	_, out, _ = runCmd(nil, "banks", "32:1", "f32", "ld.shared.b32")
	assert.Contains(t, out, "instruction 0: 1 phase, 1 wavefront (ideal 1), conflict-free")
	assert.Contains(t, out, "conflict-free: 1 wavefront for 1 instruction")
}

// TestByteSwizzleCommands: the GMMA atom pasted from CuTe C++ keeps its
// element width through fmt -w (the file is rewritten in cutec's spelling
// with smem_ptr[16b](unset), and formats to itself again) and is drawn by
// show with its element offsets: row 7, column 0 holds 504 (448 XOR 56,
// S<3,3,3> on the element offset 7*64, as CuTe C++'s
// as_position_independent_swizzle_layout gives in testdata/cute_gmma).
func TestByteSwizzleCommands(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "atom.cute")
	require.NoError(t, os.WriteFile(path, []byte("A = Sw<3,4,3> o smem_ptr[16b](unset) o (_8,_64):(_64,_1)\n"), 0o644))
	status, _, errOut := runCmd(nil, "fmt", "-w", path)
	require.Equal(t, 0, status, errOut)
	got, err := os.ReadFile(path)
	require.NoError(t, err)
	assert.Equal(t, "A = S<3,4,3> o smem_ptr[16b](unset) o (8,64):(64,1)\n", string(got))
	status, out, errOut := runCmd(nil, "fmt", path)
	assert.Equal(t, 0, status, errOut)
	assert.Equal(t, string(got), out)

	status, out, errOut = runCmd(nil, "show", "Sw<3,4,3> o smem_ptr[16b](unset) o (_8,_64):(_64,_1)")
	require.Equal(t, 0, status, errOut)
	var row7 string
	for _, l := range strings.Split(out, "\n") {
		if strings.HasPrefix(strings.TrimSpace(l), "7 ") {
			row7 = l
		}
	}
	require.NotEmpty(t, row7, out)
	assert.True(t, strings.HasPrefix(strings.Fields(strings.ReplaceAll(row7, "|", " "))[1], "504"), row7)
}
