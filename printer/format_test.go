package printer

import (
	"bytes"
	"strings"
	"testing"

	"github.com/cutec/cutec/diag"
	"github.com/cutec/cutec/parser"
)

// formatCute parses src as a `.cute` file and formats it.
func formatCute(t *testing.T, src string) string {
	t.Helper()
	f, diags := parser.ParseCuteFile(diag.NewFile("a.cute", []byte(src)))
	if diags.HasErrors() {
		t.Fatalf("parse: %v", diags.Err())
	}
	out, err := FormatCute(f)
	if err != nil {
		t.Fatal(err)
	}
	return string(out)
}

// A file with a byte-order mark, CRLF line ends, comments, blank lines and
// odd spacing. Only values change; every other byte stays.
const messyCute = "\ufeff# layouts, CRLF\r\n" +
	"A  =  (4, 2):(_1, _4)   # pycute and C++\r\n" +
	"\r\n" +
	"B=(2,2):(1,2)\r\n" +
	"C = composition( A ,B )\r\n" +
	"  assert  C == (2, 2):(1, 2)\t# tab before the comment\r\n" +
	"expect E0400 composition((4,6,8):(2,3,5), 6:3)\r\n" +
	"Sw<3,4,3> o (8,64):(64,1)\r\n" +
	"\tf((4,), Sw<1,2,3>)  \r\n" +
	"D = A o (8, 64):(64, 1)\r\n" +
	"E = ((4, 8):(1, 4))(13)\r\n" +
	"group_modes(L,_0,  _2)\r\n" +
	"{ _8 } o A\r\n" +
	"T = logical_divide((4, 8):(1, 4),[ 2:1 ; _ ])\r\n" +
	"# end, no newline"

const messyCuteFormatted = "\ufeff# layouts, CRLF\r\n" +
	"A  =  (4,2):(1,4)   # pycute and C++\r\n" +
	"\r\n" +
	"B=(2,2):(1,2)\r\n" +
	"C = composition( A ,B )\r\n" +
	"  assert  C == (2,2):(1,2)\t# tab before the comment\r\n" +
	"expect E0400 composition((4,6,8):(2,3,5), 6:3)\r\n" +
	"S<3,4,3> o 0 o (8,64):(64,1)\r\n" +
	"\tf((4), S<1,2,3>)  \r\n" +
	"D = A o (8,64):(64,1)\r\n" +
	"E = ((4,8):(1,4))(13)\r\n" +
	"group_modes(L,0,  2)\r\n" +
	"{ 8 } o A\r\n" +
	"T = logical_divide((4,8):(1,4),[2:1;_])\r\n" +
	"# end, no newline"

func TestFormatCute(t *testing.T) {
	if got := formatCute(t, messyCute); got != messyCuteFormatted {
		t.Errorf("got:\n%q\nwant:\n%q", got, messyCuteFormatted)
	}
}

// TestFormatCuteCanonical: a canonical file comes back byte for byte, and
// formatting a formatted file changes nothing.
func TestFormatCuteCanonical(t *testing.T) {
	canonical := []string{
		messyCuteFormatted,
		"",
		"\n\n# only comments\n",
		"A = (4,2):(1,4)\nassert composition(A, 2:1) == 2:1\n",
		"S<3,4,3> o 0 o (8,64):(64,1)\n[4:1;_]\n{8} o (3,2):(15,100)\n?{i64 div=16}:1\n",
	}
	for _, src := range canonical {
		if got := formatCute(t, src); got != src {
			t.Errorf("canonical file changed:\n%q\nbecame\n%q", src, got)
		}
	}
}

func TestFormatCuteErrors(t *testing.T) {
	if _, err := FormatCute(nil); err == nil {
		t.Error("FormatCute(nil) succeeded")
	}
	f, _ := parser.ParseCuteFile(diag.NewFile("a.cute", []byte("A = (4, 2):(1, 4)\n")))
	f.File = diag.NewFile("a.cute", []byte("A = 1")) // shorter than the tree's spans
	if out, err := FormatCute(f); err == nil {
		t.Errorf("FormatCute with spans outside the source gave %q", out)
	}
}

// messyMLIR has payloads in every wrapper kind, in nested types and with
// spaces inside the quotes, with CRLF line ends, and one in a `//` comment,
// which fmt leaves alone.
const messyMLIR = "// cute kernel, !cute.layout<\"(4, 8):(1, 4)\"> in a comment is left alone\r\n" +
	"module {\r\n" +
	"  %0 = cute.static : !cute.layout<\"(4, 8):(_1, _4)\">\r\n" +
	"  %1 = cute.static : !cute.composed_layout<\"Sw<3,4,3> o (8,64):(64,1)\"> loc(\"x\")\r\n" +
	"  %2 = cute.make_swizzle() {sw = #cute.swizzle<\"S<3,4,3>\">} : !cute.swizzle<\"Sw<3, 4, 3>\">\r\n" +
	"  %3 = cute.static : !cute.tile<\"[ 4:1 ; _ ]\">  // !llvm.unknown<\"(4, 8)\">\r\n" +
	"  %4 = cute.static : !cute.memref<f16, gmem, !cute.layout<\" (128, 64):(64, 1) \">>\r\n" +
	"  %5 = cute.static : !cute.int_tuple<\"(4,)\"> !cute.stride<\"(1@0, _1@1)\"> !cute.coord<\"(1, _)\">\r\n" +
	"  %6 = cute.static : !cute.memref<f16, smem, align<16>, \"Sw<3,4,3> o (8, 64):(64, 1)\"> !cute.coord_tensor<\"(0, 0)\", \"(?, 8):(1@1, 1@0)\">\r\n" +
	"}\r\n"

