package main

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestCommentedOpsLeftAlone: an op and a definition kept in a `//` comment
// (an old version beside the new one) are left alone by lint and by the
// language server alike: the server checked a commented make_layout in its
// window and published an E0605 that lint did not report, and lint read a
// commented definition of an operand (a false E0605). Both documents are
// clean by hand: every op's stated result is what its operands give.
func TestCommentedOpsLeftAlone(t *testing.T) {
	for name, text := range map[string]string{
		"op.mlir": `module {
  func.func @a(%l: !cute.layout<"(2,2):(1,2)">) {
    %0 = cute.get_shape(%l) : (!cute.layout<"(2,2):(1,2)">) -> !cute.shape<"(2,2)">
    %1 = cute.get_stride(%l) : (!cute.layout<"(2,2):(1,2)">) -> !cute.stride<"(1,2)">
    // %2 = cute.make_layout(%0, %1) : !cute.layout<"(2,2):(1,4)">
    %3 = cute.make_layout(%0, %1) : !cute.layout<"(2,2):(1,2)">
    return
  }
}
`,
		"def.mlir": `module {
  func.func @a(%l: !cute.layout<"(2,2):(1,2)">, %k: !cute.layout<"(4,4):(1,4)">) {
    %0 = cute.get_shape(%l) : (!cute.layout<"(2,2):(1,2)">) -> !cute.shape<"(2,2)">
    // %0 = cute.get_shape(%k) : (!cute.layout<"(4,4):(1,4)">) -> !cute.shape<"(4,4)">
    %1 = cute.get_stride(%l) : (!cute.layout<"(2,2):(1,2)">) -> !cute.stride<"(1,2)">
    %3 = cute.make_layout(%0, %1) : !cute.layout<"(2,2):(1,2)">
    return
  }
}
`,
	} {
		file := filepath.Join(t.TempDir(), name)
		require.NoError(t, os.WriteFile(file, []byte(text), 0o644))
		assert.Empty(t, lintFindings(t, file), "%s: lint", name)
		assert.Empty(t, lspFindings(t, file, []byte(text)), "%s: the language server", name)
	}
}
