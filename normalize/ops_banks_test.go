package normalize_test

import (
	"testing"

	"github.com/cutec/cutec/diag"
	"github.com/cutec/cutec/layout"
	"github.com/cutec/cutec/normalize"
	"github.com/cutec/cutec/parser"
)

// TestBankOps: the values of the bank operations are those of
// banks/facts_test.go (derived by hand there): the K-major f16 atom read by
// ldmatrix.x4 is 8-way without its swizzle and conflict-free with S<3,3,3>,
// in 8 wavefronts; the 32x32 f32 tile read by column is 32-way in 1024.
func TestBankOps(t *testing.T) {
	env := normalize.NewEnv()
	// A name defined in the file does not shadow an element type or atom.
	env.Define("f16", normalize.Layout{L: layout.MustNew(layout.Int(4), layout.Int(1))}, normalize.Site{})
	cases := map[string]normalize.Value{
		"banks((8,64):(64,1), f16, ldmatrix_x4)":                      normalize.Int(8),
		"banks(S<3,3,3> o 0 o (8,64):(64,1), f16, SM75_U32x4_LDSM_N)": normalize.Int(1),
		"wavefronts(S<3,3,3> o 0 o (8,64):(64,1), f16, ldmatrix_x4)":  normalize.Int(8),
		"wavefronts((32,32):(32,1), f32, (32,32):(1,32), 32)":         normalize.Int(1024),
		"banks((32,32):(33,1), f32, (32,32):(1,32), 32)":              normalize.Int(1),
		// banks/tiledcopy_test.go, TestTiledCopy3172: warp 0 of CuTe DSL's
		// ldmatrix.x4.trans tiled copy on the M-major atom with S<3,3,3>.
		"banks(tile_to_shape(S<3,3,3> o 0 o (128,8):(1,128), (128,32)), f16, SM75_U16x8_LDSM_T, " +
			"((4,8,2,2),((2,2,2),(1,1))):((64,1,16,0),((32,8,256),(0,0))), [32:1;16:1])": normalize.Int(2),
	}
	for src, want := range cases {
		v, diags := eval(t, src, env)
		if len(diags) != 0 || v == nil || !normalize.Equal(v, want) {
			t.Errorf("%s = %v (%v), want %s", src, v, diags, want)
		}
	}
	v, diags := eval(t, "bank_check(S<2,3,3> o 0 o (8,64):(64,1), f16, ldmatrix_x4)", nil)
	if len(diags) != 0 || v == nil || v.Kind() != normalize.KindComposed {
		t.Errorf("bank_check: %v, %v; want the composed layout itself", v, diags)
	}
}

func TestBankOpSpans(t *testing.T) {
	tests := []struct {
		src        string
		code       diag.Code
		col, width int
	}{
		{"banks((8,64):(64,1), f17, ldmatrix_x4)", diag.BankUnknownName, 22, 3},
		{"banks((8,64):(64,1), f16, ldmatrix_x9)", diag.BankUnknownName, 27, 11},
		{"banks((8,64):(64,1), f16, (32,8):(8,1), 128)", diag.BankAccessInvalid, 27, 12},
		{"banks((8,64):(64,1), f16, (32,8):(8,1), 48)", diag.BankAccessInvalid, 41, 2},
		{"banks((8,64):(64,1), (2,2), ldmatrix_x4)", diag.WrongKind, 22, 5},
		{"banks(4, f16, ldmatrix_x4)", diag.WrongKind, 7, 1},
		{"banks((8,64):(64,1), f16, 4:1, 2:1)", diag.WrongKind, 32, 3},
		{"banks((8,64):(64,1), f16)", diag.BadArguments, 1, 25},
		{"banks((8,64):(?,1), f16, ldmatrix_x4)", diag.BankAccessInvalid, 26, 11},
		{"banks((8,64):(64,1), f16, ldmatrix_x4, 4:1, S<1,2,3>)", diag.WrongKind, 45, 8},
		{"banks((8,64):(64,1), f16, (2,2), 4:1, 3:1)", diag.BankUnknownName, 27, 5},
	}
	for _, tc := range tests {
		v, diags := eval(t, tc.src, nil)
		if v != nil || len(diags) == 0 {
			t.Errorf("%s: got %v and %v, want %s", tc.src, v, diags, tc.code)
			continue
		}
		d := diags[0]
		if d.Code != tc.code || d.Start().Col != tc.col || d.Span.Len() != tc.width {
			t.Errorf("%s: got %s at column %d width %d (%s), want %s at %d width %d",
				tc.src, d.Code, d.Start().Col, d.Span.Len(), d.Message, tc.code, tc.col, tc.width)
		}
	}
}

// FuzzBankOps: the bank operations never panic, and fail only with an
// error diagnostic.
func FuzzBankOps(f *testing.F) {
	for _, s := range []string{
		"banks(S<3,3,3> o 0 o (8,64):(64,1), f16, ldmatrix_x4)",
		"wavefronts((32,32):(32,1), f32, (32,32):(1,32), 32)",
		"bank_check(S<2,3,3> o 0 o (8,64):(64,1), f16, SM75_U16x8_LDSM_T)",
		"banks((8,?):(1,8), i8, cp_async_16)", "banks(4:1 o 0 o 8:1, f16, lds32)",
		"banks((4,4):(1,4), f64, (2,2):(0,1), 64)", "banks((16):(1), f4, (8,1):(4,0), 16)",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		file := diag.NewFile("fuzz", []byte(src))
		e, diags := parser.ParseExpr(file)
		if diags.HasErrors() {
			return
		}
		ev := normalize.Evaluator{File: file}
		v, diags := ev.Eval(e)
		if v == nil && !diags.HasErrors() {
			t.Fatalf("%q: no value and no error", src)
		}
	})
}
