package layout

import "testing"

// The expected values of these tests are the symbolic layouts of the CuTe
// paper's Table 3, worked by hand.

func TestTermSpelling(t *testing.T) {
	for _, c := range []struct {
		term Term
		want string
	}{
		{newTerm(32, 1, "lda"), "32*lda"},
		{newTerm(4, 1, "N", "M"), "4*M*N"},
		{newTerm(1, 128, "M"), "M/128"},
		{newTerm(2, 4, "M"), "M/2"}, // 2M/4 in lowest terms
		{newTerm(-1, 1, "lda"), "-1*lda"},
	} {
		if got := c.term.String(); got != c.want {
			t.Errorf("%#v: got %s, want %s", c.term, got, c.want)
		}
	}
}

func TestSymSizeKeepsFacts(t *testing.T) {
	// size((M{div=8},4)) is 4*M, a multiple of 32.
	r, err := symSize(Tuple(symbol("M", 8), Int(4)))
	if err != nil {
		t.Fatal(err)
	}
	if got := r.String(); got != "4*M" {
		t.Errorf("got %s", got)
	}
	if r.Value() != 32 {
		t.Errorf("known divisor %d, want 32", r.Value())
	}
}

func TestSymCoalesce(t *testing.T) {
	// coalesce((192,N):(1,192)) is 192*N:1 (the paper's Table 3), and with ? the
	// dialect's (192,?):(1,192) is ?{div=192}:1 (NVIDIA/cutlass #3469).
	r, err := symCoalesce(MustNew(Tuple(Int(192), symbol("N", 0)), Ints(1, 192)))
	if err != nil || r.Layout.String() != "192*N:1" || len(r.Obligations) != 0 {
		t.Errorf("got %v, %v", r, err)
	}
	r, err = symCoalesce(MustNew(Tuple(Int(192), dyn()), Ints(1, 192)))
	if err != nil || r.Layout.String() != "?{div=192}:1" {
		t.Errorf("got %v, %v", r, err)
	}
}

func TestSymLogicalDivideTable3(t *testing.T) {
	// logical_divide((M,K):(1,lda), (128,32)) is
	// ((128,M/128),(32,K/32)):((1,128),(lda,32*lda)) with 128 | M and 32 | K.
	a := MustNew(Tuple(symbol("M", 0), symbol("K", 0)), Tuple(Int(1), symbol("lda", 0)))
	r, err := symLogicalDivide(a, TileTuple(TileInt(128), TileInt(32)))
	if err != nil {
		t.Fatal(err)
	}
	if got, want := r.Layout.String(), "((128,M/128),(32,K/32)):((1,128),(lda,32*lda))"; got != want {
		t.Errorf("got %s, want %s", got, want)
	}
	if got := r.String(); got != "((128,M/128),(32,K/32)):((1,128),(lda,32*lda)) [128 | M, 32 | K]" {
		t.Errorf("obligations: %s", got)
	}
}

func TestDischarge(t *testing.T) {
	o := Obligation{Op: "logical_divide", D: newTerm(128, 1), T: SymbolTerm("M", 64)}
	v, counter, fix := o.Discharge()
	if v != Open || counter["M"] != 64 || fix != "M{div=128}" {
		t.Errorf("got %v %v %q", v, counter, fix)
	}
	o.T = SymbolTerm("M", 256)
	if v, _, _ := o.Discharge(); v != Proved {
		t.Errorf("M{div=256}: got %v", v)
	}
	// T{div=256} never divides 384 = 2^7*3.
	o = Obligation{Op: "zipped_divide", D: SymbolTerm("T", 256), T: newTerm(384, 1)}
	if v, _, _ := o.Discharge(); v != Refuted {
		t.Errorf("T{div=256} | 384: got %v", v)
	}
}

func TestSymLogicalDivideWholeModeRest(t *testing.T) {
	// A tile that covers its whole mode leaves the rest 1:0, whose stride
	// is 0 as CuTe's is. CuTe C++ compiled on the host (CUTLASS at
	// 7107b05535f8977f5ecb9d01ee203205b1fd9bc4) prints logical_divide of (_8,4):(_1,_8)
	// by the tile (8:1) as ((_8,_1),4):((_1,_0),_8), and of (_8,12):(_1,_8)
	// by (8:1, 4:1) as ((_8,_1),(_4,3)):((_1,_0),(_8,_32)): these are the
	// symbolic results at M = 4 and M = 12.
	a := MustNew(Tuple(Int(8), symbol("M", 0)), Tuple(Int(1), Int(8)))
	eight, four := TileLayout(MustNew(Int(8), Int(1))), TileLayout(MustNew(Int(4), Int(1)))
	for _, c := range []struct {
		tiler Tiler
		want  string
	}{
		{TileTuple(eight), "((8,1),M):((1,0),8)"},
		{TileTuple(eight, four), "((8,1),(4,M/4)):((1,0),(8,32))"},
	} {
		r, err := symLogicalDivide(a, c.tiler)
		if err != nil {
			t.Fatal(err)
		}
		if got := r.Layout.String(); got != c.want {
			t.Errorf("logical_divide(%s, %v): got %s, want %s", a, c.tiler, got, c.want)
		}
	}
}
