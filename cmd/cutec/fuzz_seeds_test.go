package main

import (
	"os"
	"path/filepath"
	"testing"
)

// seedDirs are the directories whose files seed FuzzLint and FuzzFmt: the
// examples, the broken examples and the hostile inputs.
var seedDirs = []string{"../../examples", "../../examples/broken", hostileDir}

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
