package verify

import (
	"fmt"
	"math/big"

	"github.com/cutec/cutec/diag"
	"github.com/cutec/cutec/layout"
	"github.com/cutec/cutec/normalize"
)

// overflowCheck is the check overflow (see checks in check.go).
var overflowCheck = &Check{
	Name:  "overflow",
	Doc:   "A layout's size fits in a signed 64-bit integer, as every index into it must (E0701).",
	Codes: []diag.Code{diag.Overflow},
	Value: checkOverflow,
}

// checkOverflow reports a layout written with more elements than an int64
// can index, with the exact size.
func checkOverflow(s *Subject) {
	var l layout.Layout
	switch v := s.Value.(type) {
	case normalize.Layout:
		l = v.L
	case normalize.Composed:
		l = v.C.Inner
	default:
		return
	}
	if _, err := l.Size(); err == nil {
		return
	}
	size, ok := exactSize(l.Shape())
	if !ok {
		return // a dynamic extent: nothing to say
	}
	s.Report(diag.Overflow, s.Span(), fmt.Sprintf(
		"%s has %s elements, more than the signed 64-bit range can index", l, size))
}

// exactSize is the product of the integer leaves of a shape, exactly.
func exactSize(t layout.IntTuple) (*big.Int, bool) {
	if t.Kind() != layout.KindTuple {
		if t.Kind() != layout.KindInt {
			return nil, false
		}
		return big.NewInt(t.Value()), true
	}
	p := big.NewInt(1)
	for i := 0; i < t.Rank(); i++ {
		f, ok := exactSize(t.At(i))
		if !ok {
			return nil, false
		}
		p.Mul(p, f)
	}
	return p, true
}
