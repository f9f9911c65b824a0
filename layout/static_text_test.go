package layout

import (
	"testing"

	"pgregory.net/rapid"
)

// TestPropertyStaticText checks that a Static's text is the text of the
// layout it holds, and that its offset of an integer coordinate is the one
// Layout.Eval computes, wherever Offset does not decline; it declines only
// on a negative coordinate or where Eval fails.
func TestPropertyStaticText(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		l, s := genStaticLayout(t, "l")
		want, _ := l.AppendText(nil)
		if got := s.AppendText(nil); string(got) != string(want) {
			t.Fatalf("AppendText %s, want %s", got, want)
		}
		size, _ := s.Size()
		i := rapid.Int64Range(-2, 2*size+2).Draw(t, "i")
		got, ok := s.Offset(i)
		w, err := l.Eval(Int(i))
		switch {
		case i < 0:
			if ok {
				t.Fatalf("Offset(%d) = %d, want a decline", i, got)
			}
		case !ok:
			if err == nil {
				t.Fatalf("Offset(%d) declines, Eval gives %s", i, w)
			}
		case err != nil:
			t.Fatalf("Offset(%d) = %d, Eval fails: %v", i, got, err)
		case w.Kind() != KindInt || w.Value() != got:
			t.Fatalf("Offset(%d) = %d, Eval gives %s", i, got, w)
		}
	})
}

// TestStaticTextByHand checks the text and offsets of layouts worked out by
// hand.
func TestStaticTextByHand(t *testing.T) {
	// ((4,2),8):((1,4),8) at 13: 13 = 1 + 4*(1 + 2*1), so the coordinate
	// is ((1,1),1) and the offset 1*1 + 1*4 + 1*8 = 13.
	var s Static
	for _, ok := range []bool{s.OpenTuple(), s.OpenTuple(), s.AddLeaf(4, 1), s.AddLeaf(2, 4), s.CloseTuple(), s.AddLeaf(8, 8), s.CloseTuple()} {
		if !ok {
			t.Fatal("building ((4,2),8):((1,4),8) failed")
		}
	}
	if got := string(s.AppendText(nil)); got != "((4,2),8):((1,4),8)" {
		t.Errorf("AppendText = %s", got)
	}
	if got, ok := s.Offset(13); !ok || got != 13 {
		t.Errorf("Offset(13) = %d, %v, want 13", got, ok)
	}
	// (4,8):(8,1) at 13: coordinate (1,3), offset 8 + 3 = 11; beyond the
	// size, the last mode takes the rest: 37 is (1,9), offset 8 + 9 = 17.
	var c Static
	c.OpenTuple()
	c.AddLeaf(4, 8)
	c.AddLeaf(8, 1)
	c.CloseTuple()
	if got, ok := c.Offset(13); !ok || got != 11 {
		t.Errorf("Offset(13) = %d, %v, want 11", got, ok)
	}
	if got, ok := c.Offset(37); !ok || got != 17 {
		t.Errorf("Offset(37) = %d, %v, want 17", got, ok)
	}
	var one Static
	one.AddLeaf(8, 2)
	if got := string(one.AppendText(nil)); got != "8:2" {
		t.Errorf("AppendText = %s", got)
	}
}
