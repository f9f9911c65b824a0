package verify_test

import (
	"bytes"
	"strings"
	"testing"

	"github.com/cutec/cutec/diag"
	"github.com/cutec/cutec/verify"
)

// TestOpAt checks the op checker's answer for one op. The expected types
// are derived by hand from the CuTe rules (the paper's coalesce and the
// layout's shape), not taken from cutec's output.
func TestOpAt(t *testing.T) {
	p, err := verify.NewPass(verify.Options{Lowerable: true, IR: true})
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name, src       string
		derived, stated string
		agrees          bool
		skipped, code   string
	}{
		{
			// The shape of (4,8):(1,4) is (4,8).
			name:    "accessor",
			src:     `%r = cute.get_shape(%a) : (!cute.layout<"(4,8):(1,4)">) -> !cute.shape<"(4,8)">`,
			derived: `!cute.shape<"(4,8)">`, stated: `!cute.shape<"(4,8)">`, agrees: true,
		},
		{
			// (2,4):(1,2): the second mode's stride 2 is the first mode's
			// extent times its stride, so the two merge into 8:1.
			name:    "mismatch",
			src:     `%r = cute.coalesce(%a) : (!cute.layout<"(2,4):(1,2)">) -> !cute.layout<"(2,4):(1,2)">`,
			derived: `!cute.layout<"8:1">`, stated: `!cute.layout<"(2,4):(1,2)">`, code: "E0605",
		},
		{
			// The operands are defined on the lines above; the layout of
			// shape (4,8) and stride (8,1) is (4,8):(8,1).
			name: "operands above",
			src: "%s = cute.static : !cute.shape<\"(4,8)\">\n%d = cute.static : !cute.stride<\"(8,1)\">\n" +
				`%l = cute.make_layout(%s, %d) : !cute.layout<"(4,8):(8,1)">`,
			derived: `!cute.layout<"(4,8):(8,1)">`, stated: `!cute.layout<"(4,8):(8,1)">`, agrees: true,
		},
		{
			name:    "operand not defined",
			src:     `%l = cute.make_layout(%s, %d) : !cute.layout<"(4,8):(8,1)">`,
			skipped: "its operand and result types are not all written",
		},
		{
			name:    "no rule",
			src:     `%c = cute.make_coord(%arg2) : (i32) -> !cute.coord<"?">`,
			skipped: "cutec has no rule for cute.make_coord",
		},
		{
			name:   "builtin operand",
			src:    `%r = cute.coalesce(%a) : (i32) -> !cute.layout<"8:1">`,
			stated: `!cute.layout<"8:1">`, skipped: "the operand type i32 is not one cutec states",
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			src := []byte(tc.src)
			at := bytes.LastIndex(src, []byte("= cute.")) + len("= cute.")
			got := p.OpAt(diag.NewFile("x.mlir", src), at, nil)
			if got.Derived != tc.derived || got.Stated != tc.stated || got.Agrees != tc.agrees {
				t.Errorf("got derived %q, stated %q, agrees %v; want %q, %q, %v", got.Derived, got.Stated, got.Agrees, tc.derived, tc.stated, tc.agrees)
			}
			if !strings.HasPrefix(got.Skipped, tc.skipped) || (tc.skipped == "") != (got.Skipped == "") {
				t.Errorf("skipped %q, want %q", got.Skipped, tc.skipped)
			}
			code := ""
			if got.Diagnostic != nil {
				code = string(got.Diagnostic.Code)
			}
			if code != tc.code {
				t.Errorf("diagnostic %q, want %q", code, tc.code)
			}
			// MLIRChunk on the same text reports the same.
			var codes []string
			for _, d := range p.MLIRChunk(diag.NewFile("x.mlir", src), nil, nil) {
				codes = append(codes, string(d.Code))
			}
			if strings.Join(codes, " ") != tc.code {
				t.Errorf("MLIRChunk reports %v, OpAt %q", codes, tc.code)
			}
		})
	}
}

// TestOpContext checks which op lines need the lines around them.
func TestOpContext(t *testing.T) {
	for _, tc := range []struct {
		line         string
		above, below bool
	}{
		{`%l = cute.make_layout(%s, %d) : !cute.layout<"4:1">`, true, false},
		{`%l = cute.make_layout(%s, %d) : (!cute.shape<"4">, !cute.stride<"1">) -> !cute.layout<"4:1">`, false, false},
		{`%r = cute.zipped_divide(%a, %b)`, false, true},
		{`%r = cute.coalesce(%a) : (!cute.layout<"4:1">) -> !cute.layout<"4:1">`, false, false},
		{`%c = cute.make_coord(%arg2)`, false, false},
		{`  : (!cute.layout<"4:1">) -> !cute.layout<"4:1">`, false, false},
	} {
		above, below := verify.OpContext([]byte(tc.line))
		if above != tc.above || below != tc.below {
			t.Errorf("OpContext(%q) = %v, %v; want %v, %v", tc.line, above, below, tc.above, tc.below)
		}
	}
}

// FuzzOpAt reads every op of random MLIR one at a time: OpAt never panics,
// and reports E0605 only for an op it says differs.
func FuzzOpAt(f *testing.F) {
	f.Add("%s = cute.static : !cute.shape<\"(4,8)\">\n%l = cute.make_layout(%s, %d) : !cute.layout<\"(4,8):(8,1)\">\n")
	f.Add("%r = cute.coalesce(%a)\n : (!cute.layout<\"(2,4):(1,2)\">)\n -> !cute.layout<\"(2,4):(1,2)\">")
	f.Add("%r = cute.get<{mode = [0]}>(%a) : (!A) -> !cute.layout<\"4:1\">\n")
	p, err := verify.NewPass(verify.Options{Lowerable: true, IR: true})
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, src string) {
		if len(src) > 4096 {
			return
		}
		b := []byte(src)
		aliases := (*verify.Aliases)(nil).Scan(b)
		for i := 0; ; {
			k := bytes.Index(b[i:], []byte("= cute."))
			if k < 0 {
				break
			}
			i += k + len("= cute.")
			got := p.OpAt(diag.NewFile("f.mlir", b), i, aliases)
			if got.Diagnostic != nil && (got.Agrees || got.Skipped != "") {
				t.Errorf("E0605 for an op that agrees or is skipped: %+v", got)
			}
		}
		p.OpAt(diag.NewFile("f.mlir", b), len(b), aliases)
		p.OpAt(diag.NewFile("f.mlir", b), -1, aliases)
	})
}
