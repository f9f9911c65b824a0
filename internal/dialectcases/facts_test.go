package dialectcases

import "testing"

func TestFactsAgree(t *testing.T) {
	for _, c := range []struct {
		got, want string
		agree     bool
	}{
		{"(?{div=4},8):(1,?{i64})", "(?,8):(1,?)", true},   // want lost its facts
		{"(?{div=4},8):(1,?)", "(?{div=4},8):(1,?)", true}, // compared exactly
		{"(?{div=2},8):(1,?)", "(?{div=4},8):(1,?)", false},
		{"(?,8):(1,?)", "(?,8):(2,?)", false},
	} {
		if got := FactsAgree(c.got, c.want); got != c.agree {
			t.Errorf("FactsAgree(%q, %q) = %v, want %v", c.got, c.want, got, c.agree)
		}
	}
}
