package layout

// The examples and tables of the CuTe paper, with the corrections of
// docs/semantics.md §Errata. Every expected value is copied from the paper or
// from that section; the section is named next to each group.

import (
	"bufio"
	"os"
	"strconv"
	"strings"
	"testing"
)

func wantLayout(t *testing.T, what string, got Layout, err error, want string) {
	t.Helper()
	if err != nil {
		t.Errorf("%s: unexpected error %v", what, err)
		return
	}
	if got.String() != want {
		t.Errorf("%s = %s, want %s", what, got, want)
	}
}

func wantCode(t *testing.T, what string, err error, code Code) {
	t.Helper()
	e, ok := err.(*Error)
	if !ok || e.Code != code {
		t.Errorf("%s: got error %v, want code %s", what, err, code)
	}
}

// §2.2.2, Figure 2: the coordinate lists of (2,3) and ((2,3),2).
func TestPaperFigure2(t *testing.T) {
	tests := []struct {
		shape string
		crds  []string
	}{
		{"4", []string{"0", "1", "2", "3"}},
		{"(2,3)", []string{"(0,0)", "(1,0)", "(0,1)", "(1,1)", "(0,2)", "(1,2)"}},
		{"(6,2)", []string{"(0,0)", "(1,0)", "(2,0)", "(3,0)", "(4,0)", "(5,0)", "(0,1)", "(1,1)", "(2,1)", "(3,1)", "(4,1)", "(5,1)"}},
		{"((2,3),2)", []string{"((0,0),0)", "((1,0),0)", "((0,1),0)", "((1,1),0)", "((0,2),0)", "((1,2),0)",
			"((0,0),1)", "((1,0),1)", "((0,1),1)", "((1,1),1)", "((0,2),1)", "((1,2),1)"}},
	}
	for _, tc := range tests {
		shape := T(t, tc.shape)
		for i, want := range tc.crds {
			got, err := Idx2Crd(Int(int64(i)), shape)
			if err != nil || got.String() != want {
				t.Errorf("idx2crd(%d, %s) = %s, %v; want %s", i, tc.shape, got, err, want)
			}
			back, err := Crd2IdxCompact(got, shape)
			if err != nil || !back.Equal(Int(int64(i))) {
				t.Errorf("crd2idx(%s, %s) = %s, %v; want %d", got, tc.shape, back, err, i)
			}
		}
	}
}

// §2.2.2: idx2crd is defined for every integer; past the size it gives an
// out-of-bounds coordinate (the last mode is unbounded), it does not wrap.
func TestPaperIdx2CrdOutOfBounds(t *testing.T) {
	got, err := Idx2Crd(Int(13), T(t, "(2,3)"))
	if err != nil || got.String() != "(1,6)" {
		t.Errorf("idx2crd(13, (2,3)) = %s, %v; want (1,6)", got, err)
	}
}

// §2.4.1: L(22) = L(2,5) = L((0,1),(1,1)) = 26.
func TestPaperEvaluation(t *testing.T) {
	l := L(t, "((2,2),(4,2)):((1,8),(2,16))")
	for _, crd := range []string{"22", "(2,5)", "((0,1),(1,1))"} {
		got, err := l.Eval(T(t, crd))
		if err != nil || got.String() != "26" {
			t.Errorf("L(%s) = %s, %v; want 26", crd, got, err)
		}
	}
}

// §2.5.1, Figure 5: every offset of the 6x12 tensor, and its slices (in
// CuTe C++'s form: a _ in a tuple keeps its mode as one mode of a flat
// tuple).
func TestPaperFigure5(t *testing.T) {
	a := L(t, "((3,2),((2,3),2)):((4,1),((2,15),100))")
	checkTable(t, "figure5.tsv", func(m, n int) (IntTuple, error) {
		return a.Eval(Tuple(Int(int64(m)), Int(int64(n))))
	})
	slices := []struct{ crd, off, sub string }{
		{"(2,_)", "8", "(((2,3),2)):(((2,15),100))"},
		{"(_,5)", "32", "((3,2)):((4,1))"},
		{"(2,((0,_),_))", "8", "(3,2):(15,100)"},
		{"((_,1),(_,0))", "1", "(3,(2,3)):(4,(2,15))"},
		{"((_,0),((0,_),1))", "100", "(3,3):(4,15)"},
		{"((1,_),((_,0),_))", "4", "(2,2,2):(1,2,100)"},
	}
	for _, s := range slices {
		sub, off, err := SliceAndOffset(T(t, s.crd), a)
		if err != nil || off.String() != s.off || sub.String() != s.sub {
			t.Errorf("A%s = {%s} o %s, %v; want {%s} o %s", s.crd, off, sub, err, s.off, s.sub)
		}
	}
}

