package format

import (
	"testing"

	"github.com/cutec/cutec/diag"
)

func TestSource(t *testing.T) {
	tests := []struct {
		name, in, want string
		mlir           bool
	}{
		// Spaces inside values go; comments, blank lines and spacing
		// around "=" stay.
		{"cute", "# t\n\nA = (4, 2) : (1, 4)   # pycute\n", "# t\n\nA = (4,2):(1,4)   # pycute\n", false},
		// CuTe C++'s static marker _2 is spelled 2.
		{"static ints", "B = (_2,_2):(_1,_2)\n", "B = (2,2):(1,2)\n", false},
		// Only the payload changes in MLIR; the text around it stays.
		{"mlir", `%0 = x : !cute.layout<"(4, 8) : (1, 4)">  // (4, 8)`, `%0 = x : !cute.layout<"(4,8):(1,4)">  // (4, 8)`, true},
	}
	for _, tt := range tests {
		out, diags, err := Source("t", []byte(tt.in), tt.mlir)
		if err != nil || len(diags) != 0 || string(out) != tt.want {
			t.Errorf("%s: got %q, %v, %v; want %q", tt.name, out, diags, err, tt.want)
		}
	}
}

func TestSourceSyntaxError(t *testing.T) {
	for _, mlir := range []bool{false, true} {
		in := "A = (4,8):(1,,4)\n"
		if mlir {
			in = `!cute.layout<"(4,8):(1,,4)">`
		}
		out, diags, err := Source("t", []byte(in), mlir)
		if out != nil || err != nil || !diags.HasCode(diag.UnexpectedToken) {
			t.Errorf("mlir=%v: got %q, %v, %v; want no text and E0101", mlir, out, diags, err)
		}
	}
}
