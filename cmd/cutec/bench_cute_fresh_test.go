package main

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/cutec/cutec/internal/gen"
)

// BenchmarkLintCuteFresh lints a .cute file of fresh lines, every one new
// to the caches: "layouts" holds one layout a line, the layouts of a
// generated MLIR file whose payloads are all drawn fresh (as
// docs/performance.md §"lint of .cute suites" makes it with grep);
// "defs" names each of them (`L12 = (4,8):(1,4)`) and asserts, every
// third line, that it equals itself through coalesce.
func BenchmarkLintCuteFresh(b *testing.B) {
	path := filepath.Join(b.TempDir(), "fresh.cute")
	for _, form := range []string{"layouts", "defs"} {
		b.Run(form, func(b *testing.B) {
			benchLint(b, func(seed uint64) int64 {
				return writeFreshLayouts(b, path, seed, form == "defs")
			}, path)
		})
	}
}

// writeFreshLayouts writes the distinct layouts of 4 MiB of fresh MLIR to
// path, one a line (as definitions and assertions if defs), and returns
// the file's size.
func writeFreshLayouts(b *testing.B, path string, seed uint64, defs bool) int64 {
	b.Helper()
	var mlir bytes.Buffer
	if _, err := gen.MLIR(&mlir, gen.Options{Seed: seed, Size: 4 << 20, Unique: 1}); err != nil {
		b.Fatal(err)
	}
	seen := map[string]bool{}
	var out bytes.Buffer
	const open = `cute.layout<"`
	for rest := mlir.Bytes(); ; {
		i := bytes.Index(rest, []byte(open))
		if i < 0 {
			break
		}
		rest = rest[i+len(open):]
		j := bytes.IndexByte(rest, '"')
		if j < 0 {
			break
		}
		l := string(rest[:j])
		rest = rest[j:]
		if seen[l] {
			continue
		}
		seen[l] = true
		if !defs {
			out.WriteString(l + "\n")
			continue
		}
		name := "L" + itoa(len(seen))
		out.WriteString(name + " = " + l + "\n")
		if len(seen)%3 == 0 {
			out.WriteString("assert coalesce(" + name + ") ~ " + l + "\n")
		}
	}
	if err := os.WriteFile(path, out.Bytes(), 0o644); err != nil {
		b.Fatal(err)
	}
	return int64(out.Len())
}
