package layout

import (
	"slices"
	"strconv"
	"strings"
)

// Kind says what an IntTuple is: one of four kinds of leaf, or a tuple.
type Kind uint8

const (
	KindTuple      Kind = iota // a tuple of IntTuples
	KindInt                    // an integer; the zero IntTuple is the integer 0
	KindBasis                  // a scaled basis element c@path of the coordinate semimodule (paper §2.3.1)
	KindDynamic                // a value known only at run time, written ?
	KindUnderscore             // _ : a mode left unevaluated (slices) or left whole (tilers)
)

// IntTuple is the paper's HTuple (Definition 2.2) and CuTe's IntTuple: a leaf
// or a tuple of IntTuples. Shapes, strides, coordinates and profiles are all
// IntTuples; which leaves are allowed depends on the role (a shape has
// positive integer or dynamic leaves, a stride integer, basis or dynamic
// leaves, a slice coordinate integer or underscore leaves).
//
// IntTuples are immutable values: no function of this package modifies an
// IntTuple it is given, so they may be shared freely.
type IntTuple struct {
	elems []IntTuple // the elements of a tuple; non-nil exactly when t is a tuple
	val   int64      // an integer leaf's value, a basis leaf's coefficient, a dynamic leaf's known divisor
	leaf  *leafInfo  // what a basis, dynamic or underscore leaf is; nil for integers and tuples
}

// leafInfo describes the leaves that are not integers. Integer leaves and
// tuples, by far the most common nodes, carry none, which keeps an IntTuple
// at five words.
type leafInfo struct {
	kind  Kind
	path  []int // a basis leaf's modes, outermost first (CuTe's E<0,1> is {0,1})
	width uint8 // a dynamic leaf's integer width in bits, 0 when unspecified
	dyn   bool  // a basis leaf whose coefficient is dynamic: ?@path
	sym   *Term // a symbolic leaf's term (symbol_term.go); nil for the anonymous ?
}

var underscoreInfo = &leafInfo{kind: KindUnderscore}

// Int returns the integer leaf v.
func Int(v int64) IntTuple { return IntTuple{val: v} }

// Tuple returns the tuple of the given elements. Tuple() is the empty tuple
// and Tuple(Int(8)) the rank-1 tuple (8), which is distinct from Int(8).
func Tuple(elems ...IntTuple) IntTuple {
	if elems == nil {
		elems = []IntTuple{}
	}
	return IntTuple{elems: elems}
}

// Ints returns the flat tuple of the given integers.
func Ints(vs ...int64) IntTuple {
	elems := make([]IntTuple, len(vs))
	for i, v := range vs {
		elems[i] = Int(v)
	}
	return Tuple(elems...)
}

// Basis returns the scaled basis leaf c@path. The path lists modes outermost
// first: Basis(1, 0, 1) is CuTe's E<0,1>, the unit vector of mode 1 inside
// mode 0, which the dialect writes 1@1@0 (innermost first).
func Basis(c int64, path ...int) IntTuple {
	return IntTuple{val: c, leaf: &leafInfo{kind: KindBasis, path: path}}
}

// DynamicBasis returns the basis leaf ?@path, whose coefficient is known
// only at run time (the dialect's (4,5):(?@0,?@1)).
func DynamicBasis(path ...int) IntTuple {
	return IntTuple{leaf: &leafInfo{kind: KindBasis, path: path, dyn: true}}
}

// Dynamic returns a dynamic leaf with an integer width in bits (0 when
// unspecified) and a known divisor (0 or 1 when unknown).
func Dynamic(width uint8, divisor int64) IntTuple {
	return IntTuple{val: divisor, leaf: &leafInfo{kind: KindDynamic, width: width}}
}

// Underscore returns the leaf _.
func Underscore() IntTuple { return IntTuple{leaf: underscoreInfo} }

// Kind returns the kind of t.
func (t IntTuple) Kind() Kind {
	switch {
	case t.elems != nil:
		return KindTuple
	case t.leaf == nil:
		return KindInt
	}
	return t.leaf.kind
}

// bpath returns a basis leaf's path, and nil for any other node.
func (t IntTuple) bpath() []int {
	if t.leaf == nil {
		return nil
	}
	return t.leaf.path
}

// bwidth returns a dynamic leaf's width, and 0 for any other node.
func (t IntTuple) bwidth() uint8 {
	if t.leaf == nil {
		return 0
	}
	return t.leaf.width
}

// IsDynamic reports whether the leaf t is not known statically: a dynamic
// leaf ?, or a basis leaf ?@path with a dynamic coefficient.
func (t IntTuple) IsDynamic() bool {
	return t.leaf != nil && (t.leaf.kind == KindDynamic || t.leaf.dyn)
}

// IsStatic reports whether no leaf of t is dynamic.
func (t IntTuple) IsStatic() bool {
	if t.Kind() != KindTuple {
		return !t.IsDynamic()
	}
	for _, e := range t.elems {
		if !e.IsStatic() {
			return false
		}
	}
	return true
}

// IsTuple reports whether t is a tuple.
func (t IntTuple) IsTuple() bool { return t.Kind() == KindTuple }

// IsInt reports whether t is an integer leaf.
func (t IntTuple) IsInt() bool { return t.Kind() == KindInt }

