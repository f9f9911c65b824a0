package verify

import (
	"bytes"

	"github.com/cutec/cutec/parser"
)

// opArg is an operand or the result of an op, as the op checker reads its
// type: the kind of value and its payload.
type opArg struct {
	kind    string // layout, composed_layout, shape, stride, coord, int_tuple, tile, swizzle, memref, coord_tensor, literal
	payload []byte
}

// form returns the text form of the argument's payload.
func (a opArg) form() parser.Form {
	switch a.kind {
	case "memref", "coord_tensor", "composed_layout":
		return parser.FormComposedLayout
	case "literal":
		return parser.FormTuple
	}
	for k := parser.KindIntTuple; k <= parser.KindSwizzle; k++ {
		if k.String() == a.kind {
			return k.Form()
		}
	}
	return parser.FormValue
}

// layoutLike reports whether the argument holds a layout or a composed
// layout: the layout types and the layout of a memref or coord_tensor.
func (a opArg) layoutLike() bool {
	switch a.kind {
	case "layout", "composed_layout", "memref", "coord_tensor":
		return true
	}
	return false
}

// composed reports whether the payload of a layout-like argument is a
// composed layout (rather than a plain one).
func (a opArg) composed() bool { return a.layoutLike() && bytes.Contains(a.payload, []byte(" o ")) }

// coordLike reports whether the argument is a coordinate: a coord type or a
// string operand.
func (a opArg) coordLike() bool { return a.kind == "coord" || a.kind == "literal" }

var cutePrefix = []byte("!cute.")

// readType reads a type of an op signature, resolving an alias (and an
// alias defined as another, see Aliases.Resolve). ok is
// false for a type the op checker cannot state: a builtin type, a pointer,
// an atom, an unknown alias.
func readType(t []byte, aliases *Aliases) (opArg, bool) {
	t, ok := aliases.Resolve(t)
	if !ok || !bytes.HasPrefix(t, cutePrefix) {
		return opArg{}, false
	}
	rest := t[len(cutePrefix):]
	k := 0
	for k < len(rest) && (rest[k] >= 'a' && rest[k] <= 'z' || rest[k] == '_') {
		k++
	}
	name := rest[:k]
	body := rest[k:]
	if len(body) < 2 || body[0] != '<' || body[len(body)-1] != '>' {
		return opArg{}, false
	}
	switch string(name) {
	case "memref", "coord_tensor":
		// The layout is the last quoted string: `!cute.memref<f16, smem,
		// align<16>, S<3,4,3>, "…">`, `!cute.coord_tensor<"iter", "…">`.
		body = body[:len(body)-1]
		q := bytes.LastIndexByte(body, '"')
		if q < 1 {
			return opArg{}, false
		}
		o := bytes.LastIndexByte(body[:q], '"')
		if o < 0 {
			return opArg{}, false
		}
		kind := "memref"
		if name[0] == 'c' {
			kind = "coord_tensor"
		}
		return opArg{kind: kind, payload: body[o+1 : q]}, true
	}
	for kind := parser.KindIntTuple; kind <= parser.KindSwizzle; kind++ {
		if kind.String() != string(name) {
			continue
		}
		if len(body) < 4 || body[1] != '"' || body[len(body)-2] != '"' {
			return opArg{}, false
		}
		p := body[2 : len(body)-2]
		if bytes.IndexByte(p, '"') >= 0 {
			return opArg{}, false
		}
		return opArg{kind: kind.String(), payload: p}, true
	}
	return opArg{}, false
}
