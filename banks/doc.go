// Package banks computes shared-memory bank conflicts exactly, from a
// shared-memory layout (swizzle included), an element type and an access:
// which thread of a warp touches which element of the tile in each
// instruction.
//
// The model (model.go, every parameter named once, docs/banks.md for the
// sources): 32 banks of 4 bytes; a warp-wide access is served in phases (32
// threads for accesses of 32 bits or less, 16 for 64-bit, 8 for 128-bit and
// for each 8x16-byte matrix of ldmatrix and stmatrix); threads touching the
// same 4-byte word share it, and a phase takes as many wavefronts as the
// most distinct words in one bank (its conflict degree). The instruction
// (Op) decides the rest, as measured on an H200: packed 64- and 128-bit
// loads, cp.async.ca and cp.async.cg writes (model.go, serve).
//
// An access is a thread-value layout (thread, value) -> index of the tile,
// as CuTe's TV layouts are, with the access width in bits (NewAccess); named
// atoms (Atoms, LookupAtom) build it from CuTe's copy traits, and
// TiledCopyAccess from a tiled copy as CuTe DSL prints it. Analyze returns
// a Report per instruction and phase; Suggest searches the swizzles S<B,M,S>
// that make an access conflict-free. Errors are *Error values with a
// diagnostic code. The package imports layout, diag, and tiled (CuTe's copy traits,
// one table for both packages).
package banks
