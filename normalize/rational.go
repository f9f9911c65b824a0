package normalize

import (
	"math"
	"strconv"
	"strings"
)

// Rational is a basis count num/den in lowest terms with den > 0.
type Rational struct {
	Num, Den int64
}

// reduce returns num/den in lowest terms with a positive denominator, and
// false when that count is not an int64: only -2^63 over a negative
// denominator, whose negation overflows (-9223372036854775808/-1 is 2^63).
// The gcd is taken on the magnitudes as uint64, so -2^63 has one, and the
// sign is moved to the numerator after the division: -2^63/-2 is 2^62, never
// a flipped -2^62. den must not be zero.
func reduce(num, den int64) (Rational, bool) {
	neg := (num < 0) != (den < 0)
	n, d := magnitude(num), magnitude(den)
	if g := gcdU(n, d); g > 1 {
		n, d = n/g, d/g
	}
	if d > math.MaxInt64 || (!neg && n > math.MaxInt64) || n > 1<<63 {
		return Rational{}, false
	}
	if neg {
		return Rational{int64(-n), int64(d)}, true // -n wraps to -2^63 exactly when n is 2^63
	}
	return Rational{int64(n), int64(d)}, true
}

// magnitude returns |v| as a uint64, 2^63 for -2^63.
func magnitude(v int64) uint64 {
	if v < 0 {
		return uint64(-(v + 1)) + 1
	}
	return uint64(v)
}

func gcdU(a, b uint64) uint64 {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}

// IsInt reports whether the count is an integer.
func (r Rational) IsInt() bool { return r.Den == 1 }

func (r Rational) String() string {
	if r.Den == 1 {
		return strconv.FormatInt(r.Num, 10)
	}
	return strconv.FormatInt(r.Num, 10) + "/" + strconv.FormatInt(r.Den, 10)
}

// RatTree is a basis tree with rational counts: a leaf count@path (Path set,
// outermost mode first; ?@path when Dynamic), a zero integer leaf (no Path),
// or a tuple (Elems non-nil).
type RatTree struct {
	Count   Rational
	Dynamic bool // the count of a basis leaf is `?`, known only at run time
	Path    []int
	Elems   []RatTree
}

// String returns the dialect's spelling, such as (1/2@0,4@1).
func (t RatTree) String() string {
	var b strings.Builder
	t.write(&b)
	return b.String()
}

func (t RatTree) write(b *strings.Builder) {
	if t.Elems != nil {
		b.WriteByte('(')
		for i, e := range t.Elems {
			if i > 0 {
				b.WriteByte(',')
			}
			e.write(b)
		}
		b.WriteByte(')')
		return
	}
	if t.Dynamic {
		b.WriteByte('?')
	} else {
		b.WriteString(t.Count.String())
	}
	for i := len(t.Path) - 1; i >= 0; i-- {
		b.WriteByte('@')
		b.WriteString(strconv.Itoa(t.Path[i]))
	}
}
