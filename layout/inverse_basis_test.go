package layout

import (
	"fmt"
	"testing"

	"pgregory.net/rapid"
)

// §3.4.1 Table 5 and §3.4.3 Table 6, the rows with basis strides: the
// inverse's domain is congruent with the codomain, one mode per direction.
// (The rows with integer-module strides f_i have no spelling here.)
func TestPaperTables5And6Basis(t *testing.T) {
	for _, tc := range []struct{ l, right, left string }{
		{"(4,8):(1@0,1@1)", "(4,8):(1,4)", "(4,8):(1,4)"},
		{"(4,(4,2)):(1@1,(1@0,6@1))", "(4,4):(4,1)", "(4,(6,2)):(4,(1,16))"},
	} {
		r, err := RightInverse(L(t, tc.l))
		wantLayout(t, "right_inverse"+tc.l, r, err, tc.right)
		li, err := LeftInverse(L(t, tc.l))
		wantLayout(t, "left_inverse"+tc.l, li, err, tc.left)
	}
}

// §3.5 Table 7, the rows with basis strides, in the paper's form, which is
// the dialect's (complement.mlir, tests CG_TEST_complement_sb*): one mode
// per direction, each the complement along it, with its rest kept even
// when it has size 1.
func TestPaperTable7Basis(t *testing.T) {
	for _, tc := range []struct{ l, want string }{
		// The paper writes (1,1):(4e0,4e1); along e1 the 8 offsets of 8:1@1
		// are covered, so the rest starts at 8e1 (the same function: the
		// mode has size 1).
		{"(4,8):(1@0,1@1)", "(1,1):(4@0,8@1)"},
		{"(4,(4,2)):(1@1,(1@0,12@1))", "(1,(3,1)):(4@0,(4@1,24@1))"},
	} {
		r, err := Complement(L(t, tc.l))
		wantLayout(t, "complement"+tc.l, r, err, tc.want)
	}
}

func TestBasisInverseErrors(t *testing.T) {
	for src, code := range map[string]string{
		"(4,8):(1@0,4)":     CodeMixedStrideKinds, // an integer next to basis strides
		"(4,8):(1@0@1,1@1)": CodeBadValue,         // paths of different depths meet in mode 1
		"(4,8):(1@0,-1@1)":  CodeBadValue,         // a negative count
		"(4,?):(1@0,1@1)":   CodeDynamicValue,
	} {
		if _, err := RightInverse(L(t, src)); errCode(err) != code {
			t.Errorf("right_inverse%s: error %v, want code %s", src, err, code)
		}
	}
	if _, err := LeftInverse(L(t, "(4,4):(1@0,2@0)")); errCode(err) != CodeNoLeftInverse {
		t.Errorf("left_inverse of a layout that overlaps along e0: %v, want %s", err, CodeNoLeftInverse)
	}
}

func errCode(err error) string {
	if e, ok := err.(*Error); ok {
		return e.Code
	}
	return ""
}

// genBasisLayout draws a flat layout whose strides are c@d or 0.
func genBasisLayout(t *rapid.T) Layout {
	rank := rapid.IntRange(1, 4).Draw(t, "rank")
	sh, st := make([]IntTuple, rank), make([]IntTuple, rank)
	for i := range rank {
		sh[i] = Int(rapid.Int64Range(1, 4).Draw(t, "shape"))
		c := rapid.SampledFrom([]int64{0, 1, 1, 2, 3, 4, 6, 8}).Draw(t, "count")
		if c == 0 {
			st[i] = Int(0)
		} else {
			st[i] = Basis(c, rapid.IntRange(0, 2).Draw(t, "dir"))
		}
	}
	return Layout{Tuple(sh...), Tuple(st...)}
}

// coordAlong returns the component d of a codomain value (0 when absent).
func coordAlong(v IntTuple, d int) int64 {
	if v.Kind() == KindInt {
		if d == 0 {
			return v.Value()
		}
		return 0
	}
	if d < v.Rank() {
		return coordAlong(v.At(d), 0)
	}
	return 0
}