// Value returns an integer leaf's value, a basis leaf's coefficient or a
// dynamic leaf's known divisor, and 0 for tuples and underscores.
func (t IntTuple) Value() int64 { return t.val }

// Path returns a copy of a basis leaf's path, outermost mode first.
func (t IntTuple) Path() []int { return append([]int(nil), t.bpath()...) }

// Width returns a dynamic leaf's width in bits (0 when unspecified).
func (t IntTuple) Width() int { return int(t.bwidth()) }

// Len returns the number of elements of a tuple, and 0 for a leaf.
func (t IntTuple) Len() int { return len(t.elems) }

// At returns element i of a tuple. For a leaf, At(0) is the leaf itself,
// following CuTe's get<0>(integer).
func (t IntTuple) At(i int) IntTuple {
	if t.Kind() != KindTuple {
		return t
	}
	return t.elems[i]
}

// Rank is the paper's rank: the number of elements of a tuple, 1 for a leaf.
func (t IntTuple) Rank() int {
	if t.Kind() == KindTuple {
		return len(t.elems)
	}
	return 1
}

// Depth is the paper's depth: 0 for a leaf, 1 + the largest depth of the
// elements for a tuple.
func (t IntTuple) Depth() int {
	if t.Kind() != KindTuple {
		return 0
	}
	d := 0
	for _, e := range t.elems {
		d = max(d, e.Depth())
	}
	return d + 1
}

// Equal reports whether t and u are the same tree with the same leaves.
func (t IntTuple) Equal(u IntTuple) bool {
	if t.IsSymbolic() || u.IsSymbolic() {
		return t.IsSymbolic() && u.IsSymbolic() && t.leaf.sym.Equal(*u.leaf.sym)
	}
	if t.Kind() != u.Kind() || t.val != u.val || t.bwidth() != u.bwidth() || len(t.elems) != len(u.elems) ||
		t.IsDynamic() != u.IsDynamic() {
		return false
	}
	if !slices.Equal(t.bpath(), u.bpath()) {
		return false
	}
	for i := range t.elems {
		if !t.elems[i].Equal(u.elems[i]) {
			return false
		}
	}
	return true
}

// Congruent reports whether t and u have the same profile (Definition 2.3):
// both leaves, or tuples of equal rank with congruent elements.
func Congruent(t, u IntTuple) bool {
	if t.IsTuple() != u.IsTuple() {
		return false
	}
	if !t.IsTuple() {
		return true
	}
	if len(t.elems) != len(u.elems) {
		return false
	}
	for i := range t.elems {
		if !Congruent(t.elems[i], u.elems[i]) {
			return false
		}
	}
	return true
}

// WeaklyCongruent reports whether t coarsens the profile of u (Definition
// 2.4): t is a leaf, or both are tuples of equal rank whose elements are
// weakly congruent.
func WeaklyCongruent(t, u IntTuple) bool {
	if !t.IsTuple() {
		return true
	}
	if !u.IsTuple() || len(t.elems) != len(u.elems) {
		return false
	}
	for i := range t.elems {
		if !WeaklyCongruent(t.elems[i], u.elems[i]) {
			return false
		}
	}
	return true
}

// String returns the canonical text of t, the dialect's payload spelling:
// 8, (4,(2,2)), 1@1@0, ?{i64 div=16}, _.
func (t IntTuple) String() string {
	var b strings.Builder
	t.write(&b)
	return b.String()
}

func (t IntTuple) write(b *strings.Builder) {
	switch t.Kind() {
	case KindInt:
		b.WriteString(strconv.FormatInt(t.val, 10))
	case KindBasis:
		if t.leaf.dyn {
			b.WriteByte('?')
		} else {
			b.WriteString(strconv.FormatInt(t.val, 10))
		}
		path := t.bpath()
		for i := len(path) - 1; i >= 0; i-- {
			b.WriteByte('@')
			b.WriteString(strconv.Itoa(path[i]))
		}
	case KindDynamic:
		if t.leaf.sym != nil {
			var buf [64]byte
			b.Write(t.leaf.sym.appendText(buf[:0], false)) // facts are declarations, not part of the value
			return
		}
		writeDynamic(b, t.bwidth(), t.val)
	case KindUnderscore:
		b.WriteByte('_')
	case KindTuple:
		b.WriteByte('(')
		for i, e := range t.elems {
			if i > 0 {
				b.WriteByte(',')
			}
			e.write(b)
		}
		b.WriteByte(')')
	}
}

func writeDynamic(b *strings.Builder, width uint8, div int64) {
	var buf [48]byte
	b.Write(appendDynamic(buf[:0], width, div))
}

// appendDynamic appends the text of the anonymous dynamic leaf of the
// width and the divisor: ?, ?{i64}, ?{div=16}, ?{i64 div=16}.
func appendDynamic(b []byte, width uint8, div int64) []byte {
	b = append(b, '?')
	if width == 0 && div <= 1 {
		return b
	}
	b = append(b, '{')
	if width != 0 {
		b = strconv.AppendInt(append(b, 'i'), int64(width), 10)
		if div > 1 {
			b = append(b, ' ')
		}
	}
	if div > 1 {
		b = strconv.AppendInt(append(b, "div="...), div, 10)
	}
	return append(b, '}')
}
