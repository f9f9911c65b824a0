package verify

import (
	"strings"
	"testing"

	"github.com/cutec/cutec/diag"
)

// TestMLIRWindowBefore checks that make_layout's operands defined above
// the window, in before, are found, within MLIRLookback bytes of the op's
// line and not beyond: the layout of shape (4,8) and stride (8,1) is
// (4,8):(8,1), so the stated (4,8):(1,8) is E0605 when the operands are
// found and the op is skipped when they are not.
func TestMLIRWindowBefore(t *testing.T) {
	pass, err := NewPass(Options{IR: true, Lowerable: true})
	if err != nil {
		t.Fatal(err)
	}
	defs := "%s = cute.static : !cute.shape<\"(4,8)\">\n%d = cute.static : !cute.stride<\"(8,1)\">\n"
	op := "%l = cute.make_layout(%s, %d) : !cute.layout<\"(4,8):(1,8)\">\n"
	filler := "// a comment line of 32 bytes..\n"
	for _, tc := range []struct {
		name          string
		before, above string // the text before the window, and in it above the op
		want          int    // E0605 reported
	}{
		{"in the window", "", defs, 1},
		{"in before", defs, "", 1},
		{"in before, with lines above the op in the window", defs, strings.Repeat(filler, 100), 1},
		// The definition of %d ends 32*256 = 8192 bytes above the op's line
		// and starts further up: out of reach, wherever the window starts.
		{"beyond the lookback, in before", defs, strings.Repeat(filler, 256), 0},
		{"beyond the lookback, in the window", "", defs + strings.Repeat(filler, 256), 0},
		// Both definitions (83 bytes) start within 32*253+83 = 8179 bytes.
		{"just within the lookback", defs, strings.Repeat(filler, 253), 1},
		{"just within the lookback, in the window", "", defs + strings.Repeat(filler, 253), 1},
	} {
		var st OpStats
		src := []byte(tc.above + op)
		l := pass.MLIRWindow(diag.NewFile("w.mlir", src), []byte(tc.before), nil, &st)
		if got := strings.Count(l.Error(), "E0605"); got != tc.want {
			t.Errorf("%s: %d E0605 (%v, %+v), want %d", tc.name, got, l, st, tc.want)
		}
	}
}

// TestAliasesViews checks that Scan leaves the view it is called on as it
// was: a chunk judged with an earlier view does not see the definitions
// read after it, and a name defined again with another text resolves to
// nothing only from the second definition on.
func TestAliasesViews(t *testing.T) {
	v1 := (*Aliases)(nil).Scan([]byte("!a = !cute.layout<\"4:1\">\n"))
	v2 := v1.Scan([]byte("!b = !cute.layout<\"8:1\">\n!a = !cute.layout<\"4:1\">\n"))
	v3 := v2.Scan([]byte("// no definitions\n"))
	v4 := v3.Scan([]byte("!a = !cute.layout<\"2:1\">\n"))
	if v3 != v2 {
		t.Errorf("Scan of a text without definitions made a new view")
	}
	for _, tc := range []struct {
		v    *Aliases
		name string
		want string // "" for unresolved
	}{
		{v1, "!a", `!cute.layout<"4:1">`}, {v1, "!b", ""},
		{v2, "!a", `!cute.layout<"4:1">`}, {v2, "!b", `!cute.layout<"8:1">`},
		{v4, "!a", ""}, {v4, "!b", `!cute.layout<"8:1">`},
	} {
		def, ok := tc.v.Lookup([]byte(tc.name))
		if string(def) != tc.want || ok != (tc.want != "") {
			t.Errorf("view of %d definitions: Lookup(%s) = %q, %v; want %q", tc.v.Len(), tc.name, def, ok, tc.want)
		}
	}
}
