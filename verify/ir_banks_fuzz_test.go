package verify

import (
	"os"
	"strings"
	"testing"

	"github.com/cutec/cutec/diag"
)

// FuzzIRBankCheck feeds arbitrary partition lines, after the aliases of
// testdata/mlir/ampere_copy_banks.mlir, to the bank check of IR: it must not
// panic, every diagnostic must lie in the input, and a W0901 must span a
// type (text that starts with `!`) and carry its numbers.
func FuzzIRBankCheck(f *testing.F) {
	src, err := os.ReadFile(banksIRFile)
	if err != nil {
		f.Fatal(err)
	}
	var head strings.Builder
	for _, line := range strings.Split(string(src), "\n") {
		if strings.HasPrefix(line, "!") {
			head.WriteString(line + "\n")
		}
		if strings.Contains(line, "= cute.tiled.copy.partition_") {
			f.Add(line)
		}
	}
	f.Add(copyLine("S", ldsmCopy, `!cute.memref<f16, smem, align<99999999999999999999>, S<30,30,30>, "(8,64):(64,1)">`))
	f.Add(copyLine("S", strings.Replace(ldsmCopy, "[64:1;16:1]", "[0:1;16:1]", 1), `!cute.memref<f16, smem, "(1048576,1048576):(1,1048576)">`))
	f.Add(copyLine("D", `!cute.tiled_copy<!cute_nvgpu.atom.universal_copy<f64, 8 b>, layout_copy_tv = <"(1048576,1):(1,0)">, tiler_mn = <"[1048576:1]">>`, `!cute.memref<f64, smem, "1048576:1">`))
	f.Add(copyLine("S", `!cute.tiled_copy<!cute_nvgpu.atom.x>, layout_copy_tv = <"(32,8):(8,1)">, tiler_mn = <"[256:1]">>`, `!cute.memref<f16, smem, "256:1">`))
	p := banksPass(f, true)
	f.Fuzz(func(t *testing.T, line string) {
		in := []byte(head.String() + line + "\n")
		for _, d := range p.MLIR(diag.NewFile("f.mlir", in)) {
			if d.Span.Start < 0 || d.Span.Start > d.Span.End || d.Span.End > len(in) {
				t.Fatalf("%q: diagnostic %s out of the input: %v", line, d.Code, d.Span)
			}
			if d.Code == diag.BankConflicts && (in[d.Span.Start] != '!' || !strings.Contains(d.Message, "-way bank conflicts: ")) {
				t.Fatalf("%q: W0901 at %q: %s", line, in[d.Span.Start:d.Span.End], d.Message)
			}
		}
	})
}
