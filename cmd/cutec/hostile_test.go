package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/cutec/cutec/ast"
	"github.com/cutec/cutec/diag"
	"github.com/cutec/cutec/normalize"
	"github.com/cutec/cutec/parser"
	"github.com/cutec/cutec/verify"
)

// hostileDir holds the committed hostile inputs, one case a file; its
// README.md says what cutec must say about each.
const hostileDir = "../../testdata/hostile"

// hostileCase is what cutec must do with one file of hostile input. The
// expectations come from the catalogue (docs/diagnostics.md) and docs/cli.md.
type hostileCase struct {
	file string
	// lint lists the findings of "cutec lint" as "CODE line:col", in order;
	// the same list is expected of verify.Default (or the lowerable pass,
	// for MLIR), and its syntax codes (E01xx) of the parser.
	lint []string
	// eval is the output of "cutec eval" with the file as standard input, a
	// line per expression: the value, or just the error's code. nil: not
	// checked (the file holds statements).
	eval []string
	// fmt is what "cutec fmt" makes of the file: "=" unchanged, "!" refused
	// with a syntax error (exit 2, nothing written), else the output.
	fmt string
	// forms are the parser entry points the file's first line is also given
	// to (expr, layout, tuple, descriptor, swizzle), each followed by
	// normalize.Normalize when it parses.
	forms []string
}

