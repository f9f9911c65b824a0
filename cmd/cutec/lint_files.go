//go:build !js

package main

import (
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/cutec/cutec/internal/atomicfile"
	"github.com/cutec/cutec/internal/sources"
)

// skipMarker is the name of a file that makes lint's directory walk pass
// over the directory holding it (examples/broken holds one, so that
// "cutec lint examples/" checks only the examples that must be clean).
const skipMarker = ".cutec-skip"

// The walk policy of lint, fmt and golden: a directory walk opens regular
// files only. A symbolic link is followed to a regular file; one to
// anything else (a directory, /dev/zero, a named pipe, a socket, a device)
// and every entry that is not a regular file is passed over with a note on
// standard error ("cutec: lint: skipping p: not a regular file (named
// pipe)"), which does not change the exit status. A path named on the
// command line is opened whatever it is (a user may lint /dev/stdin or a
// pipe on purpose), but what is read from one that is not a regular file
// is bounded by maxIrregularBytes.

// maxIrregularBytes bounds what is read from a file named on the command
// line that is not a regular file (a device such as /dev/zero, a pipe).
const maxIrregularBytes = 256 << 20

// collectSources turns the command-line paths of lint and fmt into the
// sorted list of sources, walking directories; no path means standard input.
// Paths that cannot be read are passed to ioError, entries of a directory
// that the walk passes over (see above) to note.
func collectSources(args []string, ioError func(error), note func(string)) []source {
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
			srcs = append(srcs, walk(p, ioError, note)...)
		default:
			srcs = append(srcs, source{path: p, name: p, isMLIR: isMLIRPath(p)})
		}
	}
	slices.SortFunc(srcs, func(a, b source) int { return strings.Compare(a.name, b.name) })
	return slices.CompactFunc(srcs, func(a, b source) bool { return a.name == b.name })
}

// walk returns the .cute and .mlir files under root, and the C++ and
// Python sources (sources.Is; lint reads one only where it uses CuTe,
// sources.HasMarker), in lexical order.
func walk(root string, ioError func(error), note func(string)) []source {
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
		ext := filepath.Ext(p)
		if ext != ".cute" && ext != ".mlir" && !sources.Is(p) {
			return nil
		}
		if why := irregular(p, d); why != "" {
			note(fmt.Sprintf("skipping %s: %s", p, why))
			return nil
		}
		srcs = append(srcs, source{path: p, name: p, isMLIR: ext == ".mlir", walked: true})
		return nil
	})
	if err != nil {
		ioError(err)
	}
	return srcs
}

// irregular says why a walk passes over an entry, or "" for a regular file
// (or a symbolic link to one).
func irregular(p string, d fs.DirEntry) string {
	t := d.Type()
	if t&fs.ModeSymlink != 0 {
		fi, err := os.Stat(p)
		if err != nil {
			return "a symbolic link that cannot be followed"
		}
		if fi.Mode().IsRegular() {
			return ""
		}
		return "a symbolic link to " + kindOf(fi.Mode())
	}
	if t.IsRegular() {
		return ""
	}
	return "not a regular file (" + kindOf(t) + ")"
}

// kindOf names the kind of file of a mode that is not a regular file.
func kindOf(m fs.FileMode) string { return atomicfile.Kind(m) }

// openSource opens a source's file without blocking and judges it by what
// was opened (atomicfile.Open): a file that a directory walk found regular
// but that is not one now (replaced by a named pipe since) is skipped with
// a note, as the walk skips one; a file named on the command line that is
// not regular is read up to maxIrregularBytes.
func openSource(src source) (io.ReadCloser, error) {
	f, fi, err := atomicfile.Open(src.path)
	if err != nil {
		return nil, err
	}
	if fi.Mode().IsRegular() {
		return f, nil
	}
	if src.walked {
		f.Close()
		return nil, &skipError{fmt.Sprintf("skipping %s: not a regular file (%s)", src.path, kindOf(fi.Mode()))}
	}
	return &boundedFile{f: f, left: maxIrregularBytes}, nil
}

// boundedFile fails a read past its bound. It has only Read and Close (not
// os.File's WriteTo, which io.Copy would use to read past the bound).
type boundedFile struct {
	f    *os.File
	left int64
}

func (b *boundedFile) Read(p []byte) (int, error) {
	if b.left <= 0 {
		return 0, fmt.Errorf("%s: more than %d bytes from a file that is not a regular file; the rest was not read", b.f.Name(), int64(maxIrregularBytes))
	}
	if int64(len(p)) > b.left {
		p = p[:b.left]
	}
	n, err := b.f.Read(p)
	b.left -= int64(n)
	return n, err
}

func (b *boundedFile) Close() error { return b.f.Close() }

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
