package verify

import (
	"runtime"
	"testing"
	"time"

	"github.com/cutec/cutec/diag"
	"github.com/cutec/cutec/internal/heavytest"
)

// feedNames feeds a new Cute session n named definitions (namedLine), line
// by line as lint streams a file, and returns the time it took and the
// heap the session keeps per name (after a collection, the session alive).
func feedNames(t *testing.T, p *Pass, n int) (time.Duration, float64) {
	t.Helper()
	var m0, m1 runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&m0)
	start := time.Now()
	c := p.NewCute()
	for i := range n {
		line := namedLine(i)
		if d := c.Line(diag.NewWindow("names.cute", line[:len(line)-1], 0, i+1, 1)); len(d) > 0 {
			t.Fatalf("line %d, %q: %v", i+1, line, d)
		}
	}
	took := time.Since(start)
	runtime.GC()
	runtime.ReadMemStats(&m1)
	runtime.KeepAlive(c)
	return took, float64(int64(m1.HeapAlloc)-int64(m0.HeapAlloc)) / float64(n)
}

// TestCuteMillionNames: a .cute file of 1,000,000 named definitions lints
// clean (no bound of the file's names refuses them: static layouts are kept
// packed), keeps under 200 bytes of heap a name, and takes time linear in
// the number of names: at most 4 times the time per name of a file of
// 62,500 names (a quadratic cost would be 16 times; a cache-bound linear
// one is within 2). Heavy: run with CUTEC_HEAVY=1.
func TestCuteMillionNames(t *testing.T) {
	heavytest.Skip(t)
	p, err := NewPass(Options{})
	if err != nil {
		t.Fatal(err)
	}
	const small, big = 62_500, 1_000_000
	smallTook := time.Duration(1<<63 - 1)
	for range 3 {
		took, _ := feedNames(t, p, small)
		smallTook = min(smallTook, took)
	}
	bigTook, perName := feedNames(t, p, big)
	perSmall := float64(smallTook) / small
	perBig := float64(bigTook) / big
	t.Logf("%d names: %.0f ns a name; %d names: %.0f ns a name (%.2fx), %.0f bytes of heap a name",
		small, perSmall, big, perBig, perBig/perSmall, perName)
	if perName >= 200 {
		t.Errorf("%d names keep %.0f bytes of heap a name, want under 200", big, perName)
	}
	if perBig > 4*perSmall {
		t.Errorf("not linear: %.0f ns a name for %d names, %.0f for %d", perBig, big, perSmall, small)
	}
}