// §3.2: coalesce, whole and by mode.
func TestPaperCoalesce(t *testing.T) {
	tests := []struct{ l, whole, byMode string }{
		{"(2,(1,6)):(1,(6,2))", "12:1", "(2,6):(1,2)"},
		{"((4,3),5):((15,1),3)", "(4,15):(15,1)", "((4,3),5):((15,1),3)"},
		{"(4,(3,5)):(15,(1,3))", "(4,15):(15,1)", "(4,15):(15,1)"},
	}
	for _, tc := range tests {
		l := L(t, tc.l)
		wantLayout(t, "coalesce"+tc.l, Coalesce(l), nil, tc.whole)
		r, err := CoalesceProfile(l, T(t, "(_,_)"))
		wantLayout(t, "coalesce by mode "+tc.l, r, err, tc.byMode)
	}
}

// §3.3.1: identity layouts, and the associativity counterexample.
func TestPaperIdentityAndAssociativity(t *testing.T) {
	for _, s := range []string{"24:1", "(4,6):(1,4)", "(3,(4,2)):(1,(3,12))"} {
		l := L(t, s)
		for i := int64(0); i < 24; i++ {
			if got, err := l.Eval(Int(i)); err != nil || got.val != i {
				t.Errorf("%s(%d) = %s, %v", s, i, got, err)
			}
		}
	}
	for _, s := range []string{"(4,6):(1@0,1@1)", "(4,(3,2)):(1@0,(1@1,3@1))"} {
		l := L(t, s)
		for i := int64(0); i < 4; i++ {
			for j := int64(0); j < 6; j++ {
				crd := Tuple(Int(i), Int(j))
				got, err := Crd2Idx(crd, Ints(4, 6), mustStride(t, l))
				if err != nil || !got.Equal(crd) {
					t.Errorf("%s(%s) = %s, %v", s, crd, got, err)
				}
			}
		}
	}
	a, b, c := L(t, "(5,3):(1,7)"), L(t, "4:1"), L(t, "2:5")
	bc, _ := Compose(b, c)
	left, err := Compose(a, bc)
	wantLayout(t, "A o (B o C)", left, err, "2:7")
	ab, _ := Compose(a, b)
	right, err := Compose(ab, c)
	wantLayout(t, "(A o B) o C", right, err, "2:5")
}

// mustStride returns the stride of an identity layout viewed with a 2-D
// coordinate (the layout's shape may refine (4,6)).
func mustStride(t *testing.T, l Layout) IntTuple {
	t.Helper()
	if Congruent(l.shape, Ints(4, 6)) {
		return l.stride
	}
	// (4,(3,2)):(e0,(e1,3e1)) as a function of (i,j): j = j0 + 3 j1.
	return Tuple(l.stride.At(0), Basis(1, 1))
}

// §3.3.3: rank-1 compositions, the worked example, the violations and the
// apparent violation.
func TestPaperCompositionDivisibility(t *testing.T) {
	ok := []struct{ a, b, want string }{
		{"7:11", "3:4", "3:44"},
		{"7:11", "(3,5):(6,3)", "(3,5):(66,33)"},
		{"(4,6,8,10):(2,3,5,7)", "6:12", "(2,3):(9,5)"},
		{"(4,2,8):(3,12,97)", "3:3", "3:9"},
	}
	for _, tc := range ok {
		r, err := Compose(L(t, tc.a), L(t, tc.b))
		wantLayout(t, tc.a+" o "+tc.b, r, err, tc.want)
	}
	bad := []struct {
		a, b string
		code Code
	}{
		{"(4,6,8):(2,3,5)", "6:3", CodeStrideDivisibility},
		{"(4,6,8):(2,3,5)", "6:1", CodeShapeDivisibility},
		{"(4,2,8):(3,12,97)", "4:3", CodeStrideDivisibility},
		{"(4,2,8):(3,15,97)", "3:3", CodeStrideDivisibility},
	}
	for _, tc := range bad {
		_, err := Compose(L(t, tc.a), L(t, tc.b))
		wantCode(t, tc.a+" o "+tc.b, err, tc.code)
	}
}

