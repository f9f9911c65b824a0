package verify

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"

	"github.com/cutec/cutec/ast"
	"github.com/cutec/cutec/diag"
	"github.com/cutec/cutec/internal/corpus"
	"github.com/cutec/cutec/internal/evalfast"
	"github.com/cutec/cutec/internal/heavytest"
	"github.com/cutec/cutec/layout"
	"github.com/cutec/cutec/normalize"
	"github.com/cutec/cutec/parser"
	"github.com/stretchr/testify/require"
)

// mlirFastAndFull returns two passes with options opts: one that reads
// payloads fast (mlir_fast.go), one that never does.
func mlirFastAndFull(t testing.TB, opts Options) (fast, full *Pass) {
	t.Helper()
	fast, err := NewPass(opts)
	require.NoError(t, err)
	full, err = NewPass(opts)
	require.NoError(t, err)
	require.True(t, fast.fastPayloads, "a pass with options %+v does not read payloads fast", opts)
	full.fastPayloads = false
	return fast, full
}

// renderMLIR lints src as an MLIR file with p and returns its diagnostics
// rendered as lint prints them, notes and excerpts included.
func renderMLIR(p *Pass, src string) string {
	var b bytes.Buffer
	diag.RenderAll(&b, diag.Text{}, p.MLIR(diag.NewFile("t.mlir", []byte(src))))
	return b.String()
}

// payloadLines are the places lint reads a payload of a layout or a
// composed layout: the wrapper of each, and the layout of a memref, as
// CuTe DSL prints them.
func payloadLines(payload string) []string {
	return []string{
		fmt.Sprintf("%%0 = cute.static : !cute.composed_layout<\"%s\">\n", payload),
		fmt.Sprintf("%%1 = cute.static : !cute.memref<f16, smem, \"%s\">\n", payload),
		fmt.Sprintf("%%2 = cute.static : !cute.layout<\"%s\">\n", payload),
	}
}

// takenBy reports whether p's fast reader takes the first payload of the
// MLIR text src.
func takenBy(p *Pass, src string) bool {
	taken, seen := false, false
	scanPayloads("t.mlir", src, func(w parser.Wrapper) {
		if !seen {
			taken, seen = p.fastPayload(&w), true
		}
	})
	return taken
}

// scanPayloads yields the payloads of the MLIR text src as lint finds them
// (the one place these tests call the scanner).
func scanPayloads(name, src string, yield func(parser.Wrapper)) {
	parser.ScanMLIR(diag.NewFile(name, []byte(src)), func(w parser.Wrapper) bool {
		yield(w)
		return true
	})
}

// checkPayloads lints each payload, in each place lint reads it, with both
// passes, and reports every difference of the rendered diagnostics; for a
// payload the fast reader takes, the full path must report nothing and
// normalize must give the values the reader read. It returns how many
// payloads the fast reader takes and the codes the full path reported.
func checkPayloads(t *testing.T, fast, full *Pass, what string, payloads []string) (taken int, codes map[string]int) {
	t.Helper()
	codes = map[string]int{}
	code := regexp.MustCompile(`\b[EW]\d{4}\b`)
	for _, pl := range payloads {
		for _, src := range payloadLines(pl) {
			got, want := renderMLIR(fast, src), renderMLIR(full, src)
			if got != want {
				t.Errorf("%s: %q:\nfast reader:\n%s\nfull path:\n%s", what, src, got, want)
			}
			for _, c := range code.FindAllString(want, -1) {
				codes[c]++
			}
			if !takenBy(fast, src) {
				continue
			}
			taken++
			if want != "" {
				t.Errorf("%s: the fast reader takes %q, on which the full path reports\n%s", what, src, want)
			}
			checkValues(t, what, pl)
		}
	}
	return taken, codes
}