var hostileCases = []hostileCase{
	{file: "empty.cute", eval: []string{}, fmt: "="},
	{file: "empty.mlir", fmt: "="},
	{file: "whitespace.cute", eval: []string{}, fmt: "="},
	{file: "comment_only.cute", eval: []string{}, fmt: "="},
	{file: "nesting_257.cute", lint: []string{"E0105 1:257"}, eval: []string{"E0105"}, fmt: "!", forms: []string{"expr", "tuple"}},
	{file: "nesting_257.mlir", lint: []string{"E0105 1:289"}, fmt: "!"},
	{file: "int_1e30.cute", lint: []string{"E0104 1:1"}, eval: []string{"E0104"}, fmt: "!", forms: []string{"expr", "layout"}},
	{file: "int64_max.cute", eval: []string{"9223372036854775807:1"}, fmt: "=", forms: []string{"expr", "layout"}},
	{file: "int64_max_plus_one.cute", lint: []string{"E0104 1:1"}, eval: []string{"E0104"}, fmt: "!", forms: []string{"layout"}},
	{file: "int64_min.cute", eval: []string{"-9223372036854775808"}, fmt: "=", forms: []string{"expr", "tuple"}},
	{file: "int64_min_minus_one.cute", lint: []string{"E0104 1:1"}, eval: []string{"E0104"}, fmt: "!", forms: []string{"tuple"}},
	{file: "offset_overflow.cute", lint: []string{"E0701 1:1"}, eval: []string{"E0701"}, fmt: "=", forms: []string{"expr"}},
	{file: "size_overflow.cute", lint: []string{"E0701 1:1", "E0701 1:6"}, eval: []string{"E0701"}, fmt: "=", forms: []string{"expr"}},
	{file: "layout_size_overflow.cute", lint: []string{"E0701 1:1"}, eval: []string{"(4294967296,4294967296):(1,4294967296)"},
		fmt: "=", forms: []string{"layout"}},
	{file: "coalesce_overflow.cute", lint: []string{"E0701 1:10"}, fmt: "="},
	{file: "zero_denominator.cute", lint: []string{"E0200 1:3"}, eval: []string{"E0200"}, fmt: "=", forms: []string{"expr", "tuple"}},
	{file: "zero_denominator_descriptor.cute", lint: []string{"E0200 1:4"}, eval: []string{"E0200"}, fmt: "(1/0@0,1@1)\n",
		forms: []string{"descriptor", "tuple"}},
	{file: "negative_zero.cute", lint: []string{"W0903 1:1"}, eval: []string{"0"}, fmt: "0\n", forms: []string{"expr", "tuple"}},
	{file: "negative_zero_shape.cute", lint: []string{"E0304 1:1"}, eval: []string{"E0304"}, fmt: "0:1\n", forms: []string{"layout"}},
	{file: "negative_shape.cute", lint: []string{"E0304 1:2"}, eval: []string{"E0304"}, fmt: "=", forms: []string{"layout"}},
	{file: "dimension_huge.cute", lint: []string{"E0202 1:9"}, eval: []string{"E0202"}, fmt: "(1@0,1@9223372036854775807)\n",
		forms: []string{"descriptor", "tuple"}},
	{file: "dimension_overflow.cute", lint: []string{"E0104 1:9"}, eval: []string{"E0104"}, fmt: "!", forms: []string{"descriptor"}},
	{file: "dimension_limit.cute", eval: []string{"(4,8):(1@0,1@65535)"}, fmt: "=", forms: []string{"layout"}},
	{file: "nul.cute", lint: []string{"E0106 1:4"}, eval: []string{"E0106"}, fmt: "!", forms: []string{"expr", "layout"}},
	{file: "nul.mlir", lint: []string{"E0106 2:37"}, fmt: "!"},
	{file: "invalid_utf8.cute", lint: []string{"E0107 1:10"}, eval: []string{"E0107"}, fmt: "!", forms: []string{"layout"}},
	{file: "invalid_utf8.mlir", lint: []string{"E0107 2:43"}, fmt: "!"},
	{file: "utf16.cute", lint: []string{"E0107 1:1", "E0106 2:1"}, eval: []string{"E0107", "E0106"}, fmt: "!"},
	{file: "crlf.cute", lint: []string{"W0903 2:5"}, fmt: "A = (4,2):(1,4)\r\nB = (4,2):(1,4)\r\nassert A == B\r\n"},
	{file: "crlf.mlir", lint: []string{"E0300 2:43"}, fmt: "="},
	{file: "lone_cr.cute", lint: []string{"E0103 1:9"}, eval: []string{"E0103"}, fmt: "!"},
	{file: "bom.cute", lint: []string{"W0903 1:4"}, eval: []string{"(4,2):(1,4)"}, fmt: "\xef\xbb\xbf(4,2):(1,4)\n"},
	{file: "bom.mlir", lint: []string{"E0300 1:46"}, fmt: "="},
	{file: "unterminated_eof.mlir", lint: []string{"E0108 2:20"}, fmt: "!"},
	{file: "empty_payload.mlir", lint: []string{"E0100 1:34"}, fmt: "!"},
	{file: "binary.cute", lint: []string{"E0106 1:1"}, eval: []string{"E0106"}, fmt: "!", forms: []string{"expr"}},
	{file: "binary.mlir", fmt: "="},
	{file: "swizzle_int64.cute", lint: []string{"E0704 1:1"}, eval: []string{"E0704"}, fmt: "=", forms: []string{"swizzle"}},
	{file: "swizzle_apply_int64.cute", lint: []string{"E0704 1:9"}, eval: []string{"E0704"}, fmt: "="},
	{file: "append_to_huge.cute", lint: []string{"E0704 1:1"}, eval: []string{"E0704"}, fmt: "="},
	{file: "prepend_to_huge.cute", lint: []string{"E0704 1:1"}, eval: []string{"E0704"}, fmt: "="},
	{file: "composition_min_stride.cute", lint: []string{"E0701 1:1"}, eval: []string{"E0701"}, fmt: "="},
	// A16 would have 2^17*2 leaves (shape and stride): over layout.MaxNodes.
	{file: "value_chain_flatten.cute", lint: []string{"E0705 17:15", "E0203 18:6"}, fmt: "="},
	// The same without flatten: A16 shares A15, but the tree it stands for is
	// what size, coalesce and == walk.
	{file: "value_chain_shared.cute", lint: []string{"E0705 17:7", "E0203 18:6"}, fmt: "="},
	// A257 would nest 257 levels, deeper than the parser reads.
	{file: "value_chain_deep.cute", lint: []string{"E0705 258:8", "E0203 259:6"}, fmt: "="},
	// 2^48 indices: the failing assertion names no index past 65536.
	{file: "assert_same_huge.cute", lint: []string{"E0801 1:1"}, fmt: "="},
	{file: "basis_path_huge.cute", lint: []string{"E0705 1:1"}, eval: []string{"E0705"}, fmt: "="},
	// -2^63 / -1 = 2^63 does not fit.
	{file: "shape_div_min.cute", lint: []string{"E0701 1:1"}, eval: []string{"E0701"}, fmt: "="},
	{file: "ceil_div_negative.cute", lint: []string{"E0704 1:1"}, eval: []string{"E0704"}, fmt: "="},
	// 2^24 elements, decided by the pair of modes with the same stride.
	{file: "aliasing_large.cute", lint: []string{"W0900 1:1"}, eval: []string{"(4096,4096):(1,1)"}, fmt: "="},
	{file: "aliasing_undecided.cute", lint: []string{"W0906 1:1"}, eval: []string{"(3,5,4096,16):(5,3,15,61440)"}, fmt: "="},
}

