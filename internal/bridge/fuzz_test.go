package bridge

import (
	"encoding/json"
	"testing"
	"unicode/utf8"
)

// FuzzCalls feeds any bytes to every call, unguarded (a panic fails the
// fuzz target instead of becoming E0808), and checks that each result is
// well formed: valid UTF-8 JSON diagnostics, Failed exactly when one is an
// error, and no value on failure.
func FuzzCalls(f *testing.F) {
	for _, s := range []string{"composition(8:2, 4:1)", "(4,8):(1,\xff)", "A = 8:1\nassert size(A) == 9\n",
		`!cute.layout<"(4,8):(1,4,2)">`, "S<2,1,2> o 0 o (4,8):(8,1)", "((((", "\x00", ""} {
		f.Add([]byte(s), uint8(0))
	}
	f.Fuzz(func(t *testing.T, src []byte, which uint8) {
		var r Result
		switch which % 6 {
		case 0:
			r = Eval(src)
		case 1:
			r = Verify(src)
		case 2:
			r = Lint("f", src, Kind(which/6%3))
		case 3:
			r = Format("f", src, Kind(which/6%3))
		default:
			r = Draw(src, int(which/6%4))
		}
		b := DiagnosticsJSON(r.Diags)
		if !json.Valid(b) || !utf8.Valid(b) {
			t.Fatalf("diagnostics are not valid UTF-8 JSON: %q", b)
		}
		if r.Failed != r.Diags.HasErrors() {
			t.Fatalf("Failed is %v but the diagnostics have errors: %v (%s)", r.Failed, r.Diags.HasErrors(), b)
		}
		if r.Failed && r.HasValue {
			t.Fatalf("a failed call has the value %q", r.Value)
		}
	})
}
