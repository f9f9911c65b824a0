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