// checkValues holds the values the fast reader reads from a payload it
// takes (ReadLayout's, or ReadComposed's) to those the full path (the
// parser, then normalize) gives it.
func checkValues(t *testing.T, what, payload string) {
	t.Helper()
	f := diag.NewFile("p", []byte(payload))
	n, diags := parser.New(parser.Options{}).Parse(parser.FormValue, f)
	require.Empty(t, diags, "%s: %q", what, payload)
	v, diags := (&normalize.Evaluator{File: f}).Eval(n.(ast.Expr))
	require.Empty(t, diags, "%s: %q", what, payload)
	if l, isLayout := v.(normalize.Layout); isLayout {
		var s layout.Static
		_, ok := evalfast.ReadLayout([]byte(payload), 0, &s)
		require.True(t, ok, payload)
		require.Equal(t, l.L.String(), string(s.AppendText(nil)), "%s: %q: the layout", what, payload)
		return
	}
	var c evalfast.Composed
	_, ok := evalfast.ReadComposed([]byte(payload), 0, &c)
	require.True(t, ok, payload)
	cv, ok := v.(normalize.Composed)
	require.True(t, ok, "%s: %q is %T", what, payload, v)
	if c.Swizzled {
		require.Equal(t, layout.Function(c.Swizzle), cv.C.Outer, "%s: %q: the swizzle", what, payload)
	} else {
		require.Equal(t, string(c.Outer.AppendText(nil)), cv.C.Outer.String(), "%s: %q: the outer layout", what, payload)
	}
	require.Equal(t, c.ElemBits, cv.C.ElemBits, "%s: %q: the element width", what, payload)
	offset := layout.Int(c.Offset).String()
	if c.Coord.IsTuple() {
		offset = string(c.Coord.AppendText(nil))
	}
	require.Equal(t, offset, cv.C.Offset.String(), "%s: %q: the offset", what, payload)
	require.Equal(t, string(c.Inner.AppendText(nil)), cv.C.Inner.String(), "%s: %q: the layout", what, payload)
}

// randomComposed returns a payload of a composed layout: mostly as CuTe
// DSL prints them, each part now and then replaced by something the fast
// reader declines or the full path reports (a swizzle that is the
// identity, wider than 32 bits or not a bijection; a coordinate, negative
// or dynamic offset; an element width that is not a power of two; a
// layout that overflows, aliases, has a dynamic or basis stride; spaces).
func randomComposed(r *rand.Rand) string {
	var b strings.Builder
	pick := func(odds int) bool { return r.IntN(odds) == 0 }
	outerIsSwizzle := !pick(6)
	if outerIsSwizzle {
		bb, m, s := r.IntN(4), r.IntN(6), 1+r.IntN(5)
		switch {
		case pick(12):
			bb, m, s = 10+r.IntN(4), 10+r.IntN(4), 10+r.IntN(4) // wider than 32 bits
		case pick(12):
			s = -s
		case pick(16):
			s = bb - 1 // |S| < B: not a bijection
		}
		sep := ","
		if pick(20) {
			sep = ", "
		}
		fmt.Fprintf(&b, "S<%d%s%d%s%d>", bb, sep, m, sep, s)
	} else {
		b.WriteString(randomLayout(r, 2))
	}
	b.WriteString(" o ")
	switch {
	case outerIsSwizzle && pick(3):
		bits := []int{1, 2, 4, 8, 16, 32, 64, 128, 1024, 24, 0, 2048}[r.IntN(12)]
		fmt.Fprintf(&b, "smem_ptr[%db](unset)", bits)
	case !outerIsSwizzle && pick(2):
		b.WriteString(randomCoord(r, 2)) // congruent to A's shape or not
	case pick(12):
		fmt.Fprintf(&b, "(%d,%d)", r.IntN(4), r.IntN(4))
	case pick(16):
		fmt.Fprintf(&b, "-%d", 1+r.IntN(8))
	case pick(16):
		b.WriteString("?")
	default:
		fmt.Fprintf(&b, "%d", r.IntN(100))
	}
	if pick(30) {
		b.WriteString("  o ")
	} else {
		b.WriteString(" o ")
	}
	b.WriteString(randomLayout(r, 3))
	return b.String()
}

