package normalize_test

import (
	"strings"
	"testing"

	"github.com/cutec/cutec/diag"
	"github.com/cutec/cutec/internal/suggest"
	"github.com/cutec/cutec/normalize"
)

// TestUnknownNameSuggestion: a misspelt operation gets the suggestion of
// internal/suggest, the rule the command line uses for its commands and
// flags, and nothing when no name is close. The expected names are those
// one or two edits away (a transposition is one edit).
func TestUnknownNameSuggestion(t *testing.T) {
	for _, tc := range []struct{ name, want string }{
		{"compositon", "composition"},  // a deletion
		{"compostiion", "composition"}, // a transposition
		{"logical_dvide", "logical_divide"},
		{"sise", "size"},
		{"frobnicate", ""},
		{"x", ""},
	} {
		_, diags := eval(t, tc.name+"(4:1)", nil)
		d := first(diags, diag.UnknownName)
		if d == nil {
			t.Errorf("%s(4:1): no E0203 in %v", tc.name, diags)
			continue
		}
		got := ""
		if _, after, ok := strings.Cut(d.Message, "did you mean "); ok {
			got = strings.TrimSuffix(after, "?")
		}
		if got != tc.want {
			t.Errorf("%s: suggests %q, want %q", tc.name, got, tc.want)
		}
		if same := suggest.Closest(tc.name, normalize.Operations()); got != same {
			t.Errorf("%s: suggests %q, but suggest.Closest gives %q", tc.name, got, same)
		}
	}
}

func first(l diag.List, code diag.Code) *diag.Diagnostic {
	for _, d := range l {
		if d.Code == code {
			return d
		}
	}
	return nil
}
