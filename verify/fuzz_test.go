package verify

import (
	"testing"

	"github.com/cutec/cutec/diag"
)

// checkDiags fails on a diagnostic without a catalogued code or with a span
// outside its file.
func checkDiags(t *testing.T, src string, l diag.List) {
	t.Helper()
	for _, d := range l {
		if _, ok := diag.Lookup(d.Code); !ok {
			t.Fatalf("%q: uncatalogued code %s", src, d.Code)
		}
		if d.File != nil && (d.Span.Start < 0 || d.Span.End > len(d.File.Src) || d.Span.Start > d.Span.End) {
			t.Fatalf("%q: span %v outside its file of %d bytes", src, d.Span, len(d.File.Src))
		}
	}
}

func seeds(f *testing.F) {
	for _, c := range codeCases {
		f.Add(c.trigger)
		f.Add(c.near)
	}
}

func FuzzVerifyExpr(f *testing.F) {
	seeds(f)
	f.Fuzz(func(t *testing.T, src string) {
		_, l := Default().Expr(diag.NewFile("fuzz", []byte(src)))
		checkDiags(t, src, l)
	})
}

func FuzzVerifyCuteFile(f *testing.F) {
	seeds(f)
	f.Add("A = (4,2):(1,4)\nB = (2,2):(1,2)\nC = composition(A, B)\nassert C == (2,2):(1,2)\nexpect E0400 composition((4,6,8):(2,3,5), 6:3)\n")
	f.Fuzz(func(t *testing.T, src string) {
		checkDiags(t, src, Default().CuteFile(diag.NewFile("fuzz.cute", []byte(src))))
	})
}

func FuzzVerifyMLIR(f *testing.F) {
	f.Add(`%0 = cute.make_layout() : !cute.layout<"(4,8):(1,4)">` + "\n" +
		`%1 = cute.x : !cute.memref<f16, smem, !cute.composed_layout<"S<3,4,3> o 0 o (8,64):(64,1)">>`)
	f.Add(`!cute.layout<"(4,8):(1,(4,2))"> #cute.swizzle<"S<3,4,2>"> !cute.tile<"[4:1;_]"> !cute.layout<"`)
	f.Fuzz(func(t *testing.T, src string) {
		checkDiags(t, src, Default().MLIR(diag.NewFile("fuzz.mlir", []byte(src))))
	})
}