// The laws of the paper for basis strides: L(R(y)) = y on R's domain, and
// L†(L(k)) = k when L is injective.
func TestBasisInverseLaws(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		l := genBasisLayout(t)
		if !hasBasisStride(l.stride) {
			return // all strides 0: an integer layout, tested elsewhere
		}
		r, err := RightInverse(l)
		if err != nil {
			t.Fatalf("right_inverse%s: %v", l, err)
		}
		n, _ := r.Size()
		for i := range n {
			y, _ := Idx2Crd(Int(i), r.Shape())
			k, err := r.Eval(Int(i))
			if err != nil {
				t.Fatal(err)
			}
			v, err := l.Eval(k)
			if err != nil {
				t.Fatal(err)
			}
			for d := 0; d < r.Rank(); d++ {
				m, _ := r.Mode(d)
				cs, _ := CompactColMajor(m.Shape())
				yd, _ := Crd2Idx(y.At(d), m.Shape(), cs)
				if got := coordAlong(v, d); got != yd.Value() {
					t.Fatalf("%s: R = %s, L(R(%s)) = %s, want %d along %d", l, r, y, v, yd.Value(), d)
				}
			}
		}
		size, _ := l.Size()
		seen := map[string]bool{}
		injective := true
		for k := range size {
			v, _ := l.Eval(Int(k))
			injective = injective && !seen[v.String()]
			seen[v.String()] = true
		}
		// The complement's image meets l's only at 0, and grows along each
		// direction (eqs. 28 and 29, direction by direction).
		key := func(v IntTuple) string {
			return fmt.Sprint(coordAlong(v, 0), coordAlong(v, 1), coordAlong(v, 2))
		}
		image := map[string]bool{}
		for k := range size {
			v, _ := l.Eval(Int(k))
			image[key(v)] = true
		}
		comp, err := Complement(l)
		if errCode(err) == CodeComplementInjective {
			comp = unitLayout // as for integer strides: the modes along a direction overlap or do not nest
		} else if err != nil {
			t.Fatalf("complement%s: %v", l, err)
		}
		cn, _ := comp.Size()
		for a := int64(1); a < cn; a++ {
			v, err := comp.Eval(Int(a))
			if err != nil {
				t.Fatal(err)
			}
			if image[key(v)] {
				t.Fatalf("complement%s = %s: C(%d) = %s is in the image of l", l, comp, a, v)
			}
		}
		li, err := LeftInverse(l)
		if !injective {
			return
		}
		if errCode(err) == CodeNoLeftInverse && !countsDivide(l) {
			return // as with integer strides: no layout is a left inverse of (2,2):(2,3)
		}
		if err != nil {
			t.Fatalf("left_inverse%s of an injective layout: %v", l, err)
		}
		for k := range size {
			v, _ := l.Eval(Int(k))
			y := make([]IntTuple, li.Rank())
			for d := range y {
				y[d] = Int(coordAlong(v, d))
			}
			got, err := li.Eval(Tuple(y...))
			if err != nil || got.Value() != k {
				t.Fatalf("%s: L† = %s, L†(L(%d)) = %v (%v)", l, li, k, got, err)
			}
		}
	})
}

// countsDivide reports whether, along every direction, each sorted count is
// a multiple of the one before: when a left inverse layout exists.
func countsDivide(l Layout) bool {
	last := map[int]int64{}
	sh, st := leaves(l.shape), leaves(l.stride)
	for _, i := range sortedByStride(st) {
		d := st[i]
		if d.Kind() != KindBasis || sh[i].Value() == 1 {
			continue
		}
		dir := d.Path()[0]
		if prev, ok := last[dir]; ok && d.Value()%prev != 0 {
			return false
		}
		last[dir] = d.Value()
	}
	return true
}