// §3.3.3: the numbers a divisibility error names are the paper's: for
// (4,6,8):(2,3,5) o 6:3, the prefix product 4 and the stride 3.
func TestPaperDivisibilityNumbers(t *testing.T) {
	_, err := Compose(L(t, "(4,6,8):(2,3,5)"), L(t, "6:3"))
	e, ok := err.(*Error)
	if !ok || e.Prefix != 4 || e.Stride != 3 || e.Mode != 0 {
		t.Fatalf("got %#v", err)
	}
	_, err = Compose(L(t, "(4,6,8):(2,3,5)"), L(t, "6:1"))
	e, ok = err.(*Error)
	if !ok || e.Prefix != 4 || e.Size != 6 {
		t.Fatalf("got %#v", err)
	}
	if !strings.Contains(e.Msg, "ceil(4/1) = 4 does not divide the size 6") {
		t.Errorf("message %q does not name the paper's numbers", e.Msg)
	}
}

// §3.3.4, Table 4: data layouts composed with the thread-value layout of the
// Ampere FP64 tensor core. (The swizzled row uses F2 strides, which cutec
// does not model; CuTe's swizzles are Swizzle<B,M,S> instead.)
func TestPaperTable4(t *testing.T) {
	tv := L(t, "((4,8),2):((16,1),8)")
	tests := []struct{ data, want string }{
		{"(8,8):(1,8)", "((4,8),2):((16,1),8)"},
		{"(8,8):(8,1)", "((4,8),2):((2,8),1)"},
		{"(8,8):(1,9)", "((4,8),2):((18,1),9)"},
		{"((4,2),(2,4)):((2,16),(1,8))", "((4,(4,2)),2):((8,(2,16)),1)"},
		{"(8,8):(1@0,1@1)", "((4,8),2):((2@1,1@0),1@1)"},
	}
	for _, tc := range tests {
		r, err := Compose(L(t, tc.data), tv)
		wantLayout(t, tc.data+" o TV", r, err, tc.want)
	}
}

// §3.5.2 and Figure 12: tilers by mode.
func TestPaperTilers(t *testing.T) {
	l := L(t, "(8,16):(20,1)")
	tile := TileTuple(TileLayout(L(t, "4:1")), TileLayout(L(t, "8:2")))
	r, err := LogicalDivide(l, tile)
	wantLayout(t, "logical_divide", r, err, "((4,2),(8,2)):((20,80),(2,1))")
	r, err = ZippedDivide(l, tile)
	wantLayout(t, "zipped_divide", r, err, "((4,8),(2,2)):((20,2),(80,1))")
	shapeTiler, _ := TilerOfShape(Ints(4, 8))
	r, err = ComposeTiler(l, shapeTiler)
	wantLayout(t, "composition with the shape (4,8)", r, err, "(4,8):(20,1)")
}

// §3.4.1, Table 5: right inverses of the largest size (integer strides).
func TestPaperTable5(t *testing.T) {
	tests := []struct{ l, want string }{
		{"(4,8):(1,4)", "32:1"},
		{"(4,8):(8,1)", "(8,4):(4,1)"},
		{"(3,7,5):(5,15,1)", "(5,21):(21,1)"},
		{"(4,8):(1,5)", "4:1"},
		{"(4,(4,2)):(4,(1,16))", "(4,4,2):(4,1,16)"},
		{"((2,2),(4,2)):((1,8),(2,16))", "(2,4,2,2):(1,4,2,16)"},
		{"((2,2),(2,4)):((0,1),(0,2))", "(2,4):(2,8)"}, // docs/semantics.md §E10: not the paper's (2,2):(4,8)
		{"((2,2),(2,4)):((0,2),(0,4))", "1:0"},
	}
	for _, tc := range tests {
		r, err := RightInverse(L(t, tc.l))
		wantLayout(t, "right_inverse"+tc.l, r, err, tc.want)
	}
}

// §3.4.3, Table 6: left inverses (integer strides).
func TestPaperTable6(t *testing.T) {
	tests := []struct{ l, want string }{
		{"(4,8):(1,4)", "32:1"},
		{"(4,8):(8,1)", "(8,4):(4,1)"},
		{"(3,7,5):(5,15,1)", "(5,21):(21,1)"},
		{"(4,8):(1,5)", "(5,8):(1,4)"},
		{"(4,(4,2)):(4,(1,16))", "(4,4,2):(4,1,16)"},
		{"((2,2),(4,2)):((1,8),(2,16))", "(2,4,2,2):(1,4,2,16)"},
		{"((2,2),(2,4)):((0,2),(0,4))", "(2,2,4):(0,2,8)"},
		{"((2,2),(2,4)):((0,1),(0,2))", "(2,4):(2,8)"}, // docs/semantics.md §E10: (2,2):(4,8) is no inverse
	}
	for _, tc := range tests {
		l := L(t, tc.l)
		r, err := LeftInverse(l)
		wantLayout(t, "left_inverse"+tc.l, r, err, tc.want)
		if ok, err := isLeftInverse(l, r); err != nil || !ok {
			t.Errorf("left_inverse%s = %s breaks l(L(l(k))) = l(k)", tc.l, r)
		}
	}
}

