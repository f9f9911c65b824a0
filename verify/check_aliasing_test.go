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

// TestPairCollisionWitnessCollides: every collision pairCollision reports
// is two distinct coordinates with the same offset (checked by computing
// both offsets from the indices), and it finds one whenever two modes alone
// collide by brute force.
func TestPairCollisionWitnessCollides(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		rank := rapid.IntRange(2, 4).Draw(t, "rank")
		var modes []mode
		for range rank {
			sh := rapid.Int64Range(2, 9).Draw(t, "shape")
			d := rapid.Int64Range(-40, 40).Filter(func(d int64) bool { return d != 0 }).Draw(t, "stride")
			modes = append(modes, mode{sh, d})
		}
		offset := func(k int64) int64 {
			off := int64(0)
			for _, m := range modes {
				off += (k % m.shape) * m.stride
				k /= m.shape
			}
			return off
		}
		pairs := false // two modes alone collide, by brute force
		for a := range modes {
			for b := a + 1; b < len(modes); b++ {
				for x := -modes[a].shape + 1; x < modes[a].shape; x++ {
					for y := -modes[b].shape + 1; y < modes[b].shape; y++ {
						if (x != 0 || y != 0) && x*modes[a].stride+y*modes[b].stride == 0 {
							pairs = true
						}
					}
				}
			}
		}
		i, j, off, found := pairCollision(modes)
		if found != pairs {
			t.Fatalf("%v: pairCollision found %v, brute force %v", modes, found, pairs)
		}
		if found && (i == j || offset(i) != off || offset(j) != off) {
			t.Fatalf("%v: witness %d, %d at offset %d, but the offsets are %d and %d", modes, i, j, off, offset(i), offset(j))
		}
	})
}
