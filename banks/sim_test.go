package banks

import (
	"fmt"
	"sort"
	"strings"
	"testing"

	"pgregory.net/rapid"

	"github.com/cutec/cutec/layout"
)

// The brute-force simulator of this file is written apart from the
// analyzer: it evaluates addresses with the layout package's own Eval (not
// the analyzer's flattened evaluation), derives phases from the thread
// number alone, and counts words per bank with plain arrays. It knows
// nothing of TV layouts beyond evaluating them at (thread, value).

// simAddr returns the byte address of the first element of a thread's
// access, or ok = false when the vector is not contiguous in memory.
type simAddr func(inst, thread int) (byteAddr int64, ok bool)

// simulate returns the wavefronts of each instruction and the worst degree.
// kind is how the instruction is served: "" (by width), "ld" (ld.shared:
// 64- and 128-bit loads whose threads pair up on addresses, t with t^1 or t
// with t^2, take phases twice as large), "ca" (cp.async.ca: phases of 8
// threads, every thread's words counted, equal or not), "cg" (cp.async.cg:
// per phase of 8 threads and 128-byte line, whole sectors and shifted runs).
func simulate(insts, threads, widthBits int, kind string, addr simAddr) (waves []int, worst int, ok bool) {
	for k := 0; k < insts; k++ {
		addrs := make([]int64, threads)
		for t := range addrs {
			b, good := addr(k, t)
			if !good {
				return nil, 0, false
			}
			addrs[t] = b
		}
		nw := max(1, widthBits/32)
		if kind == "cg" {
			w, ideal := simLines(addrs, widthBits)
			waves = append(waves, w)
			worst = max(worst, (w+ideal-1)/ideal)
			continue
		}
		// The phase of a thread: 32 threads a phase up to 32 bits, 16 for 64, 8 for 128.
		perPhase := 32
		if widthBits == 64 {
			perPhase = 16
		} else if widthBits == 128 {
			perPhase = 8
		}
		if kind == "ld" && widthBits > 32 && threads > 1 {
			pair := func(x int) bool {
				for t := range addrs {
					if t^x >= threads || addrs[t] != addrs[t^x] {
						return false
					}
				}
				return true
			}
			if pair(1) || pair(2) {
				perPhase *= 2
			}
		}
		if kind == "ca" {
			perPhase = 8
		}
		total := 0
		var degs []int
		for p := 0; p*perPhase < threads; p++ {
			var words [32][]int64
			for t := p * perPhase; t < threads && t < (p+1)*perPhase; t++ {
				for w := addrs[t] / 4; w < addrs[t]/4+int64(nw); w++ {
					bank := w % 32
					dup := false
					for _, x := range words[bank] {
						dup = dup || x == w
					}
					if !dup || kind == "ca" {
						words[bank] = append(words[bank], w)
					}
				}
			}
			deg := 0
			for _, ws := range words {
				deg = max(deg, len(ws))
			}
			total += deg
			degs = append(degs, deg)
			worst = max(worst, deg)
		}
		if kind == "ca" {
			// Each 128 bytes of data (128/(widthBits/8) threads), all its
			// phases conflict-free, one of its 64-byte halves writing two
			// 128-byte lines, and its words not one run: one more.
			bytes := widthBits / 8
			unit := 128 / bytes
			for u := 0; u < threads; u += unit {
				free := true
				for p := u / 8; p < (u+unit)/8 && p < len(degs); p++ {
					free = free && degs[p] == 1
				}
				var ws []int64
				two := false
				for h := u; h < u+unit && h < threads; h += unit / 2 {
					lo, hi := int64(-1), int64(-1)
					for t := h; t < h+unit/2 && t < threads; t++ {
						for b := addrs[t]; b < addrs[t]+int64(bytes); b += 4 {
							ws = append(ws, b/4)
							if lo < 0 || b/128 < lo {
								lo = b / 128
							}
							hi = max(hi, b/128)
						}
					}
					two = two || hi > lo
				}
				sort.Slice(ws, func(i, j int) bool { return ws[i] < ws[j] })
				run := true
				for i := 1; i < len(ws); i++ {
					run = run && ws[i]-ws[i-1] <= 1
				}
				if free && two && !run {
					total++
					worst = max(worst, 2)
				}
			}
		}
		waves = append(waves, total)
	}
	return waves, worst, true
}