const messyMLIRFormatted = "// cute kernel, !cute.layout<\"(4, 8):(1, 4)\"> in a comment is left alone\r\n" +
	"module {\r\n" +
	"  %0 = cute.static : !cute.layout<\"(4,8):(1,4)\">\r\n" +
	"  %1 = cute.static : !cute.composed_layout<\"S<3,4,3> o 0 o (8,64):(64,1)\"> loc(\"x\")\r\n" +
	"  %2 = cute.make_swizzle() {sw = #cute.swizzle<\"S<3,4,3>\">} : !cute.swizzle<\"S<3,4,3>\">\r\n" +
	"  %3 = cute.static : !cute.tile<\"[4:1;_]\">  // !llvm.unknown<\"(4, 8)\">\r\n" +
	"  %4 = cute.static : !cute.memref<f16, gmem, !cute.layout<\"(128,64):(64,1)\">>\r\n" +
	"  %5 = cute.static : !cute.int_tuple<\"(4)\"> !cute.stride<\"(1@0,1@1)\"> !cute.coord<\"(1,_)\">\r\n" +
	"  %6 = cute.static : !cute.memref<f16, smem, align<16>, \"S<3,4,3> o 0 o (8,64):(64,1)\"> !cute.coord_tensor<\"(0,0)\", \"(?,8):(1@1,1@0)\">\r\n" +
	"}\r\n"

// mlirPayloads scans src for dialect wrappers and parses each payload, as
// `cutec fmt` does.
func mlirPayloads(t *testing.T, src []byte) []Payload {
	t.Helper()
	f := diag.NewFile("k.mlir", src)
	var pls []Payload
	diags := parser.ScanMLIR(f, func(w parser.Wrapper) bool {
		n, d := parser.ParseWrapper(f, w)
		if d.HasErrors() {
			t.Fatalf("payload %q: %v", w.Payload, d.Err())
		}
		pls = append(pls, Payload{Start: w.PayloadStart, End: w.PayloadStart + len(w.Payload), Node: n})
		return true
	})
	if diags.HasErrors() {
		t.Fatal(diags.Err())
	}
	return pls
}

func TestFormatPayloadsMLIR(t *testing.T) {
	src := []byte(messyMLIR)
	out, err := FormatPayloads(src, mlirPayloads(t, src)...)
	if err != nil {
		t.Fatal(err)
	}
	if string(out) != messyMLIRFormatted {
		t.Errorf("got:\n%s\nwant:\n%s", out, messyMLIRFormatted)
	}
	again, err := FormatPayloads(out, mlirPayloads(t, out)...)
	if err != nil || !bytes.Equal(again, out) {
		t.Errorf("formatting the formatted text changed it:\n%s\n(%v)", again, err)
	}
}

// TestFormatPayloadsLines formats a plain file of one form a line, each line
// a payload: value lines are replaced whole, an expression keeps its
// spelling outside its values, and a nil tree leaves its line alone.
func TestFormatPayloadsLines(t *testing.T) {
	src := "(4, 8):(1, 4)\ncomposition((4, 2):(1, 4),2:1)\nnot a layout\n"
	var pls []Payload
	start := 0
	for _, line := range strings.SplitAfter(src, "\n") {
		text := strings.TrimSuffix(line, "\n")
		pl := Payload{Start: start, End: start + len(text)}
		if e, d := parser.ParseExpr(diag.NewFile("<input>", []byte(text))); !d.HasErrors() {
			pl.Node = e
		}
		pls = append(pls, pl)
		start += len(line)
	}
	out, err := FormatPayloads([]byte(src), pls...)
	want := "(4,8):(1,4)\ncomposition((4,2):(1,4),2:1)\nnot a layout\n"
	if err != nil || string(out) != want {
		t.Errorf("got %q, %v; want %q", out, err, want)
	}
}

func TestFormatPayloadsErrors(t *testing.T) {
	src := []byte(`x<"(4, 8):(1, 4)"> y<"8:1">`)
	lay := mustParse(t, "(4, 8):(1, 4)")
	one := mustParse(t, "8:1")
	bad := map[string][]Payload{
		"out of order": {{Start: 22, End: 25, Node: one}, {Start: 3, End: 16, Node: lay}},
		"overlapping":  {{Start: 3, End: 16, Node: lay}, {Start: 10, End: 13, Node: one}},
		"past the end": {{Start: 22, End: 99, Node: one}},
		"reversed":     {{Start: 16, End: 3, Node: lay}},
		"tree longer":  {{Start: 22, End: 24, Node: one}},
		"negative":     {{Start: -1, End: 3}},
	}
	for name, pls := range bad {
		if out, err := FormatPayloads(src, pls...); err == nil {
			t.Errorf("%s: FormatPayloads gave %q", name, out)
		}
	}
	out, err := FormatPayloads(src, Payload{Start: 3, End: 16, Node: lay}, Payload{Start: 22, End: 25, Node: one})
	if want := `x<"(4,8):(1,4)"> y<"8:1">`; err != nil || string(out) != want {
		t.Errorf("got %q, %v; want %q", out, err, want)
	}
}
