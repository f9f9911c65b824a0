package verify

import (
	"bytes"
	"strconv"
	"strings"

	"github.com/cutec/cutec/normalize"
)

// opAttrs are the attributes an op is written with that the op checker
// understands: `<{mode = [0, 1]}>` (a mode path, of size, get, ...) and
// `<1, 3>` (the bounds of group_modes, also written after the op's name).
// other is set for any other
// attribute: an op with one is skipped, since its meaning is the op's own.
type opAttrs struct {
	mode  []int
	ints  []int
	other bool
}

// readAttrs reads the template and properties of op.
func readAttrs(op opLine) opAttrs {
	var a opAttrs
	if len(op.tmpl) > 0 { // `cute.group_modes<0, 2>(%x)`, as the dialect's tests write it
		n, ok := intList(op.tmpl)
		a.ints, a.other = n, !ok || len(op.props) > 0
	}
	p := op.props
	switch {
	case len(p) == 0:
	case bytes.HasPrefix(p, []byte("<{mode = [")) && bytes.HasSuffix(p, []byte("]}>")):
		m, ok := intList(p[len("<{mode = [") : len(p)-len("]}>")])
		a.mode, a.other = m, a.other || !ok || len(m) == 0
	case p[0] == '<' && p[len(p)-1] == '>' && (len(p) < 2 || p[1] != '{'):
		n, ok := intList(p[1 : len(p)-1])
		a.ints, a.other = n, a.other || !ok
	default:
		a.other = true
	}
	return a
}

// intList reads `0, 1, 2`.
func intList(b []byte) ([]int, bool) {
	var out []int
	for _, f := range bytes.Split(b, []byte(",")) {
		n, err := strconv.Atoi(string(bytes.TrimSpace(f)))
		if err != nil || n < 0 || n > 1<<20 {
			return nil, false
		}
		out = append(out, n)
	}
	return out, true
}

// opRule turns an op of the dialect, with the arguments its types give,
// into the cutec expression that computes its result. It returns false for
// what it does not cover.
type opRule func(args []opArg, at opAttrs) (string, bool)

// opRules are the ops the checker derives, by their dialect name: the rules
// of their own below, and (added by init) the rule same of every row of
// normalize's table of operations that names its dialect op.
var opRules = map[string]opRule{
	"get_shape":  unary("shape", layoutOrTile),
	"get_stride": getStride,
	"get_layout": unary("", isLayoutLike),
	"size":       sized("size"),
	"cosize":     sized("cosize"),
	"rank":       sized("rank"),
	"depth":      sized("depth"),
	"get": func(args []opArg, at opAttrs) (string, bool) {
		if len(args) != 1 || at.other || len(at.mode) == 0 || args[0].kind == "literal" {
			return "", false
		}
		return call("get", string(args[0].payload), ints(at.mode)), true
	},
	"composed_get_inner":  composedPart("composed_get_inner", "S<0,4,3>"),
	"composed_get_outer":  composedPart("composed_get_outer", ""),
	"composed_get_offset": composedPart("composed_get_offset", "0"),
	"make_composed_layout": func(args []opArg, at opAttrs) (string, bool) {
		if len(args) != 3 || at.other || !(args[0].kind == "swizzle" || args[0].kind == "layout") ||
			args[1].kind != "int_tuple" || args[2].kind != "layout" {
			return "", false
		}
		return string(args[0].payload) + " o " + string(args[1].payload) + " o " + string(args[2].payload), true
	},
	"crd2idx": func(args []opArg, at opAttrs) (string, bool) {
		if len(args) != 2 || at.other || !args[0].coordLike() && args[0].kind != "int_tuple" {
			return "", false
		}
		switch {
		case args[1].layoutLike() && !args[1].composed():
			return call("eval", string(args[1].payload), string(args[0].payload)), true
		case args[1].kind == "shape":
			return call("crd2idx", string(args[0].payload), string(args[1].payload)), true
		}
		return "", false
	},
	"layout_eval": func(args []opArg, at opAttrs) (string, bool) {
		if len(args) != 2 || at.other {
			return "", false
		}
		l, c := args[0], args[1]
		if !l.layoutLike() {
			l, c = c, l
		}
		if !l.layoutLike() || l.composed() || c.layoutLike() {
			return "", false
		}
		return call("eval", string(l.payload), string(c.payload)), true
	},
	"slice": coordFirst("slice"),
	"dice":  coordFirst("dice"),
	"group_modes": func(args []opArg, at opAttrs) (string, bool) {
		if len(args) != 1 || len(at.ints) != 2 || len(at.mode) > 0 || at.other {
			return "", false
		}
		return call("group_modes", string(args[0].payload), ints(at.ints)), true
	},
	// complement with a dynamic cotarget is taken against the cotarget's
	// size (ir_rules_views.go); ceil_div by a tile is checked when the tile is
	// written by mode (`[128:1;128:1;1:0]`: one count per mode), and left out
	// for a tile of one layout, whose reading as an operand is not settled.
	"complement": func(args []opArg, at opAttrs) (string, bool) {
		if len(args) == 2 && bytes.IndexByte(args[1].payload, '?') >= 0 {
			return complementDynamic(args, at)
		}
		return same("complement")(args, at)
	},
	"recast_layout":        recastLayout, // ir_rules_views.go
	"local_tile":           localTile,
	"make_identity_tensor": makeIdentityTensor,
	"ceil_div": func(args []opArg, at opAttrs) (string, bool) {
		byMode := args[1].kind == "tile" && bytes.HasPrefix(args[1].payload, []byte("["))
		if len(args) != 2 || !byMode && (args[1].kind == "tile" || args[1].layoutLike()) {
			return "", false
		}
		return same("ceil_div")(args, at)
	},
	"add_offset": func(args []opArg, at opAttrs) (string, bool) {
		if len(args) != 2 || at.other || args[0].kind != "int_tuple" || args[1].kind != "int_tuple" {
			return "", false
		}
		return call("tuple_add", string(args[0].payload), string(args[1].payload)), true
	},
}