// hostileAlloc bounds the bytes lint allocates on any file of
// testdata/hostile: the largest, value_chain_flatten.cute, takes about 60
// MiB (its last value is at the bound on values, layout.MaxNodes), and took
// gigabytes before the bound.
const hostileAlloc = 256 << 20

// TestHostileFiles runs every file of testdata/hostile through the parser,
// normalize, verify.Default() and the commands lint, fmt and eval, and
// checks the exact codes and positions of what they say.
func TestHostileFiles(t *testing.T) {
	for _, c := range hostileCases {
		t.Run(c.file, func(t *testing.T) { checkHostile(t, c) })
	}
}

// TestHostileDirListed keeps the table, the directory and its README in
// step: every file is a case and every case is documented.
func TestHostileDirListed(t *testing.T) {
	entries, err := os.ReadDir(hostileDir)
	if err != nil {
		t.Fatal(err)
	}
	readme, err := os.ReadFile(filepath.Join(hostileDir, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	var files []string
	for _, e := range entries {
		if name := e.Name(); name != "README.md" && !strings.HasPrefix(name, ".") {
			files = append(files, name)
		}
	}
	var cases []string
	for _, c := range hostileCases {
		cases = append(cases, c.file)
		if !bytes.Contains(readme, []byte("`"+c.file+"`")) {
			t.Errorf("README.md does not list %s", c.file)
		}
	}
	slices.Sort(cases)
	if !slices.Equal(files, cases) {
		t.Errorf("the files of %s:\n%v\ndiffer from the cases:\n%v", hostileDir, files, cases)
	}
}

// checkHostile checks one case through every entry point.
func checkHostile(t *testing.T, c hostileCase) {
	path := filepath.Join(hostileDir, c.file)
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	isMLIR := strings.HasSuffix(c.file, ".mlir")
	want := strings.Join(c.lint, ", ")
	if got := describe(parseFile(src, c.file, isMLIR)); got != syntaxOnly(c.lint) {
		t.Errorf("parser: %s, want %s", got, syntaxOnly(c.lint))
	}
	if got := describe(verifyFile(t, src, c.file, isMLIR)); got != want {
		t.Errorf("verify: %s, want %s", got, want)
	}
	for _, form := range c.forms {
		checkForm(t, form, firstLine(src), c.lint)
	}
	var got string
	var status int
	alloc := allocated(func() { got, status = lintJSON(t, path) })
	if got != want || status != lintStatus(c.lint) {
		t.Errorf("cutec lint: %s (exit %d), want %s (exit %d)", got, status, want, lintStatus(c.lint))
	}
	// The work of lint, counted in bytes allocated (not timed): a file of
	// hostile input costs at most hostileAlloc, however it is built.
	if alloc > hostileAlloc {
		t.Errorf("cutec lint allocated %d MiB, more than the bound of %d MiB", alloc>>20, hostileAlloc>>20)
	}
	if c.eval != nil {
		checkEval(t, src, c.eval)
	}
	checkFmt(t, path, src, c.fmt)
}

// describe lists diagnostics as "CODE line:col", in order.
func describe(l diag.List) string {
	var parts []string
	for _, d := range l {
		p := d.Start()
		parts = append(parts, fmt.Sprintf("%s %d:%d", d.Code, p.Line, p.Col))
	}
	return strings.Join(parts, ", ")
}

// syntaxOnly keeps the parser's findings (E0100-E0108) of a list.
func syntaxOnly(findings []string) string {
	var out []string
	for _, f := range findings {
		if strings.HasPrefix(f, "E01") {
			out = append(out, f)
		}
	}
	return strings.Join(out, ", ")
}

// parseFile parses a whole file with the parser's entry point for its kind:
// ParseCuteFile, or ScanMLIR and ParseWrapper.
func parseFile(src []byte, name string, isMLIR bool) diag.List {
	f := diag.NewFile(name, src)
	if !isMLIR {
		_, l := parser.ParseCuteFile(f)
		l.Sort()
		return l
	}
	var l diag.List
	l = append(l, parser.ScanMLIR(f, func(w parser.Wrapper) bool {
		_, more := parser.ParseWrapper(f, w)
		l = append(l, more...)
		return true
	})...)
	l.Sort()
	return l
}

// verifyFile verifies a whole file with verify.Default() (a .cute file) or
// the lowerable pass lint uses for MLIR.
func verifyFile(t *testing.T, src []byte, name string, isMLIR bool) diag.List {
	f := diag.NewFile(name, src)
	var l diag.List
	if isMLIR {
		l = lowerablePass(t).MLIR(f)
	} else {
		l = verify.Default().CuteFile(f)
	}
	l.Sort()
	return l
}

// firstLine returns the text of the first line of src.
func firstLine(src []byte) []byte {
	line, _, _ := bytes.Cut(src, []byte("\n"))
	return bytes.TrimSuffix(line, []byte("\r"))
}

// parseForms are the parser entry points a case may name.
var parseForms = map[string]func(*diag.File) (ast.Expr, diag.List){
	"expr":  parser.ParseExpr,
	"tuple": parser.ParseTuple,
	"layout": func(f *diag.File) (ast.Expr, diag.List) {
		n, l := parser.ParseLayout(f)
		if n == nil {
			return nil, l
		}
		return n, l
	},
	"descriptor": func(f *diag.File) (ast.Expr, diag.List) {
		n, l := parser.ParseDescriptor(f)
		if n == nil {
			return nil, l
		}
		return n, l
	},
	"swizzle": func(f *diag.File) (ast.Expr, diag.List) {
		n, l := parser.ParseSwizzle(f)
		if n == nil {
			return nil, l
		}
		return n, l
	},
}

// checkForm parses a line with one entry point and normalizes (or, for an
// expression, evaluates) the result:
// the parser must report exactly the syntax findings of the case, give no
// node with them, and normalize must report only findings of the case and
// give no value with an error.
func checkForm(t *testing.T, form string, line []byte, findings []string) {
	t.Helper()
	f := diag.NewFile("<line>", line)
	n, l := parseForms[form](f)
	if got, want := describe(l), syntaxOnly(findings); got != want {
		t.Errorf("parser.Parse %s: %s, want %s", form, got, want)
	}
	if l.HasErrors() != (n == nil) {
		t.Errorf("parser.Parse %s: node %v with diagnostics %s", form, n, describe(l))
	}
	if n == nil {
		return
	}
	v, nl := normalize.Normalize(f, n, normalize.Options{})
	if form == "expr" { // an expression is evaluated, as eval does
		v, nl = (&normalize.Evaluator{File: f}).Eval(n)
	}
	for _, d := range nl {
		p := d.Start()
		if !slices.Contains(findings, fmt.Sprintf("%s %d:%d", d.Code, p.Line, p.Col)) {
			t.Errorf("normalize (%s): %s, not a finding of the case %v", form, describe(nl), findings)
		}
	}
	if nl.HasErrors() != (v == nil) {
		t.Errorf("normalize (%s): value %v with diagnostics %s", form, v, describe(nl))
	}
}

// runCmd runs the command in-process with the given standard input.
func runCmd(stdin []byte, args ...string) (status int, stdout, stderr string) {
	var out, errOut bytes.Buffer
	e := &env{stdin: bytes.NewReader(stdin), stdout: &out, stderr: &errOut, getenv: func(string) string { return "" }}
	status = run(args, e)
	return status, out.String(), errOut.String()
}

// jsonDiag is the part of lint's JSON output the tests read.
type jsonDiag struct {
	Code      string `json:"code"`
	Line      int    `json:"line"`
	Col       int    `json:"col"`
	Offset    int    `json:"offset"`
	EndOffset int    `json:"end_offset"`
}

// lintJSON lints a path with -format json and lists the findings.
func lintJSON(t *testing.T, args ...string) (string, int) {
	t.Helper()
	status, out, _ := runCmd(nil, append([]string{"lint", "-format", "json"}, args...)...)
	return describeJSON(t, out), status
}

// describeJSON lists the findings of lint's JSON output as describe does.
func describeJSON(t *testing.T, out string) string {
	t.Helper()
	var parts []string
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		if line == "" {
			continue
		}
		var d jsonDiag
		if err := json.Unmarshal([]byte(line), &d); err != nil {
			t.Fatalf("lint output %q: %v", line, err)
		}
		parts = append(parts, fmt.Sprintf("%s %d:%d", d.Code, d.Line, d.Col))
	}
	return strings.Join(parts, ", ")
}

// lintStatus is lint's exit status for a list of findings: 1 when one is an
// error.
func lintStatus(findings []string) int {
	for _, f := range findings {
		if strings.HasPrefix(f, "E") {
			return exitFindings
		}
	}
	return exitOK
}

// checkEval evaluates the file as eval's standard input.
func checkEval(t *testing.T, src []byte, want []string) {
	t.Helper()
	status, out, _ := runCmd(src, "eval")
	got := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if out == "" {
		got = []string{}
	}
	wantStatus := exitOK
	for i, w := range want {
		if i < len(got) && strings.HasPrefix(w, "E") && strings.HasPrefix(got[i], "error["+w+"]: ") {
			got[i] = w
		}
		if strings.HasPrefix(w, "E") {
			wantStatus = exitFindings
		}
	}
	if !slices.Equal(got, want) || status != wantStatus {
		t.Errorf("cutec eval: %q (exit %d), want %q (exit %d)", got, status, want, wantStatus)
	}
}

// checkFmt formats the file to standard output and in place (on a copy).
func checkFmt(t *testing.T, path string, src []byte, want string) {
	t.Helper()
	status, out, _ := runCmd(nil, "fmt", path)
	switch want {
	case "!":
		if status != exitUsage || out != "" {
			t.Errorf("cutec fmt: exit %d, output %q; want a syntax error (exit 2) and no output", status, out)
		}
	case "=":
		if status != exitOK || out != string(src) {
			t.Errorf("cutec fmt: exit %d, output %q; want the input unchanged", status, out)
		}
	default:
		if status != exitOK || out != want {
			t.Errorf("cutec fmt: exit %d, output %q; want %q", status, out, want)
		}
	}
	copyPath := filepath.Join(t.TempDir(), filepath.Base(path))
	if err := os.WriteFile(copyPath, src, 0o644); err != nil {
		t.Fatal(err)
	}
	runCmd(nil, "fmt", "-w", copyPath)
	got, err := os.ReadFile(copyPath)
	switch {
	case err != nil:
		t.Fatal(err)
	case (want == "!" || want == "=") && !bytes.Equal(got, src):
		t.Errorf("cutec fmt -w changed the file to %q", got)
	case want != "!" && want != "=" && string(got) != want:
		t.Errorf("cutec fmt -w wrote %q, want %q", got, want)
	}
	if want != "!" {
		if status, out, _ := runCmd(nil, "fmt", "-l", copyPath); status != exitOK || out != "" {
			t.Errorf("cutec fmt -l after fmt -w: exit %d, %q; fmt is not idempotent", status, out)
		}
	}
}

// TestHostileEmptyInputs gives empty and blank values to every entry point
// that takes one: each is E0100 at its first column, and never a value. (A
// descriptor is strict, as its EBNF (docs/semantics.md §Descriptors): only spaces and tabs may
// surround it, and a line end is E0106.)
func TestHostileEmptyInputs(t *testing.T) {
	for _, src := range []string{"", " ", "\t \t", "\r\n"} {
		for form, parse := range parseForms {
			want := "E0100 1:1"
			if form == "descriptor" && src == "\r\n" {
				want = "E0106 1:1"
			}
			if n, l := parse(diag.NewFile("<in>", []byte(src))); n != nil || describe(l) != want {
				t.Errorf("parser.Parse %s of %q: %s, want %s", form, src, describe(l), want)
			}
		}
		if v, l := verify.Default().Expr(diag.NewFile("<in>", []byte(src))); v != nil || describe(l) != "E0100 1:1" {
			t.Errorf("verify.Default().Expr(%q): %s", src, describe(l))
		}
		if status, out, _ := runCmd(nil, "eval", src); status != exitFindings || !strings.HasPrefix(out, "error[E0100]: ") {
			t.Errorf("cutec eval %q: exit %d, %q", src, status, out)
		}
		if status, out, _ := runCmd(nil, "verify", "-json", src); status != exitFindings || describeJSON(t, out) != "E0100 1:1" {
			t.Errorf("cutec verify %q: exit %d, %q", src, status, out)
		}
	}
}
