package layout

import (
	"fmt"
	"strconv"
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
	e := &Error{Code: CodeStrideDivisibility, Op: "composition", Arg: 1,
		Msg: string(appendStrideDiv(nil, mode, layoutText(outer), stride, prefix)), Mode: -1}
	e.Mode, e.Prefix, e.Stride = mode, prefix, stride
	return e
}

func errShapeDiv(mode int, outer Layout, prefix, stride, fits, size int64) *Error {
	e := &Error{Code: CodeShapeDivisibility, Op: "composition", Arg: 1,
		Msg: string(appendShapeDiv(nil, mode, layoutText(outer), prefix, stride, fits, size)), Mode: -1}
	e.Mode, e.Prefix, e.Stride, e.Size = mode, prefix, stride, size
	return e
}

func errComplement(l Layout, stride, covered int64) *Error {
	return &Error{Code: CodeComplementInjective, Op: "complement", Arg: 0,
		Msg: string(appendComplementOverlap(nil, layoutText(l), stride, covered)), Mode: -1}
}

// layoutText is the text of l, as %s formats it.
func layoutText(l Layout) []byte {
	b, _ := l.AppendText(nil)
	return b
}

// The wording of the errors of divisibility and injectivity, shared by the
// general functions (the errors above) and the Failure of a Static
// operation, which writes it only when printed (Failure.AppendMessage).

// appendStrideDiv appends the message of a stride divisibility failure
// (E0400) at mode of the coalesced outer layout, whose text is outer.
func appendStrideDiv(b []byte, mode int, outer []byte, stride, prefix int64) []byte {
	b = append(b, "stride divisibility (paper eq. 20) fails at mode "...)
	b = strconv.AppendInt(b, int64(mode), 10)
	b = append(b, " of the coalesced outer layout "...)
	b = append(b, outer...)
	b = append(b, ": the stride "...)
	b = strconv.AppendInt(b, stride, 10)
	b = append(b, " and the prefix product "...)
	b = strconv.AppendInt(b, prefix, 10)
	return append(b, " do not divide one another"...)
}

// appendShapeDiv appends the message of a shape divisibility failure
// (E0401): ceil(prefix/stride) = fits does not divide size.
func appendShapeDiv(b []byte, mode int, outer []byte, prefix, stride, fits, size int64) []byte {
	b = append(b, "shape divisibility (paper eq. 21) fails at mode "...)
	b = strconv.AppendInt(b, int64(mode), 10)
	b = append(b, " of the coalesced outer layout "...)
	b = append(b, outer...)
	b = append(b, ": ceil("...)
	b = strconv.AppendInt(b, prefix, 10)
	b = append(b, '/')
	b = strconv.AppendInt(b, stride, 10)
	b = append(b, ") = "...)
	b = strconv.AppendInt(b, fits, 10)
	b = append(b, " does not divide the size "...)
	return strconv.AppendInt(b, size, 10)
}

// appendComplementOverlap appends the message of a complement of a layout
// (text l) that is not injective (E0402).
func appendComplementOverlap(b, l []byte, stride, covered int64) []byte {
	b = append(b, "layout "...)
	b = append(b, l...)
	b = append(b, " is not injective or its strides do not nest: stride "...)
	b = strconv.AppendInt(b, stride, 10)
	b = append(b, " lies inside the "...)
	b = strconv.AppendInt(b, covered, 10)
	return append(b, " offsets already covered"...)
}

// crossSuffix is what a crossing that the point-by-point check refutes
// adds to its stride divisibility error, before the coordinate.
const crossSuffix = ", so the result would differ from A(B(c)) at c = "

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
