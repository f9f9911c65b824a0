package layout

// Soundness of the facts of dynamic leaves (dynamic.go): whatever values
// the dynamic leaves of the operands take, as long as they satisfy the
// operands' facts, the result's values satisfy the facts derived for it.
// The algebra never invents a divisor.

import (
	"testing"

	"pgregory.net/rapid"
)

// genFactLeaf draws an integer or dynamic leaf and a value for it that
// satisfies its facts: a static leaf is its own value, a dynamic leaf
// ?{div=d} takes a multiple of d (positive when positive is set).
func genFactLeaf(t *rapid.T, label string, positive bool) (leaf IntTuple, value int64) {
	lo := int64(-24)
	if positive {
		lo = 1
	}
	if rapid.Bool().Draw(t, label+"-static") {
		v := rapid.Int64Range(lo, 48).Draw(t, label+"-v")
		return Int(v), v
	}
	d := rapid.SampledFrom([]int64{0, 1, 2, 3, 4, 6, 8, 12, 16, 64}).Draw(t, label+"-div")
	w := rapid.SampledFrom([]uint8{0, 64}).Draw(t, label+"-width")
	k := rapid.Int64Range(lo, 9).Draw(t, label+"-k")
	return Dynamic(w, d), max(d, 1) * k
}

// checkFacts fails unless the static value v satisfies the facts of the
// leaf r derived from operands whose values gave v.
func checkFacts(t *rapid.T, what string, r IntTuple, v int64) {
	switch r.Kind() {
	case KindInt:
		if r.val != v {
			t.Fatalf("%s = %s, but the values give %d", what, r, v)
		}
	case KindDynamic:
		if d := max(r.val, 1); v%d != 0 {
			t.Fatalf("%s = %s, but the values give %d, not a multiple of %d", what, r, v, d)
		}
	}
}

// Each leaf operation derives only divisors that divide the result for
// every value of its operands.
func TestPropertyLeafFactsSound(t *testing.T) {
	ops := []struct {
		name     string
		positive bool // the operands of the shape divisions are extents
		f        func(*calc, IntTuple, IntTuple) IntTuple
	}{
		{"mul", false, (*calc).mulLeaf},
		{"add", false, (*calc).addLeaf},
		{"sub", false, (*calc).subLeaf},
		{"tuple_div", false, (*calc).quoLeaf},
		{"tuple_mod", false, (*calc).modLeaf},
		{"ceil_div", true, (*calc).ceilDivLeaf},
		{"shape_div", true, (*calc).shapeDivLeaf},
	}
	rapid.Check(t, func(t *rapid.T) {
		op := ops[rapid.IntRange(0, len(ops)-1).Draw(t, "op")]
		a, av := genFactLeaf(t, "a", op.positive)
		b, bv := genFactLeaf(t, "b", op.positive)
		c := calc{op: op.name}
		r := op.f(&c, a, b)
		if c.err != nil {
			return
		}
		var cv calc
		v := op.f(&cv, Int(av), Int(bv))
		if cv.err != nil {
			return // the values make the operation fail (an inexact shape_div, a zero divisor)
		}
		checkFacts(t, op.name+"("+a.String()+", "+b.String()+")", r, v.val)
	})
}

// genFactLayout draws a flat layout of rank 1-3 whose leaves may be
// dynamic with facts, and the static layout of one assignment of values.
func genFactLayout(t *rapid.T) (dynamic, instance Layout) {
	rank := rapid.IntRange(1, 3).Draw(t, "rank")
	var ds, dd, is, id []IntTuple
	for i := range rank {
		s, sv := genFactLeaf(t, "s"+string(rune('0'+i)), true)
		d, dv := genFactLeaf(t, "d"+string(rune('0'+i)), false)
		if sv > 12 {
			sv = sv%12 + 1
			if s.IsInt() {
				s = Int(sv)
			} else {
				s = Dynamic(s.bwidth(), 0) // keep the value small: no divisor
			}
		}
		ds, dd, is, id = append(ds, s), append(dd, d), append(is, Int(sv)), append(id, Int(dv))
	}
	return Layout{Tuple(ds...), Tuple(dd...)}, Layout{Tuple(is...), Tuple(id...)}
}

// checkLeafFacts checks every dynamic leaf of r against the static leaf at
// the same place in v, where r and v have the same profile.
func checkLeafFacts(t *rapid.T, what string, r, v IntTuple) bool {
	if !Congruent(r, v) {
		return false // static values changed the form (a coalesced mode, say)
	}
	rl, vl := leaves(r), leaves(v)
	for i := range rl {
		if rl[i].Kind() == KindDynamic && vl[i].Kind() == KindInt {
			checkFacts(t, what+" = "+r.String()+" (the values give "+v.String()+")", rl[i], vl[i].val)
		}
	}
	return true
}

// Operations over whole layouts derive only facts that hold for every
// assignment of values satisfying the operand's facts: sizes, offsets,
// compact strides, the divides and the recasts.
func TestPropertyLayoutFactsSound(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		dl, il := genFactLayout(t)
		if s, err := SizeOf(dl.shape); err == nil {
			n, _ := SizeOf(il.shape)
			checkLeafFacts(t, "size("+dl.String()+")", s, n)
		}
		crd := make([]IntTuple, dl.Rank())
		icrd := make([]IntTuple, dl.Rank())
		for i := range crd {
			crd[i], _ = genFactLeaf(t, "c", true)
			icrd[i] = Int(rapid.Int64Range(0, il.shape.At(i).val-1).Draw(t, "cv"))
			if crd[i].IsInt() {
				crd[i] = icrd[i]
			} else {
				crd[i] = dyn()
			}
		}
		if o, err := Crd2Idx(Tuple(crd...), dl.shape, dl.stride); err == nil {
			v, err := Crd2Idx(Tuple(icrd...), il.shape, il.stride)
			if err == nil {
				checkLeafFacts(t, "crd2idx", o, v)
			}
		}
		if s, err := CompactColMajor(dl.shape); err == nil {
			v, _ := CompactColMajor(il.shape)
			checkLeafFacts(t, "compact_col_major("+dl.shape.String()+")", s, v)
		}
		tile := rapid.SampledFrom([]int64{1, 2, 4, 8, 16}).Draw(t, "tile")
		if r, err := ZippedDivide(dl, TileInt(tile)); err == nil {
			if v, err := ZippedDivide(il, TileInt(tile)); err == nil {
				checkLeafFacts(t, "zipped_divide("+dl.String()+")", r.stride, v.stride)
			}
		}
		// A recast takes a dynamic stride to be other than ±1 (recast.go),
		// so values that make it 1 are not instances of the result.
		unit := false
		for i, d := range leaves(dl.stride) {
			unit = unit || d.IsDynamic() && abs(leaves(il.stride)[i].val) == 1
		}
		if r, err := Downcast(dl, tile); err == nil && !unit {
			if v, err := Downcast(il, tile); err == nil {
				checkLeafFacts(t, "downcast("+dl.String()+")", r.stride, v.stride)
			}
		}
	})
}
