package parser

import (
	"bytes"
	"strings"
	"testing"

	"github.com/cutec/cutec/ast"
	"github.com/cutec/cutec/diag"
)

const sampleMLIR = `module {
  func.func @kernel(%arg0: !cute.memref<f16, gmem, !cute.layout<"(128,64):(64,1)">>) {
    %0 = cute.static : !cute.layout<"(4,8):(1,4)">
    %1 = cute.make_swizzle() {sw = #cute.swizzle<"S<3,4,3>">} : !cute.swizzle<"S<3,4,3>">
    %2 = cute.static : !cute.composed_layout<"S<3,4,3> o 0 o (8,64):(64,1)">
    %3 = cute.static : !cute.tile<"[4:1;_]">
    %4 = cute.static : !cute.coord<"(1,_)"> loc("kernel.py":4:2)
    %5 = cute.static : !cute.int_tuple<"?{i64 div=16}"> // !llvm.thing<"skip"> cute.layout<"no sigil"> "(4,8)"
    %6 = cute.static : !cute.shape<"(4,8)"> !cute.stride<"(1@0,1@1)"> #cute.stride<"(1,4)">
    %7 = cute.static : !cute.memref<f16, smem, align<1024>, "S<3,4,3> o 0 o ((8,16),(64,1)):((64,512),(1,0))">
    %8 = cute.get_iter(%a) : !cute.coord_tensor<"(0,0)", "(?,?{div=8192}):(1@1,1@0)"> !cute.memref<f16, smem, align<128>, S<3,4,3>, "((128,16),1):((64,1),0)">
  }
  func.func @k(%a: !cute.tiled_copy<!cute_nvgpu.atom.tmem_load<f32, 32 DP, 32 bit, x64>, layout_copy_tv = <"((32,4),(64,32)):((0,1),(4,256))">, tiler_mn = <"[(256,32):(32,1)]">>, %b: !cute_nvgpu.atom.tma_load<f16, tma_gbasis = <"(64,128):(1@1,1@0)">>, %c: !cute.memref<f32, gmem, !cute.layout<"4:1">, "x">) {
}
`

type found struct {
	kind    WrapperKind
	attr    bool
	payload string
}

func scanAll(f *diag.File) ([]Wrapper, diag.List) {
	var ws []Wrapper
	l := ScanMLIR(f, func(w Wrapper) bool { ws = append(ws, w); return true })
	return ws, l
}

func TestScanMLIR(t *testing.T) {
	f := diag.NewFile("k.mlir", []byte(sampleMLIR))
	ws, l := scanAll(f)
	if len(l) != 0 {
		t.Fatalf("%s", describeDiags(l))
	}
	want := []found{
		{KindLayout, false, "(128,64):(64,1)"}, {KindLayout, false, "(4,8):(1,4)"},
		{KindSwizzle, true, "S<3,4,3>"}, {KindSwizzle, false, "S<3,4,3>"},
		{KindComposedLayout, false, "S<3,4,3> o 0 o (8,64):(64,1)"}, {KindTile, false, "[4:1;_]"},
		{KindCoord, false, "(1,_)"}, {KindIntTuple, false, "?{i64 div=16}"},
		{KindShape, false, "(4,8)"}, {KindStride, false, "(1@0,1@1)"}, {KindStride, true, "(1,4)"},
		{KindQuoted, false, "S<3,4,3> o 0 o ((8,16),(64,1)):((64,512),(1,0))"},
		{KindQuoted, false, "(0,0)"}, {KindQuoted, false, "(?,?{div=8192}):(1@1,1@0)"},
		{KindSwizzle, false, "S<3,4,3>"}, {KindQuoted, false, "((128,16),1):((64,1),0)"},
		{KindQuoted, false, "((32,4),(64,32)):((0,1),(4,256))"}, {KindQuoted, false, "[(256,32):(32,1)]"},
		{KindQuoted, false, "(64,128):(1@1,1@0)"},
		{KindLayout, false, "4:1"}, {KindQuoted, false, "x"},
	}
	if len(ws) != len(want) {
		t.Fatalf("found %d wrappers, want %d: %+v", len(ws), len(want), ws)
	}
	for i, w := range ws {
		got := found{w.Kind, w.Attr, string(w.Payload)}
		if got != want[i] {
			t.Errorf("wrapper %d: %+v, want %+v", i, got, want[i])
		}
		if string(f.Src[w.PayloadStart:w.PayloadStart+len(w.Payload)]) != string(w.Payload) {
			t.Errorf("wrapper %d: payload offset %d is wrong", i, w.PayloadStart)
		}
		if w.Bare {
			if w.Start != w.PayloadStart || w.End != w.PayloadStart+len(w.Payload) {
				t.Errorf("wrapper %d: Start %d / End %d do not frame the bare payload %q", i, w.Start, w.End, w.Payload)
			}
		} else if w.Kind == KindQuoted {
			if f.Src[w.Start] != '"' || f.Src[w.End-1] != '"' {
				t.Errorf("wrapper %d: Start %d / End %d do not frame %q", i, w.Start, w.End, f.Src[w.Start:w.End])
			}
		} else if sig := f.Src[w.Start]; (sig == '#') != w.Attr || !bytes.HasSuffix(f.Src[:w.End], []byte(`">`)) {
			t.Errorf("wrapper %d: Start %d / End %d do not frame %q", i, w.Start, w.End, f.Src[w.Start:w.End])
		}
		n, d := ParseWrapper(f, w)
		if string(w.Payload) == "x" {
			// Every string in a dialect type is a value: a name is not.
			if n != nil || len(d) != 1 || d[0].Code != diag.UnexpectedToken {
				t.Errorf("payload \"x\" parsed, or not as E0101: %s", describeDiags(d))
			}
			continue
		}
		if n == nil {
			t.Errorf("wrapper %d %q: %s", i, w.Payload, describeDiags(d))
		}
	}
}

