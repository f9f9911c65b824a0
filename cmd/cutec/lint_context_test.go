package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// contextMLIR writes n kernels, each with three ops whose result type is
// wrong and that the op checker can judge only with context from above the
// op or below its line:
//   - make_layout printed with its result type only, its operands defined
//     on the lines above it; the layout of shape (4,8) and stride (8,1) is
//     (4,8):(8,1), not the (4,8):(1,8) written;
//   - coalesce with its type on the two lines below it; (2,4):(1,2)
//     coalesces to 8:1 (the stride 2 of mode 1 is mode 0's extent times its
//     stride), not (2,4):(1,2);
//   - size of mode 1 of a memref named by a type alias defined at the top of
//     the file, (256,64,8):(64,1,16384) has 64 in mode 1, not 32.
//
// A comment of 0 to 12 filler lines (varying with the kernel) between the
// definitions and make_layout, and between the ops, moves the ops and their
// definitions across every offset of the 4 KiB pieces lint -j 2 cuts and of
// its 64 KiB reads.
func contextMLIR(n int) string {
	var b strings.Builder
	b.WriteString("!m = !cute.memref<bf16, gmem, \"(256,64,8):(64,1,16384)\">\n")
	for i := range n {
		fill := strings.Repeat("    // filler line between the definitions and their use\n", i%13)
		fmt.Fprintf(&b, "func.func @k%d(%%a: !m) {\n", i)
		fmt.Fprintf(&b, "    %%s%d = cute.static : !cute.shape<\"(4,8)\">\n", i)
		fmt.Fprintf(&b, "    %%d%d = cute.static : !cute.stride<\"(8,1)\">\n", i)
		b.WriteString(fill)
		fmt.Fprintf(&b, "    %%l%d = cute.make_layout(%%s%d, %%d%d) : !cute.layout<\"(4,8):(1,8)\">\n", i, i, i)
		b.WriteString(strings.Repeat("    // filler\n", (i*5)%13))
		fmt.Fprintf(&b, "    %%c%d = cute.coalesce(%%l%d)\n", i, i)
		b.WriteString("           : (!cute.layout<\"(2,4):(1,2)\">)\n")
		b.WriteString("          -> !cute.layout<\"(2,4):(1,2)\">\n")
		fmt.Fprintf(&b, "    %%z%d = cute.size(%%a) <{mode = [1]}> : (!m) -> !cute.int_tuple<\"32\">\n", i)
		b.WriteString("    return\n}\n")
	}
	return b.String()
}

// TestLintContextSameForAnyCut checks that lint of MLIR gives the same
// diagnostics with one worker and with two, and that they are all there:
// the chunks and pieces the file is cut into carry the text above them (for
// make_layout's operands), never separate an op from the lines of its type,
// and see the aliases defined up to their end.
func TestLintContextSameForAnyCut(t *testing.T) {
	const kernels = 1500 // about 750 KiB: a dozen reads, 190 pieces
	text := contextMLIR(kernels)
	file := filepath.Join(t.TempDir(), "context.mlir")
	if err := os.WriteFile(file, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	var outs []string
	for _, j := range []string{"1", "2"} {
		status, out, stderr := runCmd(nil, "lint", "-j", j, file)
		if status != exitFindings {
			t.Fatalf("lint -j %s exited %d: %s", j, status, stderr)
		}
		if got := strings.Count(out, "error[E0605]"); got != 3*kernels {
			t.Errorf("lint -j %s: %d E0605, want %d (3 per kernel)", j, got, 3*kernels)
		}
		for _, op := range []string{"cute.make_layout", "cute.coalesce", "cute.size"} {
			if got := strings.Count(out, "error[E0605]: "+op+":"); got != kernels {
				t.Errorf("lint -j %s: %d E0605 on %s, want %d", j, got, op, kernels)
			}
		}
		outs = append(outs, out)
	}
	if outs[0] != outs[1] {
		t.Errorf("lint -j 1 and lint -j 2 differ:\n%s", firstDifference(outs[0], outs[1]))
	}
	// Read a few bytes at a time (as from a pipe), the chunks fall
	// elsewhere; the diagnostics are the same.
	var want string
	for _, reads := range []int{1 << 20, 777, 4093} {
		for _, j := range []int{1, 2} {
			got := checkMLIRText(t, text, reads, j)
			if want == "" {
				want = got
			} else if got != want {
				t.Errorf("%d workers, reads of %d bytes: the diagnostics differ:\n%s", j, reads, firstDifference(want, got))
			}
		}
	}
	if strings.Count(want, "E0605") != 3*kernels {
		t.Errorf("checkMLIR: %d E0605, want %d", strings.Count(want, "E0605"), 3*kernels)
	}
}

// checkMLIRText checks text as lint checks an MLIR file, read at most
// reads bytes at a time, and returns the diagnostics, one a line.
func checkMLIRText(t *testing.T, text string, reads, workers int) string {
	t.Helper()
	var flags checkFlags
	pass, err := flags.pass(true)
	if err != nil {
		t.Fatal(err)
	}
	var col collector
	c := newChecker(nil, workers, nil, pass)
	if err := c.checkMLIR("context.mlir", &smallReads{r: strings.NewReader(text), n: reads}, &col); err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	for _, d := range col.result().diags {
		b.WriteString(d.Error() + "\n")
	}
	return b.String()
}

// smallReads returns at most n bytes a read.
type smallReads struct {
	r interface{ Read([]byte) (int, error) }
	n int
}

func (s *smallReads) Read(p []byte) (int, error) { return s.r.Read(p[:min(len(p), s.n)]) }

// firstDifference shows the first line where a and b differ.
func firstDifference(a, b string) string {
	al, bl := strings.Split(a, "\n"), strings.Split(b, "\n")
	for i := range max(len(al), len(bl)) {
		var x, y string
		if i < len(al) {
			x = al[i]
		}
		if i < len(bl) {
			y = bl[i]
		}
		if x != y {
			return fmt.Sprintf("line %d of the output:\n  %q\n  %q", i+1, x, y)
		}
	}
	return "(none)"
}