// simLines counts a cp.async.cg write by the rule fitted to the H200
// (docs/banks.md): drop every thread whose chunk a lower thread writes; a
// thread counts in the wavefront of its phase of 8 and shared line that
// takes whole sectors when it and its partner t^1 (same phase) write the two
// halves of one aligned 32-byte sector, else in the wavefront of its parity
// and shift (chunk - thread). Waves are the distinct (phase, line, which)
// triples; the ideal is one a 128 bytes written.
func simLines(addrs []int64, widthBits int) (waves, ideal int) {
	chunkOf := make([]int64, len(addrs))
	first := map[int64]int{}
	for t, a := range addrs {
		chunkOf[t] = a / 16
		if _, seen := first[a/16]; !seen {
			first[a/16] = t
		}
	}
	seen := map[string]bool{}
	for t, c := range chunkOf {
		if first[c] != t {
			continue
		}
		p := t ^ 1
		which := fmt.Sprintf("par%d shift%d", t%2, c-int64(t))
		if p < len(addrs) && first[chunkOf[p]] == p && p/8 == t/8 && chunkOf[p] != c && chunkOf[p]/2 == c/2 {
			which = "sectors"
		}
		seen[fmt.Sprintf("%d/%d/%s", t/8, c/8, which)] = true
	}
	return len(seen), (len(first) + 7) / 8
}

// simKind returns the simulator's kind of an atom, from its name.
func simKind(name string) string {
	switch {
	case strings.HasPrefix(name, "ld.shared"):
		return "ld"
	case strings.HasPrefix(name, "cp.async.cg"):
		return "cg"
	case strings.HasPrefix(name, "cp.async"):
		return "ca"
	}
	return ""
}

// evalTile returns the element offset of tile index i with layout.Eval.
func evalTile(t *rapid.T, tile Tile, i int64) int64 {
	off, err := tile.L.Eval(layout.Int(i))
	if err != nil {
		t.Fatalf("eval %s at %d: %v", tile.L, i, err)
	}
	return tile.Swizzle.Apply(tile.Offset + off.Value())
}

// genTile draws a tile whose mode 0 has unit stride and holds whole
// vectors of vec elements, whose other strides are multiples of vec, under
// a swizzle that keeps vectors whole (2^M >= vec) or none.
func genTile(t *rapid.T, vec int64, pow2Rows bool) Tile {
	rows := rapid.Int64Range(1, 16).Draw(t, "rows")
	if pow2Rows {
		rows = int64(1) << rapid.IntRange(0, 5).Draw(t, "log2rows")
	}
	cols := vec * rapid.Int64Range(1, 8).Draw(t, "cols")
	rowStride := vec * rapid.Int64Range(1, 40).Draw(t, "rowStride")
	if rapid.Bool().Draw(t, "colMajorRows") && cols*rows > cols {
		rowStride = cols + vec*rapid.Int64Range(0, 3).Draw(t, "pad")
	}
	l := layout.MustNew(layout.Ints(cols, rows), layout.Ints(1, rowStride))
	tile := Tile{L: l}
	if rapid.Bool().Draw(t, "swizzled") {
		mMin := 0
		for int64(1)<<mMin < vec {
			mMin++
		}
		b := rapid.IntRange(1, 4).Draw(t, "B")
		m := rapid.IntRange(mMin, mMin+3).Draw(t, "M")
		s := rapid.IntRange(b, b+4).Draw(t, "S")
		sw, err := layout.NewSwizzle(b, m, s)
		if err != nil {
			t.Fatal(err)
		}
		tile.Swizzle = sw
	}
	return tile
}

var simElems = []Elem{{"i8", 8}, {"f16", 16}, {"f32", 32}, {"f64", 64}}

