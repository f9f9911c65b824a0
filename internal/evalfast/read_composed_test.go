package evalfast

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/cutec/cutec/layout"
)

// TestReadComposed reads the composed layouts CuTe DSL prints (the
// swizzled shared-memory layouts of testdata/mlir, GMMA's byte-swizzled
// atoms as the dialect prints them) into their parts, and declines what
// it does not read; verify's mlir_fast_test.go holds the values it reads
// to normalize's on random and real payloads.
func TestReadComposed(t *testing.T) {
	for _, c := range []struct {
		src     string
		swizzle layout.Swizzle // zero: a layout A
		outer   string
		offset  int64
		coord   string
		bits    int
		inner   string
		_       int
	}{
		{src: "S<3,4,3> o 0 o (8,64):(64,1)", swizzle: layout.Swizzle{B: 3, M: 4, S: 3}, inner: "(8,64):(64,1)"},
		{src: "S<3,4,3> o smem_ptr[16b](unset) o (8,64):(64,1)", swizzle: layout.Swizzle{B: 3, M: 4, S: 3}, bits: 16, inner: "(8,64):(64,1)"},
		{src: "S<2,3,-3> o 40 o ((8,8),2):((8,1),64)", swizzle: layout.Swizzle{B: 2, M: 3, S: -3}, offset: 40, inner: "((8,8),2):((8,1),64)"},
		{src: "(4,5):(1,4) o 2 o (8,4):(1,8)", outer: "(4,5):(1,4)", offset: 2, inner: "(8,4):(1,8)"},
		{src: "(4,(5,2)):(1,(4,20)) o (1,(0,1)) o 8:1", outer: "(4,(5,2)):(1,(4,20))", coord: "(1,(0,1))", inner: "8:1"},
		{src: " S< 3 ,4,3 >  o  0 o 8 : 1", swizzle: layout.Swizzle{B: 3, M: 4, S: 3}, inner: "8:1"}, // spaces: the caller compares the text
	} {
		var got Composed
		end, ok := ReadComposed([]byte(c.src), 0, &got)
		require.True(t, ok, c.src)
		require.Equal(t, len(c.src), end, c.src)
		require.Equal(t, c.outer == "", got.Swizzled, c.src)
		if got.Swizzled {
			require.Equal(t, c.swizzle, got.Swizzle, c.src)
		} else {
			require.Equal(t, c.outer, string(got.Outer.AppendText(nil)), c.src)
		}
		require.Equal(t, c.offset, got.Offset, c.src)
		require.Equal(t, c.coord, string(got.Coord.AppendText(nil)), c.src)
		require.Equal(t, c.bits, got.ElemBits, c.src)
		require.Equal(t, c.inner, string(got.Inner.AppendText(nil)), c.src)
	}
	for _, src := range []string{
		"S<3,4,2> o 0 o 8:1",          // not a bijection (|S| < B): layout.NewSwizzle rejects it
		"S<3,4,3> o (1,2) o 8:1",      // a coordinate after a swizzle
		"(4,5):(1,4) o (1,2,3) o 8:1", // not weakly congruent to (4,5)
		"(4,5):(1,4) o ((1,2),3) o 8:1",
		"(4,5):(1,4) o (1) o 8:1",
		"(4,5):(1,4) o (1,-2) o 8:1",
		"S<3,4,3> o -1 o 8:1",                   // a negative offset
		"S<3,4,3> o ? o 8:1",                    // a dynamic offset
		"S<3,4,3> o smem_ptr[24b](unset) o 8:1", // not a power of two
		"S<3,4,3> o smem_ptr[2048b](unset) o 8:1",
		"S<3,4,3> o smem_ptr[16](unset) o 8:1",
		"S<3,4,3> o gmem_ptr[16b](unset) o 8:1",
		"(4,5):(1,4) o smem_ptr[16b](unset) o 8:1", // a byte swizzle needs a swizzle
		"S<3,4,3> o 0 o (8,?):(1,?)",
		"S<3,4,3> o 0 o 8:1@0",
		"S<3,4,3> o 0",
		"S<3,4,3>o0o8:1",
		"Sw<3,4,3> o 0 o 8:1",
		"S<3,4,3,1> o 0 o 8:1",
	} {
		var got Composed
		end, ok := ReadComposed([]byte(src), 0, &got)
		if ok && end == len(src) {
			t.Errorf("%q: read whole, want a decline", src)
		}
	}
}
