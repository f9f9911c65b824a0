package suggest

import "testing"

func TestDistance(t *testing.T) {
	for _, tc := range []struct {
		a, b string
		want int
	}{
		{"", "", 0},
		{"eval", "eval", 0},
		{"evl", "eval", 1},
		{"lnit", "lint", 1}, // a transposition is one edit
		{"fromat", "format", 1},
		{"kitten", "sitting", 3},
		{"", "abc", 3},
		{"abc", "", 3},
		{"ca", "abc", 3}, // optimal string alignment, not full Damerau
	} {
		if got := Distance(tc.a, tc.b); got != tc.want {
			t.Errorf("Distance(%q, %q) = %d, want %d", tc.a, tc.b, got, tc.want)
		}
		if got := Distance(tc.b, tc.a); got != tc.want {
			t.Errorf("Distance(%q, %q) = %d, want %d (symmetry)", tc.b, tc.a, got, tc.want)
		}
	}
}

func TestSuggest(t *testing.T) {
	names := []string{"eval", "verify", "lint", "fmt", "show", "version", "help"}
	for _, tc := range []struct{ name, want string }{
		{"evl", "eval"},
		{"lnit", "lint"},
		{"verfy", "verify"},
		{"versi", "version"}, // too far by edits, but the only command it begins
		{"ver", ""},          // a prefix of both verify and version
		{"x", ""},
		{"frobnicate", ""},
		{"", ""},
	} {
		if got := Closest(tc.name, names); got != tc.want {
			t.Errorf("Closest(%q) = %q, want %q", tc.name, got, tc.want)
		}
	}
}

// TestDistanceOfShortNamesAllocatesNothing: the misspelling checks call
// Distance once per unknown name and known one (golden's sections of a
// large archive), so a short name costs no allocation.
func TestDistanceOfShortNamesAllocatesNothing(t *testing.T) {
	if n := testing.AllocsPerRun(100, func() { Distance("printd", "printed") }); n != 0 {
		t.Errorf("Distance allocated %v times", n)
	}
	if d := Distance("printd", "printed"); d != 1 {
		t.Errorf("Distance(printd, printed) = %d, want 1 (one insertion)", d)
	}
}
