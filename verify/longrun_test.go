package verify

import (
	"fmt"
	"runtime"
	"testing"

	"github.com/cutec/cutec/diag"
	"github.com/cutec/cutec/internal/heavytest"
)

// TestLongRunDoesNotGrow: a long-running process (an editor server, a
// compiler) that checks text after text, each with names and values it has
// not seen, keeps its memory flat. The parser's and the verifier's caches
// are bounded and nothing else is kept between calls. After a warm-up that
// fills the caches (and the caches' sets of texts seen once, which are
// bounded too but swing by a few MB), many more fresh files must not raise
// the live heap by 6 MB.
func TestLongRunDoesNotGrow(t *testing.T) {
	// 6 MB over 100 000 files: 60 bytes a file. One file's AST and values
	// are larger than that. A heavy test: 200 000 checks take most of a
	// minute on a loaded machine.
	heavytest.Skip(t)
	if testing.Short() {
		t.Skip("-short: 200 000 files")
	}
	warm, more := 100_000, 100_000
	p := Default()
	run := func(from, to int) {
		for i := from; i < to; i++ {
			src := fmt.Sprintf("X%d = composition((4,%d):(1,4), 2:1)\nassert size(X%d) == 2\n", i, i+2, i)
			if l := p.CuteFile(diag.NewFile("f.cute", []byte(src))); l.HasErrors() {
				t.Fatalf("%s: %v", src, l)
			}
			expr := fmt.Sprintf("logical_divide((%d,8):(1,%d), 2:1)", 2*(i+1), 2*(i+1))
			if _, l := p.Expr(diag.NewFile("e", []byte(expr))); l.HasErrors() {
				t.Fatalf("%s: %v", expr, l)
			}
		}
	}
	heap := func() uint64 {
		runtime.GC()
		runtime.GC()
		var m runtime.MemStats
		runtime.ReadMemStats(&m)
		return m.HeapAlloc
	}
	run(0, warm)
	before := heap()
	run(warm, warm+more)
	after := heap()
	t.Logf("live heap after %d files: %d KB; after %d more: %d KB", warm, before>>10, more, after>>10)
	if after > before+6<<20 {
		t.Errorf("the live heap grew from %d KB to %d KB over %d fresh files", before>>10, after>>10, more)
	}
}
