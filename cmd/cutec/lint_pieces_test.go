package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestLintPiecesKeepAliases checks that lint with several workers, which
// cuts a chunk into pieces of about 4 KiB, resolves the type aliases of
// the file in every piece, as with one worker: the op at the end of the
// file uses an alias defined at its top, and its result type is wrong (the
// size of mode 1 of (256,64,8):(64,1,16384) is 64, not 32).
func TestLintPiecesKeepAliases(t *testing.T) {
	text := "!m = !cute.memref<bf16, gmem, \"(256,64,8):(64,1,16384)\">\n" +
		strings.Repeat("// filler, so that the op falls in a later piece\n", 200) +
		"%sz = cute.size(%arg1) <{mode = [1]}> : (!m) -> !cute.int_tuple<\"32\">\n"
	file := filepath.Join(t.TempDir(), "pieces.mlir")
	if err := os.WriteFile(file, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, j := range []string{"1", "2"} {
		var out strings.Builder
		e := &env{stdin: strings.NewReader(""), stdout: &out, stderr: &out, getenv: func(string) string { return "" }}
		run([]string{"lint", "-j", j, file}, e)
		if !strings.Contains(out.String(), ":202:") || !strings.Contains(out.String(), "E0605") {
			t.Errorf("lint -j %s reported\n%s\nwant E0605 on line 202", j, out.String())
		}
	}
}
