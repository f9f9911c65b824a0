package parser

import (
	"testing"

	"github.com/cutec/cutec/diag"
	"github.com/google/go-cmp/cmp"
)

// TestScanMLIRSkipsComments: the wrappers inside a `//` comment are not
// found (the policy: lint and fmt leave comments alone), even an unclosed
// one; `//` inside a string literal starts no comment; the wrappers before
// a comment on its line are found.
func TestScanMLIRSkipsComments(t *testing.T) {
	src := "// old: !cute.layout<\"(4,8):(1,,4)\">\n" +
		"%0 = cute.static : !cute.layout<\"8:1\"> // was !cute.layout<\"4:1\">\n" +
		"  // unclosed in a comment: !cute.layout<\"(4,8\n" +
		"%1 = \"x\"() {s = \"a//b\"} : () -> !cute.layout<\"2:1\">\n" +
		"%2 = \"x\"() {s = \"q\\\"//\"} : () -> !cute.layout<\"3:1\">\n"
	ws, l := scanAll(diag.NewFile("c.mlir", []byte(src)))
	if len(l) != 0 {
		t.Fatalf("%s", describeDiags(l))
	}
	var got []string
	for _, w := range ws {
		if w.Kind == KindLayout {
			got = append(got, string(w.Payload))
		}
	}
	// By hand: line 1 and 3 are comments, line 2's second wrapper is in its
	// comment, lines 4 and 5 hold `//` only inside strings (line 5's string
	// has an escaped quote before it).
	want := []string{"8:1", "2:1", "3:1"}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("layouts found (-want +got):\n%s", d)
	}
}
