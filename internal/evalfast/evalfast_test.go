package evalfast

import (
	"bytes"
	"testing"

	"github.com/cutec/cutec/internal/gen"
)

// TestAppend checks results worked out by hand or given in the project's
// README (which the doc tests check against the full path), and lines the
// fast path must leave to the full path.
func TestAppend(t *testing.T) {
	for _, c := range []struct {
		line, want string
		kind       Kind
	}{
		{"size((4,8):(1,4))", "32", Integer},                               // 4*8
		{"complement(4:32, 256)", "(32,2):(1,128)", Layout},                // README
		{"composition((4,6,8,10):(2,3,5,7), 6:12)", "(2,3):(9,5)", Layout}, // README
		{"((4,8):(8,1))(13)", "11", Integer},                               // 13 = (1,3): 1*8 + 3*1
		{" ( 4 , 2 ) : ( 1 , 4 ) ", "(4,2):(1,4)", Layout},                 // README: a value is canonicalized
		{"coalesce((2,(1,6)):(1,(6,2)))", "12:1", Layout},                  // the 1 drops, 2:1 and 6:2 merge
		{"right_inverse((4,8):(8,1))", "(8,4):(4,1)", Layout},              // k = 8a+b is index a+4b: (k%8)*4 + k/8
	} {
		got, kind, ok := Append([]byte("> "), []byte(c.line))
		if !ok || string(got) != "> "+c.want || kind != c.kind {
			t.Errorf("%q: %q, kind %d, ok %v; want %q, kind %d", c.line, got, kind, ok, c.want, c.kind)
		}
	}
	for _, line := range []string{
		"logical_divide((8,16):(20,1), [4:1;8:2:1])",     // not a tiler
		"logical_divide((8,16):(20,1), [4:1;8:2;_;_;_])", // more tiles than modes
		"composition((4,6,8):(2,3,5), 6:3)",              // E0400 in the full path
		"size((M,4):(1,M))",                              // a symbol
		"size(8:1) # a comment", "compositon(8:1, 4:1)", "size(0:1)", "(4,8):(1)", "",
	} {
		if got, _, ok := Append([]byte("> "), []byte(line)); ok || string(got) != "> " {
			t.Errorf("%q: took it (%q), want a decline", line, got)
		}
	}
}

// TestAppendDoesNotAllocate checks the point of the fast path.
func TestAppendDoesNotAllocate(t *testing.T) {
	buf := make([]byte, 0, 256)
	for _, line := range []string{"logical_product(12:1, (128,8):(1,128))", "((112,320):(1,112))(35140)", "size((40,240):(1,40))"} {
		src := []byte(line)
		if n := testing.AllocsPerRun(100, func() { Append(buf[:0], src) }); n != 0 {
			t.Errorf("%s: %v allocations", line, n)
		}
	}
}

// BenchmarkAppend evaluates the lines eval is measured on (cutecgen -kind
// expr), one per iteration.
func BenchmarkAppend(b *testing.B) {
	var in bytes.Buffer
	if _, err := gen.Exprs(&in, gen.Options{Seed: 1, Size: 256 << 10}); err != nil {
		b.Fatal(err)
	}
	var lines [][]byte
	for _, l := range bytes.Split(in.Bytes(), []byte{'\n'}) {
		if len(l) > 0 && l[0] != '#' {
			lines = append(lines, l)
		}
	}
	buf := make([]byte, 0, 256)
	i, declined := 0, 0
	for b.Loop() {
		var ok bool
		if _, _, ok = Append(buf[:0], lines[i]); !ok {
			declined++
		}
		if i++; i == len(lines) {
			i = 0
		}
	}
	if declined > 0 {
		b.Fatalf("%d lines declined", declined)
	}
}

// TestEvalFailure checks that Eval answers a line whose operation fails a
// condition of the CuTe paper with the general function's error, at the
// argument it names (its first byte), and leaves dst as it was. composition((4,6):(1,5), 6:3):
// the stride 3 and the prefix product 4 do not divide one another (eq. 20,
// E0400); complement((5,4):(1,2)): modes 5:1 and 4:2 overlap (E0402).
func TestEvalFailure(t *testing.T) {
	for _, c := range []struct {
		line, code string
		at         int
	}{
		{"composition((4,6):(1,5), 6:3)", "E0400", 25}, // the error is about B, 6:3
		{"complement( (5,4):(1,2))", "E0402", 12},
	} {
		var f Failure
		got, kind, ok := Eval([]byte("> "), []byte(c.line), &f)
		if !ok || kind != Failed || string(got) != "> " || f.Code() != c.code {
			t.Errorf("%q: %q, kind %d, ok %v, %s; want a failure %s", c.line, got, kind, ok, f.Code(), c.code)
			continue
		}
		if f.At != c.at {
			t.Errorf("%q: at %d, want %d", c.line, f.At, c.at)
		}
	}
	// Append declines the same lines, for the callers without a wording.
	if _, _, ok := Append(nil, []byte("composition((4,6):(1,5), 6:3)")); ok {
		t.Error("Append took a line that fails")
	}
}
