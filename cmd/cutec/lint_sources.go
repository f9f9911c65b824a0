//go:build !js

package main

import (
	"bytes"
	"fmt"
	"io"
	"io/fs"

	"github.com/cutec/cutec/internal/sources"
)

// isSourceFile reports whether lint reads name as a C++ or CuTe DSL
// Python source (sources.Is).
func isSourceFile(name string) bool { return sources.Is(name) }

// checkSource checks the CuTe declarations of a C++ or CuTe DSL Python
// source (package sources), each at its place in the file. A file found by a
// directory walk is read only where it uses CuTe (sources.HasMarker); a file
// with no declaration it can evaluate is clean.
func (c *checker) checkSource(src source, r io.Reader, col *collector) error {
	b, err := readSource(r)
	c.bytesRead.Add(int64(len(b)))
	if err != nil {
		return err
	}
	if len(b) > maxSourceBytes {
		return fmt.Errorf("%s: more than %d bytes", src.name, maxSourceBytes)
	}
	if src.walked && !sources.HasMarker(b) {
		return nil
	}
	col.keep(sources.Read(src.name, b, c.cute).Diags)
	return nil
}

// readSource reads a C++ or Python source, at most maxSourceBytes+1
// bytes, into one buffer sized by the file's size where r can say it (a
// file): io.ReadAll would grow its buffer by copies, a tenth of the time
// of linting a source tree.
func readSource(r io.Reader) ([]byte, error) {
	size := 0
	if s, ok := r.(interface{ Stat() (fs.FileInfo, error) }); ok {
		if fi, err := s.Stat(); err == nil && fi.Mode().IsRegular() {
			size = int(min(fi.Size(), maxSourceBytes+1))
		}
	}
	var buf bytes.Buffer
	buf.Grow(size + bytes.MinRead)
	_, err := buf.ReadFrom(io.LimitReader(r, maxSourceBytes+1))
	return buf.Bytes(), err
}