// §3.5, Table 7: complements, in CuTe's coalesced form (docs/semantics.md §E11).
func TestPaperTable7(t *testing.T) {
	tests := []struct{ l, want string }{
		{"(4,8):(1,4)", "1:0"},
		{"(4,8):(8,1)", "1:0"},
		{"(4,(4,2)):(4,(1,16))", "1:0"},
		{"(4,8):(1,5)", "1:0"},
		{"(4,8):(1,8)", "2:4"},
		{"((2,2),(2,4)):((0,1),(0,2))", "1:0"},
		{"((2,2),(2,4)):((0,2),(0,4))", "2:1"},
	}
	for _, tc := range tests {
		r, err := Complement(L(t, tc.l))
		wantLayout(t, "complement"+tc.l, r, err, tc.want)
	}
}

// §3.5.1: logical products, and Figures 10 and 11 entry by entry.
func TestPaperProducts(t *testing.T) {
	tile, grid := L(t, "(3,4):(4,1)"), L(t, "(2,5):(1,2)")
	r, err := LogicalProduct(tile, TileLayout(grid))
	wantLayout(t, "logical_product", r, err, "((3,4),(2,5)):((4,1),(12,24))")
	r, err = LogicalProduct(L(t, "(4,8):(20,2)"), TileLayout(L(t, "(3,2):(2,1)")))
	wantLayout(t, "logical_product", r, err, "((4,8),(3,2)):((20,2),(80,1))")

	blocked, err := BlockedProduct(tile, grid)
	wantLayout(t, "blocked_product", blocked, err, "((3,2),(4,5)):((4,12),(1,24))")
	checkTable(t, "figure10.tsv", func(m, n int) (IntTuple, error) {
		return blocked.Eval(Tuple(Int(int64(m)), Int(int64(n))))
	})
	raked, err := RakedProduct(tile, grid)
	wantLayout(t, "raked_product", raked, err, "((2,3),(5,4)):((12,4),(24,1))")
	checkTable(t, "figure11.tsv", func(m, n int) (IntTuple, error) {
		return raked.Eval(Tuple(Int(int64(m)), Int(int64(n))))
	})
}

// §3.5.2: logical divide keeps the "rest" in the second mode.
func TestPaperLogicalDivide(t *testing.T) {
	tests := []struct{ a, b, compose, divide string }{
		{"24:3", "8:3", "8:9", "(8,3):(9,3)"},
		{"(6,2,2):(2,1,20)", "8:3", "(2,2,2):(6,1,20)", "((2,2,2),3):((6,1,20),2)"},
	}
	for _, tc := range tests {
		a, b := L(t, tc.a), L(t, tc.b)
		r, err := Compose(a, b)
		wantLayout(t, tc.a+" o "+tc.b, r, err, tc.compose)
		r, err = LogicalDivide(a, TileLayout(b))
		wantLayout(t, tc.a+" / "+tc.b, r, err, tc.divide)
	}
	rest, err := ComplementTo(L(t, "8:3"), Int(24))
	wantLayout(t, "complement(8:3, 24)", rest, err, "3:1")
}

// checkTable compares f(m, n) with every entry of a figure's table.
func checkTable(t *testing.T, name string, f func(m, n int) (IntTuple, error)) {
	t.Helper()
	file, err := os.Open("testdata/" + name)
	if err != nil {
		t.Fatal(err)
	}
	defer file.Close()
	sc := bufio.NewScanner(file)
	m, entries := 0, 0
	for sc.Scan() {
		if strings.HasPrefix(sc.Text(), "#") {
			continue
		}
		for n, field := range strings.Fields(sc.Text()) {
			want, _ := strconv.ParseInt(field, 10, 64)
			got, err := f(m, n)
			if err != nil || got.Kind() != KindInt || got.Value() != want {
				t.Errorf("%s: entry (%d,%d) = %s, %v; want %d", name, m, n, got, err, want)
			}
			entries++
		}
		m++
	}
	if entries == 0 {
		t.Fatalf("%s has no entries", name)
	}
}
