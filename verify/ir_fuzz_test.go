package verify

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cutec/cutec/diag"
)

// FuzzOpChecker feeds arbitrary lines after an alias definition to the op
// checker: it must not panic, every diagnostic must lie in the input, and an
// E0605 must span a result type (text that starts with `!`).
func FuzzOpChecker(f *testing.F) {
	files, _ := filepath.Glob("../testdata/mlir/*.mlir")
	for _, name := range files {
		src, _ := os.ReadFile(name)
		for _, line := range strings.Split(string(src), "\n") {
			if strings.Contains(line, "= cute.") {
				f.Add(line)
			}
		}
	}
	f.Add(`%0 = cute.dice(%a, ") : (!cute.layout<"4:1">) -> !cute.layout<"4:1">`)
	f.Add(`%0 = cute.size(%a) <{mode = [99999999999]}> : (!m) -> !cute.int_tuple<"4">`)
	f.Add(`%0 = cute.get(%a) <{mode = []}> : !cute.layout<"4:1"> -> !cute.layout<"4:1">`)
	f.Add("%r = cute.zipped_divide(%a, %b)\n  : (!cute.layout<\"(6,8):(8,1)\">, !cute.shape<\"(3,4)\">)\n  -> !cute.layout<\"4:1\">")
	f.Add("%l = cute.make_layout(%s) : !cute.layout<\"8:1\">\n%s = cute.static : !cute.shape<\"8\">\n%m = cute.make_layout(%s) : !cute.layout<\"8:2\">")
	pass := irPass(f)
	f.Fuzz(func(t *testing.T, line string) {
		src := []byte(`!m = !cute.memref<f32, rmem, "((2,2),2,4):((1,2),4,8)">` + "\n" + line + "\n")
		var st OpStats
		l := pass.MLIRChunk(diag.NewFile("f.mlir", src), (*Aliases)(nil).Scan(src), &st)
		for _, d := range l {
			if d.Span.Start < 0 || d.Span.Start > d.Span.End || d.Span.End > len(src) {
				t.Fatalf("%q: diagnostic %s out of the input: %v", line, d.Code, d.Span)
			}
			if d.Code == diag.OpResultMismatch && src[d.Span.Start] != '!' {
				t.Fatalf("%q: E0605 at %q", line, src[d.Span.Start:d.Span.End])
			}
		}
		if st.Mismatched > st.Checked {
			t.Fatalf("%q: %+v", line, st)
		}
	})
}
