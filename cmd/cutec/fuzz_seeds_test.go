package main

import (
	"os"
	"path/filepath"
	"testing"
)

// seedDirs are the directories whose files seed FuzzLint and FuzzFmt: the
// examples, the broken examples, the hostile inputs and the names-heavy
// .cute files of testdata/fuzz/names.
var seedDirs = []string{"../../examples", "../../examples/broken", hostileDir, "../../testdata/fuzz/names"}

// addFileSeeds adds every .cute and .mlir file of seedDirs to the corpus,
// as add(bytes, isMLIR).
func addFileSeeds(f *testing.F, add func(data []byte, isMLIR bool)) {
	for _, dir := range seedDirs {
		entries, err := os.ReadDir(dir)
		if err != nil {
			f.Fatal(err)
		}
		for _, e := range entries {
			ext := filepath.Ext(e.Name())
			if e.IsDir() || (ext != ".cute" && ext != ".mlir") {
				continue
			}
			data, err := os.ReadFile(filepath.Join(dir, e.Name()))
			if err != nil {
				f.Fatal(err)
			}
			add(data, ext == ".mlir")
		}
	}
}
