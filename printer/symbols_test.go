package printer

import "testing"

// Symbolic terms print canonically (docs/symbols.md): the coefficient
// first (the integer factors multiplied), the symbols sorted, the divisor
// last, in lowest terms; facts stay on their symbols. Each printed form
// prints to itself.
func TestSymbolicTermsPrintCanonically(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"(M, K) : (1, lda)", "(M,K):(1,lda)"},
		{"lda*32", "32*lda"},
		{"N*2*M*2", "4*M*N"},
		{"4*M/2", "2*M"},
		{"3*M/6", "M/2"},
		{"M/128", "M/128"},
		{"(M{div=128}, 4*K)", "(M{div=128},4*K)"},
		{"lda*-1", "-1*lda"},
	} {
		n, err := parseExpr(c.in)
		if err != nil {
			t.Fatalf("%s: %v", c.in, err)
		}
		got := String(n)
		if got != c.want {
			t.Errorf("%s prints %s, want %s", c.in, got, c.want)
		}
		n2, err := parseExpr(got)
		if err != nil {
			t.Fatalf("%s: %v", got, err)
		}
		if again := String(n2); again != got {
			t.Errorf("%s prints %s, then %s", c.in, got, again)
		}
	}
	n, _ := parseStmt("let M{div=128},K{div=32}")
	if got := String(n); got != "let M{div=128}, K{div=32}" {
		t.Errorf("let prints %s", got)
	}
}
