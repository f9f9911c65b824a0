package verify

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/cutec/cutec/diag"
)

// commentedDefinition has an old version of %0 kept in a `//` comment
// between the definition the op below reads and the op: (2,2) by hand,
// from %l's shape.
const commentedDefinition = `module {
  func.func @a(%l: !cute.layout<"(2,2):(1,2)">, %k: !cute.layout<"(4,4):(1,4)">) {
    %0 = cute.get_shape(%l) : (!cute.layout<"(2,2):(1,2)">) -> !cute.shape<"(2,2)">
    // %0 = cute.get_shape(%k) : (!cute.layout<"(4,4):(1,4)">) -> !cute.shape<"(4,4)">
    %1 = cute.get_stride(%l) : (!cute.layout<"(2,2):(1,2)">) -> !cute.stride<"(1,2)">
    %3 = cute.make_layout(%0, %1) : !cute.layout<"(2,2):(1,2)">
    return
  }
}
`

// TestCommentedDefinitionDefinesNothing: make_layout's operands are the
// definitions the op checker reads, never one in a `//` comment (which gave
// a false E0605 against the commented shape (4,4)); and a make_layout in a
// comment is not an op with context (verify.OpContext), which the
// language server checked in its window while lint left it alone.
func TestCommentedDefinitionDefinesNothing(t *testing.T) {
	p := irPass(t)
	var st OpStats
	l := p.MLIRChunk(diag.NewFile("c.mlir", []byte(commentedDefinition)), nil, &st)
	assert.Empty(t, l, "%s", l.Error())
	assert.Equal(t, 3, st.Checked, "%+v", st)

	above, below := OpContext([]byte(`    // %2 = cute.make_layout(%0, %1) : !cute.layout<"(2,2):(1,4)">`))
	assert.False(t, above || below, "an op in a comment reads no context")
	above, _ = OpContext([]byte(`    %2 = cute.make_layout(%0, %1) : !cute.layout<"(2,2):(1,4)">`))
	assert.True(t, above, "make_layout printed with its result type only reads the lines above")
}
