package verify

import (
	"testing"

	"github.com/cutec/cutec/diag"
)

// TestCanonicalIgnoresNames: a composed layout or tile that names a
// variable is not a misspelling of the variable's value.
func TestCanonicalIgnoresNames(t *testing.T) {
	src := "B = (8,64):(64,1)\nA = Sw<3,4,3> o 0 o B\nT = [ B ; _ ]\nC = Sw<3,4,3> o 0 o (8,64):(64,1)\n"
	l := Default().CuteFile(diag.NewFile("n.cute", []byte(src)))
	if len(l) != 1 || l[0].Code != diag.NonCanonical || l[0].Start().Line != 4 {
		t.Errorf("want one W0903, on line 4 (a literal), got %v", l)
	}
}
