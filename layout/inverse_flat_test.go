package layout

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"
)

// The point-by-point check of a left inverse evaluates flat lists of
// integers; it must give what Layout.Eval gives, on the layout's domain
// and past it (the last mode takes the rest, Layout.Eval's extended
// domain), for nested layouts of any rank.
func TestFlatEvalIsLayoutEval(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 5))
	for range 200 {
		rank := 1 + r.IntN(4)
		var sh, st []IntTuple
		for range rank {
			sh = append(sh, Int(1+r.Int64N(4)))
			st = append(st, Int(r.Int64N(40)))
		}
		cut := 1 + r.IntN(rank)
		l := MustNew(Tuple(Tuple(sh[:cut]...), Tuple(sh...)), Tuple(Tuple(st[:cut]...), Tuple(st...)))
		f, ok := flatOf(l)
		require.True(t, ok, "%s", l)
		n, err := l.Size()
		require.NoError(t, err)
		for range 200 {
			k := r.Int64N(3 * n)
			want, err := l.Eval(Int(k))
			require.NoError(t, err)
			require.Equal(t, want.Value(), f.eval(k), "%s at %d", l, k)
		}
	}
}

// left_inverse of a layout whose modes overlap is checked point by point
// (pycute's left_inverse refuses it: its complement asserts). The result
// must satisfy the law l(L(l(k))) = l(k) at each of the 55,296 points,
// evaluated here with Layout.Eval, not with the flat check it uses.
func TestLeftInverseOverlappingChecked(t *testing.T) {
	l := MustNew(Ints(6, 4, 12, 16, 12), Ints(8, 4, 8, 4, 2))
	inv, err := LeftInverse(l)
	require.NoError(t, err)
	n, err := l.Size()
	require.NoError(t, err)
	for k := int64(0); k < n; k++ {
		y, err := l.Eval(Int(k))
		require.NoError(t, err)
		x, err := inv.Eval(y)
		require.NoError(t, err)
		z, err := l.Eval(x)
		require.NoError(t, err)
		require.True(t, z.Equal(y), "l(L(l(%d))) = %s, not %s", k, z, y)
	}
}