// randomCoord returns a coordinate of up to rank elements, now and then
// nested.
func randomCoord(r *rand.Rand, rank int) string {
	elems := make([]string, 1+r.IntN(rank))
	for i := range elems {
		elems[i] = fmt.Sprint(r.IntN(8))
		if r.IntN(5) == 0 {
			elems[i] = randomCoord(r, 2)
		}
	}
	return "(" + strings.Join(elems, ",") + ")"
}

// randomLayout returns a layout of up to rank modes, now and then nested,
// with integer strides (now and then 0, negative, dynamic or a basis
// element), extents large enough now and then to overflow, and now and
// then spaces.
func randomLayout(r *rand.Rand, rank int) string {
	pick := func(odds int) bool { return r.IntN(odds) == 0 }
	n := 1 + r.IntN(rank)
	shape, stride := make([]string, n), make([]string, n)
	for i := range n {
		ext := []int64{1, 2, 4, 8, 16, 32, 64, 3, 5}[r.IntN(9)]
		if pick(40) {
			ext = 1 << 40
		}
		str := fmt.Sprint(r.IntN(200))
		switch {
		case pick(20):
			str = "-" + fmt.Sprint(1+r.IntN(9))
		case pick(30):
			str = "?"
		case pick(30):
			str = "1@0"
		}
		shape[i], stride[i] = fmt.Sprint(ext), str
		if pick(8) {
			shape[i], stride[i] = fmt.Sprintf("(%d,%d)", ext, 2), fmt.Sprintf("(%s,%d)", str, r.IntN(64))
		}
	}
	join := func(parts []string) string {
		if len(parts) == 1 {
			return parts[0]
		}
		sep := ","
		if pick(25) {
			sep = ", "
		}
		return "(" + strings.Join(parts, sep) + ")"
	}
	return join(shape) + ":" + join(stride)
}

// corpusPayloads returns every payload of a layout or a composed layout
// in the MLIR corpus and the golden files (real CuTe DSL IR among them),
// and every expression of the reference sets written as a swizzled
// layout.
func corpusPayloads(t *testing.T) []string {
	t.Helper()
	docs, err := corpus.Docs("..")
	require.NoError(t, err)
	seen := map[string]bool{}
	var out []string
	add := func(p string) {
		if !seen[p] && strings.Contains(p, ":") {
			seen[p] = true
			out = append(out, p)
		}
	}
	for _, d := range docs {
		scanPayloads(d.Path, d.Input, func(w parser.Wrapper) { add(string(w.Payload)) })
	}
	exprs, err := corpus.Exprs("..")
	require.NoError(t, err)
	for _, e := range exprs {
		if strings.HasPrefix(e.Text, "S<") {
			add(e.Text)
		}
	}
	return out
}

