package normalize

import (
	"strconv"

	"github.com/cutec/cutec/layout"
)

// Kind says what a Value is.
type Kind uint8

const (
	KindInt        Kind = iota + 1 // an integer
	KindTuple                      // an IntTuple: a shape, coordinate, profile or integral basis tree
	KindLayout                     // a layout shape:stride
	KindSwizzle                    // a swizzle S<B,M,S>
	KindComposed                   // a composed layout outer o offset o inner
	KindTiler                      // a tiler [T0;T1;...]
	KindAccessor                   // an offset and a layout, {offset} o layout
	KindDescriptor                 // a basis tree with a non-integral count
	KindBool                       // a truth value: true, false, or ? (decided at run time)
)

var kindNames = map[Kind]string{
	KindInt: "integer", KindTuple: "tuple", KindLayout: "layout", KindSwizzle: "swizzle",
	KindComposed: "composed layout", KindTiler: "tiler", KindAccessor: "offset layout",
	KindDescriptor: "basis descriptor", KindBool: "boolean",
}

func (k Kind) String() string {
	if s, ok := kindNames[k]; ok {
		return s
	}
	return "kind(" + strconv.Itoa(int(k)) + ")"
}

// Value is a normalized value: what a value form normalizes to, and what
// evaluating an expression yields. Values are immutable; String returns
// their canonical text.
type Value interface {
	Kind() Kind
	String() string
	value()
}

// Int is an integer value: a size, an offset, an index.
type Int int64

// Tuple is an IntTuple value: a shape, a coordinate, a profile, or a basis
// tree whose counts are all integers.
type Tuple struct{ T layout.IntTuple }

// Layout is a layout value.
type Layout struct{ L layout.Layout }

// Swizzle is a swizzle value.
type Swizzle struct{ S layout.Swizzle }

// Composed is a composed layout value.
type Composed struct{ C layout.ComposedLayout }

// Tiler is a tiler value.
type Tiler struct{ T layout.Tiler }

// Accessor is the paper's {offset} o layout: where a slice starts, and the
// layout of what is left.
type Accessor struct {
	Offset layout.IntTuple
	L      layout.Layout
}

// Bool is the truth value of a comparison (equal, elem_less): true, false,
// or ? when it depends on a dynamic value.
type Bool struct{ T layout.Truth }

// Descriptor is a basis tree with at least one non-integral count, such as
// (1/2@0,4@1). It cannot be lowered or computed with.
type Descriptor struct{ Tree RatTree }

func (Int) Kind() Kind        { return KindInt }
func (Tuple) Kind() Kind      { return KindTuple }
func (Layout) Kind() Kind     { return KindLayout }
func (Swizzle) Kind() Kind    { return KindSwizzle }
func (Composed) Kind() Kind   { return KindComposed }
func (Tiler) Kind() Kind      { return KindTiler }
func (Accessor) Kind() Kind   { return KindAccessor }
func (Descriptor) Kind() Kind { return KindDescriptor }
func (Bool) Kind() Kind       { return KindBool }

func (v Int) String() string        { return strconv.FormatInt(int64(v), 10) }
func (v Tuple) String() string      { return v.T.String() }
func (v Layout) String() string     { return v.L.String() }
func (v Swizzle) String() string    { return v.S.String() }
func (v Composed) String() string   { return v.C.String() }
func (v Tiler) String() string      { return v.T.String() }
func (v Accessor) String() string   { return "{" + v.Offset.String() + "} o " + v.L.String() }
func (v Descriptor) String() string { return v.Tree.String() }
func (v Bool) String() string       { return v.T.String() }

func (Int) value()        {}
func (Tuple) value()      {}
func (Layout) value()     {}
func (Swizzle) value()    {}
func (Composed) value()   {}
func (Tiler) value()      {}
func (Accessor) value()   {}
func (Descriptor) value() {}
func (Bool) value()       {}

var (
	_ Value = Int(0)
	_ Value = Tuple{}
	_ Value = Layout{}
	_ Value = Swizzle{}
	_ Value = Composed{}
	_ Value = Tiler{}
	_ Value = Accessor{}
	_ Value = Descriptor{}
	_ Value = Bool{}
)

// Equal reports whether two values are the same: the same kind and the same
// canonical value (for layouts, the same shape tree and the same strides).
func Equal(a, b Value) bool {
	if a == nil || b == nil || a.Kind() != b.Kind() {
		return false
	}
	switch a := a.(type) {
	case Layout:
		return a.L.Equal(b.(Layout).L)
	case Tuple:
		return a.T.Equal(b.(Tuple).T)
	case Int:
		return a == b.(Int)
	}
	return a.String() == b.String()
}
