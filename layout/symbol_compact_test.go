package layout

// The cheaper forms of the symbolic algebra's steps are held to the plain
// ones they replace: a product of terms merges the symbols as inserting
// them one by one does, two obligations are the same condition exactly
// when their texts are, and the verdict of an obligation without its
// counterexample is the verdict with it.

import (
	"slices"
	"testing"

	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"
)

// genTerm draws a term of up to five symbols (names may repeat, facts
// differ between occurrences), a coefficient and a divisor.
func genTerm(t *rapid.T, label string) Term {
	n := rapid.IntRange(0, 5).Draw(t, label+"-n")
	r := Term{Coef: rapid.SampledFrom([]int64{-2, 1, 1, 2, 3, 4, 12}).Draw(t, label+"-coef"),
		Div: rapid.SampledFrom([]int64{1, 1, 2, 4, 6}).Draw(t, label+"-div")}
	for range n {
		name := rapid.SampledFrom([]string{"K", "M", "M2", "N", "lda", "?1"}).Draw(t, label+"-name")
		f := rapid.SampledFrom([]int64{0, 1, 2, 4, 8, 3}).Draw(t, label+"-fact")
		r = r.mulSymbol(name, f)
	}
	return r.normal()
}

func TestPropertyTermMulMergesAsInserting(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		a, b := genTerm(t, "a"), genTerm(t, "b")
		got, ok := a.Mul(b)
		require.True(t, ok)
		// The product as it was computed: a's symbols, then each of b's
		// inserted in order.
		want := a
		want.Coef, want.Div = a.Coef*b.Coef, a.Div*b.Div
		for i, n := range b.Names {
			want = want.mulSymbol(n, b.Facts[i])
		}
		want = want.normal()
		require.Equal(t, want.Coef, got.Coef)
		require.Equal(t, want.Div, got.Div)
		require.Equal(t, want.Names, got.Names)
		require.Equal(t, want.Facts, got.Facts)
		// Sharing the operands' arrays never changes them.
		a2, b2 := genTermCopy(a), genTermCopy(b)
		_, _ = a.Mul(b)
		_, _ = got.Quo(b)
		require.Equal(t, a2, a)
		require.Equal(t, b2, b)
	})
}

func genTermCopy(t Term) Term {
	t.Names, t.Facts = slices.Clone(t.Names), slices.Clone(t.Facts)
	return t
}

func TestPropertyObligationSameConditionIsSameText(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		rel := Rel(rapid.IntRange(0, 3).Draw(t, "rel"))
		o := Obligation{D: genTerm(t, "d"), T: genTerm(t, "t"), Rel: rel}
		p := o
		if rapid.Bool().Draw(t, "other") {
			p = Obligation{D: genTerm(t, "d2"), T: genTerm(t, "t2"), Rel: Rel(rapid.IntRange(0, 3).Draw(t, "rel2"))}
		}
		require.Equal(t, o.String() == p.String(), o.sameCondition(p), "%s vs %s", o, p)
	})
}

func TestPropertyVerdictIsDischargeVerdict(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		o := Obligation{D: genTerm(t, "d"), T: genTerm(t, "t"), Rel: Rel(rapid.IntRange(0, 3).Draw(t, "rel"))}
		v, _, _ := o.Discharge()
		require.Equal(t, v, o.Verdict(), "%s", o)
	})
}

// An operation's term lists go back to the pool when it is done; the
// results computed before must not change when later operations reuse the
// lists. The expected result is worked by hand from the definition of the
// divide, A ∘ (B, B*) mode by mode (paper §3.3.4): M:1 divided by 128 is
// (128,M/128):(1,128) where 128 | M, and K:lda by 32 is
// (32,K/32):(lda,32*lda) where 32 | K.
func TestSymbolicResultsOutliveTheirArena(t *testing.T) {
	l := Layout{Tuple(symbol("M", 128), symbol("K", 1)), Tuple(Int(1), symbol("lda", 1))}
	var s Symbolic
	r1, err := s.LogicalDivide(l, TileTuple(TileInt(128), TileInt(32)))
	require.NoError(t, err)
	for range 20 {
		_, err := new(Symbolic).LogicalDivide(Layout{Tuple(symbol("N", 1), Int(7)), Tuple(Int(1), symbol("N", 1))}, TileInt(4))
		require.NoError(t, err)
	}
	require.Equal(t, "((128,M/128),(32,K/32)):((1,128),(lda,32*lda))", r1.String())
	conds := make([]string, len(s.Obligations))
	for i, o := range s.Obligations {
		conds[i] = o.String()
	}
	require.Equal(t, []string{"128 | M", "32 | K"}, conds)
}