// TestMLIRFastEqualsFull holds the fast reader of MLIR payloads to the
// full path (the grammar, normalize and the checks) on the payloads of
// layouts and composed layouts of the corpus and on 1,000 random ones
// (3,000 under CUTEC_HEAVY=1; two thirds composed), each in the three places of payloadLines, with the
// default checks and with those of lint for IR: the same diagnostics, byte
// for byte, and the same values where the fast reader takes a payload.
func TestMLIRFastEqualsFull(t *testing.T) {
	real := corpusPayloads(t)
	require.GreaterOrEqual(t, len(real), 20, "payloads of layouts and composed layouts in the corpus")
	r := rand.New(rand.NewPCG(7, 1))
	n := 1000
	if heavytest.Enabled() {
		n = 3000
	}
	random := make([]string, n)
	for i := range random {
		if i%3 == 2 {
			random[i] = randomLayout(r, 4)
		} else {
			random[i] = randomComposed(r)
		}
	}
	edges := []string{ // limits of the reader and of the checks
		"S<3,4,3> o 9007199254740992 o 8:1", "S<3,4,3> o 9007199254740993 o 8:1", "S<3,4,3> o 00 o 8:1",
		"S<03,4,3> o 0 o 8:1", "S<3,4,3> o 0 o (2,4):(-1,2)", "S<3,4,3> o 0 o 8:-0", "S<3,4,3> o 0 o 8:0",
		"S<3,4,3> o 0 o (8,(4,2)):(1,(8,0))", "S<15,15,-15> o 0 o 8:1", "S<1,0,1> o 0 o 2:1", "S<1,0,-1> o 0 o 2:1",
		"S<3,4,3> o 0 o ((((((((((8))))))))):((((((((((1))))))))))", "S<3,4,3> o 0 o (8):(1)",
		"(4,5):(1,4) o (0,0) o 8:1", "(4,5):(1,4) o 0 o 8:1", "8:1 o 2 o 8:1", "(1,1):(0,0) o 3 o 8:1",
		"(4,5):(1,4) o (1,2) o (8,?):(1,?)", "S<3,0,3> o smem_ptr[16b](unset) o 8:1",
		"S<3,1,3> o smem_ptr[64b](unset) o 8:1", "S<3,4,3> o smem_ptr[1b](unset) o 8:1",
		"S<3,4,3> o smem_ptr[16b](unset) o (1099511627776,1099511627776):(1,1)",
		"S<3,4,3> o 0 o (2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2):(1,2,4,8,16,32,64,128,256,512,1024,2048,4096,8192,16384,32768,65536)",
		"(8,64):(64,1)", "(8,64):(64,1) ", "(8, 64):(64, 1)", "(4,4):(1,2)", "(4,4):(2,1)", "4:1@0", "8:1:2",
	}
	for _, opts := range []Options{{}, {IR: true, Lowerable: true}} {
		fast, full := mlirFastAndFull(t, opts)
		checkPayloads(t, fast, full, "edges", edges)
		taken, _ := checkPayloads(t, fast, full, "corpus", real)
		// The corpus holds the swizzled layouts of CuTe DSL's dumps (taken)
		// and payloads with dynamic leaves, spaces or a layout A (not all).
		require.Greater(t, taken, len(real)/2, "corpus payloads taken, of %d places", 3*len(real))
		t.Logf("corpus: %d of %d taken", taken, 3*len(real))
		taken, codes := checkPayloads(t, fast, full, "random", random)
		t.Logf("random: %d of %d places taken; codes %v", taken, 3*len(random), codes)
		require.Greater(t, taken, len(random)/4, "random payloads taken, of %d places", 3*len(random))
		require.Less(t, taken, 2*len(random), "random payloads taken, of %d places", 3*len(random))
		coords := 0 // taken with a coordinate offset
		for _, pl := range random {
			if strings.Contains(pl, ") o (") && takenBy(fast, payloadLines(pl)[0]) {
				coords++
			}
		}
		require.GreaterOrEqual(t, coords, 20, "random payloads with a coordinate offset taken")
		// The generator reaches what the fast reader must decline: the
		// canonical spelling, a trivial, too wide or non-bijective swizzle,
		// an offset that does not add, an overflow, an element width.
		for _, c := range []diag.Code{diag.NonCanonical, diag.TrivialSwizzle, diag.SwizzleTooWide,
			diag.OffsetNotAddable, diag.Overflow, diag.SwizzleNotBijective, diag.BadValue} {
			require.Positive(t, codes[string(c)], "the full path never reported %s on the random payloads", c)
		}
	}
}

