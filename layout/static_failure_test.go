package layout

import (
	"errors"
	"testing"

	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"
)

// failureCase is an operation whose errors a Failure finds: its Static
// form, the Failure's finder and the general function (the public one, as
// evalfast calls it).
type failureCase struct {
	name    string
	static  func(r, a, b *Static) bool
	find    func(x *Failure, a, b *Static) bool
	general func(a, b Layout) (Layout, error)
}

var failureCases = []failureCase{
	{"composition", (*Static).Compose, (*Failure).Compose,
		func(a, b Layout) (Layout, error) { return ComposeTiler(a, TileLayout(b)) }},
	{"logical_divide", (*Static).LogicalDivide, (*Failure).LogicalDivide,
		func(a, b Layout) (Layout, error) { return LogicalDivide(a, TileLayout(b)) }},
	{"zipped_divide", (*Static).ZippedDivide, (*Failure).ZippedDivide,
		func(a, b Layout) (Layout, error) { return ZippedDivide(a, TileLayout(b)) }},
	{"tiled_divide", (*Static).TiledDivide, (*Failure).TiledDivide,
		func(a, b Layout) (Layout, error) { return TiledDivide(a, TileLayout(b)) }},
	{"flat_divide", (*Static).FlatDivide, (*Failure).FlatDivide,
		func(a, b Layout) (Layout, error) { return FlatDivide(a, TileLayout(b)) }},
	{"complement", func(r, a, _ *Static) bool { return r.Complement(a) },
		func(x *Failure, a, _ *Static) bool { return x.Complement(a, 0, false) },
		func(a, _ Layout) (Layout, error) { return Complement(a) }},
	{"complement_to", func(r, a, b *Static) bool {
		n, _ := b.Size()
		return r.ComplementTo(a, n)
	}, func(x *Failure, a, b *Static) bool {
		n, _ := b.Size()
		return x.Complement(a, n, true)
	}, func(a, b Layout) (Layout, error) {
		n, _ := b.Size()
		return ComplementTo(a, Int(n))
	}},
}

// TestPropertyFailureEqualsGeneral holds a Failure to the general
// function: where a Static operation declines and the Failure finds an
// error, the general function returns that error, field by field and in
// text; and the Failure finds most of the errors of the kinds it words,
// or the error path would be fast in name only.
func TestPropertyFailureEqualsGeneral(t *testing.T) {
	for _, tc := range failureCases {
		t.Run(tc.name, func(tt *testing.T) {
			errs, found := 0, 0
			rapid.Check(tt, func(t *rapid.T) {
				a, sa := genStaticLayout(t, "a")
				b, sb := genStaticLayout(t, "b")
				var r Static
				if tc.static(&r, &sa, &sb) {
					return
				}
				_, err := tc.general(a, b)
				var want *Error
				if errors.As(err, &want) && (want.Code == CodeStrideDivisibility ||
					want.Code == CodeShapeDivisibility || want.Code == CodeComplementInjective) {
					errs++
				}
				var x Failure
				if !tc.find(&x, &sa, &sb) {
					return
				}
				found++
				if want == nil {
					t.Fatalf("%s(%s, %s): the Failure says %s, the general function %v", tc.name, a, b, x.AppendMessage(nil), err)
				}
				require.Equal(t, *want, *x.Error(), "%s(%s, %s)", tc.name, a, b)
				msg := x.AppendMessage(nil)
				require.Equal(t, want.Message(), string(msg))
				for _, c := range msg { // eval writes it as it is, in text and in JSON
					require.True(t, c >= 0x20 && c < 0x7f && c != '"' && c != '\\', "%q", msg)
				}
			})
			tt.Logf("%s: the Failure found %d of %d errors of divisibility and injectivity", tc.name, found, errs)
			if found*10 < errs*8 {
				tt.Errorf("%s: the Failure found only %d of %d errors", tc.name, found, errs)
			}
		})
	}
}

// TestFailureExamples checks the Failure on the lines of eval's error
// benchmark, whose errors follow from the CuTe paper's conditions: 3 and
// the prefix product 4 do not divide one another (eq. 20), checked at c =
// 2 where (4,7):(1,5) ∘ 6:3 would give 10 against A(6) = 7; ceil(6/1) = 6
// does not divide 9 (eq. 21); 1:9 and 4:2 overlap (not injective).
func TestFailureExamples(t *testing.T) {
	mk := func(s string) Static {
		st, ok := StaticOf(L(t, s))
		require.True(t, ok)
		return st
	}
	var x Failure
	a, b := mk("(4,7):(1,5)"), mk("6:3")
	require.True(t, x.Compose(&a, &b))
	require.Equal(t, "composition: stride divisibility (paper eq. 20) fails at mode 0 of the coalesced outer layout (4,7):(1,5): the stride 3 and the prefix product 4 do not divide one another, so the result would differ from A(B(c)) at c = 2", string(x.AppendMessage(nil)))
	a, b = mk("(6,8):(1,7)"), mk("9:1")
	require.True(t, x.Compose(&a, &b))
	require.Equal(t, CodeShapeDivisibility, x.Code)
	require.Equal(t, "composition: shape divisibility (paper eq. 21) fails at mode 0 of the coalesced outer layout (6,8):(1,7): ceil(6/1) = 6 does not divide the size 9", string(x.AppendMessage(nil)))
	a = mk("(9,4):(1,2)")
	require.True(t, x.Complement(&a, 0, false))
	require.Equal(t, "complement: layout (9,4):(1,2) is not injective or its strides do not nest: stride 2 lies inside the 9 offsets already covered", string(x.AppendMessage(nil)))
	a, b = mk("(4,7):(1,5)"), mk("6:3")
	var buf [512]byte
	allocs := testing.AllocsPerRun(100, func() {
		if !x.Compose(&a, &b) || len(x.AppendMessage(buf[:0])) == 0 {
			t.Fatal("no failure")
		}
	})
	require.Zero(t, allocs, "allocations to find and word a failure")
}
