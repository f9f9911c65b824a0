// Package banks computes shared-memory bank conflicts exactly, from a
// shared-memory layout (swizzle included), an element type and an access:
// which thread of a warp touches which element of the tile in each
// instruction.
//
// The model of the hardware is in model.go, with every parameter named in
// one place: 32 banks of 4 bytes; a warp-wide access is served in phases (one
// phase of 32 threads for accesses of 32 bits or less, two of 16 threads for
// 64-bit accesses, four of 8 threads for 128-bit accesses and for ldmatrix
// and stmatrix, whose 8 row addresses per 8x16-byte matrix come from 8
// threads); within a phase, threads that touch the same 4-byte word share it
// (broadcast), and the phase takes as many wavefronts as the largest number
// of distinct words in one bank (its conflict degree). An instruction takes
// the sum of its phases' wavefronts; the ideal is one wavefront a phase.
// docs/banks.md states the public sources of each rule.
//
// An access is described the CuTe way (access.go): a thread-value layout
// (thread, value) -> index of the tile (the tile's colexicographic index, as
// CuTe's TV layouts use), and the access width in bits: the values of one
// access are consecutive in the value mode and must be contiguous and
// aligned in memory. Named atoms (atoms.go) build that layout for a tile
// from the copy traits of CuTe: ld.shared/st.shared of 32, 64 and 128 bits,
// cp.async of 4, 8 and 16 bytes, ldmatrix and stmatrix x1/x2/x4 with and
// without .trans.
//
// TiledCopyAccess (tiledcopy.go) gives the access of one warp of a CuTe
// tiled copy (the atom's traits, layout_copy_tv and tiler_mn, as CuTe DSL
// prints them), partitioned as CuTe's TiledCopy::tidfrg_S does.
// ElementSwizzle recasts a swizzle CuTe applies to byte addresses to the
// swizzle on element offsets the tile uses.
//
// Analyze (analyze.go) returns a Report per instruction and phase; Suggest
// (suggest.go) searches the swizzles S<B,M,S> that make an access
// conflict-free. Errors are *Error values with a diagnostic code.
//
// The package imports only layout and diag.
package banks
