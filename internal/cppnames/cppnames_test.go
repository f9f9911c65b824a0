package cppnames

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestHint: the C++ and DSL names written alone have a hint, and the hint
// quotes no values (the user wrote none).
func TestHint(t *testing.T) {
	for _, name := range []string{"make_shape", "LayoutRight", "Shape", "Int", "print_layout", "make_swizzle"} {
		h, ok := Hint(name)
		assert.True(t, ok, name)
		assert.NotRegexp(t, `[0-9]`, h, "%s: a hint quotes a fixed example as if it were the user's", name)
	}
	_, ok := Hint("make_composed_layout")
	assert.False(t, ok, "make_composed_layout is read by the parser")
}

// TestOperation: CuTe DSL's operations that cutec lacks are known as such
// (names from cutlass/cute/core.py at the snapshot), so that no spelling
// suggestion replaces them; cutec's own names and user names are not.
func TestOperation(t *testing.T) {
	for _, name := range []string{"make_layout_tv", "prepend_ones", "make_identity_tensor", "make_fragment_like", "make_tensor"} {
		assert.True(t, Operation(name), name)
	}
	for _, name := range []string{"make_layout", "composition", "A", "make_swizzle", "make_composed_layout"} {
		assert.False(t, Operation(name), name)
	}
}
