package layout

import (
	"testing"

	"pgregory.net/rapid"
)

// TestAppendTextIsString checks AppendText against String on layouts
// with integer, dynamic and basis leaves.
func TestAppendTextIsString(t *testing.T) {
	for _, l := range []Layout{
		L(t, "(4,(2,2)):(1,(4,-8))"),
		MustNew(Tuple(Int(4), Dynamic(0, 0)), Tuple(Basis(1, 0), Basis(2, 1))),
		MustNew(Tuple(), Tuple()),
	} {
		got, err := l.AppendText([]byte("x="))
		if err != nil || string(got) != "x="+l.String() {
			t.Errorf("AppendText of %s: %q, %v", l, got, err)
		}
	}
	rapid.Check(t, func(t *rapid.T) {
		l := genLayout(t, "l")
		if got, _ := l.AppendText(nil); string(got) != l.String() {
			t.Fatalf("AppendText %q, String %q", got, l.String())
		}
	})
}
