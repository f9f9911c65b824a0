package tiled_test

import (
	"strconv"
	"strings"
	"testing"

	"github.com/cutec/cutec/layout"
	"github.com/cutec/cutec/tiled"
	"github.com/stretchr/testify/require"
)

// cppNode is a C++ expression of the prints: Name, Name<args>, Name<args>{}
// or a call Name(args).
type cppNode struct {
	name string
	tmpl []*cppNode // template arguments
	args []*cppNode // call arguments
}

// parseCpp reads the C++ expressions the printing program built its objects
// with (testdata/cute/tiled.tsv, field cpp).
func parseCpp(s string) (*cppNode, string) {
	s = strings.TrimSpace(s)
	i := 0
	for i < len(s) && (s[i] == '_' || s[i] == ':' || s[i] >= '0' && s[i] <= '9' || s[i] >= 'a' && s[i] <= 'z' || s[i] >= 'A' && s[i] <= 'Z') {
		i++
	}
	n := &cppNode{name: s[:i]}
	s = strings.TrimSpace(s[i:])
	list := func(open, close byte) []*cppNode {
		var out []*cppNode
		s = s[1:]
		for {
			var c *cppNode
			c, s = parseCpp(s)
			out = append(out, c)
			s = strings.TrimSpace(s)
			if s[0] == close {
				s = s[1:]
				return out
			}
			s = s[1:] // ','
		}
	}
	if strings.HasPrefix(s, "<") {
		n.tmpl = list('<', '>')
	}
	s = strings.TrimPrefix(strings.TrimSpace(s), "{}")
	if strings.HasPrefix(s, "(") {
		n.args = list('(', ')')
	}
	return n, s
}

func (n *cppNode) String() string {
	s := n.name
	if n.tmpl != nil {
		parts := make([]string, len(n.tmpl))
		for i, c := range n.tmpl {
			parts[i] = c.String()
		}
		s += "<" + strings.Join(parts, ",") + ">"
	}
	return s
}

func cppTuple(t *testing.T, n *cppNode) layout.IntTuple {
	if n.name == "Shape" || n.name == "Stride" {
		out := make([]layout.IntTuple, len(n.tmpl))
		for i, c := range n.tmpl {
			out[i] = cppTuple(t, c)
		}
		return layout.Tuple(out...)
	}
	v, err := strconv.ParseInt(strings.TrimPrefix(n.name, "_"), 10, 64)
	require.NoError(t, err, n.name)
	return layout.Int(v)
}

func cppLayout(t *testing.T, n *cppNode) layout.Layout {
	require.Equal(t, "Layout", n.name)
	shape := cppTuple(t, n.tmpl[0])
	if len(n.tmpl) == 1 {
		l, err := layout.Make(shape)
		require.NoError(t, err)
		return l
	}
	l, err := layout.New(shape, cppTuple(t, n.tmpl[1]))
	require.NoError(t, err)
	return l
}

func cppTiler(t *testing.T, n *cppNode) layout.Tiler {
	if n.name == "Tile" {
		modes := make([]layout.Tiler, len(n.tmpl))
		for i, c := range n.tmpl {
			modes[i] = cppTiler(t, c)
		}
		return layout.TileTuple(modes...)
	}
	if n.name == "Layout" {
		return layout.TileLayout(cppLayout(t, n))
	}
	return layout.TileInt(cppTuple(t, n).Value())
}

func cppMMA(t *testing.T, n *cppNode) *tiled.MMA {
	require.Equal(t, "make_tiled_mma", n.name)
	atom, err := tiled.LookupMMA(n.args[0].String())
	require.NoError(t, err)
	var al layout.Layout
	var perm layout.Tiler
	if len(n.args) > 1 {
		al = cppLayout(t, n.args[1])
	}
	if len(n.args) > 2 {
		perm = cppTiler(t, n.args[2])
	}
	m, err := tiled.MakeMMA(atom, al, perm)
	require.NoError(t, err)
	return m
}

func cppCopyAtom(t *testing.T, n *cppNode) tiled.CopyAtom {
	require.Equal(t, "Copy_Atom", n.name)
	op, err := tiled.LookupCopy(n.tmpl[0].String(), elemBits)
	require.NoError(t, err)
	bits, err := elemBits(n.tmpl[1].name)
	require.NoError(t, err)
	a, err := tiled.NewCopyAtom(op, n.tmpl[1].name, bits)
	require.NoError(t, err)
	return a
}

func cppCopy(t *testing.T, n *cppNode) *tiled.Copy {
	atom := cppCopyAtom(t, n.args[0])
	var c *tiled.Copy
	var err error
	switch n.name {
	case "make_tiled_copy":
		c, err = tiled.MakeCopy(atom, cppLayout(t, n.args[1]), cppLayout(t, n.args[2]))
	case "make_tiled_copy_A", "make_tiled_copy_B", "make_tiled_copy_C":
		c, err = tiled.MakeCopyMMA(atom, cppMMA(t, n.args[1]), n.name[len(n.name)-1])
	default:
		t.Fatalf("not a tiled copy: %s", n.name)
	}
	require.NoError(t, err)
	return c
}
