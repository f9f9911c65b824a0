package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

// The tests of this file walk into the walls a newcomer meets in the first
// half hour, and check that each gives a friendly outcome.

// TestWallVerifyOfAPath: verify reads its arguments as expressions, so a
// path is a syntax error, and the help line points to lint.
func TestWallVerifyOfAPath(t *testing.T) {
	path := filepath.Join(t.TempDir(), "a.cute")
	if err := os.WriteFile(path, []byte("A = 8:1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	status, out, _ := runCmd(nil, "verify", path)
	want := "help: verify reads values and expressions, not files; to check the file, did you mean `cutec lint " + path + "`?\n"
	if status != exitFindings || !strings.HasSuffix(out, want) {
		t.Errorf("verify %s: %d\n%s", path, status, out)
	}
	// eval says the same in its one line.
	_, out, _ = runCmd(nil, "eval", path)
	if !strings.HasSuffix(out, "; eval reads values and expressions, not files; to check the file, did you mean `cutec lint "+path+"`?\n") {
		t.Errorf("eval %s: %s", path, out)
	}
	// An expression is not taken for a path.
	if status, out, _ := runCmd(nil, "verify", "(4,8):(1,,4)"); strings.Contains(out, "cutec lint") || status != exitFindings {
		t.Errorf("a syntax error that is no path gets the hint: %s", out)
	}
}

// TestWallShowTooLarge: a 300 x 2 layout is refused for its 300 rows, and
// the message says so rather than "more than 256 x 256".
func TestWallShowTooLarge(t *testing.T) {
	status, _, errOut := runCmd(nil, "show", "(300,2):(1,300)")
	want := "it is 300 by 2 (rows by columns), and at most 256 by 256 is drawn"
	if status != exitFindings || !strings.Contains(errOut, want) {
		t.Errorf("show of 300 x 2: %d %q", status, errOut)
	}
}

// TestWallGoldenWithoutMode: an archive without a mode line is refused with
// a message naming the line, not read as an expression by default.
func TestWallGoldenWithoutMode(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "a.txtar"), []byte("-- input --\n8:1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	status, _, errOut := runCmd(nil, "golden", dir)
	if status != exitUsage || !strings.Contains(errOut, `no line "mode: expr", "mode: cute" or "mode: mlir"`) {
		t.Errorf("golden of an archive without mode: %d %q", status, errOut)
	}
}

// TestWallExpectOfDisabledCheck: leaving a check out with -disable does not
// turn the expect lines of its codes into E0802; nor does an optional check
// that is not enabled. The other errors of the expression still count.
func TestWallExpectOfDisabledCheck(t *testing.T) {
	path := filepath.Join(t.TempDir(), "suite.cute")
	src := "expect W0900 (3,8):(1,1)\nexpect W0902 (4,1,8):(1,0,4)\n"
	if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{
		{"lint", "-enable", "redundant-mode", path},
		{"lint", "-enable", "redundant-mode", "-disable", "aliasing", path},
		{"lint", "-disable", "W0900", path},
		{"lint", path},
	} {
		if status, out, errOut := runCmd(nil, args...); status != exitOK || out != "" {
			t.Errorf("%v: %d\n%s%s", args, status, out, errOut)
		}
	}
	// An expect whose code the pass reports is still checked.
	if status, out, _ := runCmd(nil, "lint", "-enable", "redundant-mode", "-disable", "aliasing", "-format", "json", path); status != exitOK {
		t.Errorf("%d %s", status, out)
	}
	bad := filepath.Join(t.TempDir(), "bad.cute")
	if err := os.WriteFile(bad, []byte("expect W0900 (3,8):(1,3)\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if status, out, _ := runCmd(nil, "lint", "-format", "json", bad); status != exitFindings || !strings.Contains(out, `"code":"E0802"`) {
		t.Errorf("an unmet expect of a running check: %d %s", status, out)
	}
}

// TestWallCppSpellings: what CuTe C++ and CuTe DSL write to build a value
// is that value in every command, not an error with a hint; a name written
// alone gets what it means, not the nearest name by spelling (make_shape
// used to suggest to_shape, print_layout make_layout). Each want is what
// CuTe C++ prints for the spelling (compiled on the host against the CUTLASS
// snapshot; testdata/cute_spellings holds these prints), static markers
// removed: make_layout(make_shape(4,8), GenRowMajor{}) prints (4,8):(8,1).
func TestWallCppSpellings(t *testing.T) {
	tests := []struct{ in, want string }{
		{"make_shape(4,8)", "(4,8)\n"},
		{"make_stride(1,4)", "(1,4)\n"},
		{"make_tile(4:1,8:2)", "[4:1;8:2]\n"},
		{"print_layout((4,8):(1,4))", "error[E0203]: unknown name print_layout; to draw a layout, run cutec show EXPR\n"},
		{"make_layout((4,8), GenRowMajor{})", "(4,8):(8,1)\n"},
		{"make_layout((4,8), LayoutLeft{})", "(4,8):(1,4)\n"},
		{"GenRowMajor", "error[E0203]: unknown name GenRowMajor; GenRowMajor{} is the stride tag of make_layout(shape, GenRowMajor{})\n"},
		{"Swizzle<3,4,3>", "S<3,4,3>\n"},
		{"Swizzle<3,4,3> o 0 o (8,64):(64,1)", "S<3,4,3> o 0 o (8,64):(64,1)\n"},
	}
	for _, tt := range tests {
		_, out, _ := runCmd(nil, "eval", "--", tt.in)
		assert.Equal(t, tt.want, out, "eval %s", tt.in)
	}
	// Type spellings are values for verify too, with no finding.
	for in, want := range map[string]string{
		"Shape<_4,_8>{}":                       "(4,8)",
		"make_layout((4,8), LayoutRight{})":    "(4,8):(8,1)",
		"Layout<Shape<_4,_8>,Stride<_1,_4>>{}": "(4,8):(1,4)",
		"Int<8>{}":                             "8",
	} {
		status, out, _ := runCmd(nil, "verify", "--", in)
		assert.Equal(t, exitOK, status, "verify %s: %s", in, out)
		_, out, _ = runCmd(nil, "eval", "--", in)
		assert.Equal(t, want+"\n", out, "eval %s", in)
	}
}

// TestWallComposedNotComposition: a reader of the paper writes A o B for the
// composition; cutec reads a composed layout, and says so with the
// composition's value. (4,8):(1,4) o (2,2):(1,2): B's offsets 0,1,2,3 lie in
// mode 0 of A (extent 4, stride 1), so the composition is B itself,
// (2,2):(1,2), derived by hand.
func TestWallComposedNotComposition(t *testing.T) {
	status, out, _ := runCmd(nil, "verify", "(4,8):(1,4) o (2,2):(1,2)")
	want := "<arg1>:1:1: warning[W0910]: (4,8):(1,4) o (2,2):(1,2) is a composed layout (the function c -> A(B(c)) kept as two layouts), not the composition of the CuTe paper, which is the layout composition(A, B) = (2,2):(1,2)\n" +
		"    (4,8):(1,4) o (2,2):(1,2)\n" +
		"    ^~~~~~~~~~~~~~~~~~~~~~~~~\n" +
		"help: for the composition, write composition((4,8):(1,4), (2,2):(1,2)); for a composed layout, write the offset: A o 0 o B\n"
	if status != exitOK || out != want {
		t.Errorf("verify A o B: %d\n%s", status, out)
	}
	// The printed form of the dialect, a swizzle and a payload are not reported.
	for _, in := range []string{"(4,8):(1,4) o 0 o (2,2):(1,2)", "S<3,4,3> o 0 o (8,64):(64,1)",
		`!cute.composed_layout<"(4,8):(1,4) o (2,2):(1,2)">`} {
		if _, out, _ := runCmd(nil, "verify", in); strings.Contains(out, "W0910") {
			t.Errorf("verify %s: %s", in, out)
		}
	}
}

// TestWallMLIRComments: an old layout in a `//` comment of an MLIR file is
// not an error for lint, and fmt does not rewrite it.
func TestWallMLIRComments(t *testing.T) {
	path := filepath.Join(t.TempDir(), "k.mlir")
	src := "// before: !cute.layout<\"(4,8):(1,,4)\">\n" +
		"%0 = cute.static : !cute.layout<\"(4, 8):(1,4)\"> // was !cute.layout<\"(4, 2):(1,4)\">\n"
	if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	status, out, _ := runCmd(nil, "lint", "-format", "json", path)
	if status != exitOK || strings.Count(out, "\n") != 1 || !strings.Contains(out, `"line":2,"col":34,`) {
		t.Errorf("lint: %d\n%s", status, out) // only the W0903 of the live wrapper
	}
	_, out, _ = runCmd(nil, "fmt", path)
	want := "// before: !cute.layout<\"(4,8):(1,,4)\">\n" +
		"%0 = cute.static : !cute.layout<\"(4,8):(1,4)\"> // was !cute.layout<\"(4, 2):(1,4)\">\n"
	if out != want {
		t.Errorf("fmt:\n%s", out)
	}
}

// TestWallPastedLayouts: layouts pasted as CuTe C++ and CuTe DSL print or
// write them are accepted, and eval prints cutec's canonical spelling. The
// wants follow from the meaning: the tile of the layouts 4:1 and 8:2, a
// GMMA atom's smem_ptr[16b](unset) CuTe's smem_ptr_flag_bits<16> (kept:
// cute/pointer_flagged.hpp), a tensor's pointer an offset of unknown value,
// the keyword stride the second argument of make_layout.
func TestWallPastedLayouts(t *testing.T) {
	for in, want := range map[string]string{
		"(_4:_1,_8:_2)": "[4:1;8:2]",
		"logical_divide((8,16):(20,1), (_4:_1,_8:_2))":          "((4,2),(8,2)):((20,80),(2,1))",
		"Sw<3,4,3> o smem_ptr[16b](unset) o (_8,_64):(_64,_1)":  "S<3,4,3> o smem_ptr[16b](unset) o (8,64):(64,1)",
		"Sw<3,4,3> o smem_ptr[16b](0x7f00) o (_8,_64):(_64,_1)": "S<3,4,3> o ? o (8,64):(64,1)",
		"gmem_ptr[16b](0x7f3a00) o (_8,_64):(_64,_1)":           "{?} o (8,64):(64,1)",
		"Swizzle<3,4,3>":                          "S<3,4,3>",
		"make_layout((4,8), stride=(8,1))":        "(4,8):(8,1)",
		"make_ordered_layout((4,8), order=(1,0))": "(4,8):(8,1)",
	} {
		if status, out, errOut := runCmd(nil, "eval", "--", in); status != exitOK || out != want+"\n" {
			t.Errorf("eval %s: %d %q %q, want %s", in, status, out, errOut, want)
		}
	}
	// fmt rewrites the pasted spelling canonically and keeps the rest.
	_, out, _ := runCmd([]byte("T = (_4:_1, _8:_2)   # from print(tile)\n"), "fmt")
	if out != "T = [4:1;8:2]   # from print(tile)\n" {
		t.Errorf("fmt: %q", out)
	}
}

// TestWallShowPastedTensor: a tensor pasted from CuTe C++ has a pointer's
// offset, which is not known; show says how to draw it at offset 0.
func TestWallShowPastedTensor(t *testing.T) {
	status, _, errOut := runCmd(nil, "show", "Sw<3,4,3> o smem_ptr[16b](0x7f00) o (_8,_8):(_8,_1)")
	want := "(its offset is not known, such as a pointer's; to draw it at offset 0, write S<3,4,3> o 0 o (8,8):(8,1))"
	if status != exitFindings || !strings.Contains(errOut, want) {
		t.Errorf("show of a pasted tensor: %d %q", status, errOut)
	}
	if status, out, _ := runCmd(nil, "show", "S<3,4,3> o 0 o (8,8):(8,1)"); status != exitOK || out == "" {
		t.Errorf("the suggested spelling is not drawn: %d", status)
	}
}
