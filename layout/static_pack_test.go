package layout

import (
	"testing"

	"pgregory.net/rapid"
)

// TestPropertyStaticPacked checks that UnpackStatic undoes AppendPacked,
// and that a truncated encoding is rejected.
func TestPropertyStaticPacked(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		l, s := genStaticLayout(t, "l")
		b := s.AppendPacked(nil)
		got, ok := UnpackStatic(string(b))
		if !ok || !got.Layout().Equal(l) {
			t.Fatalf("%s packed as %x unpacks to %v, %v", l, b, got.Layout(), ok)
		}
		if _, ok := UnpackStatic(string(b[:len(b)-1])); ok {
			t.Fatalf("%s: the truncated encoding %x is accepted", l, b[:len(b)-1])
		}
	})
}

// TestUnpackStaticRejects checks encodings whose profile does not match
// the leaves.
func TestUnpackStaticRejects(t *testing.T) {
	for _, b := range []string{
		"",
		"\x01\x01(\x02\x02",           // the profile is not a leaf
		"\x01\x02xx\x02\x02",          // two leaves in the profile, one counted
		"\x02\x03(xx\x02\x02\x02\x02", // an unclosed tuple
		"\x00\x00",                    // no leaf
	} {
		if s, ok := UnpackStatic(b); ok {
			t.Errorf("%q unpacks to %v", b, s.Layout())
		}
	}
}

func TestStaticPackedSize(t *testing.T) {
	// (4,8):(1,4): 2 counts, the profile "(xx)" and 4 one-byte varints.
	s, _ := StaticOf(L(t, "(4,8):(1,4)"))
	if b := s.AppendPacked(nil); len(b) != 10 {
		t.Errorf("(4,8):(1,4) packs into %d bytes %x, want 10", len(b), b)
	}
}
