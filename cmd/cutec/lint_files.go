package main

import (
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// skipMarker is the name of a file that makes lint's directory walk pass
// over the directory holding it (examples/broken holds one, so that
// "cutec lint examples/" checks only the examples that must be clean).
const skipMarker = ".cutec-skip"

// source is one input of lint: a file, or standard input.
type source struct {
	path   string // the path to open; "" for standard input
	name   string // the name diagnostics give
	isMLIR bool
}

// collectSources turns the command-line paths of lint and fmt into the
// sorted list of sources, walking directories; no path means standard input.
// Paths that cannot be read are passed to ioError.
func collectSources(args []string, ioError func(error)) []source {
	if len(args) == 0 {
		return []source{{name: "<stdin>"}}
	}
	var srcs []source
	for _, p := range args {
		if p == "-" {
			srcs = append(srcs, source{name: "<stdin>"})
			continue
		}
		fi, err := os.Stat(p)
		switch {
		case err != nil:
			ioError(err)
		case fi.IsDir():
			srcs = append(srcs, walk(p, ioError)...)
		default:
			srcs = append(srcs, source{path: p, name: p, isMLIR: isMLIRPath(p)})
		}
	}
	slices.SortFunc(srcs, func(a, b source) int { return strings.Compare(a.name, b.name) })
	return slices.CompactFunc(srcs, func(a, b source) bool { return a.name == b.name })
}

// walk returns the .cute and .mlir files under root, in lexical order.
func walk(root string, ioError func(error)) []source {
	var srcs []source
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			ioError(err)
			return nil
		}
		if d.IsDir() {
			if p != root && skipDir(p, d.Name()) {
				return filepath.SkipDir
			}
			return nil
		}
		if ext := filepath.Ext(p); ext == ".cute" || ext == ".mlir" {
			srcs = append(srcs, source{path: p, name: p, isMLIR: ext == ".mlir"})
		}
		return nil
	})
	if err != nil {
		ioError(err)
	}
	return srcs
}

// skipDir reports whether the walk passes over a directory: a hidden one
// (.git), or one that holds a skipMarker file.
func skipDir(path, name string) bool {
	if strings.HasPrefix(name, ".") && name != "." && name != ".." {
		return true
	}
	_, err := os.Lstat(filepath.Join(path, skipMarker))
	return err == nil
}

// isMLIRPath reports whether a path names an MLIR file.
func isMLIRPath(p string) bool { return filepath.Ext(p) == ".mlir" }
