package main

import (
	"bytes"
	"fmt"
	"io"
	"strings"

	"github.com/cutec/cutec/tiled"
)

// printTiled writes "cutec help tiled": the atoms make_tiled_mma and
// copy_atom take (docs/tiled.md).
func printTiled(w io.Writer) {
	var b bytes.Buffer
	b.WriteString(`The atoms of CuTe's tiled MMAs and copies (docs/tiled.md), named as CuTe names them.

MMA atoms, make_tiled_mma(ATOM[, ATOM_LAYOUT[, PERMUTATION]]):

  SM90 GMMA   SM90_64xNxK_<D><A><B>_SS or _RS (16-bit inputs; majors K,K unless written
              <GMMA::Major::K|MN,GMMA::Major::K|MN>), _SS_TN or _RS_TN (8- and 32-bit
              inputs), N a multiple of 8 up to 256, K = 256 bits of the input
  SM100 UMMA  SM100_MMA_{F16BF16,TF32,S8}[_2x1SM]_{SS,TS}<A,B,C,M,N,UMMA::Major::K,UMMA::Major::K>
              (in C++ spelling only)
  fixed       the atoms of SM61 to SM90 below, and UniversalFMA (UniversalFMA<T>)

`)
	names := tiled.MMANames()
	for i := 0; i < len(names); i += 2 {
		if i+1 < len(names) {
			fmt.Fprintf(&b, "  %-42s %s\n", names[i], names[i+1])
		} else {
			fmt.Fprintf(&b, "  %s\n", names[i])
		}
	}
	b.WriteString(`
Copy operations, copy_atom(OP, T[, BITS]) (CuTe's Copy_Atom<OP, T>):

  ` + strings.Join(tiled.CopyNames(), "\n  ") + `
  UniversalCopy, SM80_CP_ASYNC_CACHEALWAYS, SM80_CP_ASYNC_CACHEGLOBAL (BITS: the width
      of the type they copy, T's by default: UniversalCopy<uint128_t> is BITS 128)
  SM90_TMA_LOAD, SM90_TMA_STORE, SM90_TMA_LOAD_MULTICAST (a box copy of BITS bits)
`)
	w.Write(b.Bytes())
}