func TestScanMLIRStopsEarly(t *testing.T) {
	f := diag.NewFile("k.mlir", []byte(sampleMLIR))
	n := 0
	ScanMLIR(f, func(Wrapper) bool { n++; return n < 3 })
	if n != 3 {
		t.Errorf("yield called %d times after returning false at 3", n)
	}
}

func TestScanMLIRUnterminated(t *testing.T) {
	for _, c := range []struct {
		src       string
		line, col int
		payloads  int
	}{
		{`x : !cute.layout<"`, 1, 5, 0},
		{"a !cute.layout<\"(4,8):(1,4)\n!cute.tile<\"[_]\">", 1, 3, 1},
		{"ok !cute.shape<\"4\">\r\n  #cute.swizzle<\"S<3,4,3>\r\n", 2, 3, 1},
	} {
		f := diag.NewFile("u.mlir", []byte(c.src))
		ws, l := scanAll(f)
		if len(l) != 1 || l[0].Code != diag.UnterminatedQuote || len(ws) != c.payloads {
			t.Errorf("%q: %d payloads, %s", c.src, len(ws), describeDiags(l))
			continue
		}
		if p := l[0].Start(); p.Line != c.line || p.Col != c.col {
			t.Errorf("%q: at %d:%d, want %d:%d", c.src, p.Line, p.Col, c.line, c.col)
		}
		if e := l[0].Span.End; e > len(c.src) || bytes.ContainsAny(f.Src[l[0].Span.Start:e], "\r\n") {
			t.Errorf("%q: span %v must stop at the end of the line", c.src, l[0].Span)
		}
	}
}

// TestScanMLIRInChunks scans a file line by line, each line in its own
// window, and wants what scanning the whole file finds, at the same places.
func TestScanMLIRInChunks(t *testing.T) {
	whole := diag.NewFile("k.mlir", []byte(sampleMLIR))
	all, _ := scanAll(whole)
	var chunked []int
	off := 0
	for i, line := range strings.SplitAfter(sampleMLIR, "\n") {
		win := diag.NewWindow("k.mlir", []byte(line), off, i+1, 1)
		ws, _ := scanAll(win)
		for _, w := range ws {
			chunked = append(chunked, off+w.PayloadStart)
			n, _ := ParseWrapper(win, w)
			if n == nil && string(w.Payload) != "x" {
				t.Errorf("line %d: %q does not parse", i+1, w.Payload)
			}
		}
		off += len(line)
	}
	if len(chunked) != len(all) {
		t.Fatalf("chunked scan found %d, whole scan %d", len(chunked), len(all))
	}
	for i := range all {
		if chunked[i] != all[i].PayloadStart {
			t.Errorf("wrapper %d at %d in chunks, %d whole", i, chunked[i], all[i].PayloadStart)
		}
	}
}

func TestParseWrapperPositions(t *testing.T) {
	src := "line one\n  %0 = x : !cute.layout<\"(4,,8):(1,4)\">\n"
	f := diag.NewFile("p.mlir", []byte(src))
	ws, _ := scanAll(f)
	if len(ws) != 1 {
		t.Fatal("want one wrapper")
	}
	n, l := ParseWrapper(f, ws[0])
	if n != nil || len(l) != 1 {
		t.Fatalf("%s", describeDiags(l))
	}
	// The payload starts at column 26 of line 2 (offset 9+25); the second
	// comma is 3 bytes in.
	if p := l[0].Start(); p.Line != 2 || p.Col != 29 || p.Offset != 9+28 || l[0].File.Name != "p.mlir" {
		t.Errorf("at %+v in %s", p, l[0].File.Name)
	}
	// The tree of a good payload has payload-relative spans.
	f2 := diag.NewFile("q.mlir", []byte("    #cute.swizzle<\"S<3,4,3>\">"))
	ws, _ = scanAll(f2)
	sw, _ := ParseWrapper(f2, ws[0])
	if s, ok := sw.(*ast.Swizzle); !ok || s.Pos() != 0 || s.End() != 8 {
		t.Errorf("got %s", dump(sw))
	}
}