// dialectViews are the dialect ops the checker derives that are no row of
// normalize's table of operations: get_layout (the layout itself),
// make_composed_layout (the composed form A o offset o B, not a call) and
// add_offset (a second dialect name of tuple_add). Every other key of
// opRules is the dialect name of a row (normalize.Ops); TestOpRulesAreTheTable
// holds the two equal.
var dialectViews = []string{"get_layout", "make_composed_layout", "add_offset"}

// init adds the rule of every row of the table of operations whose dialect
// op has cutec's name, operand order and meaning (the rows' inDialect
// without a rule above).
func init() {
	for _, op := range normalize.Ops() {
		if _, own := opRules[op.Dialect]; op.Dialect != "" && !own && op.Dialect == op.Name {
			opRules[op.Name] = same(op.Name)
		}
	}
	for name := range opRules {
		if len(name) < len(ruleShapes) && 'a' <= name[0] && name[0] <= 'z' {
			ruleShapes[len(name)] |= 1 << (name[0] - 'a')
		}
	}
}

// same is the rule of an op that cutec has under the same name and operand
// order, without attributes.
func same(name string) opRule {
	return func(args []opArg, at opAttrs) (string, bool) {
		if len(args) == 0 || at.other || len(at.mode) > 0 || len(at.ints) > 0 {
			return "", false
		}
		texts := make([]string, len(args))
		for i, a := range args {
			if a.kind == "literal" || a.kind == "coord_tensor" {
				return "", false
			}
			texts[i] = string(a.payload)
		}
		return call(name, texts...), true
	}
}

func layoutOrTile(a opArg) bool { return a.layoutLike() || a.kind == "tile" }
func isLayoutLike(a opArg) bool { return a.layoutLike() }

// unary is the rule of a one-operand op: fn(X), or X itself when fn is "".
func unary(fn string, accept func(opArg) bool) opRule {
	return func(args []opArg, at opAttrs) (string, bool) {
		if len(args) != 1 || at.other || len(at.mode) > 0 || len(at.ints) > 0 || !accept(args[0]) {
			return "", false
		}
		if fn == "" {
			return string(args[0].payload), true
		}
		return call(fn, string(args[0].payload)), true
	}
}

// getStride: the stride of a layout; of a composed layout, of its layout
// (the dialect's outer).
func getStride(args []opArg, at opAttrs) (string, bool) {
	if len(args) != 1 || at.other || len(at.mode) > 0 || !args[0].layoutLike() {
		return "", false
	}
	x := string(args[0].payload)
	if args[0].composed() {
		x = call("composed_get_outer", x)
	}
	return call("stride", x), true
}

// sized is the rule of size, cosize, rank and depth, with an optional mode
// path: `cute.size(%x) <{mode = [0, 1]}>` is size(get(x, 0, 1)).
func sized(fn string) opRule {
	return func(args []opArg, at opAttrs) (string, bool) {
		if len(args) != 1 || at.other || len(at.ints) > 0 || args[0].kind == "literal" {
			return "", false
		}
		x := string(args[0].payload)
		if len(at.mode) > 0 {
			x = call("get", x, ints(at.mode))
		}
		return call(fn, x), true
	}
}

// composedPart is the rule of composed_get_inner, _outer and _offset. The
// dialect prints a composed layout whose swizzle is the identity as a plain
// layout, and answers for a plain layout as for S<0,4,3> o 0 o L: inner
// S<0,4,3>, offset 0, outer the layout itself (plain, "").
func composedPart(fn, plain string) opRule {
	return func(args []opArg, at opAttrs) (string, bool) {
		if len(args) != 1 || at.other || len(at.mode) > 0 || len(at.ints) > 0 || !args[0].layoutLike() {
			return "", false
		}
		x := string(args[0].payload)
		switch {
		case args[0].composed():
			return call(fn, x), true
		case plain == "":
			return x, true
		}
		return plain, true
	}
}

// coordFirst is the rule of slice and dice, which cutec writes with the
// coordinate first; the dialect's operand order varies (tensor first for
// tensors), so the coordinate is found by its type.
func coordFirst(fn string) opRule {
	return func(args []opArg, at opAttrs) (string, bool) {
		if len(args) != 2 || at.other || len(at.mode) > 0 || len(at.ints) > 0 {
			return "", false
		}
		c, x := args[0], args[1]
		if !c.coordLike() {
			c, x = x, c
		}
		if !c.coordLike() || x.coordLike() && x.kind != "coord" {
			return "", false
		}
		return call(fn, string(c.payload), string(x.payload)), true
	}
}

// call writes fn(args...).
func call(fn string, args ...string) string {
	return fn + "(" + strings.Join(args, ", ") + ")"
}

// ints writes 0, 1, 2.
func ints(v []int) string {
	s := make([]string, len(v))
	for i, n := range v {
		s[i] = strconv.Itoa(n)
	}
	return strings.Join(s, ", ")
}
