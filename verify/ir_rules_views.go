package verify

import (
	"bytes"
	"strconv"
)

// The rules of the ops that view a layout another way: recast_layout
// (another element width), local_tile (a tile of a tensor),
// make_identity_tensor (the coordinates of a shape) and complement against
// a cotarget known only at run time.

// recastLayout is the rule of `cute.recast_layout<NEW, OLD>(%l)`: the
// layout (or composed layout) of elements of OLD bits viewed with elements
// of NEW bits. The dialect writes the new width first, as CuTe DSL's
// recast_layout(new_type_bits, old_type_bits, layout) takes them; cutec's
// recast_layout takes the old width first. The dialect's tests
// (CuteExpandOps/LayoutAlgebra/recast_layout.mlir) show the order:
// recast_layout<32, 8> of (32,4):(1,32) is (8,4):(1,8), four 8-bit
// elements to a 32-bit one.
func recastLayout(args []opArg, at opAttrs) (string, bool) {
	if len(args) != 1 || len(at.ints) != 2 || len(at.mode) > 0 || at.other {
		return "", false
	}
	if k := args[0].kind; k != "layout" && k != "composed_layout" {
		return "", false
	}
	return call("recast_layout", strconv.Itoa(at.ints[1]), strconv.Itoa(at.ints[0]), string(args[0].payload)), true
}

// localTile is the rule of `cute.local_tile(%t, %tiler, %coord[, "proj"])`
// on a tensor (a memref or a coord_tensor) or a layout: the tile of
// zipped_divide(t, tiler) at coord, the modes of tiler and coord that proj
// marks with `_` left out, as CuTe's local_tile. The op's result is a
// tensor whose layout is that tile's layout; where the tile starts (its
// iterator) is not compared (see derive). A swizzled layout is left out.
func localTile(args []opArg, at opAttrs) (string, bool) {
	if len(args) < 3 || len(args) > 4 || at.other || len(at.mode) > 0 || len(at.ints) > 0 {
		return "", false
	}
	x, tiler, coord := args[0], args[1], args[2]
	if !x.layoutLike() || x.composed() || coord.kind != "coord" {
		return "", false
	}
	switch tiler.kind {
	case "tile", "shape", "layout":
	default:
		return "", false
	}
	parts := []string{string(x.payload), string(tiler.payload), string(coord.payload)}
	if len(args) == 4 {
		if args[3].kind != "literal" {
			return "", false
		}
		parts = append(parts, string(args[3].payload))
	}
	return call("local_tile", parts...), true
}

// complementDynamic is the rule of complement against a cotarget with a
// dynamic leaf, where it is known to be the dialect's: a cotarget of one
// leaf (a shape `?`, or a layout whose shape is one leaf, which stands for
// its shape), and a tuple cotarget whose only dynamic leaf is its last,
// `(2,?)`, which the dialect divides mode by mode as cutec does
// (complement(4:4, (2,?)) is (4,?):(1,16)). The dialect's tests
// (CuteExpandOps/LayoutAlgebra/complement.mlir and the round-trip tests of
// complement) give complement(3:2, ?) = (2,?):(1,6) for both, but
// complement(3:2, (?,?)) = (2,?):(1,6) as well, where dividing mode by mode
// gives (2,?,?): a cotarget with a dynamic leaf before its last is left
// out. A layout with basis strides (a coordinate layout) is left out.
func complementDynamic(args []opArg, at opAttrs) (string, bool) {
	if len(args) != 2 || at.other || len(at.mode) > 0 || len(at.ints) > 0 {
		return "", false
	}
	l, co := args[0], args[1]
	if l.kind != "layout" || bytes.IndexByte(l.payload, '@') >= 0 {
		return "", false
	}
	target := co.payload
	switch co.kind {
	case "shape", "int_tuple":
	case "layout":
		c := topColon(target)
		if c < 0 {
			return "", false
		}
		target = target[:c]
		if bytes.IndexAny(target, "(,") >= 0 {
			return "", false // a layout of several modes: whether it stands for its shape is not settled
		}
	default:
		return "", false
	}
	if q := bytes.IndexByte(target, '?'); q >= 0 && bytes.IndexByte(target[q:], ',') >= 0 {
		return "", false // a dynamic leaf before the last one
	}
	return call("complement", string(l.payload), string(target)), true
}

// makeIdentityTensor is the rule of `cute.make_identity_tensor(%shape)`,
// which CuTe DSL prints with its result type only (its operand's type is
// found where the operand is defined, see resultOnly): a coordinate tensor
// whose layout is make_identity_layout(shape) and whose iterator, the
// origin, is not compared.
func makeIdentityTensor(args []opArg, at opAttrs) (string, bool) {
	if len(args) != 1 || at.other || len(at.mode) > 0 || len(at.ints) > 0 {
		return "", false
	}
	if k := args[0].kind; k != "shape" && k != "int_tuple" {
		return "", false
	}
	return call("make_identity_layout", string(args[0].payload)), true
}
