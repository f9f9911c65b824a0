package verify

import "bytes"

// The op checker's fast paths: the accessors that fill most of real IR are
// compared as written, without parsing or evaluating anything.

var (
	layoutOperand = []byte(`(!cute.layout<"`)
	shapeResult   = []byte(`">) -> !cute.shape<"`)
	strideResult  = []byte(`">) -> !cute.stride<"`)
	payloadEnd    = []byte(`">`)
)

// accessorAsWritten is the fastest path of the op checker, for the ops that
// fill most of real IR: `cute.get_shape(%x) : (!cute.layout<"S:D">) ->
// !cute.shape<"S">` and its get_stride twin, whose result is the shape (or
// stride) of the operand exactly as written. rest is the line after the op's
// name. It returns false when the op is not of that form or when the texts
// differ (the full path then decides).
func accessorAsWritten(name, rest []byte) bool {
	var result []byte
	switch string(name) {
	case "get_shape":
		result = shapeResult
	case "get_stride":
		result = strideResult
	default:
		return false
	}
	// `(%x) : (!cute.layout<"S:D">) -> !cute.shape<"S">`
	c := bytes.IndexByte(rest, ')')
	if c < 0 || !bytes.HasPrefix(rest[c+1:], []byte(" : ")) || !bytes.HasPrefix(rest[c+4:], layoutOperand) {
		return false
	}
	x := rest[c+4+len(layoutOperand):]
	q := bytes.IndexByte(x, '"')
	if q < 0 || !bytes.HasPrefix(x[q:], result) {
		return false
	}
	r := x[q+len(result):]
	l := x[:q]
	colon := topColon(l)
	if colon < 0 || bytes.Contains(l, []byte(" o ")) {
		return false
	}
	part := l[:colon]
	if len(result) == len(strideResult) {
		part = l[colon+1:]
	}
	return bytes.HasPrefix(r, part) && bytes.HasPrefix(r[len(part):], payloadEnd) &&
		opLineEnds(r[len(part)+len(payloadEnd):])
}

// opLineEnds reports whether what follows an op's result type ends the op:
// nothing, spaces, a location or a comment.
func opLineEnds(rest []byte) bool {
	rest = bytes.TrimLeft(rest, " \t\r")
	return len(rest) == 0 || bytes.HasPrefix(rest, []byte("loc(")) || bytes.HasPrefix(rest, []byte("//"))
}

// agreesAsWritten is the op checker's fast path for the accessors that make
// up most of real IR (get_shape, get_stride, get_layout and the parts of a
// composed layout): the result is a part of the operand's payload as
// written, so when the result type's payload is that very text the two
// agree without parsing anything. It returns false when it cannot tell.
func agreesAsWritten(name []byte, args []opArg, res opArg) bool {
	if len(args) != 1 || !args[0].layoutLike() {
		return false
	}
	x := args[0].payload
	if bytes.Contains(x, []byte(" o ")) {
		if string(name) == "get_layout" {
			return bytes.Equal(x, res.payload)
		}
		parts := bytes.SplitN(x, []byte(" o "), 3)
		if len(parts) != 3 {
			return false
		}
		switch string(name) {
		case "composed_get_inner":
			return res.kind == "swizzle" && bytes.Equal(parts[0], res.payload)
		case "composed_get_offset":
			return res.kind == "int_tuple" && bytes.Equal(parts[1], res.payload)
		case "composed_get_outer":
			return res.kind == "layout" && bytes.Equal(parts[2], res.payload)
		}
		return false
	}
	colon := topColon(x)
	if colon < 0 {
		return false
	}
	switch string(name) {
	case "get_shape":
		return res.kind == "shape" && bytes.Equal(x[:colon], res.payload)
	case "get_stride":
		return res.kind == "stride" && bytes.Equal(x[colon+1:], res.payload)
	case "get_layout", "composed_get_outer":
		return res.kind == "layout" && bytes.Equal(x, res.payload)
	}
	return false
}

// topColon returns the offset of the `:` between the shape and the stride
// of a layout payload, or -1.
func topColon(x []byte) int {
	depth := 0
	for i, b := range x {
		switch b {
		case '(', '[', '<':
			depth++
		case ')', ']', '>':
			depth--
		case ':':
			if depth == 0 {
				return i
			}
		}
	}
	return -1
}
