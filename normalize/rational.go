package normalize

import (
	"strconv"
	"strings"
)

// Rational is a basis count num/den in lowest terms with den > 0.
type Rational struct {
	Num, Den int64
}

// reduce returns num/den in lowest terms with a positive denominator. den
// must not be zero.
func reduce(num, den int64) Rational {
	if den < 0 {
		num, den = -num, -den
	}
	g := gcd(num, den)
	if g > 1 {
		num, den = num/g, den/g
	}
	return Rational{num, den}
}

func gcd(a, b int64) int64 {
	if a < 0 {
		a = -a
	}
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
