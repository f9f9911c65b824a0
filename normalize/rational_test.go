package normalize

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestReduceAtMinInt64: basis counts at -2^63 reduce exactly or refuse.
// -2^63/-2 flipped its sign (it gave -2^62, since -(-2^63) wraps), and
// -2^63/-1 gave -2^63. Expected values by hand: -2^63/-2 = 2^62,
// -2^63/2 = -2^62, 2/-2^63 = -1/2^62, -2^63/-2^62 = 2.
func TestReduceAtMinInt64(t *testing.T) {
	const minI = math.MinInt64
	for _, c := range []struct {
		num, den int64
		want     Rational
		ok       bool
	}{
		{minI, -2, Rational{1 << 62, 1}, true},
		{minI, 2, Rational{-1 << 62, 1}, true},
		{minI, 1, Rational{minI, 1}, true},
		{minI, -1, Rational{}, false},            // 2^63
		{1, minI, Rational{}, false},             // -1/2^63
		{2, minI, Rational{-1, 1 << 62}, true},   // -1/2^62
		{minI, -(1 << 62), Rational{2, 1}, true}, // 2
		{minI, minI, Rational{1, 1}, true},
		{math.MaxInt64, -1, Rational{-math.MaxInt64, 1}, true},
		{4, -2, Rational{-2, 1}, true},
		{0, -5, Rational{0, 1}, true},
		{6, 4, Rational{3, 2}, true},
	} {
		got, ok := reduce(c.num, c.den)
		assert.Equal(t, c.ok, ok, "%d/%d", c.num, c.den)
		if c.ok {
			assert.Equal(t, c.want, got, "%d/%d", c.num, c.den)
		}
	}
}
