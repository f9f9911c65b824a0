package verify

import (
	"strings"
	"testing"

	"github.com/cutec/cutec/diag"
)

// TestMLIRWindowCost checks the work counts a window reports (OpStats.Looked
// and Fresh), by which a reader decides whether a window is cheap. Derived
// by hand: the window holds one payload written three times; the payload
// cache admits a text only on its second sighting (gencache.Cache.Get), so
// in a new pass the first two are verified (fresh) and the third is
// answered by the cache; the same window again is answered whole.
func TestMLIRWindowCost(t *testing.T) {
	pass, err := NewPass(Options{IR: true, Lowerable: true})
	if err != nil {
		t.Fatal(err)
	}
	src := []byte(strings.Repeat("%a = cute.static : !cute.layout<\"(4,8):(1,4)\">\n", 3))
	for i, want := range []OpStats{{Other: 3, Looked: 3, Fresh: 2}, {Other: 3, Looked: 3, Fresh: 0}} {
		var st OpStats
		if l := pass.MLIRWindow(diag.NewFile("w.mlir", src), nil, nil, &st); len(l) != 0 {
			t.Fatalf("pass %d: %v, want nothing reported", i+1, l)
		}
		if st != want {
			t.Errorf("pass %d: %+v, want %+v", i+1, st, want)
		}
	}
}