// TestAnalyzerMatchesSimulatorTV: on random tiles, element widths, access
// widths and TV layouts, the analyzer's wavefronts per instruction and
// worst degree are the simulator's.
func TestAnalyzerMatchesSimulatorTV(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		e := rapid.SampledFrom(simElems).Draw(t, "elem")
		widths := []int{}
		for w := max(8, e.Bits); w <= 128; w *= 2 {
			widths = append(widths, w)
		}
		w := rapid.SampledFrom(widths).Draw(t, "width")
		vec := int64(w / e.Bits)
		tile := genTile(t, vec, false)
		size, _ := tile.L.Size()
		// TV: threads (t0,t1):(d0,d1), values (vec, m):(1, dm); index steps
		// of the threads and of m are multiples of vec, so that each access
		// starts a vector.
		t0 := rapid.Int64Range(1, 8).Draw(t, "t0")
		t1 := rapid.Int64Range(1, 32/t0).Draw(t, "t1")
		d0 := vec * rapid.Int64Range(0, size/vec).Draw(t, "d0")
		d1 := vec * rapid.Int64Range(0, size/vec).Draw(t, "d1")
		m := rapid.Int64Range(1, 4).Draw(t, "m")
		dm := vec * rapid.Int64Range(0, size/vec).Draw(t, "dm")
		if (t0-1)*d0+(t1-1)*d1+(m-1)*dm+vec-1 >= size {
			t.Skip("the TV layout leaves the tile")
		}
		tv := layout.MustNew(
			layout.Tuple(layout.Ints(t0, t1), layout.Ints(vec, m)),
			layout.Tuple(layout.Ints(d0, d1), layout.Ints(1, dm)))
		acc, err := NewAccess(tv, w)
		if err != nil {
			t.Fatal(err)
		}
		r, err := Analyze(tile, e, acc)
		if err != nil {
			t.Fatalf("analyze %s, %s, %s/%d: %v", tile, e.Name, tv, w, err)
		}
		threads := int(t0 * t1)
		waves, worst, ok := simulate(int(m), threads, w, "", func(k, th int) (int64, bool) {
			first := int64(-1)
			for j := int64(0); j < vec; j++ {
				idx, err := tv.Eval(layout.Tuple(layout.Int(int64(th)), layout.Int(int64(k)*vec+j)))
				if err != nil {
					t.Fatal(err)
				}
				off := evalTile(t, tile, idx.Value())
				if j == 0 {
					first = off
				} else if off != first+j {
					return 0, false
				}
			}
			return first * int64(e.Bits) / 8, true
		})
		if !ok {
			t.Fatalf("the simulator finds a vector that is not contiguous; the analyzer accepted it")
		}
		checkAgainst(t, r, waves, worst)
	})
}

// TestAnalyzerMatchesSimulatorAtoms: for every atom on random tiles, the
// analyzer agrees with the simulator, which computes the row each thread
// reads from the arrangement the atom documents (vector k of instruction i
// is k = Threads*i + thread, counted down the rows first for ldmatrix and
// stmatrix and along the rows first for the others).
func TestAnalyzerMatchesSimulatorAtoms(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		a := rapid.SampledFrom(Atoms()).Draw(t, "atom")
		e := rapid.SampledFrom(simElems).Draw(t, "elem")
		if e.Bits > a.WidthBits {
			t.Skip("the element is wider than the access")
		}
		vec := int64(a.WidthBits / e.Bits)
		tile := genTile(t, vec, true)
		cols, rows := tile.L.Shape().At(0).Value(), tile.L.Shape().At(1).Value()
		vecs := cols / vec
		if (rows*vecs)%int64(a.Threads) != 0 {
			t.Skip("the tile does not split among the atom's threads")
		}
		acc, err := a.Access(tile, e)
		if err != nil {
			t.Fatalf("%s on %s: %v", a.Name, tile, err)
		}
		r, err := Analyze(tile, e, acc)
		if err != nil {
			t.Fatalf("analyze %s on %s: %v", a.Name, tile, err)
		}
		insts := int(rows * vecs / int64(a.Threads))
		waves, worst, ok := simulate(insts, a.Threads, a.WidthBits, simKind(a.Name), func(k, th int) (int64, bool) {
			v := int64(k*a.Threads + th)
			var row, chunk int64
			if a.RowsFirst {
				row, chunk = v%rows, v/rows
			} else {
				row, chunk = v/vecs, v%vecs
			}
			first := evalTile(t, tile, chunk*vec+cols*row)
			return first * int64(e.Bits) / 8, true
		})
		if !ok {
			t.Fatal("simulator failed")
		}
		checkAgainst(t, r, waves, worst)
	})
}

func checkAgainst(t *rapid.T, r *Report, waves []int, worst int) {
	if len(r.Instructions) != len(waves) {
		t.Fatalf("analyzer: %d instructions, simulator: %d", len(r.Instructions), len(waves))
	}
	for k, in := range r.Instructions {
		if in.Wavefronts != waves[k] {
			t.Fatalf("instruction %d: analyzer %d wavefronts, simulator %d", k, in.Wavefronts, waves[k])
		}
	}
	if r.Degree != worst {
		t.Fatalf("analyzer degree %d, simulator %d", r.Degree, worst)
	}
}
