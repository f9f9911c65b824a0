// Package tiled holds CuTe's MMA and copy atoms and builds from them the
// TiledMMA and TiledCopy of CuTe C++, with CuTe's names and CuTe's results.
//
// An MMAAtom holds what MMA_Traits hold (LookupMMA: every SM61 to SM90 atom of
// fixed shape, UniversalFMA, the SM90 GMMA and SM100 UMMA families); a CopyOp
// what Copy_Traits hold, in bits (LookupCopy: ldmatrix, stmatrix, cp.async,
// UniversalCopy, AutoVectorizingCopy, the TMA box copies), and a CopyAtom is
// Copy_Atom<Op, T> (NewCopyAtom). MakeMMA is make_tiled_mma; MakeCopy,
// MakeCopyTV and MakeCopyMMA are make_tiled_copy, make_tiled_copy_impl and
// make_tiled_copy_A/B/C. Their methods are CuTe's queries: the TV layouts
// (get_layoutA_TV, get_layoutS_TV, ...), the thread layout, the tile size,
// and what one thread gets of a layout (partition_A, partition_S, ...).
// Every value is checked against CuTe's own prints (testdata/cute).
// Errors are *Error values with a diagnostic code (E0920, E0921). The
// package imports only layout and diag.
package tiled
