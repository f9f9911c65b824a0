//go:build !js

package main

import (
	"io"
	"os"
	"path/filepath"
	"testing"
)

// BenchmarkLintCutlassTree lints the CUTLASS tree named by CUTEC_CUTLASS
// (include, examples, python, test, tools) with one worker, as `cutec lint
// -j 1` does from the command line; it is skipped without CUTEC_CUTLASS.
// Its bytes are those of the C++ and Python files of the tree, which lint
// reads (docs/performance.md, lint of a source tree).
func BenchmarkLintCutlassTree(b *testing.B) {
	root := os.Getenv("CUTEC_CUTLASS")
	if root == "" {
		b.Skip("CUTEC_CUTLASS not set")
	}
	var dirs []string
	size := int64(0)
	for _, d := range []string{"include", "examples", "python", "test", "tools"} {
		dirs = append(dirs, filepath.Join(root, d))
		_ = filepath.WalkDir(filepath.Join(root, d), func(p string, de os.DirEntry, err error) error {
			if err == nil && !de.IsDir() && isSourceFile(p) {
				if fi, err := de.Info(); err == nil {
					size += fi.Size()
				}
			}
			return nil
		})
	}
	b.SetBytes(size)
	b.ReportAllocs()
	for b.Loop() {
		e := &env{stdin: nil, stdout: io.Discard, stderr: io.Discard, getenv: func(string) string { return "" }}
		run(append([]string{"lint", "-j", "1"}, dirs...), e)
	}
}
