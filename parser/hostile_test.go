package parser

import (
	"strings"
	"testing"
	"time"

	"github.com/cutec/cutec/diag"
	"github.com/cutec/cutec/internal/heavytest"
)

// within fails the test when f takes longer than d: every hostile input must
// be handled in time linear in its size. The bounds are generous, so that a
// loaded machine does not fail the test, yet far below what super-linear
// behaviour would take on these sizes (hours for a quadratic pass over 1 MB).
// An absolute time depends on the machine, so the bound is checked only
// with CUTEC_HEAVY=1 (docs/testing.md); f always runs.
func within(t *testing.T, d time.Duration, what string, f func()) {
	t.Helper()
	start := time.Now()
	f()
	if el := time.Since(start); el > d && heavytest.Enabled() {
		t.Errorf("%s took %v, more than %v", what, el, d)
	}
}

func TestHostileInputs(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: megabyte inputs, one goroutine (the race stage of .ci/run)")
	}
	// A million of each with CUTEC_HEAVY=1; a tenth by default, which
	// reaches the same limits and codes.
	million := 100_000
	if heavytest.Enabled() {
		million = 1_000_000
	}
	cases := []struct {
		name string
		form Form
		src  string
		code diag.Code // "" for a valid input
	}{
		{"a million open parens", FormExpr, strings.Repeat("(", million), diag.NestingTooDeep},
		{"a million nested tuples", FormExpr, strings.Repeat("(", million) + strings.Repeat(")", million), diag.NestingTooDeep},
		{"a million brackets in a descriptor", FormDescriptor, strings.Repeat("(", million), diag.NestingTooDeep},
		{"a 10^30 literal", FormExpr, "1" + strings.Repeat("0", 30), diag.IntOutOfRange},
		{"a million-digit literal", FormExpr, strings.Repeat("9", million), diag.IntOutOfRange},
		{"int64 max", FormExpr, "9223372036854775807", ""},
		{"int64 min", FormExpr, "-9223372036854775808", ""},
		{"a zero denominator", FormExpr, "1/0@0", ""},
		{"a zero denominator in a descriptor", FormDescriptor, "(1/0@0, 1@1)", ""},
		{"a NUL byte", FormExpr, "(4,\x008)", diag.InvalidCharacter},
		{"invalid UTF-8", FormExpr, "(4,8):(1,\xc0\xaf)", diag.InvalidUTF8},
		{"binary junk", FormExpr, "\x7fELF\x02\x01\x01", diag.InvalidCharacter},
		{"a long flat tuple", FormExpr, "(" + strings.Repeat("1,", million/5) + "1)", ""},
		{"a long flat layout", FormLayout, "(" + strings.Repeat("2,", million/10) + "2):(" + strings.Repeat("1,", million/10) + "1)", ""},
		{"a long line of junk", FormExpr, strings.Repeat("a b ", million/5), diag.TrailingText},
		{"deep nesting at the limit", FormExpr, strings.Repeat("(", 256) + "1" + strings.Repeat(")", 256), ""},
		{"deep parens at the limit", FormExpr, strings.Repeat("(", 255) + "A" + strings.Repeat(")", 255), ""},
		{"deep calls at the limit", FormExpr, strings.Repeat("f(", 256) + strings.Repeat(")", 256), ""},
		{"deep tiles at the limit", FormExpr, strings.Repeat("[", 256) + "_" + strings.Repeat("]", 256), ""},
		{"one past the limit", FormExpr, strings.Repeat("[", 257) + "_" + strings.Repeat("]", 257), diag.NestingTooDeep},
	}
	for _, c := range cases {
		within(t, 20*time.Second, c.name, func() {
			n, l, _ := parseAs(uncached, c.form, c.src)
			checkResult(t, c.src, n, l)
			switch {
			case c.code == "" && n == nil:
				t.Errorf("%s: %s", c.name, describeDiags(l))
			case c.code != "" && (len(l) == 0 || l[0].Code != c.code):
				t.Errorf("%s: got %s, want %s", c.name, describeDiags(l), c.code)
			}
		})
	}
}

func TestMaxDepthOption(t *testing.T) {
	src := strings.Repeat("(", 10) + "1" + strings.Repeat(")", 10)
	if _, l, _ := parseAs(New(Options{MaxDepth: 9, CacheSize: -1}), FormExpr, src); len(l) != 1 || l[0].Code != diag.NestingTooDeep || l[0].Start().Col != 10 {
		t.Errorf("MaxDepth 9: %s", describeDiags(l))
	}
	if n, l, _ := parseAs(New(Options{MaxDepth: 10, CacheSize: -1}), FormExpr, src); n == nil {
		t.Errorf("MaxDepth 10: %s", describeDiags(l))
	}
	deep := strings.Repeat("(", MaxMaxDepth) + "A" + strings.Repeat(")", MaxMaxDepth)
	within(t, 20*time.Second, "parens at the largest MaxDepth", func() {
		if n, l, _ := parseAs(New(Options{MaxDepth: 1 << 30, CacheSize: -1}), FormExpr, deep); n == nil {
			t.Errorf("MaxDepth %d: %s", MaxMaxDepth, describeDiags(l))
		}
	})
}
