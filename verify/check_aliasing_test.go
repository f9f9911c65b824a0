package verify

import (
	"testing"

	"pgregory.net/rapid"
)

// TestAliasingAgreesWithBruteForce: the nesting shortcut never calls an
// aliasing layout injective, and the walk finds a collision exactly when
// two coordinates share an offset.
func TestAliasingAgreesWithBruteForce(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		rank := rapid.IntRange(1, 4).Draw(t, "rank")
		var modes []mode
		n := int64(1)
		for range rank {
			sh := rapid.Int64Range(2, 6).Draw(t, "shape")
			d := rapid.Int64Range(-40, 40).Filter(func(d int64) bool { return d != 0 }).Draw(t, "stride")
			modes = append(modes, mode{sh, d})
			n *= sh
		}
		injective := true
		seen := map[int64]bool{}
		for k := int64(0); k < n; k++ {
			off, rest := int64(0), k
			for _, m := range modes {
				off += (rest % m.shape) * m.stride
				rest /= m.shape
			}
			if seen[off] {
				injective = false
			}
			seen[off] = true
		}
		if nested(modes) && !injective {
			t.Fatalf("%v: nested says injective, but two coordinates share an offset", modes)
		}
		i, j, off, found := collision(modes, n)
		if found == injective {
			t.Fatalf("%v: collision found=%v, brute force injective=%v", modes, found, injective)
		}
		if found {
			offsetOf := func(k int64) int64 {
				o := int64(0)
				for _, m := range modes {
					o += (k % m.shape) * m.stride
					k /= m.shape
				}
				return o
			}
			if i == j || offsetOf(i) != off || offsetOf(j) != off {
				t.Fatalf("%v: indices %d and %d do not share the offset %d", modes, i, j, off)
			}
		}
	})
}
