package layout

// The worked examples of the project's design note as docs/semantics.md
// §Errata corrects them (E2-E7), and the swizzle facts of §E9. Where the
// note is wrong the test says so.

import "testing"

func TestDesignNoteWorkedExamples(t *testing.T) {
	compose := []struct{ a, b, want string }{
		{"8:2", "4:1", "4:2"},                         // §E2: the note rejects it; B selects A's first 4 offsets
		{"4:1", "8:2", "8:2"},                         // §E3: the note says 4:2; A is evaluated on its extended domain
		{"(4,2):(1,4)", "(2,2):(1,2)", "(2,2):(1,2)"}, // the hierarchical case
	}
	for _, tc := range compose {
		r, err := Compose(L(t, tc.a), L(t, tc.b))
		wantLayout(t, tc.a+" o "+tc.b, r, err, tc.want)
	}
	r, err := ComplementTo(L(t, "4:32"), Int(256)) // §E4: the note says 32:1, which covers only 128
	wantLayout(t, "complement(4:32, 256)", r, err, "(32,2):(1,128)")
	r, err = ComplementTo(L(t, "32:1"), Int(128))
	wantLayout(t, "complement(32:1, 128)", r, err, "4:32")
	r, err = LogicalDivide(L(t, "128:1"), TileLayout(L(t, "32:1")))
	wantLayout(t, "logical_divide(128:1, 32:1)", r, err, "(32,4):(1,32)")
	r, err = ComplementTo(L(t, "128:1"), Int(512))
	wantLayout(t, "complement(128:1, 512)", r, err, "4:128")
	r, err = LogicalProduct(L(t, "128:1"), TileLayout(L(t, "4:32"))) // §E5: the note says (128,4):(1,128)
	wantLayout(t, "logical_product(128:1, 4:32)", r, err, "(128,4):(1,4096)")
	r, err = LogicalProduct(L(t, "128:1"), TileLayout(L(t, "4:1"))) // §E5: legal, though the note calls it illegal
	wantLayout(t, "logical_product(128:1, 4:1)", r, err, "(128,4):(1,128)")
	wantLayout(t, "coalesce((2,4):(4,1))", Coalesce(L(t, "(2,4):(4,1)")), nil, "(2,4):(4,1)") // §E6: the note says 8:1
	wantLayout(t, "coalesce((2,4):(8,1))", Coalesce(L(t, "(2,4):(8,1)")), nil, "(2,4):(8,1)")
	wantLayout(t, "filter_zeros((4,3):(1,0))", FilterZeros(L(t, "(4,3):(1,0)")), nil, "(4,1):(1,0)")
	wantLayout(t, "filter((4,3):(1,0))", Filter(L(t, "(4,3):(1,0)")), nil, "4:1")
}

func TestSwizzleErrata(t *testing.T) {
	sw, err := NewSwizzle(3, 4, 3)
	if err != nil {
		t.Fatal(err)
	}
	// S<3,4,3> XORs bits 7-9 into bits 4-6: every offset below 0x80 is fixed.
	for x := int64(0); x < 0x80; x++ {
		if got := sw.Apply(x); got != x {
			t.Errorf("S<3,4,3>(%#x) = %#x, want it unchanged", x, got)
		}
	}
	for _, tc := range []struct{ x, want int64 }{{0x18, 0x18}, {0x20, 0x20}, {0x80, 0x90}, {0x380, 0x3F0}, {0x3FF, 0x38F}} {
		if got := sw.Apply(tc.x); got != tc.want {
			t.Errorf("S<3,4,3>(%#x) = %#x, want %#x", tc.x, got, tc.want)
		}
	}
	if _, err := NewSwizzle(3, 4, 2); err == nil {
		t.Error("S<3,4,2> has |S| < B and must be rejected")
	} else {
		wantCode(t, "S<3,4,2>", err, CodeSwizzleNotBijective)
	}
	id, _ := NewSwizzle(0, 4, 3)
	for x := int64(0); x < 1024; x++ {
		if id.Apply(x) != x {
			t.Fatalf("S<0,4,3> is the identity, but maps %d to %d", x, id.Apply(x))
		}
	}
}

func TestComposedLayout(t *testing.T) {
	sw, _ := NewSwizzle(3, 4, 3)
	c, err := NewComposed(sw, Int(0), L(t, "(8,64):(64,1)"))
	if err != nil {
		t.Fatal(err)
	}
	if c.String() != "S<3,4,3> o 0 o (8,64):(64,1)" {
		t.Errorf("String() = %s", c)
	}
	// Row 1, column 0: offset 64 = 0x40 is below 0x80 and stays; row 2,
	// column 0: 128 = 0x80 becomes 0x90.
	for _, tc := range []struct {
		crd  IntTuple
		want int64
	}{{Ints(1, 0), 64}, {Ints(2, 0), 0x90}, {Ints(2, 16), 0x80}} {
		got, err := c.Eval(tc.crd)
		if err != nil || got.Value() != tc.want {
			t.Errorf("(%s) = %s, %v; want %d", tc.crd, got, err, tc.want)
		}
	}
	if _, err := NewComposed(sw, Basis(1, 0), L(t, "(8,64):(64,1)")); err == nil {
		t.Error("a basis offset cannot be added to a swizzle's integer domain")
	}
}