// TestScanMLIRTypes checks what ScanMLIR keeps of the dialect type a payload
// is in, on the spellings CuTe DSL prints (the memref, coord_tensor and
// tiled_copy forms of NVIDIA's CuTe DSL example dumps).
func TestScanMLIRTypes(t *testing.T) {
	src := `!memref_smem_f16_3 = !cute.memref<f16, smem, align<1024>, S<3,4,3>, "((8,16),(64,1)):((64,512),(1,0))">
%0 = cute.static : !cute.memref<tf32, gmem, "(?,?{div=8192}):(?{i64 div=8192},1)">
%1 = cute.static : !cute.coord_tensor<"(?{div=128},0,?)", "(128,32,4):(1@0,1@1,32@1)">
%2 = cute.static : !cute.tiled_copy<!cute_nvgpu.atom.ldsm<val_type = f16, mode = <"(8,8)">, num_matrices = 4, n>, layout_copy_tv = <"((4,8),(2,2)):((16,1),(8,64))">, tiler_mn = <"[32:1;16:1]">>
%3 = cute.static : !cute.tiled_mma<!cute_nvgpu.sm80.mma<16x8x16, elem_type = (f16, f16, f32) >, atom_layout_MNK = <"(2,2,1):(1,2,0)">, permutation_MNK = <"[32:1;32:1;16:1]">>
%4 = cute.static : !cute.composed_layout<"64:1">
%5 = cute.add_offset(%p, %o) : (!cute.ptr<f16, smem, align<1024>, S<2,4,3>>, !cute.int_tuple<"?">) -> !cute.ptr<f16, smem, align<16>>
`
	type want struct {
		payload, typ, elem, space, name string
		align                           int64
		form                            Form
	}
	wants := []want{
		{"S<3,4,3>", "memref", "f16", "smem", "", 1024, FormSwizzle},
		{"((8,16),(64,1)):((64,512),(1,0))", "memref", "f16", "smem", "", 1024, FormComposedLayout},
		{"(?,?{div=8192}):(?{i64 div=8192},1)", "memref", "tf32", "gmem", "", 0, FormComposedLayout},
		{"(?{div=128},0,?)", "coord_tensor", "", "", "", 0, FormIntTuple},
		{"(128,32,4):(1@0,1@1,32@1)", "coord_tensor", "", "", "", 0, FormComposedLayout},
		{"(8,8)", "tiled_copy", "", "", "mode", 0, FormIntTuple},
		{"((4,8),(2,2)):((16,1),(8,64))", "tiled_copy", "", "", "layout_copy_tv", 0, FormComposedLayout},
		{"[32:1;16:1]", "tiled_copy", "", "", "tiler_mn", 0, FormTile},
		{"(2,2,1):(1,2,0)", "tiled_mma", "", "", "atom_layout_MNK", 0, FormComposedLayout},
		{"[32:1;32:1;16:1]", "tiled_mma", "", "", "permutation_MNK", 0, FormTile},
		{"64:1", "", "", "", "", 0, FormComposedLayout},
		{"S<2,4,3>", "ptr", "f16", "smem", "", 1024, FormSwizzle},
		{"?", "", "", "", "", 0, FormIntTuple},
	}
	f := diag.NewFile("t.mlir", []byte(src))
	ws, l := scanAll(f)
	if len(l) != 0 || len(ws) != len(wants) {
		t.Fatalf("%d wrappers, %s; want %d", len(ws), describeDiags(l), len(wants))
	}
	for i, w := range ws {
		got := want{string(w.Payload), string(w.In.Name), string(w.In.Elem), string(w.In.Space), string(w.Name), w.In.Align, w.Form()}
		if got != wants[i] {
			t.Errorf("wrapper %d: %+v, want %+v", i, got, wants[i])
		}
		// Every payload is valid in its form: the plain layout of a
		// composed_layout is the dialect's spelling of S<0,4,3> o 0 o L.
		if _, d := ParseWrapper(f, w); len(d) != 0 {
			t.Errorf("wrapper %d %q: %s", i, w.Payload, describeDiags(d))
		}
	}
}
