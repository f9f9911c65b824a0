package normalize

import (
	"errors"
	"strconv"
	"strings"
	"testing"

	"github.com/cutec/cutec/ast"
	"github.com/cutec/cutec/diag"

	"github.com/cutec/cutec/layout"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// flatTuple returns a tuple of n leaves: n+1 nodes.
func flatTuple(n int) Tuple {
	elems := make([]layout.IntTuple, n)
	for i := range elems {
		elems[i] = layout.Int(1)
	}
	return Tuple{layout.Tuple(elems...)}
}

// TestEnvRoom: the names of a file hold at most MaxEnvNodes nodes together;
// the definition that would cross it is refused with E0705.
func TestEnvRoom(t *testing.T) {
	env := NewEnv()
	v := flatTuple(layout.MaxNodes - 1) // MaxNodes nodes
	for i := range 8 {
		if err := env.Room("A", v, Site{}); err != nil {
			t.Fatalf("definition %d of 8: %v", i, err)
		}
		env.Define(string(rune('A'+i)), v, Site{})
	}
	err := env.Room("A", Int(1), Site{})
	var le *layout.Error
	if !errors.As(err, &le) || le.Code != layout.CodeValueTooLarge {
		t.Fatalf("a ninth value: error %v, want E0705", err)
	}
	// A static layout is kept packed in a few bytes, not as a tree: the
	// bound on trees does not refuse it, and defining it adds no nodes.
	l := Layout{layout.MustNew(layout.Tuple(layout.Int(4), layout.Int(8)), layout.Tuple(layout.Int(1), layout.Int(4)))}
	for i := range 1000 {
		if err := env.Room("A", l, Site{}); err != nil {
			t.Fatalf("static layout %d after the bound: %v", i, err)
		}
		env.Define("L"+strconv.Itoa(i), l, Site{})
	}
	if v, ok := env.Lookup("L999"); !ok || v.String() != "(4,8):(1,4)" {
		t.Errorf("L999 = %v, %v; want (4,8):(1,4)", v, ok)
	}
	if err := env.Room("A", Int(1), Site{}); !errors.As(err, &le) {
		t.Errorf("a value after the static layouts: error %v, want E0705", err)
	}
}

// TestMakeLayoutOfLargeArgumentsRefused: make_layout(A, A) of an A of more
// than half the bound is refused before it runs, with the exact size of
// its arguments; size(A), a query, is not.
func TestMakeLayoutOfLargeArgumentsRefused(t *testing.T) {
	a := flatTuple(layout.MaxNodes/2 + 10) // MaxNodes/2+11 nodes
	x := (&Evaluator{}).start()
	n := 2 * int64(layout.MaxNodes/2+11)
	if x.checkArgsSize(nil, operations["size"], []Value{a, a}) != true {
		t.Errorf("a query is refused for the size of its arguments")
	}
	if x.checkArgsSize(&ast.Call{Span: diag.Span{Start: 0, End: 10}}, operations["make_layout"], []Value{a, a}) {
		t.Fatalf("make_layout of %d nodes is not refused", n)
	}
	if len(x.diags) != 1 || x.diags[0].Code != "E0705" {
		t.Fatalf("diagnostics %v, want one E0705", x.diags)
	}
	if msg := x.diags[0].Message; !strings.Contains(msg, "at least 262166 nodes") {
		t.Errorf("message %q does not state the size %d", msg, n)
	}
}

// TestShallowNodesNotTooDeep: checkResultSize takes a value of at most
// shallowNodes nodes as not too deep without walking it; the deepest such
// value, a chain of nested tuples, must be one layout.TooDeep accepts
// (and a chain of 300 levels, past the parser's 256, one it refuses).
func TestShallowNodesNotTooDeep(t *testing.T) {
	chain := func(nodes int) layout.IntTuple {
		v := layout.Int(1)
		for range nodes - 1 {
			v = layout.Tuple(v)
		}
		return v
	}
	require.Equal(t, int64(shallowNodes), chain(shallowNodes).Nodes(layout.MaxNodes))
	assert.False(t, layout.TooDeep(chain(shallowNodes)))
	assert.True(t, layout.TooDeep(chain(300)))
}
