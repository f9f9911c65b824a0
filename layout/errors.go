package layout

import (
	"fmt"
	"strings"
)

// Code is a stable diagnostic code of cutec's catalogue (diag.Catalogue(),
// docs/diagnostics.md). layout is a leaf package and does not import diag;
// the codes below are the same strings, and a test in verify keeps them in
// the catalogue.
type Code = string

// Codes of the errors returned by this package.
const (
	CodeShapeStrideMismatch Code = "E0300"
	CodeCoordMismatch       Code = "E0301"
	CodeTilerMismatch       Code = "E0302"
	CodeBasisOutside        Code = "E0303"
	CodeNonPositiveShape    Code = "E0304"
	CodeModeOutOfRange      Code = "E0305"
	CodeStrideDivisibility  Code = "E0400"
	CodeShapeDivisibility   Code = "E0401"
	CodeComplementInjective Code = "E0402"
	CodeInexactShapeDiv     Code = "E0403"
	CodeProductRankMismatch Code = "E0404"
	CodeRecastDivisibility  Code = "E0405"
	CodeTileShapeDivisible  Code = "E0406"
	CodeProductOverlap      Code = "E0502"
	CodeNoLeftInverse       Code = "E0503"
	CodeSwizzleNotBijective Code = "E0504"
	CodeOffsetNotAddable    Code = "E0505"
	CodeMixedStrideKinds    Code = "E0600"
	CodeDynamicValue        Code = "E0700"
	CodeOverflow            Code = "E0701"
	CodeBasisNotDefined     Code = "E0702"
	CodeDivisionByZero      Code = "E0703"
	CodeBadValue            Code = "E0704"
)

// Error is the error every operation of this package returns: a stable code,
// the operation, a one-line message that names the values involved, and,
// for divisibility failures, the numbers themselves so that callers can build
// their own diagnostics.
type Error struct {
	Code Code
	Op   string // the operation that failed, such as "composition"
	Msg  string

	// Arg is the argument (0-based) the failure is about, -1 when it is not
	// about one argument in particular.
	Arg int
	// Mode is the index of the mode involved (in the flattened and coalesced
	// outer layout for composition), -1 when none.
	Mode int
	// Prefix is the prefix product of the outer shape before Mode, Stride the
	// stride and Size the size involved in a divisibility condition.
	Prefix, Stride, Size int64
}

func (e *Error) Error() string { return e.Code + ": " + e.Op + ": " + e.Msg }

// Message is what a diagnostic of e says: the innermost operation (the last
// of Op's "outer: inner" chain) and Msg, as "op: message".
func (e *Error) Message() string {
	op := e.Op
	if i := strings.LastIndex(op, ": "); i >= 0 {
		op = op[i+2:]
	}
	return op + ": " + e.Msg
}

func newError(code Code, op string, arg int, format string, args ...any) *Error {
	return &Error{Code: code, Op: op, Msg: fmt.Sprintf(format, args...), Arg: arg, Mode: -1}
}

// withOp returns err with its operation set to op when it has none, or
// prefixed by op otherwise, so that an error deep inside a product says both.
func withOp(err error, op string) error {
	e, ok := err.(*Error)
	if !ok {
		return err
	}
	c := *e
	if c.Op == "" {
		c.Op = op
	} else if c.Op != op {
		c.Op = op + ": " + c.Op
	}
	return &c
}

func errShapeStride(shape, stride IntTuple) *Error {
	return newError(CodeShapeStrideMismatch, "layout", -1,
		"shape %s and stride %s are not congruent", shape, stride)
}

func errShapeLeaf(leaf IntTuple) *Error {
	return newError(CodeNonPositiveShape, "layout", -1,
		"shape leaf %s is not a positive integer", leaf)
}

func errStrideLeaf(leaf IntTuple) *Error {
	return newError(CodeShapeStrideMismatch, "layout", -1,
		"stride leaf %s is not an integer, a basis element or a dynamic value", leaf)
}

func errCoord(op string, crd, shape IntTuple) *Error {
	return newError(CodeCoordMismatch, op, 0,
		"coordinate %s is not congruent with shape %s", crd, shape)
}

func errTilerRank(op string, tiler Tiler, rank int) *Error {
	return newError(CodeTilerMismatch, op, 1,
		"tiler %s has %d modes but the layout has only %d", tiler, tiler.Rank(), rank)
}

func errModeRange(op string, i, rank int) *Error {
	return newError(CodeModeOutOfRange, op, -1, "mode %d is out of range for rank %d", i, rank)
}

func errBasisOutside(op string, b IntTuple, shape IntTuple) *Error {
	return newError(CodeBasisOutside, op, 1,
		"basis %s selects a mode outside shape %s", b, shape)
}

func errStrideDiv(mode int, outer Layout, prefix, stride int64) *Error {
	e := newError(CodeStrideDivisibility, "composition", 1,
		"stride divisibility (paper eq. 20) fails at mode %d of the coalesced outer layout %s: the stride %d and the prefix product %d do not divide one another",
		mode, outer, stride, prefix)
	e.Mode, e.Prefix, e.Stride = mode, prefix, stride
	return e
}

func errShapeDiv(mode int, outer Layout, prefix, stride, fits, size int64) *Error {
	e := newError(CodeShapeDivisibility, "composition", 1,
		"shape divisibility (paper eq. 21) fails at mode %d of the coalesced outer layout %s: ceil(%d/%d) = %d does not divide the size %d",
		mode, outer, prefix, stride, fits, size)
	e.Mode, e.Prefix, e.Stride, e.Size = mode, prefix, stride, size
	return e
}

func errComplement(l Layout, stride, covered int64) *Error {
	return newError(CodeComplementInjective, "complement", 0,
		"layout %s is not injective or its strides do not nest: stride %d lies inside the %d offsets already covered",
		l, stride, covered)
}

func errShapeDivInexact(a, b int64) *Error {
	return newError(CodeInexactShapeDiv, "shape_div", -1,
		"%d and %d do not divide one another", a, b)
}

func errProductRank(op string, a, b Layout) *Error {
	return newError(CodeProductRankMismatch, op, -1,
		"cannot zip %s with %s: the modes to pair have different ranks", a, b)
}

func errNoLeftInverse(l Layout, stride, covered int64) *Error {
	return newError(CodeNoLeftInverse, "left_inverse", 0,
		"layout %s has no left inverse: stride %d is not a multiple of the %d offsets covered by the smaller strides",
		l, stride, covered)
}

func errSwizzle(b, m, s int) *Error {
	return newError(CodeSwizzleNotBijective, "swizzle", 0,
		"S<%d,%d,%d> is not a bijection: |S| = %d is less than B = %d", b, m, s, abs(int64(s)), b)
}

func errDynamic(op string, t IntTuple) *Error {
	return newError(CodeDynamicValue, op, -1,
		"the dynamic value %s is needed as a static integer", t)
}

func errOverflow(op string) *Error {
	return newError(CodeOverflow, op, -1, "integer overflow: a value exceeds the signed 64-bit range")
}

func errBasis(op string, t IntTuple) *Error {
	return newError(CodeBasisNotDefined, op, -1,
		"%s is defined only for integer strides, not the basis element %s", op, t)
}

func errMixed(op string, t IntTuple) *Error {
	return newError(CodeMixedStrideKinds, op, -1,
		"cannot add the integer %s to a coordinate built from basis strides", t)
}

func errDivZero(op string) *Error {
	return newError(CodeDivisionByZero, op, -1, "division by zero")
}

func errBadValue(op string, format string, args ...any) *Error {
	return newError(CodeBadValue, op, -1, format, args...)
}