// TestMLIRFastKnown checks composed payloads the fast reader must take
// (CuTe DSL's prints, as in testdata/mlir) and payloads it must leave to
// the full path.
func TestMLIRFastKnown(t *testing.T) {
	fast, _ := mlirFastAndFull(t, Options{IR: true})
	for _, p := range []string{
		"S<3,4,3> o 0 o (8,64):(64,1)",                            // testdata/mlir/ampere_gemm_dump.mlir
		"S<3,4,3> o 0 o ((8,16),(64,1)):((64,512),(1,0))",         // testdata/mlir/hopper_blackwell_dump.mlir
		"S<3,4,3> o smem_ptr[16b](unset) o (8,64):(64,1)",         // GMMA's Layout_K_SW128_Atom<half_t>, as CuTe DSL prints it
		"S<2,3,3> o 17 o (4,40):(1,4)",                            // an element swizzle at an offset
		"(4,5):(1,4) o 2 o (8,4):(1,8)",                           // testdata/golden/mlir_cute_dsl_types.txtar: a layout A
		"S<1,2,-3> o 0 o 8:1",                                     // a negative shift
		"S<3,4,3> o smem_ptr[1024b](unset) o ((8,8),1):((8,1),0)", // the widest element
		"(4,5):(1,4) o (1,2) o (8,4):(1,8)",                       // a coordinate of A's domain
		"(4,(5,2)):(1,(4,20)) o (1,3) o 8:1",                      // an integer matches a mode of any shape
		"(4,(5,2)):(1,(4,20)) o (1,(2,1)) o 8:1",
	} {
		require.True(t, takenBy(fast, payloadLines(p)[0]), "declined %q", p)
	}
	for _, p := range []string{
		"S<3, 4, 3> o 0 o (8, 64):(64, 1)",                   // W0903
		"S<0,4,3> o 0 o 8:1",                                 // W0604: the identity
		"S<0,4,3> o 5 o 8:1",                                 // the identity: left to the full path whatever the offset
		"S<3,4,2> o 0 o 8:1",                                 // E0504: |S| < B
		"S<10,12,12> o 0 o 8:1",                              // E0603: 34 bits
		"S<3,4,3> o (1,2) o 8:1",                             // E0505: a swizzle takes a scalar
		"(4,5):(1,4) o (1,2,3) o 8:1",                        // E0505: not weakly congruent to (4,5)
		"(4,5):(1,4) o ((1,2),3) o 8:1",                      // E0505: a tuple where A's shape has an integer
		"(4,5):(1,4) o (1) o 8:1",                            // a tuple of one element: left to the full path
		"S<3,5,4> o 0 o (32,?):(1,?)",                        // dynamic leaves
		"S<3,4,3> o smem_ptr[24b](unset) o 8:1",              // E0704
		"S<3,4,3> o 0 o (1099511627776,1099511627776):(1,1)", // E0701
		"S<3,4,3> o 0 o 8:1@0",                               // a basis stride
		"S<3,4,3> o 0 o (8,64):(64,1) o 8:1",                 // four parts
		"(64,8):(1,64)",                                      // a layout alone
		"S<3,4,3> o 0 o (8,64):(64,1) ",                      // a space after it
	} {
		require.False(t, takenBy(fast, payloadLines(p)[0]), "took %q", p)
	}
	opt, err := NewPass(Options{Enable: []string{"redundant-mode"}})
	require.NoError(t, err)
	require.False(t, opt.fastPayloads, "a pass with a Value check the fast reader does not decide reads payloads fast")
	deep, err := NewPass(Options{Parser: parser.Options{MaxDepth: 4}})
	require.NoError(t, err)
	require.False(t, deep.fastPayloads, "a pass whose parser nests less deeply than the reader reads payloads fast")
}

// FuzzMLIRFast holds the fast reader of MLIR payloads to the full path
// on any payload: the same diagnostics, and nothing reported where it takes
// one.
func FuzzMLIRFast(f *testing.F) {
	r := rand.New(rand.NewPCG(11, 1))
	for range 20 {
		f.Add(randomComposed(r))
		f.Add(randomLayout(r, 4))
	}
	f.Add("S<3,4,3> o smem_ptr[16b](unset) o (8,64):(64,1)")
	fast, full := mlirFastAndFull(f, Options{IR: true})
	f.Fuzz(func(t *testing.T, payload string) {
		if strings.ContainsAny(payload, "\"\n\r") || !utf8Printable(payload) {
			return // not a payload of one line
		}
		for _, src := range payloadLines(payload) {
			got, want := renderMLIR(fast, src), renderMLIR(full, src)
			if got != want {
				t.Fatalf("%q:\nfast reader:\n%s\nfull path:\n%s", src, got, want)
			}
			if takenBy(fast, src) && want != "" {
				t.Fatalf("the fast reader takes %q, on which the full path reports\n%s", src, want)
			}
		}
	})
}

// utf8Printable reports whether s is printable ASCII.
func utf8Printable(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < ' ' || s[i] > '~' {
			return false
		}
	}
	return true
}
